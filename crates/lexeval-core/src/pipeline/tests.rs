use super::*;
use crate::authority_key::AuthorityKey;
use crate::citations::claims;
use crate::fresco::{self, AuthorityScope};
use crate::integrity::Check;
use crate::judge::JudgeError;
use crate::judge::JudgeSettings;
use crate::pointwise::{Assignment, PointSource, PointwiseDetails};
use crate::similarity::Similarity;
use crate::test_support::{brief_job, done, l_fresco, summary_job, PlainJudge};

const REFERENCE: &str =
    "The court held the contract void. Kayes v. Pacific Lumber Co., 51 F.3d 1449 \
                         (9th Cir. 1995). The claim was time-barred.";
const CANDIDATE: &str =
    "The contract was void, as the court held. Kayes v. Pacific Lumber Co., 51 F.3d \
                         1449 (9th Cir. 1995).";

fn brief(similarity: Similarity) -> CheckJob {
    brief_job(REFERENCE, CANDIDATE, l_fresco(similarity, 0.5))
}

fn fresco_report(report: &CheckReport) -> &ScoreReport<FrescoDetails> {
    match &report.metric {
        MetricReport::Fresco(report) => report,
        MetricReport::Pointwise(_) => panic!("a brief check gives a FRESCO report"),
    }
}

fn pointwise_report(report: &CheckReport) -> &ScoreReport<PointwiseDetails> {
    match &report.metric {
        MetricReport::Pointwise(report) => report,
        MetricReport::Fresco(_) => panic!("a summary check gives a pointwise report"),
    }
}

fn score_names<D>(report: &ScoreReport<D>) -> Vec<&str> {
    report.scores.iter().map(|s| s.name.as_str()).collect()
}

#[test]
fn rouge_brief_is_done_at_once_and_equals_the_metric_called_directly() {
    let (_, step) = Pipeline::start(brief(Similarity::RougeL), &PlainJudge);
    let report = done(step);
    let mut similarity = |a: &str, b: &str| Ok(crate::rouge::f1(RougeType::L, a, b, true));
    let direct = fresco::score(
        &claims(REFERENCE),
        &claims(CANDIDATE),
        &fresco_report(&report).details.authorities,
        &l_fresco(Similarity::RougeL, 0.5),
        &mut similarity,
    );
    // The pipeline adds the authorities of both texts with their names.
    let authorities = &fresco_report(&report).details.authorities;
    let names: Vec<&str> = authorities.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Kayes v. Pacific Lumber Co., 51 F.3d 1449"]);
    assert_eq!(fresco_report(&report), &direct);
    let names = score_names(&report.rouge);
    assert_eq!(names, ["rouge1", "rouge2", "rougeL"]);
    let citations = report
        .reference_spans
        .iter()
        .filter(|s| matches!(s.kind, SpanKind::Citation { .. }))
        .count();
    assert_eq!(citations, 1);
    assert_eq!(report.cosine, None);
}

#[test]
fn embedding_brief_asks_for_each_distinct_claim_once() {
    let (mut pipeline, step) = Pipeline::start(brief(Similarity::Embedding), &PlainJudge);
    let Step::NeedEmbeddings { texts } = step else {
        panic!("embeddings first");
    };
    assert_eq!(texts.len(), 3);
    // Every claim the same direction: every similarity 1.
    let report = done(
        pipeline
            .feed_embeddings(vec![vec![1.0, 0.0]; texts.len()], &PlainJudge)
            .unwrap(),
    );
    assert_eq!(fresco_report(&report).score("l-fresco"), Some(1.0));
    let cosine = report.cosine.unwrap();
    assert_eq!(cosine.score("embedding_cosine"), Some(1.0));
    // Fed twice, or the wrong count: an error, not a panic.
    assert!(pipeline.feed_embeddings(vec![], &PlainJudge).is_err());
    let (mut pipeline, _) = Pipeline::start(brief(Similarity::Embedding), &PlainJudge);
    assert!(pipeline
        .feed_embeddings(vec![vec![1.0]], &PlainJudge)
        .is_err());
    assert!(pipeline.feed_answers(vec![], &PlainJudge).is_err());
}

#[test]
fn llm_brief_asks_each_shared_authority_pair_and_records_every_exchange() {
    let mut job = brief(Similarity::Llm);
    let settings = JudgeSettings {
        endpoint: "http://127.0.0.1:9/v1".into(),
        model: "judge".into(),
        seed: None,
        temperature: 0.0,
    };
    if let CheckJob::Brief { judge, .. } = &mut job {
        *judge = Some(settings.clone());
    }
    let (mut pipeline, step) = Pipeline::start(job, &PlainJudge);
    let Step::NeedAnswers { prompts } = step else {
        panic!("answers first");
    };
    assert_eq!(
        prompts,
        ["claim: The contract was void, as the court held. | The court held the contract void."]
    );
    let report = done(
        pipeline
            .feed_answers(vec![Ok("Same holding. Yes".into())], &PlainJudge)
            .unwrap(),
    );
    let fresco = fresco_report(&report);
    assert_eq!(fresco.score("l-fresco"), Some(1.0));
    assert_eq!(fresco.details.llm, Some(settings));
    let exchanges = fresco.details.llm_exchanges.as_ref().unwrap();
    assert_eq!(exchanges[0].answer.as_deref(), Some("Same holding. Yes"));

    // A failed call and an unreadable answer leave their pair unjudged (never 0): with nothing judged the
    // score is null with the first error, in the judge's words, as the exchange and the errors list it.
    for (answer, error) in [
        (Err(JudgeError::Unanswered("HTTP 500".into())), "HTTP 500"),
        (Ok("Hmm.".to_string()), "no Yes/No in \"Hmm.\""),
    ] {
        let (mut pipeline, _) = Pipeline::start(brief(Similarity::Llm), &PlainJudge);
        let report = done(pipeline.feed_answers(vec![answer], &PlainJudge).unwrap());
        let fresco = fresco_report(&report);
        assert_eq!(fresco.score("l-fresco"), None);
        assert_eq!(
            fresco.scores[0].null_reason,
            Some(format!("every LLM judgement failed: {error}"))
        );
        assert_eq!(fresco.details.failed_pairs, 1);
        assert_eq!(fresco.details.unjudged_reference_pairs, 1);
        assert!(!fresco.details.pairs[0].judged);
        assert_eq!(
            fresco.details.similarity_errors,
            [format!("reference claim 0 vs candidate claim 0: {error}")]
        );
        assert_eq!(
            fresco.details.llm_exchanges.as_ref().unwrap()[0]
                .error
                .as_deref(),
            Some(error)
        );
    }
}

fn summary(similarity: Similarity) -> CheckJob {
    summary_job(
        "The court granted the motion. The case was dismissed.",
        "The motion was granted. The case was dismissed.",
        PointwiseSettings {
            similarity,
            assignment: Assignment::Greedy,
            ..PointwiseSettings::default()
        },
    )
}

#[test]
fn llm_summary_embeds_then_asks_a4_then_each_a5_tiebreak() {
    let (mut pipeline, step) = Pipeline::start(summary(Similarity::Llm), &PlainJudge);
    let Step::NeedEmbeddings { texts } = step else {
        panic!("embeddings for the pre-selection first");
    };
    // "The case was dismissed." is on both sides: three distinct texts.
    assert_eq!(texts.len(), 3);
    let step = pipeline
        .feed_embeddings(vec![vec![1.0, 0.0]; 3], &PlainJudge)
        .unwrap();
    let Step::NeedAnswers { prompts } = step else {
        panic!("A.4 questions");
    };
    assert_eq!(prompts.len(), 4);
    // Every pair matches: both candidates are contested, so two tie-breaks, one at a time.
    let mut step = pipeline
        .feed_answers(vec![Ok("Yes".into()); 4], &PlainJudge)
        .unwrap();
    let mut tiebreaks = 0;
    while let Step::NeedAnswers { prompts } = step {
        assert_eq!(prompts.len(), 1);
        assert!(prompts[0].starts_with("closest reference point"));
        tiebreaks += 1;
        step = pipeline
            .feed_answers(vec![Ok("2".into())], &PlainJudge)
            .unwrap();
    }
    assert_eq!(
        tiebreaks, 1,
        "after the first choice the other candidate has one reference left"
    );
    let report = done(step);
    let pointwise = pointwise_report(&report);
    assert_eq!(pointwise.score("pointwise_recall"), Some(1.0));
    let PointwiseDetails::Scored(details) = &pointwise.details else {
        panic!("scored");
    };
    assert_eq!(details.llm_exchanges.as_ref().unwrap().len(), 5);
    assert_eq!(details.assignment, [(0, 1), (1, 0)]);
    assert!(report.cosine.is_some());
}

/// A summary check whose points the LLM extracts, each text's paragraphs separated by a blank line.
fn summary_with_llm_points(reference: &str, candidate: &str) -> CheckJob {
    let settings = PointwiseSettings {
        points: PointSource::Llm,
        ..PointwiseSettings::default()
    };
    let mut job = summary_job(reference, candidate, settings);
    if let CheckJob::Summary { judge, .. } = &mut job {
        *judge = Some(JudgeSettings {
            endpoint: "http://127.0.0.1:1/v1".into(),
            model: "fake".into(),
            seed: None,
            temperature: 0.0,
        });
    }
    job
}

#[test]
fn llm_points_are_asked_per_paragraph_then_matched_and_recorded() {
    let job = summary_with_llm_points(
        "The court granted the motion and dismissed the case.\n\nCosts went to the plaintiff.",
        "The court granted the motion.",
    );
    let (mut pipeline, step) = Pipeline::start(job, &PlainJudge);
    let Step::NeedPoints { prompts } = step else {
        panic!("Step 1 asks for the points first, got {step:?}");
    };
    assert_eq!(
        prompts,
        [
            "points of: The court granted the motion and dismissed the case.",
            "points of: Costs went to the plaintiff.",
            "points of: The court granted the motion.",
        ]
    );
    let answers = vec![
        Ok("- The court granted the motion.\n- The court dismissed the case.".into()),
        Ok("- Costs went to the plaintiff.".into()),
        Ok("- The court granted the motion.".into()),
    ];
    let report = done(pipeline.feed_answers(answers, &PlainJudge).unwrap());
    let pointwise = pointwise_report(&report);
    assert_eq!(pointwise.settings["points"], "llm");
    let PointwiseDetails::Scored(details) = &pointwise.details else {
        panic!("scored: {:?}", pointwise.details);
    };
    let reference: Vec<_> = details
        .reference_points
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(
        reference,
        [
            "The court granted the motion.",
            "The court dismissed the case.",
            "Costs went to the plaintiff."
        ]
    );
    assert_eq!(details.candidate_points, ["The court granted the motion."]);
    assert_eq!(details.assignment, [(0, 0)]);
    assert_eq!(pointwise.score("pointwise_precision"), Some(1.0));
    let exchanges = details.llm_exchanges.as_ref().unwrap();
    assert_eq!(exchanges.len(), 3);
    assert_eq!(
        exchanges[1].answer.as_deref(),
        Some("- Costs went to the plaintiff.")
    );
    assert_eq!(details.llm.as_ref().unwrap().model, "fake");
}

#[test]
fn llm_points_then_the_llm_judge_keep_every_exchange_in_order() {
    let mut job = summary_with_llm_points("The court ruled.", "The court ruled.");
    if let CheckJob::Summary { settings, .. } = &mut job {
        settings.similarity = Similarity::Llm;
    }
    let (mut pipeline, step) = Pipeline::start(job, &PlainJudge);
    let Step::NeedPoints { prompts } = step else {
        panic!("Step 1 first");
    };
    assert_eq!(
        prompts,
        ["points of: The court ruled."],
        "one prompt per distinct paragraph"
    );
    let step = pipeline
        .feed_answers(vec![Ok("- The court ruled.".into())], &PlainJudge)
        .unwrap();
    let Step::NeedEmbeddings { texts } = step else {
        panic!("then the pre-selection's embeddings, got {step:?}");
    };
    let step = pipeline
        .feed_embeddings(vec![vec![1.0, 0.0]; texts.len()], &PlainJudge)
        .unwrap();
    let Step::NeedAnswers { prompts } = step else {
        panic!("then A.4");
    };
    assert_eq!(prompts, ["point: The court ruled. | The court ruled."]);
    let report = done(
        pipeline
            .feed_answers(vec![Ok("Yes".into())], &PlainJudge)
            .unwrap(),
    );
    let PointwiseDetails::Scored(details) = &pointwise_report(&report).details else {
        panic!("scored");
    };
    let prompts: Vec<_> = details
        .llm_exchanges
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| e.prompt.as_str())
        .collect();
    assert_eq!(
        prompts,
        [
            "points of: The court ruled.",
            "point: The court ruled. | The court ruled."
        ]
    );
    assert_eq!(
        pointwise_report(&report).score("pointwise_recall"),
        Some(1.0)
    );
}

#[test]
fn unextractable_points_give_null_scores_with_the_reason_and_the_exchanges() {
    let job = summary_with_llm_points("The court ruled.", "The motion was granted.\n\nCosts.");
    let (mut pipeline, step) = Pipeline::start(job, &PlainJudge);
    let Step::NeedPoints { prompts } = step else {
        panic!("Step 1 asks for the points first");
    };
    assert_eq!(prompts.len(), 3);
    let answers = vec![
        Ok("- The court ruled.".into()),
        Ok("- The motion was granted.".into()),
        Ok("I cannot split this.".into()),
    ];
    let report = done(pipeline.feed_answers(answers, &PlainJudge).unwrap());
    let pointwise = pointwise_report(&report);
    assert!(pointwise.scores.iter().all(|s| s.value.is_none()));
    let reason = pointwise.scores[0].null_reason.as_deref().unwrap();
    assert!(
        reason.starts_with(
            "the generated summary's points could not be extracted by the LLM (paragraph 2): no points"
        ),
        "{reason}"
    );
    let PointwiseDetails::Skipped { llm_exchanges, .. } = &pointwise.details else {
        panic!("skipped");
    };
    let exchanges = llm_exchanges.as_ref().unwrap();
    assert_eq!(exchanges.len(), 3);
    assert!(exchanges[2]
        .error
        .as_deref()
        .unwrap()
        .starts_with("no points"));

    // A failed call is the reason too, never the sentences instead.
    let job = summary_with_llm_points("The court ruled.", "The motion was granted.");
    let (mut pipeline, _) = Pipeline::start(job, &PlainJudge);
    let unanswered = Err(JudgeError::Unanswered("connection refused".into()));
    let report = done(
        pipeline
            .feed_answers(vec![unanswered, Ok("- The motion.".into())], &PlainJudge)
            .unwrap(),
    );
    assert_eq!(
        pointwise_report(&report).scores[0].null_reason.as_deref(),
        Some("the reference summary's points could not be extracted by the LLM (paragraph 1): connection refused")
    );
}

#[test]
fn supplied_points_are_not_extracted_and_sentences_stay_out_of_the_settings() {
    let mut job = summary_with_llm_points("The court ruled.", "The court ruled.");
    if let CheckJob::Summary {
        candidate_points, ..
    } = &mut job
    {
        *candidate_points = Some(vec![crate::pointwise::Paragraph {
            paragraph: "The court ruled.".into(),
            points: vec!["The court ruled.".into()],
        }]);
    }
    let (_, step) = Pipeline::start(job, &PlainJudge);
    let Step::NeedPoints { prompts } = step else {
        panic!("the reference's points are asked");
    };
    assert_eq!(prompts, ["points of: The court ruled."]);
    let report = done(Pipeline::start(summary(Similarity::Rouge1), &PlainJudge).1);
    assert!(pointwise_report(&report).settings.get("points").is_none());
}

#[test]
fn rouge_summary_needs_nothing() {
    let (_, step) = Pipeline::start(summary(Similarity::Rouge1), &PlainJudge);
    let report = done(step);
    let names = score_names(&report.rouge);
    assert_eq!(names, ["rouge1", "rouge2", "rougeLsum"]);
    assert!(report.metric.scores()[0].value.is_some());
}

#[test]
fn a_check_with_its_whole_text_rouge_apart_reports_the_same_once_it_is_put_in() {
    // Both kinds, and a text ROUGE cannot read (its note travels with the scores computed apart).
    let unread = brief_job(
        "Суд постановил. Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995).",
        CANDIDATE,
        l_fresco(Similarity::RougeL, 0.5),
    );
    for job in [
        brief(Similarity::RougeL),
        summary(Similarity::Rouge1),
        unread,
    ] {
        let whole = done(Pipeline::start(job.clone(), &PlainJudge).1);
        let mut apart = done(Pipeline::start_with(job.clone(), &PlainJudge, WholeText::Apart).1);
        assert!(apart
            .rouge
            .scores
            .iter()
            .all(|s| s.value.is_none()
                && s.null_reason.as_deref() == Some("computed beside the check")));
        assert_ne!(apart, whole);
        let mut failed = apart.clone();
        apart.set_whole_text_rouge(whole_text_rouge_of(&job));
        assert_eq!(apart, whole);
        failed.whole_text_rouge_failed("the second score worker stopped");
        assert_eq!(failed.metric, whole.metric);
        assert!(failed.rouge.scores.iter().all(|s| s.value.is_none()
            && s.null_reason.as_deref()
                == Some("whole-text ROUGE failed: the second score worker stopped")));
    }
}

#[test]
fn jobs_and_steps_survive_json() {
    let job = summary(Similarity::Embedding);
    let json = serde_json::to_string(&job).unwrap();
    assert_eq!(serde_json::from_str::<CheckJob>(&json).unwrap(), job);
    let (_, step) = Pipeline::start(brief(Similarity::Rouge2), &PlainJudge);
    let json = serde_json::to_string(&step).unwrap();
    assert_eq!(serde_json::from_str::<Step>(&json).unwrap(), step);
}

#[test]
fn oversized_inputs_get_reasons_instead_of_minutes() {
    let many = "The court ruled. ".repeat(MAX_POINTS + 1);
    let job = summary_job(&many, "The court ruled.", PointwiseSettings::default());
    let report = done(Pipeline::start(job, &PlainJudge).1);
    let scores = report.metric.scores();
    assert!(scores.iter().all(|s| s.value.is_none()));
    assert!(scores[0]
        .null_reason
        .as_deref()
        .unwrap()
        .contains("at most 2000 points"));
    let long = "word ".repeat(21_000);
    let rouge = whole_text_rouge(&long, &long, &[RougeType::LSum], None);
    assert!(rouge.scores[0].value.is_none());
}

#[test]
fn a_brief_check_scores_authorities_across_both_texts_and_can_count_cases_only() {
    let reference = "A participant may sue to enjoin any act that violates the plan. 29 U.S.C. § 1132(a)(3). \
                     Equitable relief excludes compensatory damages. Mertens v. Hewitt Assocs., 113 S. Ct. \
                     2063 (1993).";
    let candidate = "A participant may sue to enjoin any act that violates the plan. See 29 U.S.C. § 1132(a)(3). \
                     Equitable relief excludes compensatory damages. Mertens v. Hewitt Assocs., 508 U.S. 248, \
                     256, 113 S. Ct. 2063, 124 L. Ed. 2d 161 (1993).";
    let run = |authorities| {
        let settings = FrescoSettings {
            authorities,
            ..l_fresco(Similarity::RougeL, 0.4)
        };
        let job = brief_job(reference, candidate, settings);
        fresco_report(&done(Pipeline::start(job, &PlainJudge).1)).clone()
    };
    let all = run(AuthorityScope::All);
    // The parallel group and the lone S. Ct. cite are one case: both pairs supported, nothing hallucinated.
    assert_eq!(all.scores[0].value, Some(1.0));
    assert_eq!(all.details.pairs.len(), 2);
    assert!(all.details.hallucinated_authorities.is_empty());
    let names: Vec<&str> = all
        .details
        .authorities
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Mertens v. Hewitt Assocs., 508 U.S. 248",
            "29 U.S.C. § 1132"
        ]
    );
    // The paper's literal R: the statute's pair is not counted.
    let cases = run(AuthorityScope::Cases);
    assert_eq!(cases.details.pairs.len(), 1);
    assert_eq!(
        cases.details.pairs[0]
            .authority
            .as_ref()
            .map(AuthorityKey::as_str),
        Some("case:508 U.S. 248")
    );
    assert_eq!(cases.settings["authorities"], "cases");
}

#[test]
fn citations_neither_text_resolves_are_left_out_of_the_score_with_a_note() {
    // Both texts open a paragraph with an Id. (its antecedent was in an earlier, unquoted paragraph) and the
    // generated text cites a case only by a short form. Before, both Id.s were one shared "authority" that
    // made the unrelated claims a supported pair and recall and precision 1.
    let reference =
        "Id. at 12. The trustee must diversify. Kayes v. Pac. Lumber Co., 51 F.3d 1449, 1459 (9th \
                     Cir. 1995).";
    let candidate =
        "Id. at 40. The trustee must diversify. Kayes v. Pac. Lumber Co., 51 F.3d 1449, 1459 (9th \
                     Cir. 1995). Pleading standards differ. Tellabs, 551 U.S. at 322.";
    let job = brief_job(reference, candidate, l_fresco(Similarity::RougeL, 0.4));
    let report = fresco_report(&done(Pipeline::start(job, &PlainJudge).1)).clone();
    assert_eq!(report.details.pairs.len(), 1);
    assert_eq!(report.score("citation_recall"), Some(1.0));
    assert_eq!(report.score("citation_precision"), Some(1.0));
    let left: Vec<(fresco::left_out::Text, &str, fresco::left_out::Unresolved)> = report
        .details
        .left_out
        .iter()
        .map(|c| (c.text, c.citation.as_str(), c.reason))
        .collect();
    use fresco::left_out::{Text, Unresolved};
    assert_eq!(
        left,
        [
            (Text::Reference, "Id.", Unresolved::IdWithoutAntecedent),
            (Text::Candidate, "Id.", Unresolved::IdWithoutAntecedent),
            (
                Text::Candidate,
                "551 U.S. at 322",
                Unresolved::ShortFormWithoutFullCitation
            ),
        ]
    );
    let note =
        "3 unresolved citations left out (1 in the reference, 2 in the candidate): see left_out";
    assert!(report
        .scores
        .iter()
        .all(|s| s.note.as_deref() == Some(note)));
    // Reports written before the list existed read back with an empty one, and an empty one is not written.
    let mut json = serde_json::to_value(&report).unwrap();
    json["details"].as_object_mut().unwrap().remove("left_out");
    let back: ScoreReport<FrescoDetails> = serde_json::from_value(json).unwrap();
    assert!(back.details.left_out.is_empty());
    assert!(!serde_json::to_string(&back.details)
        .unwrap()
        .contains("left_out"));
}

#[test]
fn record_cites_and_cross_references_are_highlighted_as_what_they_are() {
    let (claims, spans) = annotate::claims_and_spans(
        "The plan was amended. (Compl. ¶ 44.) The change was hidden. See infra Part II.",
    );
    let names: Vec<&str> = spans
        .iter()
        .filter_map(|s| match &s.kind {
            SpanKind::Citation { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        names,
        [
            "Compl. ¶ 44 (record cite)",
            "infra Part II. (cross-reference)"
        ]
    );
    assert!(claims.iter().all(|c| c.authorities.is_empty()));
}

#[test]
fn texts_rouge_cannot_read_say_so_on_every_rouge_decided_score_and_split_into_their_sentences() {
    // Identical Arabic summaries: rouge-score's tokenizer reads none of their words, so ROUGE (kept for
    // parity) finds nothing in common; every score it decides says why and points to the embeddings.
    let arabic = "رفضت المحكمة الدعوى. استأنف المدعي الحكم.";
    let job = summary_job(arabic, arabic, PointwiseSettings::default());
    let (_, step) = Pipeline::start(job, &PlainJudge);
    let report = done(step);
    let expected = "the reference text has few words ROUGE reads (0 of 6): rouge-score's tokenizer keeps \
                    only a–z and 0–9, so ROUGE cannot compare these texts — choose the embedding similarity";
    for score in report.metric.scores().iter().chain(&report.rouge.scores) {
        if score.value.is_some() {
            assert_eq!(score.note.as_deref(), Some(expected), "{}", score.name);
        }
    }
    let PointwiseDetails::Scored(details) = &pointwise_report(&report).details else {
        panic!("scored");
    };
    assert_eq!(details.reference_points.len(), 2);
    // English texts get no such note.
    let (_, step) = Pipeline::start(summary(Similarity::RougeL), &PlainJudge);
    let report = done(step);
    assert!(report.metric.scores().iter().all(|s| s.note.is_none()));
}

#[test]
fn a_brief_report_lists_integrity_findings_beside_unchanged_scores() {
    // The examples: Riley v. California's cite under another name, a pin of 999 on it.
    let reference =
        "Officers must generally secure a warrant before searching a cell phone seized incident \
                     to an arrest. Riley v. California, 573 U.S. 373, 386 (2014).";
    let candidate =
        "Officers must generally secure a warrant before searching a cell phone seized incident \
                     to an arrest. Riley v. Texas, 573 U.S. 373, 999 (2014).";
    let settings = l_fresco(Similarity::RougeL, 0.4);
    let report = done(
        Pipeline::start(
            brief_job(reference, candidate, settings.clone()),
            &PlainJudge,
        )
        .1,
    );
    let report = fresco_report(&report);
    let checks: Vec<&Check> = report.details.integrity.iter().map(|f| &f.check).collect();
    assert!(
        matches!(
            checks[..],
            [Check::NameCiteMismatch { .. }, Check::Pin { .. }]
        ),
        "{checks:?}"
    );
    assert_eq!(
        crate::integrity::flagged_citations(&report.details.integrity),
        1
    );
    // The scores are the metric's own: L-FRESCO still counts the cite as the shared authority.
    let mut similarity = |a: &str, b: &str| Ok(crate::rouge::f1(RougeType::L, a, b, true));
    let mut direct = fresco::score(
        &claims(reference),
        &claims(candidate),
        &report.details.authorities,
        &settings,
        &mut similarity,
    );
    assert_eq!(direct.scores, report.scores);
    direct.details.integrity = report.details.integrity.clone();
    assert_eq!(&direct, report);
    // The findings read back; a report without any has no field at all.
    let json = serde_json::to_string(report).expect("report JSON");
    assert_eq!(
        &serde_json::from_str::<ScoreReport<FrescoDetails>>(&json).expect("read back"),
        report
    );
    let clean = done(Pipeline::start(brief(Similarity::RougeL), &PlainJudge).1);
    let json = serde_json::to_string(fresco_report(&clean)).expect("report JSON");
    assert!(!json.contains("integrity"), "{json}");
}
