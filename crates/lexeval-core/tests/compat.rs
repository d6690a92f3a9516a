//! Reports, an export and share links saved by the code before the check pipeline (schema 1, string-keyed
//! details) still open, and the pipeline reproduces their numbers.

use lexeval_core::fresco::FrescoDetails;
use lexeval_core::judge::{JudgeLanguage, PointQuestion};
use lexeval_core::pipeline::{CheckJob, CheckReport, MetricReport, Pipeline, Step};
use lexeval_core::pointwise::{PointwiseDetails, PointwiseSettings};
use lexeval_core::report::ScoreReport;
use lexeval_core::share::{self, SharePayload};
use lexeval_core::similarity::Similarity;
use serde::Deserialize;

fn fixture(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/");
    std::fs::read_to_string(format!("{root}{path}")).unwrap()
}

/// ROUGE needs no judge.
struct NoJudge;

impl JudgeLanguage for NoJudge {
    fn same_claim(&self, _: &str, _: &str) -> String {
        unreachable!("ROUGE asks no questions")
    }
    fn same_point(&self, _: &PointQuestion<'_>) -> String {
        unreachable!("ROUGE asks no questions")
    }
    fn closest_reference(&self, _: &str, _: &str) -> String {
        unreachable!("ROUGE asks no questions")
    }
    fn verdict(&self, _: &str) -> Result<bool, String> {
        unreachable!("ROUGE asks no questions")
    }
    fn number(&self, _: &str) -> Result<usize, String> {
        unreachable!("ROUGE asks no questions")
    }
}

fn run(job: CheckJob) -> CheckReport {
    match Pipeline::start(job, &NoJudge).1 {
        Step::Done { report } => *report,
        other => panic!("ROUGE is done at once, got {other:?}"),
    }
}

fn brief_job(generalized: bool) -> CheckJob {
    CheckJob::Brief {
        reference: fixture("briefs/reference.txt"),
        candidate: fixture("briefs/generated.txt"),
        settings: lexeval_core::fresco::FrescoSettings {
            similarity: Similarity::RougeL,
            threshold: 0.5,
            generalized,
        },
        judge: None,
    }
}

#[test]
fn fresco_reports_of_schema_1_open_typed_and_the_pipeline_gives_their_numbers() {
    for (file, generalized) in [
        ("compat/l-fresco.before-schema-2.json", false),
        ("compat/fresco.before-schema-2.json", true),
    ] {
        let old: ScoreReport<FrescoDetails> = serde_json::from_str(&fixture(file)).unwrap();
        let raw: serde_json::Value = serde_json::from_str(&fixture(file)).unwrap();
        let MetricReport::Fresco(new) = run(brief_job(generalized)).metric else {
            panic!("a brief check gives a FRESCO report");
        };
        assert_eq!(new.scores, old.scores, "{file}");
        assert_eq!(new.settings, old.settings, "{file}");
        assert_eq!(new.details.reference_claims, old.details.reference_claims);
        assert_eq!(new.details.matrix, old.details.matrix, "{file}");
        for (i, (new, old)) in new.details.pairs.iter().zip(&old.details.pairs).enumerate() {
            assert_eq!(new.best_candidate, old.best_candidate, "{file} pair {i}");
            assert_eq!(new.similarity, old.similarity, "{file} pair {i}");
            assert_eq!(new.reason, old.reason, "{file} pair {i}");
            // Schema 1 listed the comparisons; schema 2 counts them.
            let listed = raw["details"]["pairs"][i]["compared"]
                .as_array()
                .map(Vec::len);
            assert_eq!(new.compared, listed, "{file} pair {i}");
        }
    }
}

#[test]
fn a_pointwise_report_of_schema_1_opens_typed_and_the_pipeline_gives_its_numbers() {
    let old: ScoreReport<PointwiseDetails> =
        serde_json::from_str(&fixture("compat/pointwise.before-schema-2.json")).unwrap();
    let job = CheckJob::Summary {
        reference: fixture("summaries/reference.txt"),
        candidate: fixture("summaries/generated.txt"),
        settings: PointwiseSettings {
            similarity: Similarity::RougeL,
            ..PointwiseSettings::default()
        },
        judge: None,
    };
    let MetricReport::Pointwise(new) = run(job).metric else {
        panic!("a summary check gives a pointwise report");
    };
    assert_eq!(new.scores, old.scores);
    let (PointwiseDetails::Scored(new), PointwiseDetails::Scored(old)) = (new.details, old.details)
    else {
        panic!("both scored");
    };
    assert_eq!(new.assignment, old.assignment);
    assert_eq!(new.similarity, old.similarity);
}

#[test]
fn an_export_of_schema_1_opens_and_its_input_reproduces_its_report() {
    #[derive(Deserialize)]
    struct Export {
        lexeval_export: u32,
        input: SharePayload,
        reports: Vec<ScoreReport<FrescoDetails>>,
    }
    let export: Export =
        serde_json::from_str(&fixture("compat/brief.export.before-schema-2.json")).unwrap();
    assert_eq!(export.lexeval_export, 1);
    assert_eq!(export.input.settings.similarity, Similarity::RougeL);
    let MetricReport::Fresco(new) = run(brief_job(false)).metric else {
        panic!("a brief check gives a FRESCO report");
    };
    assert_eq!(new.scores, export.reports[0].scores);
}

#[test]
fn share_links_made_before_the_pipeline_still_open() {
    let brief = share::decode(fixture("compat/brief-rougeL.link.txt").trim()).unwrap();
    assert_eq!(brief.view, "brief");
    assert_eq!(brief.settings.similarity, Similarity::RougeL);
    assert_eq!(brief.reference, fixture("briefs/reference.txt"));
    let summary = share::decode(fixture("compat/summary-llm.link.txt").trim()).unwrap();
    assert_eq!(summary.settings.similarity, Similarity::Llm);
    assert_eq!(summary.settings.llm_model.as_deref(), Some("llama3.1:8b"));
    // A link from a build that knows a similarity this one does not opens with the default.
    let mut newer = serde_json::to_value(&brief).unwrap();
    newer["settings"]["similarity"] = "bertscore".into();
    let reread: SharePayload = serde_json::from_value(newer).unwrap();
    assert_eq!(reread.settings.similarity, Similarity::RougeL);
}
