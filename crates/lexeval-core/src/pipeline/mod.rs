//! The brief and summary checks as sans-IO pipelines: one per check, driven the same way by the CLI and by
//! the page's score worker. A pipeline computes everything it can; where it needs sentence embeddings or
//! LLM answers it asks its caller for exactly those texts or prompts ([`Step`]), and finishes when fed.
//!
//! ```text
//! let (mut pipeline, mut step) = Pipeline::start(job, &judge);
//! loop {
//!     step = match step {
//!         Step::NeedEmbeddings { texts } => pipeline.feed_embeddings(embed(&texts)?, &judge)?,
//!         Step::NeedAnswers { prompts } => pipeline.feed_answers(ask(&prompts), &judge)?,
//!         Step::NeedPoints { prompts } => pipeline.feed_answers(ask(&prompts), &judge)?,
//!         Step::Done { report } => break report,
//!     };
//! }
//! ```
//!
//! [`drive::run`] is that loop for blocking callers (the CLI, the Python package).

mod annotate;
mod brief;
pub mod drive;
mod extent;
mod extraction;
mod summary;
mod tiebreak;

pub use annotate::{Span, SpanKind};
pub use brief::BriefPipeline;
pub use summary::{too_many_points, SummaryPipeline, MAX_POINTS};

use crate::fresco::{FrescoDetails, FrescoSettings};
use crate::judge::{Answer, JudgeLanguage, JudgeSettings};
use crate::pointwise::{Paragraph, PointwiseDetails, PointwiseSettings};
use crate::report::{Score, ScoreReport};
use crate::rouge::tokenize::tokenize;
use crate::rouge::{RougeDetails, RougeOptions, RougeScorer, RougeType, Tokenizer};
use crate::shipped_model::EmbeddingModel;
use crate::similarity::{Measure, Similarity};
use serde::{Deserialize, Serialize};

/// Above this many reference × candidate tokens ROUGE-Lsum (one LCS table per sentence pair, as
/// rouge-score computes it) is skipped with a reason: it would take minutes.
pub const LSUM_MAX_TOKEN_PAIRS: usize = 400_000_000;

/// One check to run: the two texts, the metric's settings and, for the LLM judge, the endpoint settings
/// the report records (the key never enters a job).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "check", rename_all = "lowercase")]
pub enum CheckJob {
    Brief {
        reference: String,
        candidate: String,
        settings: FrescoSettings,
        #[serde(default)]
        judge: Option<JudgeSettings>,
    },
    Summary {
        reference: String,
        candidate: String,
        settings: PointwiseSettings,
        #[serde(default)]
        judge: Option<JudgeSettings>,
        /// Step 1's reference points per paragraph instead of the reference's sentences (CLI
        /// `--reference-points`); A.3's weights then count against each paragraph.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reference_points: Option<Vec<Paragraph>>,
        /// The candidate's points per paragraph instead of its sentences (CLI `--candidate-points`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        candidate_points: Option<Vec<Paragraph>>,
    },
}

impl CheckJob {
    /// The two texts, reference first.
    pub fn texts(&self) -> (&str, &str) {
        match self {
            CheckJob::Brief {
                reference,
                candidate,
                ..
            }
            | CheckJob::Summary {
                reference,
                candidate,
                ..
            } => (reference, candidate),
        }
    }

    /// The two texts, reference first, to replace (a batch runs one job's settings over each pair's texts).
    pub fn texts_mut(&mut self) -> (&mut String, &mut String) {
        match self {
            CheckJob::Brief {
                reference,
                candidate,
                ..
            }
            | CheckJob::Summary {
                reference,
                candidate,
                ..
            } => (reference, candidate),
        }
    }

    /// The whole-text ROUGE types the check reports: ROUGE-L for a brief, ROUGE-Lsum for a summary.
    fn whole_text_types(&self) -> [RougeType; 3] {
        match self {
            CheckJob::Brief { .. } => [RougeType::N(1), RougeType::N(2), RougeType::L],
            CheckJob::Summary { .. } => [RougeType::N(1), RougeType::N(2), RougeType::LSum],
        }
    }

    /// Records the LLM judge's endpoint settings in the report (set by whoever holds the client).
    pub fn set_judge(&mut self, settings: JudgeSettings) {
        match self {
            CheckJob::Brief { judge, .. } | CheckJob::Summary { judge, .. } => {
                *judge = Some(settings)
            }
        }
    }
}

/// What a pipeline needs next, or its result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Unit-length all-MiniLM-L6-v2 embeddings of these distinct texts, in this order.
    NeedEmbeddings {
        texts: Vec<String>,
    },
    /// The LLM's answers to these distinct prompts, in this order.
    NeedAnswers {
        prompts: Vec<String>,
    },
    /// The LLM's answers to these distinct point-extraction prompts (Step 1 with `points: llm`), in this
    /// order, fed like [`Step::NeedAnswers`]. Its own request so a driver that does not offer extraction
    /// can answer each with an error (the check's scores are then null with it).
    NeedPoints {
        prompts: Vec<String>,
    },
    Done {
        report: Box<CheckReport>,
    },
}

/// A finished check: both texts annotated, the metric's report, ROUGE between the whole texts, and the
/// whole-text embedding cosine when the model ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    pub reference_spans: Vec<Span>,
    pub candidate_spans: Vec<Span>,
    pub metric: MetricReport,
    pub rouge: ScoreReport<RougeDetails>,
    pub cosine: Option<ScoreReport>,
}

impl CheckReport {
    /// Puts in the whole-text ROUGE of a check run with [`WholeText::Apart`].
    pub fn set_whole_text_rouge(&mut self, rouge: ScoreReport<RougeDetails>) {
        self.rouge = rouge;
    }

    /// The whole-text ROUGE of a check run with [`WholeText::Apart`] could not be computed: each type null
    /// with `reason`, the check's other scores as they are.
    pub fn whole_text_rouge_failed(&mut self, reason: &str) {
        for score in &mut self.rouge.scores {
            *score = Score::null(
                score.name.clone(),
                format!("whole-text ROUGE failed: {reason}"),
            );
        }
    }

    /// Records in the reports that use embeddings which model computed them (set by whoever ran it, as
    /// [`CheckJob::set_judge`] for the LLM).
    pub fn record_embedding_model(&mut self, model: EmbeddingModel) {
        match &mut self.metric {
            MetricReport::Fresco(report) => report.record_embedding_model(model),
            MetricReport::Pointwise(report) => report.record_embedding_model(model),
        }
        if let Some(cosine) = &mut self.cosine {
            cosine.record_embedding_model(model);
        }
    }
}

/// The metric report of a check, typed by its details.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
// One per finished check, which is boxed in `Step::Done`: not worth boxing again.
#[allow(clippy::large_enum_variant)]
pub enum MetricReport {
    Fresco(ScoreReport<FrescoDetails>),
    Pointwise(ScoreReport<PointwiseDetails>),
}

impl MetricReport {
    pub fn scores(&self) -> &[Score] {
        match self {
            MetricReport::Fresco(report) => &report.scores,
            MetricReport::Pointwise(report) => &report.scores,
        }
    }

    /// The report without its breakdown (a `--pairs` batch keeps only each pair's scores).
    pub fn without_details(&self) -> ScoreReport<()> {
        let (metric, metric_version, settings, schema_version) = match self {
            MetricReport::Fresco(r) => {
                (&r.metric, &r.metric_version, &r.settings, r.schema_version)
            }
            MetricReport::Pointwise(r) => {
                (&r.metric, &r.metric_version, &r.settings, r.schema_version)
            }
        };
        ScoreReport {
            schema_version,
            metric: metric.clone(),
            metric_version: metric_version.clone(),
            settings: settings.clone(),
            scores: self.scores().to_vec(),
            details: (),
        }
    }

    /// The report as `lexeval fresco|pointwise --json` prints it and the page exports it.
    pub fn to_json_pretty(&self) -> String {
        let json = match self {
            MetricReport::Fresco(report) => serde_json::to_string_pretty(report),
            MetricReport::Pointwise(report) => serde_json::to_string_pretty(report),
        };
        // Serialising plain data to a string cannot fail.
        json.unwrap_or_default()
    }
}

/// Why a pipeline could not take what it was fed (a caller's mistake, never the user's input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedError(pub String);

impl std::fmt::Display for FeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FeedError {}

/// Either check's pipeline.
#[derive(Debug)]
pub enum Pipeline {
    Brief(Box<BriefPipeline>),
    Summary(Box<SummaryPipeline>),
}

/// Where a check's ROUGE between the whole texts is computed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WholeText {
    /// In the pipeline, before the claims are compared.
    #[default]
    Included,
    /// By the caller beside the pipeline, with [`whole_text_rouge_of`] (the page runs it in a second worker
    /// for long texts: an LCS of two megabytes is seconds of work); the report's `rouge` then holds null
    /// scores until [`CheckReport::set_whole_text_rouge`] puts the computed ones in.
    Apart,
}

impl Pipeline {
    /// Starts `job`'s pipeline, its whole-text ROUGE included.
    pub fn start(job: CheckJob, judge: &dyn JudgeLanguage) -> (Pipeline, Step) {
        Pipeline::start_with(job, judge, WholeText::Included)
    }

    /// Starts `job`'s pipeline, its whole-text ROUGE computed where `whole_text` says.
    pub fn start_with(
        job: CheckJob,
        judge: &dyn JudgeLanguage,
        whole_text: WholeText,
    ) -> (Pipeline, Step) {
        let rouge = match whole_text {
            WholeText::Included => whole_text_rouge_of(&job),
            WholeText::Apart => computed_apart(&job),
        };
        match job {
            CheckJob::Brief {
                reference,
                candidate,
                settings,
                judge: judge_settings,
            } => {
                let (pipeline, step) = BriefPipeline::new(
                    &reference,
                    &candidate,
                    settings,
                    (judge_settings, judge),
                    rouge,
                );
                (Pipeline::Brief(Box::new(pipeline)), step)
            }
            CheckJob::Summary {
                reference,
                candidate,
                settings,
                judge: judge_settings,
                reference_points,
                candidate_points,
            } => {
                let (pipeline, step) = SummaryPipeline::new(
                    reference,
                    &candidate,
                    settings,
                    (reference_points, candidate_points),
                    (judge_settings, judge),
                    rouge,
                );
                (Pipeline::Summary(Box::new(pipeline)), step)
            }
        }
    }

    pub fn feed_embeddings(
        &mut self,
        embeddings: Vec<Vec<f32>>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        match self {
            Pipeline::Brief(pipeline) => pipeline.feed_embeddings(embeddings),
            Pipeline::Summary(pipeline) => pipeline.feed_embeddings(embeddings, judge),
        }
    }

    pub fn feed_answers(
        &mut self,
        answers: Vec<Answer>,
        judge: &dyn JudgeLanguage,
    ) -> Result<Step, FeedError> {
        match self {
            Pipeline::Brief(pipeline) => pipeline.feed_answers(answers, judge),
            Pipeline::Summary(pipeline) => pipeline.feed_answers(answers, judge),
        }
    }
}

/// `fed` items for `asked` ones, or the mismatch.
fn check_count(what: &str, asked: usize, fed: usize) -> Result<(), FeedError> {
    if asked == fed {
        Ok(())
    } else {
        Err(FeedError(format!("{fed} {what} fed for {asked} asked")))
    }
}

/// Why ROUGE cannot compare the texts, when one of them is mostly words rouge-score's tokenizer drops
/// (it keeps only a–z and 0–9, as lexeval does for parity): Arabic, Chinese, Greek … Fewer than half of a
/// text's words read is the mark.
pub(crate) fn unread_by_rouge(reference: &str, candidate: &str) -> Option<String> {
    [("reference", reference), ("generated", candidate)]
        .into_iter()
        .find_map(|(which, text)| {
            let words = tokenize(text, false, Tokenizer::Unicode).len();
            let read = tokenize(text, false, Tokenizer::RougeScore).len();
            (words > 0 && read * 2 < words).then(|| {
                format!(
                    "the {which} text has few words ROUGE reads ({read} of {words}): rouge-score's tokenizer \
                     keeps only a–z and 0–9, so ROUGE cannot compare these texts — choose the embedding \
                     similarity"
                )
            })
        })
}

/// The same score with `note` on it, when it has a value and no note of its own.
fn noted(score: Score, note: Option<&String>) -> Score {
    match note {
        Some(note) if score.value.is_some() && score.note.is_none() => {
            score.with_note(note.clone())
        }
        _ => score,
    }
}

/// The scores a ROUGE claim or point similarity decides, noted when ROUGE cannot read a text.
fn note_unread(scores: &mut [Score], similarity: Similarity, unread: Option<&String>) {
    if !matches!(similarity.measure(), Measure::Rouge(_)) {
        return;
    }
    for score in scores {
        *score = noted(score.clone(), unread);
    }
}

/// The ROUGE between `job`'s whole texts that its report carries (see [`whole_text_rouge`]).
pub fn whole_text_rouge_of(job: &CheckJob) -> ScoreReport<RougeDetails> {
    let (reference, candidate) = job.texts();
    let unread = unread_by_rouge(reference, candidate);
    whole_text_rouge(
        reference,
        candidate,
        &job.whole_text_types(),
        unread.as_ref(),
    )
}

/// The whole-text ROUGE of a pipeline started with [`WholeText::Apart`]: each type null, as it is computed
/// beside the check.
fn computed_apart(job: &CheckJob) -> ScoreReport<RougeDetails> {
    let types = job.whole_text_types();
    let mut report = whole_text_rouge("", "", &types, None);
    report.details = RougeDetails::default();
    report.scores = types
        .iter()
        .map(|kind| Score::null(kind.name(), "computed beside the check"))
        .collect();
    report
}

/// ROUGE (stemmed) between the whole texts; ROUGE-Lsum null with a reason when the texts are too long;
/// each score noted when ROUGE cannot read a text.
fn whole_text_rouge(
    reference: &str,
    candidate: &str,
    types: &[RougeType],
    unread: Option<&String>,
) -> ScoreReport<RougeDetails> {
    let options = RougeOptions {
        stem: true,
        ..RougeOptions::default()
    };
    // Each text tokenized (and stemmed) once, to size and to score.
    let (reference, candidate) = (options.sentences(reference), options.sentences(candidate));
    let token_pairs = reference.tokens().saturating_mul(candidate.tokens());
    let skip_lsum = token_pairs > LSUM_MAX_TOKEN_PAIRS;
    let computed: Vec<RougeType> = types
        .iter()
        .copied()
        .filter(|&kind| !(skip_lsum && kind == RougeType::LSum))
        .collect();
    let mut report = RougeScorer::new(&computed, options).report_of(&[reference], &candidate);
    report.scores = std::mem::take(&mut report.scores)
        .into_iter()
        .map(|score| noted(score, unread))
        .collect();
    if skip_lsum && types.contains(&RougeType::LSum) {
        report.scores.push(Score::null(
            RougeType::LSum.name(),
            "the texts are too long for ROUGE-Lsum, which compares every pair of sentences",
        ));
    }
    report
}

#[cfg(test)]
mod tests;
