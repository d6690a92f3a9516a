//! The one place the page calls the scoring engine. Views get `ScoreReport`s and view models from here,
//! so wiring a metric in (or changing its details format) is a local change.

use crate::state::settings::{LlmSettings, Settings, Similarity};
use lexeval_core::checks::{too_many_points, CheckJob, CheckResult, Checked};
pub use lexeval_core::checks::{Span, SpanKind};
use lexeval_core::claims::AttributedClaim;
use lexeval_core::embedded::{whole_text_report, EmbeddedTexts};
use lexeval_core::fresco::{self, FrescoSettings};
use lexeval_core::pointwise::{self, PointwiseSettings};
use lexeval_core::report::{Score, ScoreReport};
use lexeval_core::rouge::{RougeOptions, RougeScorer, RougeType};
use lexeval_core::{casefacts, legalsearchqa, uscore as u_score};
use std::fmt;

/// Version of the metric definitions this build computes; share links carry it.
pub const METRIC_VERSION: &str = "1";
/// Longest text scored; longer texts are kept but not scored. Checks run in the score worker, so even
/// texts this long never block typing.
pub const MAX_TEXT_CHARS: usize = 2_000_000;

#[derive(Debug, Clone, PartialEq)]
pub enum EngineError {
    /// A text is too long to score.
    TooLong { chars: usize, limit: usize },
    /// Bad input, with a message for the user.
    Input(String),
    /// The embedding model could not load or run.
    Model(String),
    /// The score worker could not run the check.
    Worker(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::TooLong { chars, limit } => write!(
                f,
                "this text has {chars} characters; lexeval scores texts up to {limit}. \
                 Your text is kept — shorten it to see scores."
            ),
            EngineError::Input(msg) => f.write_str(msg),
            EngineError::Model(msg) => write!(f, "embedding similarity unavailable: {msg}"),
            EngineError::Worker(msg) => write!(f, "scoring failed: {msg}"),
        }
    }
}

/// Both texts of a check annotated: (reference, candidate).
pub type Annotations = (Vec<Span>, Vec<Span>);

/// One compared pair of the claim table.
#[derive(Debug, Clone, PartialEq)]
pub struct PairRow {
    pub reference_claim: String,
    pub candidate_claim: Option<String>,
    pub authority: String,
    pub similarity: Option<f64>,
    pub matched: bool,
}

/// A similarity matrix (reference claims × candidate claims) with the chosen assignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
    pub values: Vec<Vec<f64>>,
    /// (row, column) pairs chosen by the matching.
    pub assignment: Vec<(usize, usize)>,
    /// What rows and columns are.
    pub units: Units,
}

/// What a check compares: the claims of a brief or the points of a summary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Units {
    Claims,
    Points,
}

impl Units {
    /// The singular noun, for captions ("claim", "point").
    pub fn noun(self) -> &'static str {
        match self {
            Units::Claims => "claim",
            Units::Points => "point",
        }
    }
}

/// The benchmark files the page can score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BenchmarkKind {
    CaseFacts,
    LegalSearchQa,
    RougePairs,
}

impl BenchmarkKind {
    pub const ALL: [BenchmarkKind; 3] = [
        BenchmarkKind::CaseFacts,
        BenchmarkKind::LegalSearchQa,
        BenchmarkKind::RougePairs,
    ];

    pub fn id(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => "casefacts",
            BenchmarkKind::LegalSearchQa => "legalsearchqa",
            BenchmarkKind::RougePairs => "rouge-pairs",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => "CaseFacts predictions",
            BenchmarkKind::LegalSearchQa => "LegalSearchQA predictions",
            BenchmarkKind::RougePairs => "ROUGE pairs",
        }
    }

    /// One line of the expected JSONL, shown next to the upload.
    pub fn example_line(self) -> &'static str {
        match self {
            BenchmarkKind::CaseFacts => {
                r#"{"claim": "…", "predicted_cases": ["Hill v. Colorado"], "predicted_verdict": "Overruled"}"#
            }
            BenchmarkKind::LegalSearchQa => {
                r#"{"id": "lsqa_001", "answer": 1, "explanation": "…"}"#
            }
            BenchmarkKind::RougePairs => r#"{"reference": "…", "candidate": "…"}"#,
        }
    }
}

fn check_size(text: &str) -> Result<(), EngineError> {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err(EngineError::TooLong {
            chars,
            limit: MAX_TEXT_CHARS,
        });
    }
    Ok(())
}

/// Runs a check in the score worker (lane: the view's name) once both texts are within the size limit,
/// unpacks its result and hands both texts' annotations to `annotated`.
async fn run_check<Unit>(
    job: CheckJob,
    lane: &'static str,
    unpack: fn(CheckResult) -> Option<Checked<Unit>>,
    annotated: &dyn Fn(Annotations),
) -> Result<Checked<Unit>, EngineError> {
    let (reference, candidate) = job.texts();
    check_size(reference)?;
    check_size(candidate)?;
    let result = crate::scoring::check(job, lane)
        .await
        .map_err(EngineError::Worker)?;
    let checked = unpack(result)
        .ok_or_else(|| EngineError::Worker(format!("the {lane} check gave another result")))?;
    annotated((
        checked.reference_spans.clone(),
        checked.candidate_spans.clone(),
    ));
    Ok(checked)
}

/// Brief check: L-FRESCO / FRESCO, citation recall and precision, ROUGE between the whole texts.
/// `annotated` gets both texts' citations and claims as soon as they are known.
pub async fn brief_check(
    reference: &str,
    candidate: &str,
    settings: &Settings,
    llm: (&LlmSettings, &str),
    annotated: &dyn Fn(Annotations),
) -> Result<Vec<ScoreReport>, EngineError> {
    let fresco_settings = FrescoSettings {
        similarity: settings.similarity.id().to_string(),
        threshold: settings.threshold,
        generalized: settings.generalized,
        generalized_match: Default::default(),
    };
    let job = CheckJob::Brief {
        reference: reference.to_string(),
        candidate: candidate.to_string(),
        settings: fresco_settings.clone(),
    };
    let checked = run_check(job, "brief", CheckResult::into_brief, annotated).await?;
    let (reference_claims, candidate_claims) = (&checked.reference, &checked.candidate);
    let (fresco, cosine) = match (checked.scored, settings.similarity) {
        (Some(report), _) => (report, cosine_not_computed()),
        (None, Similarity::Llm) => {
            let fresco = crate::llm_judge::fresco_with_llm(
                reference_claims,
                candidate_claims,
                &fresco_settings,
                llm.0,
                llm.1,
            )
            .await?;
            (fresco, cosine_not_computed())
        }
        (None, _) => {
            let (reference_texts, candidate_texts) =
                (claim_texts(reference_claims), claim_texts(candidate_claims));
            let all = reference_texts.iter().chain(&candidate_texts).copied();
            let embedded = embed(all).await?;
            let mut similarity = |a: &str, b: &str| embedded.similarity(a, b);
            let fresco = fresco::score(
                reference_claims,
                candidate_claims,
                &fresco_settings,
                &mut similarity,
            );
            let cosine = whole_text_report(&embedded, &reference_texts, &candidate_texts);
            (fresco, cosine)
        }
    };
    Ok(vec![fresco, checked.rouge, cosine])
}

fn claim_texts(claims: &[AttributedClaim]) -> Vec<&str> {
    claims.iter().map(|c| c.text.as_str()).collect()
}

/// The whole-text cosine card while the model is not in use: null, saying how to get it (the model is a
/// 91 MB download, so it is never loaded unasked).
fn cosine_not_computed() -> ScoreReport {
    let mut report = ScoreReport::new(
        "embedding",
        lexeval_core::embedded::METRIC_VERSION,
        serde_json::json!({}),
    );
    report.scores.push(Score::null(
        "embedding_cosine",
        "choose embedding cosine as the similarity to compute it (loads the model once)",
    ));
    report
}

/// Embeddings of the distinct `texts`, computed off the main thread by the embedding worker.
async fn embed<'a>(texts: impl IntoIterator<Item = &'a str>) -> Result<EmbeddedTexts, EngineError> {
    let distinct = EmbeddedTexts::distinct(texts);
    let embeddings = crate::embedding::embed(distinct.clone())
        .await
        .map_err(EngineError::Model)?;
    Ok(EmbeddedTexts::new(distinct, embeddings))
}

/// Summary check: pointwise recall and precision of the reference summary's points (point similarity as
/// chosen in the settings; the LLM judges the top candidates by cosine), with ROUGE and whole-text cosine
/// baselines. `annotated` as for [`brief_check`].
pub async fn summary_check(
    reference: &str,
    candidate: &str,
    settings: &Settings,
    llm: (&LlmSettings, &str),
    annotated: &dyn Fn(Annotations),
) -> Result<Vec<ScoreReport>, EngineError> {
    let point_settings = PointwiseSettings {
        similarity: settings.similarity.id().to_string(),
        threshold: settings.threshold,
        ..PointwiseSettings::default()
    };
    let job = CheckJob::Summary {
        reference: reference.to_string(),
        candidate: candidate.to_string(),
        settings: point_settings.clone(),
    };
    let checked = run_check(job, "summary", CheckResult::into_summary, annotated).await?;
    let (reference_points, candidate_points) = (&checked.reference, &checked.candidate);
    // The cosine card is left out only when the points are too many to embed.
    let (report, cosine) = match (checked.scored, settings.similarity) {
        (Some(report), _) => (report, Some(cosine_not_computed())),
        (None, similarity) => match too_many_points(reference_points.len(), candidate_points.len())
        {
            Some(reason) => (pointwise::skipped(&point_settings, &reason), None),
            None => {
                let texts = reference_points.iter().chain(candidate_points);
                let embedded = embed(texts.map(String::as_str)).await?;
                let matrix = embedded
                    .matrix(reference_points, candidate_points)
                    .map_err(EngineError::Model)?;
                let points = (reference_points.as_slice(), candidate_points.as_slice());
                let report = if similarity == Similarity::Llm {
                    // §5.2.2: the LLM judges each reference point's top candidates by cosine.
                    crate::llm_judge::pointwise_with_llm(
                        reference,
                        points,
                        &matrix,
                        &point_settings,
                        llm,
                    )
                    .await?
                } else {
                    pointwise::score(reference, points.0, points.1, &matrix, &point_settings)
                };
                let cosine = whole_text_report(&embedded, reference_points, candidate_points);
                (report, Some(cosine))
            }
        },
    };
    Ok([Some(report), Some(checked.rouge), cosine]
        .into_iter()
        .flatten()
        .collect())
}

/// U-Score of one legal answer, with the cue phrases that raised or lowered it.
pub fn uscore(answer: &str) -> Result<(ScoreReport, Vec<Span>), EngineError> {
    check_size(answer)?;
    let report = u_score::score(answer, &[]);
    let spans = report.details["cues"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|cue| {
            Some(Span {
                start: cue["start"].as_u64()? as usize,
                end: cue["end"].as_u64()? as usize,
                kind: SpanKind::Cue {
                    dimension: cue["dimension"].as_str()?.to_string(),
                },
            })
        })
        .collect();
    Ok((report, spans))
}

/// Score an uploaded benchmark file (JSONL). `progress` is called with the fraction done.
pub async fn benchmark(
    kind: BenchmarkKind,
    contents: &str,
    progress: &dyn Fn(f64),
) -> Result<ScoreReport, EngineError> {
    let rows = parse_jsonl(contents, progress).await?;
    if rows.is_empty() {
        return Err(EngineError::Input("the file has no JSON lines".into()));
    }
    match kind {
        BenchmarkKind::CaseFacts => {
            let gold: Vec<casefacts::GoldClaim> = typed_rows(&rows, kind)?;
            let predictions: Vec<casefacts::Prediction> = typed_rows(&rows, kind)?;
            Ok(casefacts::score(&gold, &predictions))
        }
        BenchmarkKind::LegalSearchQa => {
            let questions: Vec<legalsearchqa::Question> = typed_rows(&rows, kind)?;
            let predictions: Vec<legalsearchqa::Prediction> = typed_rows(&rows, kind)?;
            Ok(legalsearchqa::score(&questions, &predictions))
        }
        BenchmarkKind::RougePairs => {
            let pairs: Vec<RougePair> = typed_rows(&rows, kind)?;
            let scorer = RougeScorer::new(
                &RougeType::DEFAULT,
                RougeOptions {
                    stem: true,
                    ..RougeOptions::default()
                },
            );
            let mut aggregator = lexeval_core::rouge::BootstrapAggregator::new(0.95, 1000, 0)
                .map_err(|e| EngineError::Input(e.to_string()))?;
            for (index, pair) in pairs.iter().enumerate() {
                aggregator.add_scores(&scorer.score(&pair.reference, &pair.candidate));
                if index % LINES_PER_STEP == LINES_PER_STEP - 1 {
                    progress(index as f64 / pairs.len() as f64);
                    crate::browser::yield_now().await;
                }
            }
            Ok(lexeval_core::rouge::aggregate_report(
                &aggregator,
                scorer.options(),
            ))
        }
    }
}

/// The CaseFacts teaching demo: the OVERRULED example claim answered with the gold case and `verdict`.
pub fn casefacts_demo(verdict: &str) -> ScoreReport {
    let item = crate::examples::CASEFACTS_OVERRULED;
    let gold = casefacts::GoldClaim {
        claim: item.claim.into(),
        case_name: vec![item.case_name.into()],
        overruling_case: Some(item.overruling_case.into()),
        label: item.label.into(),
    };
    let prediction = casefacts::Prediction {
        claim: item.claim.into(),
        predicted_cases: vec![item.case_name.into()],
        predicted_verdict: verdict.into(),
    };
    casefacts::score(&[gold], &[prediction])
}

#[derive(serde::Deserialize)]
struct RougePair {
    reference: String,
    candidate: String,
}

/// Every row as `T`, or the first row that does not fit, named by its number.
fn typed_rows<T: serde::de::DeserializeOwned>(
    rows: &[serde_json::Value],
    kind: BenchmarkKind,
) -> Result<Vec<T>, EngineError> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            serde_json::from_value(row.clone()).map_err(|e| {
                EngineError::Input(format!(
                    "row {}: not a {} line ({e}); expected {}",
                    i + 1,
                    kind.label(),
                    kind.example_line()
                ))
            })
        })
        .collect()
}

/// Lines between progress updates (and yields to the browser) while reading a file.
const LINES_PER_STEP: usize = 500;

/// Parse JSONL into objects, reporting progress and yielding so the page stays responsive.
/// The first bad line is an error naming its line number.
async fn parse_jsonl(
    contents: &str,
    progress: &dyn Fn(f64),
) -> Result<Vec<serde_json::Value>, EngineError> {
    let total = contents.len().max(1) as f64;
    let mut done = 0usize;
    let mut rows = Vec::new();
    for (index, line) in contents.lines().enumerate() {
        done += line.len() + 1;
        if index % LINES_PER_STEP == LINES_PER_STEP - 1 {
            progress(done as f64 / total);
            crate::browser::yield_now().await;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| EngineError::Input(format!("line {}: not valid JSON ({e})", index + 1)))?;
        if !value.is_object() {
            return Err(EngineError::Input(format!(
                "line {}: expected a JSON object like {}",
                index + 1,
                "{…}"
            )));
        }
        rows.push(value);
    }
    progress(1.0);
    Ok(rows)
}

/// The comparison table of a report: for a brief check one row per reference (claim, authority) pair, for a
/// summary check one row per reference point (its A.3 weight in the authority column).
pub fn pairs(report: &ScoreReport) -> Vec<PairRow> {
    let details = &report.details;
    if report.metric == "pointwise" {
        return point_rows(details);
    }
    let claim_text = |side: &str, index: &serde_json::Value| {
        index
            .as_u64()
            .and_then(|i| details[side][i as usize]["text"].as_str())
            .map(str::to_string)
    };
    // Generalized FRESCO pairs claims by a matching, not by one shared authority.
    let paired_by = match details["matrix"]["match_on"].as_str() {
        Some("claims") => "(paired by claim similarity)",
        _ => "(paired by citation similarity)",
    };
    details["pairs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|pair| PairRow {
            reference_claim: claim_text("reference_claims", &pair["reference"]).unwrap_or_default(),
            // Without a candidate, the metric's reason (no claim cites the authority, none left to match).
            candidate_claim: claim_text("candidate_claims", &pair["best_candidate"])
                .or_else(|| Some(format!("({})", pair["reason"].as_str()?))),
            authority: pair["authority"].as_str().unwrap_or(paired_by).to_string(),
            similarity: pair["similarity"].as_f64(),
            matched: pair["supported"].as_bool().unwrap_or(false),
        })
        .collect()
}

fn point_rows(details: &serde_json::Value) -> Vec<PairRow> {
    let candidates = details["candidate_points"].as_array();
    details["reference_points"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(r, point)| {
            let assigned = point["assigned_candidate"].as_u64();
            let row = details["similarity"][r].as_array();
            // The assigned candidate, else the most similar one (shown even below the threshold).
            let shown = assigned.or_else(|| {
                row?.iter()
                    .enumerate()
                    .filter_map(|(c, v)| Some((c, v.as_f64()?)))
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(c, _)| c as u64)
            });
            let candidate = shown.and_then(|c| candidates?.get(c as usize)?.as_str());
            PairRow {
                reference_claim: point["text"].as_str().unwrap_or_default().to_string(),
                candidate_claim: Some(
                    candidate
                        .unwrap_or("(the generated summary has no points)")
                        .to_string(),
                ),
                authority: format!(
                    "weight {:.3}, credit {}",
                    point["weight"].as_f64().unwrap_or(0.0),
                    point["credit"].as_f64().unwrap_or(0.0)
                ),
                similarity: shown.and_then(|c| row?.get(c as usize)?.as_f64()),
                matched: assigned.is_some(),
            }
        })
        .collect()
}

/// Authorities the two texts do not share, from a brief check's report: (cited only by the generated
/// text — possibly hallucinated —, cited by the reference but missing from the generated text).
pub fn authority_gaps(report: &ScoreReport) -> Option<(Vec<String>, Vec<String>)> {
    let list = |key: &str| -> Option<Vec<String>> {
        serde_json::from_value(report.details.get(key)?.clone()).ok()
    };
    Some((
        list("hallucinated_authorities")?,
        list("missing_authorities")?,
    ))
}

/// The similarity matrix and assignment behind a report: pointwise (reference × candidate points) or
/// generalized FRESCO (cited reference × cited candidate claims). Labels are the texts (cell tooltips).
pub fn matrix(report: &ScoreReport) -> Option<Matrix> {
    let details = &report.details;
    let (values, assignment, row_labels, col_labels, units) = match report.metric.as_str() {
        "pointwise" => (
            &details["similarity"],
            &details["assignment"],
            texts(&details["reference_points"], |p| p["text"].as_str()),
            texts(&details["candidate_points"], |p| p.as_str()),
            Units::Points,
        ),
        "fresco" => {
            let matrix = &details["matrix"];
            let labels = |side: &str, indices: &serde_json::Value| {
                texts(indices, |i| {
                    details[side][i.as_u64()? as usize]["text"].as_str()
                })
            };
            // The matrix the matching maximised: C-SIM of the citations (the paper's generalized FRESCO),
            // or the claim similarity itself (`generalized_match: claims`).
            let values = match &matrix["c_sim"] {
                serde_json::Value::Null => &matrix["similarity"],
                c_sim => c_sim,
            };
            (
                values,
                &matrix["assignment"],
                labels("reference_claims", &matrix["reference_claims"]),
                labels("candidate_claims", &matrix["candidate_claims"]),
                Units::Claims,
            )
        }
        _ => return None,
    };
    Some(Matrix {
        values: serde_json::from_value(values.clone()).ok()?,
        assignment: serde_json::from_value(assignment.clone()).ok()?,
        row_labels,
        col_labels,
        units,
    })
}

/// The texts `text` finds in the items of a JSON array (empty for items without one).
fn texts<'a>(
    items: &'a serde_json::Value,
    text: impl Fn(&'a serde_json::Value) -> Option<&'a str>,
) -> Vec<String> {
    items
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| text(item).unwrap_or_default().to_string())
        .collect()
}

/// What the per-class bars of a benchmark report show.
pub fn per_class_caption(report: &ScoreReport) -> &'static str {
    match report.metric.as_str() {
        "casefacts" => "Verdict accuracy per gold label",
        "legalsearchqa" => "Accuracy per category",
        "rouge" => "Bootstrap mid F1 per ROUGE type",
        _ => "Per class",
    }
}

/// Per-class rows (class, value) of a benchmark report, for the bar chart: CaseFacts verdict accuracy per
/// gold label, LegalSearchQA accuracy per category.
pub fn per_class(report: &ScoreReport) -> Vec<(String, f64)> {
    match report.metric.as_str() {
        "casefacts" => report.details["per_class"]
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(label, row)| Some((label.clone(), row["verdict_accuracy"].as_f64()?)))
            .collect(),
        "legalsearchqa" => report.details["breakdown"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|row| row["by"] == "category")
            .filter_map(|row| {
                Some((
                    row["value"].as_str()?.to_string(),
                    row["accuracy"].as_f64()?,
                ))
            })
            .collect(),
        "rouge" => report
            .scores
            .iter()
            .filter_map(|s| Some((s.name.clone(), s.value?)))
            .collect(),
        _ => Vec::new(),
    }
}

/// sha256 of the embedding model when `similarity` uses it (share links record it).
pub fn model_sha256(similarity: Similarity) -> Option<String> {
    (similarity == Similarity::Embedding)
        .then(|| lexeval_core::shipped_model::MODEL_SHA256.to_string())
}
