//! Reports, an export and share links saved by the code before the check pipeline (schema 1, string-keyed
//! details, metric version 1) still open, and their numbers are reproduced from their settings: settings
//! saved before metric version 2 keep version 1's behaviour (generalized FRESCO matching on the claims,
//! pointwise "other relevant" matches earning partial credit). FRESCO is recomputed from the claims the
//! report saved, since citation extraction has improved since (courts-db, name-aware resolution) and finds
//! other claims in the same brief; pointwise easiness is stemmed since metric version 2.

use lexeval_core::fresco::{self, FrescoDetails, FrescoSettings, GeneralizedMatch};
use lexeval_core::pipeline::{CheckJob, CheckReport, MetricReport, Pipeline};
use lexeval_core::pointwise::{OtherRelevant, PointSource, PointwiseDetails, PointwiseSettings};
use lexeval_core::report::ScoreReport;
use lexeval_core::rouge::{PairwiseF1, RougeType};
use lexeval_core::share::{self, SharePayload};
use lexeval_core::similarity::Similarity;
use lexeval_core::test_support::{brief_job, done, fixture, l_fresco, summary_job, PlainJudge};
use serde::Deserialize;

/// ROUGE is done at once.
fn run(job: CheckJob) -> CheckReport {
    done(Pipeline::start(job, &PlainJudge).1)
}

/// The brief check of the fixtures with the settings a saved report recorded.
fn saved_brief_job(saved_settings: &serde_json::Value) -> CheckJob {
    let settings: FrescoSettings = serde_json::from_value(saved_settings.clone()).unwrap();
    assert_eq!(settings.similarity, Similarity::RougeL);
    assert_eq!(settings.generalized_match, GeneralizedMatch::Claims);
    brief_job(
        &fixture("briefs/reference.txt"),
        &fixture("briefs/generated.txt"),
        settings,
    )
}

/// A saved FRESCO report recomputed from its own claims and settings (ROUGE-L, as saved).
fn rescore(old: &ScoreReport<FrescoDetails>) -> ScoreReport<FrescoDetails> {
    let settings: FrescoSettings = serde_json::from_value(old.settings.clone()).unwrap();
    let mut rouge_l = PairwiseF1::new(RougeType::L, true);
    fresco::score(
        &old.details.reference_claims,
        &old.details.candidate_claims,
        &old.details.authorities,
        &settings,
        &mut |a, b| Ok(rouge_l.f1(a, b)),
    )
}

#[test]
fn fresco_reports_of_schema_1_open_typed_and_the_pipeline_gives_their_numbers() {
    for (file, generalized) in [
        ("compat/l-fresco.before-schema-2.json", false),
        ("compat/fresco.before-schema-2.json", true),
    ] {
        let old: ScoreReport<FrescoDetails> = serde_json::from_str(&fixture(file)).unwrap();
        let raw: serde_json::Value = serde_json::from_str(&fixture(file)).unwrap();
        assert_eq!(old.settings["generalized"], generalized, "{file}");
        // The pipeline still scores the fixtures with these settings.
        let MetricReport::Fresco(piped) = run(saved_brief_job(&old.settings)).metric else {
            panic!("a brief check gives a FRESCO report");
        };
        assert!(piped.score(&piped.metric).is_some(), "{file}");
        let new = rescore(&old);
        assert_eq!(new.scores, old.scores, "{file}");
        let mut version_1 = new.settings.clone();
        assert_eq!(version_1["generalized_match"], "claims", "{file}");
        version_1
            .as_object_mut()
            .unwrap()
            .remove("generalized_match");
        assert_eq!(version_1, old.settings, "{file}");
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
        settings: serde_json::from_value(old.settings.clone()).unwrap(),
        judge: None,
        reference_points: None,
        candidate_points: None,
    };
    let CheckJob::Summary { settings, .. } = &job else {
        unreachable!()
    };
    let settings: &PointwiseSettings = settings;
    assert_eq!(settings.similarity, Similarity::RougeL);
    assert_eq!(settings.other_relevant, OtherRelevant::Partial);
    let MetricReport::Pointwise(new) = run(job).metric else {
        panic!("a summary check gives a pointwise report");
    };
    // Recall, precision and F1 as saved; easiness (A.6) compares stems since metric version 2.
    assert_eq!(new.scores[..3], old.scores[..3]);
    assert_eq!(new.scores[3].name, "easiness_recall");
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
    assert!(matches!(
        run(saved_brief_job(&export.reports[0].settings)).metric,
        MetricReport::Fresco(_)
    ));
    assert_eq!(rescore(&export.reports[0]).scores, export.reports[0].scores);
}

#[test]
fn a_share_link_carries_the_version_of_the_report_its_check_makes() {
    let (reference, candidate) = (
        fixture("briefs/reference.txt"),
        fixture("briefs/generated.txt"),
    );
    let settings = l_fresco(Similarity::RougeL, Similarity::RougeL.default_threshold());
    let brief = run(brief_job(&reference, &candidate, settings));
    let summary = run(summary_job(
        &reference,
        &candidate,
        PointwiseSettings::default(),
    ));
    for (view, report) in [("brief", brief), ("summary", summary)] {
        let version = report.metric.without_details().metric_version;
        assert_eq!(share::metric_version(view), version, "{view}");
    }
    // Links made before the pipeline carry version 1, so opening one now says its numbers may differ.
    let old = share::decode(fixture("compat/brief-rougeL.link.txt").trim()).unwrap();
    let notes = old.mismatches("");
    assert!(
        notes[0].contains(&format!(
            "metric version 1; this page computes version {}",
            fresco::METRIC_VERSION
        )),
        "{notes:?}"
    );
}

#[test]
fn a_brief_link_from_before_the_c_sim_first_matching_says_its_numbers_may_differ() {
    // Metric version 2's generalized FRESCO added ε·ROUGE-1 to C-SIM, so a link made then may show other
    // numbers for the same texts today.
    let mut link = share::decode(fixture("compat/brief-rougeL.link.txt").trim()).unwrap();
    link.metric_version = "2".into();
    let notes = link.mismatches("");
    assert_eq!(
        notes,
        [format!(
            "It was made with metric version 2; this page computes version {}, so numbers may differ.",
            fresco::METRIC_VERSION
        )]
    );
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
    // Made before the points choice: the summaries' sentences, and a link made again from it is unchanged.
    assert_eq!(summary.settings.points, PointSource::Sentences);
    let again = serde_json::to_value(&summary).unwrap();
    assert_eq!(again["settings"].get("points"), None);
    // A link from a build that knows a similarity this one does not opens with the default.
    let mut newer = serde_json::to_value(&brief).unwrap();
    newer["settings"]["similarity"] = "bertscore".into();
    let reread: SharePayload = serde_json::from_value(newer).unwrap();
    assert_eq!(reread.settings.similarity, Similarity::RougeL);
}
