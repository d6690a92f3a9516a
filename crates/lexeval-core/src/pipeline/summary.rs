//! The summary check: pointwise recall and precision over the points of two summaries (their sentences,
//! supplied points, or with `points: llm` the LLM's points of each paragraph; matched by ROUGE or embedding
//! similarity, or by the LLM judging each reference point's top candidates by embedding cosine, §5.2.2),
//! ROUGE-1/2/Lsum between the whole texts, and with embeddings the whole-text cosine.

use super::annotate::{claims_and_spans, Span};
use super::extraction::Extraction;
use super::tiebreak::TieBreaks;
use super::{
    check_count, note_unread, unread_by_rouge, CheckReport, FeedError, MetricReport, Step,
};
use crate::embedded::{whole_text_report, EmbeddedTexts};
use crate::judge::{Answer, Exchange, JudgeError, JudgeLanguage, JudgeSettings, PointQuestion};
use crate::pointwise::{
    self, paragraph_weights, point_weights, preselect, score_matching_weighted, Paragraph,
    PointMatching, PointSource, PointwiseDetails, PointwiseSettings,
};
use crate::report::ScoreReport;
use crate::rouge::{PairwiseF1, RougeDetails};
use crate::similarity::Measure;

/// Above this many points on either side pointwise matching is skipped with a reason (the similarity
/// matrix and the assignment grow with the product of the counts).
pub const MAX_POINTS: usize = 2_000;

/// Why pointwise matching is not attempted for these point counts, if it is not.
pub fn too_many_points(reference: usize, candidate: usize) -> Option<String> {
    (reference.max(candidate) > MAX_POINTS).then(|| {
        format!(
            "{reference} reference and {candidate} generated points: pointwise matching handles at most \
             {MAX_POINTS} points per side — score the summaries section by section"
        )
    })
}

/// What the pipeline waits for.
#[derive(Debug)]
enum Waiting {
    /// Step 1's points by the LLM; the other side's supplied points wait with them.
    Points {
        extraction: Extraction,
        supplied: Points,
    },
    Embeddings(Vec<String>),
    /// A.4 answers about these (reference, candidate) point pairs.
    Matches {
        cosine: Vec<Vec<f64>>,
        pairs: Vec<(usize, usize)>,
        prompts: Vec<String>,
    },
    /// The answer to the current A.5 tie-break.
    TieBreak {
        cosine: Vec<Vec<f64>>,
        verdicts: Verdicts,
        tiebreaks: TieBreaks,
    },
    Nothing,
}

/// A.4's outcome: the matches (Yes), how many pairs were judged, the pairs whose answer failed or was
/// unreadable (unjudged, not No), and every exchange.
#[derive(Debug)]
struct Verdicts {
    matches: Vec<Vec<usize>>,
    judged_pairs: usize,
    unjudged: Vec<((usize, usize), JudgeError)>,
    exchanges: Vec<Exchange>,
}

/// Step 1's points per paragraph (reference, candidate), where supplied instead of the sentences.
type Points = (Option<Vec<Paragraph>>, Option<Vec<Paragraph>>);

#[derive(Debug)]
pub struct SummaryPipeline {
    reference_text: String,
    settings: PointwiseSettings,
    judge_settings: Option<JudgeSettings>,
    reference: Vec<String>,
    candidate: Vec<String>,
    /// A.3's weights of the reference points (per paragraph when the points were supplied).
    weights: Vec<f64>,
    spans: (Vec<Span>, Vec<Span>),
    rouge: ScoreReport<RougeDetails>,
    /// Why ROUGE cannot compare the texts, if so (noted on the ROUGE scores and a ROUGE headline).
    unread_by_rouge: Option<String>,
    cosine: Option<ScoreReport>,
    /// Step 1's exchanges with the LLM, when it extracted the points.
    extraction_exchanges: Option<Vec<Exchange>>,
    waiting: Waiting,
}

impl SummaryPipeline {
    /// `points` are Step 1's points per paragraph (reference, candidate), when supplied instead of the
    /// texts' sentences or the LLM's points (`settings.points`).
    pub fn new(
        reference_text: String,
        candidate_text: &str,
        settings: PointwiseSettings,
        points: Points,
        (judge_settings, judge): (Option<JudgeSettings>, &dyn JudgeLanguage),
        rouge: ScoreReport<RougeDetails>,
    ) -> (SummaryPipeline, Step) {
        let unread_by_rouge = unread_by_rouge(&reference_text, candidate_text);
        let spans = (
            claims_and_spans(&reference_text).1,
            claims_and_spans(candidate_text).1,
        );
        let mut pipeline = SummaryPipeline {
            reference_text,
            settings,
            judge_settings,
            reference: Vec::new(),
            candidate: Vec::new(),
            weights: Vec::new(),
            spans,
            rouge,
            unread_by_rouge,
            cosine: None,
            extraction_exchanges: None,
            waiting: Waiting::Nothing,
        };
        if pipeline.settings.points == PointSource::Llm {
            let extraction = Extraction::new(
                [
                    points
                        .0
                        .is_none()
                        .then_some(pipeline.reference_text.as_str()),
                    points.1.is_none().then_some(candidate_text),
                ],
                judge,
            );
            let prompts = extraction.prompts().to_vec();
            if !prompts.is_empty() {
                pipeline.waiting = Waiting::Points {
                    extraction,
                    supplied: points,
                };
                return (pipeline, Step::NeedPoints { prompts });
            }
        }
        let (reference_points, candidate_points) = points;
        pipeline.set_points(
            reference_points,
            candidate_points.map_or_else(|| pointwise::points(candidate_text), |p| flat(&p)),
        );
        let step = pipeline.match_points();
        (pipeline, step)
    }

    /// Step 1's points: the reference's per paragraph (A.3's weights then count against each paragraph),
    /// else its sentences weighed against the whole summary; and the candidate's.
    fn set_points(&mut self, reference: Option<Vec<Paragraph>>, candidate: Vec<String>) {
        (self.reference, self.weights) = match &reference {
            Some(paragraphs) => (flat(paragraphs), paragraph_weights(paragraphs)),
            None => {
                let reference = pointwise::points(&self.reference_text);
                let weights = point_weights(&self.reference_text, &reference);
                (reference, weights)
            }
        };
        self.candidate = candidate;
    }

    /// Step 2 on the points: scored at once with ROUGE, else after asking for their embeddings.
    fn match_points(&mut self) -> Step {
        if let Some(reason) = too_many_points(self.reference.len(), self.candidate.len()) {
            let report = pointwise::skipped(&self.settings, &reason);
            return self.done(report);
        }
        match self.settings.similarity.measure() {
            Measure::Rouge(kind) => {
                let matrix = PairwiseF1::new(kind, true).matrix(&self.reference, &self.candidate);
                let report = self.score(&matrix);
                self.done(report)
            }
            Measure::Embedding | Measure::Llm
                if self.reference.is_empty() && self.candidate.is_empty() =>
            {
                let report = self.score(&[]);
                self.done(report)
            }
            Measure::Embedding | Measure::Llm => {
                let texts = EmbeddedTexts::distinct(
                    self.reference
                        .iter()
                        .chain(&self.candidate)
                        .map(String::as_str),
                );
                self.waiting = Waiting::Embeddings(texts.clone());
                Step::NeedEmbeddings { texts }
            }
        }
    }

    /// Step 1's answers: the points of each paragraph, or null scores with why a summary has none.
    fn feed_points(
        &mut self,
        extraction: Extraction,
        (reference_supplied, candidate_supplied): Points,
        answers: Vec<Answer>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        check_count("answers", extraction.prompts().len(), answers.len())?;
        let extracted = extraction.finish(answers, judge);
        self.extraction_exchanges = Some(extracted.exchanges);
        Ok(match extracted.points {
            Ok([reference, candidate]) => {
                self.set_points(
                    reference_supplied.or(reference),
                    flat(&candidate_supplied.or(candidate).unwrap_or_default()),
                );
                self.match_points()
            }
            Err(unextracted) => {
                let report = pointwise::skipped(&self.settings, &unextracted.to_string());
                self.done(report)
            }
        })
    }

    fn score(&self, similarity: &[Vec<f64>]) -> ScoreReport<PointwiseDetails> {
        pointwise::score_weighted(
            &self.weights,
            (&self.reference, &self.candidate),
            similarity,
            &self.settings,
        )
    }

    fn done(&mut self, mut metric: ScoreReport<PointwiseDetails>) -> Step {
        self.waiting = Waiting::Nothing;
        note_unread(
            &mut metric.scores,
            self.settings.similarity,
            self.unread_by_rouge.as_ref(),
        );
        if let Some(exchanges) = self.extraction_exchanges.take() {
            metric
                .details
                .record_point_extraction(self.judge_settings.clone(), exchanges);
        }
        Step::Done {
            report: Box::new(CheckReport {
                reference_spans: std::mem::take(&mut self.spans.0),
                candidate_spans: std::mem::take(&mut self.spans.1),
                metric: MetricReport::Pointwise(metric),
                rouge: self.rouge.clone(),
                cosine: self.cosine.take(),
            }),
        }
    }

    pub fn feed_embeddings(
        &mut self,
        embeddings: Vec<Vec<f32>>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        let Waiting::Embeddings(texts) = std::mem::replace(&mut self.waiting, Waiting::Nothing)
        else {
            return Err(FeedError(
                "the summary check did not ask for embeddings".into(),
            ));
        };
        check_count("embeddings", texts.len(), embeddings.len())?;
        let embedded = EmbeddedTexts::new(texts, embeddings);
        let cosine = embedded
            .matrix(&self.reference, &self.candidate)
            .map_err(|missing| FeedError(missing.to_string()))?;
        self.cosine = Some(whole_text_report(
            &embedded,
            &self.reference,
            &self.candidate,
        ));
        if self.settings.similarity.measure() != Measure::Llm {
            let report = self.score(&cosine);
            return Ok(self.done(report));
        }
        // §5.2.2: the judge is asked about each reference point's top candidates by cosine (A.4).
        let pairs = preselect(&cosine, self.settings.top_k);
        let prompts = pairs
            .iter()
            .map(|&(r, c)| {
                let (reference_context, candidate_context) =
                    (context(&self.reference, r), context(&self.candidate, c));
                judge.same_point(&PointQuestion {
                    summary: &self.reference_text,
                    reference_context: &reference_context,
                    candidate_context: &candidate_context,
                    reference_point: &self.reference[r],
                    candidate_point: &self.candidate[c],
                })
            })
            .collect::<Vec<_>>();
        if prompts.is_empty() {
            return self.feed_matches(cosine, pairs, Vec::new(), Vec::new(), judge);
        }
        self.waiting = Waiting::Matches {
            cosine,
            pairs,
            prompts: prompts.clone(),
        };
        Ok(Step::NeedAnswers { prompts })
    }

    pub fn feed_answers(
        &mut self,
        answers: Vec<Answer>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        match std::mem::replace(&mut self.waiting, Waiting::Nothing) {
            Waiting::Points {
                extraction,
                supplied,
            } => self.feed_points(extraction, supplied, answers, judge),
            Waiting::Matches {
                cosine,
                pairs,
                prompts,
            } => {
                check_count("answers", prompts.len(), answers.len())?;
                self.feed_matches(cosine, pairs, prompts, answers, judge)
            }
            Waiting::TieBreak {
                cosine,
                verdicts,
                mut tiebreaks,
            } => {
                check_count("answers", 1, answers.len())?;
                for answer in answers {
                    tiebreaks.answer(answer, judge);
                }
                Ok(self.next_tiebreak(cosine, verdicts, tiebreaks, judge))
            }
            Waiting::Embeddings(_) | Waiting::Nothing => Err(FeedError(
                "the summary check did not ask for answers".into(),
            )),
        }
    }

    /// A.4's answers: the Yes pairs are the matches (a failed or unreadable answer leaves its pair
    /// unjudged); then A.5 assigns them.
    fn feed_matches(
        &mut self,
        cosine: Vec<Vec<f64>>,
        pairs: Vec<(usize, usize)>,
        prompts: Vec<String>,
        answers: Vec<Answer>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        let mut verdicts = Verdicts {
            matches: vec![Vec::new(); self.reference.len()],
            judged_pairs: 0,
            unjudged: Vec::new(),
            exchanges: Vec::with_capacity(prompts.len()),
        };
        let mut yes = Vec::new();
        for ((&(r, c), prompt), answer) in pairs.iter().zip(prompts).zip(answers) {
            let mut exchange = Exchange::new(prompt, &answer);
            match answer.and_then(|a| judge.verdict(&a)) {
                Ok(same) => {
                    verdicts.judged_pairs += 1;
                    if same {
                        verdicts.matches[r].push(c);
                        yes.push((r, c));
                    }
                }
                Err(error) => {
                    exchange.unusable(&error);
                    verdicts.unjudged.push(((r, c), error));
                }
            }
            verdicts.exchanges.push(exchange);
        }
        let tiebreaks = TieBreaks::new(&yes);
        Ok(self.next_tiebreak(cosine, verdicts, tiebreaks, judge))
    }

    fn next_tiebreak(
        &mut self,
        cosine: Vec<Vec<f64>>,
        verdicts: Verdicts,
        mut tiebreaks: TieBreaks,
        judge: &dyn JudgeLanguage,
    ) -> Step {
        if let Some(prompt) = tiebreaks.next_question(&self.reference, &self.candidate, judge) {
            self.waiting = Waiting::TieBreak {
                cosine,
                verdicts,
                tiebreaks,
            };
            return Step::NeedAnswers {
                prompts: vec![prompt],
            };
        }
        let Verdicts {
            matches,
            judged_pairs,
            unjudged,
            exchanges,
        } = verdicts;
        let matching = PointMatching {
            matches,
            assigned: std::mem::take(&mut tiebreaks.pairs),
            judged_pairs,
            unjudged,
        };
        let mut report = score_matching_weighted(
            &self.weights,
            (&self.reference, &self.candidate),
            &cosine,
            matching,
            &self.settings,
        );
        if let PointwiseDetails::Scored(details) = &mut report.details {
            details.preselection = Some(format!(
                "top {} candidates by all-MiniLM-L6-v2 cosine",
                self.settings.top_k
            ));
            details.llm = self.judge_settings.clone();
            details.llm_exchanges =
                Some(exchanges.into_iter().chain(tiebreaks.exchanges).collect());
        }
        self.done(report)
    }
}

/// The point with its preceding and following points, in order of appearance.
fn context(points: &[String], index: usize) -> String {
    let start = index.saturating_sub(1);
    let end = (index + 2).min(points.len());
    points.get(start..end).unwrap_or_default().join("\n")
}

/// The points of paragraphs, in order.
fn flat(paragraphs: &[Paragraph]) -> Vec<String> {
    paragraphs.iter().flat_map(|p| p.points.clone()).collect()
}
