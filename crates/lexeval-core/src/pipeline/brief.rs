//! The brief check: L-FRESCO / generalized FRESCO over the claims of two briefs, ROUGE-1/2/L between the
//! whole texts, and with embeddings the whole-text cosine.

use super::annotate::{claims_and_spans_with, Span};
use super::{
    check_count, note_unread, unread_by_rouge, CheckReport, FeedError, MetricReport, Step,
};
use crate::authorities::{self, Authority};
use crate::citations::extract;
use crate::claims::AttributedClaim;
use crate::embedded::{whole_text_report, EmbeddedTexts};
use crate::fresco::left_out::{self, LeftOutCitation};
use crate::fresco::{self, AuthorityScope, FrescoDetails, FrescoSettings};
use crate::integrity::{self, Finding};
use crate::judge::{Answer, Exchange, JudgeLanguage, JudgeSettings};
use crate::report::ScoreReport;
use crate::rouge::{PairwiseF1, RougeDetails};
use crate::similarity::{Measure, SimilarityError};
use std::collections::HashMap;

/// What the pipeline waits for.
#[derive(Debug)]
enum Waiting {
    Embeddings(Vec<String>),
    /// Answers to the B-SIM prompt of each (reference text, candidate text) pair.
    Answers(Vec<((String, String), String)>),
    Nothing,
}

#[derive(Debug)]
pub struct BriefPipeline {
    settings: FrescoSettings,
    judge_settings: Option<JudgeSettings>,
    reference: Vec<AttributedClaim>,
    candidate: Vec<AttributedClaim>,
    authorities: Vec<Authority>,
    /// Citations neither text resolves: out of the score, listed in its report.
    left_out: Vec<LeftOutCitation>,
    /// What to check about the generated text's citations: listed in the report, never scored.
    integrity: Vec<Finding>,
    spans: (Vec<Span>, Vec<Span>),
    rouge: ScoreReport<RougeDetails>,
    /// Why ROUGE cannot compare the texts, if so (noted on the ROUGE scores and a ROUGE headline).
    unread_by_rouge: Option<String>,
    waiting: Waiting,
}

impl BriefPipeline {
    pub fn new(
        reference_text: &str,
        candidate_text: &str,
        settings: FrescoSettings,
        (judge_settings, judge): (Option<JudgeSettings>, &dyn JudgeLanguage),
        rouge: ScoreReport<RougeDetails>,
    ) -> (BriefPipeline, Step) {
        let mut reference_citations = extract(reference_text);
        let mut candidate_citations = extract(candidate_text);
        let authorities = authorities::unify(&mut reference_citations, &mut candidate_citations);
        let left_out =
            left_out::left_out_citations(&reference_citations, &candidate_citations, &authorities);
        let mut integrity =
            integrity::check(&reference_citations, &candidate_citations, &authorities);
        let quoting = candidate_citations.clone();
        let (mut reference, reference_spans) =
            claims_and_spans_with(reference_text, reference_citations, &authorities);
        let (mut candidate, candidate_spans) =
            claims_and_spans_with(candidate_text, candidate_citations, &authorities);
        integrity.extend(integrity::quotations(&reference, &candidate, &quoting));
        // Text order; a citation's findings stay in the order of the checks.
        crate::sorted::sort_by_key(&mut integrity, |finding| finding.start);
        left_out::leave_out_unresolved(&mut reference, &authorities);
        left_out::leave_out_unresolved(&mut candidate, &authorities);
        if settings.authorities == AuthorityScope::Cases {
            for claim in reference.iter_mut().chain(&mut candidate) {
                claim
                    .authorities
                    .retain(|key| authorities::is_case(&authorities, key));
            }
        }
        let unread_by_rouge = unread_by_rouge(reference_text, candidate_text);
        let mut pipeline = BriefPipeline {
            settings,
            judge_settings,
            reference,
            candidate,
            authorities,
            left_out,
            integrity,
            spans: (reference_spans, candidate_spans),
            rouge,
            unread_by_rouge,
            waiting: Waiting::Nothing,
        };
        let step = match pipeline.settings.similarity.measure() {
            Measure::Rouge(kind) => {
                let mut pairwise = PairwiseF1::new(kind, true);
                let report = pipeline.score(&mut |a, b| Ok(pairwise.f1(a, b)));
                pipeline.done(report, None)
            }
            Measure::Embedding => {
                let texts = EmbeddedTexts::distinct(pipeline.claim_texts());
                if texts.is_empty() {
                    pipeline.finish_with_embeddings(&EmbeddedTexts::new(texts, Vec::new()))
                } else {
                    pipeline.waiting = Waiting::Embeddings(texts.clone());
                    Step::NeedEmbeddings { texts }
                }
            }
            Measure::Llm => {
                // Exchanges are listed by generated claim, then reference claim (the pairs are distinct).
                let by_candidate = crate::sorted::set(
                    fresco::compared_text_pairs(
                        &pipeline.reference,
                        &pipeline.candidate,
                        &pipeline.settings,
                    )
                    .into_iter()
                    .map(|(r, c)| (c, r)),
                );
                let asked: Vec<_> = by_candidate
                    .into_iter()
                    .map(|(c, r)| {
                        let prompt = judge.same_claim(c, r);
                        ((r.to_string(), c.to_string()), prompt)
                    })
                    .collect();
                if asked.is_empty() {
                    pipeline.finish_with_answers(asked, Vec::new(), judge)
                } else {
                    let prompts = asked.iter().map(|(_, prompt)| prompt.clone()).collect();
                    pipeline.waiting = Waiting::Answers(asked);
                    Step::NeedAnswers { prompts }
                }
            }
        };
        (pipeline, step)
    }

    fn claim_texts(&self) -> impl Iterator<Item = &str> {
        self.reference
            .iter()
            .chain(&self.candidate)
            .map(|c| c.text.as_str())
    }

    fn score(&self, similarity: &mut fresco::ClaimSimilarity<'_>) -> ScoreReport<FrescoDetails> {
        let mut report = fresco::score(
            &self.reference,
            &self.candidate,
            &self.authorities,
            &self.settings,
            similarity,
        );
        left_out::record(&mut report, self.left_out.clone());
        report.details.integrity = self.integrity.clone();
        report
    }

    fn done(
        &mut self,
        mut metric: ScoreReport<FrescoDetails>,
        cosine: Option<ScoreReport>,
    ) -> Step {
        self.waiting = Waiting::Nothing;
        // The headline; citation recall and precision do not compare words.
        let headline = metric.scores.len().min(1);
        note_unread(
            &mut metric.scores[..headline],
            self.settings.similarity,
            self.unread_by_rouge.as_ref(),
        );
        Step::Done {
            report: Box::new(CheckReport {
                reference_spans: std::mem::take(&mut self.spans.0),
                candidate_spans: std::mem::take(&mut self.spans.1),
                metric: MetricReport::Fresco(metric),
                rouge: self.rouge.clone(),
                cosine,
            }),
        }
    }

    pub fn feed_embeddings(&mut self, embeddings: Vec<Vec<f32>>) -> Result<Step, FeedError> {
        let Waiting::Embeddings(texts) = std::mem::replace(&mut self.waiting, Waiting::Nothing)
        else {
            return Err(FeedError(
                "the brief check did not ask for embeddings".into(),
            ));
        };
        check_count("embeddings", texts.len(), embeddings.len())?;
        Ok(self.finish_with_embeddings(&EmbeddedTexts::new(texts, embeddings)))
    }

    fn finish_with_embeddings(&mut self, embedded: &EmbeddedTexts) -> Step {
        let report = self.score(&mut |a, b| {
            embedded
                .similarity(a, b)
                .map_err(SimilarityError::MissingEmbedding)
        });
        let texts = |claims: &[AttributedClaim]| -> Vec<String> {
            claims.iter().map(|c| c.text.clone()).collect()
        };
        let cosine = whole_text_report(embedded, &texts(&self.reference), &texts(&self.candidate));
        self.done(report, Some(cosine))
    }

    pub fn feed_answers(
        &mut self,
        answers: Vec<Answer>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        let Waiting::Answers(asked) = std::mem::replace(&mut self.waiting, Waiting::Nothing) else {
            return Err(FeedError("the brief check did not ask for answers".into()));
        };
        check_count("answers", asked.len(), answers.len())?;
        Ok(self.finish_with_answers(asked, answers, judge))
    }

    fn finish_with_answers(
        &mut self,
        asked: Vec<((String, String), String)>,
        answers: Vec<Answer>,
        judge: &dyn JudgeLanguage,
    ) -> Step {
        let mut exchanges = Vec::with_capacity(asked.len());
        let mut verdicts: HashMap<(String, String), Result<f64, SimilarityError>> = HashMap::new();
        for ((pair, prompt), answer) in asked.into_iter().zip(answers) {
            let mut exchange = Exchange::new(prompt, &answer);
            // A failed call's error, else why the answer holds no verdict: the exchange's error too.
            let verdict = answer.and_then(|a| judge.verdict(&a));
            if let Err(error) = &verdict {
                exchange.unusable(error);
            }
            let similarity = verdict.map(|same| if same { 1.0 } else { 0.0 });
            verdicts.insert(pair, similarity.map_err(SimilarityError::Judge));
            exchanges.push(exchange);
        }
        let mut report = self.score(&mut |r, c| {
            verdicts
                .get(&(r.to_string(), c.to_string()))
                .cloned()
                .unwrap_or(Err(SimilarityError::NotAsked))
        });
        report.details.llm = self.judge_settings.clone();
        report.details.llm_exchanges = Some(exchanges);
        self.done(report, None)
    }
}
