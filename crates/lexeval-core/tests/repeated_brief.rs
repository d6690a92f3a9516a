//! A realistic brief repeated many times asks for no more embeddings or LLM answers than one copy, and its
//! report keeps one row per reference pair with a count of comparisons: work and memory follow the distinct
//! claims, not the text's length.

use lexeval_core::pipeline::{CheckJob, MetricReport, Pipeline, Step};
use lexeval_core::similarity::Similarity;
use lexeval_core::test_support::{brief_job, fixture, l_fresco, PlainJudge};

fn job(copies: usize, similarity: Similarity) -> CheckJob {
    let repeat = |text: String| vec![text; copies].join("\n\n");
    brief_job(
        &repeat(fixture("briefs/reference.txt")),
        &repeat(fixture("briefs/generated.txt")),
        l_fresco(similarity, 0.5),
    )
}

/// What the pipeline asks first.
fn first_request(copies: usize, similarity: Similarity) -> (Pipeline, Vec<String>) {
    match Pipeline::start(job(copies, similarity), &PlainJudge) {
        (pipeline, Step::NeedEmbeddings { texts }) => (pipeline, texts),
        (pipeline, Step::NeedAnswers { prompts }) => (pipeline, prompts),
        (_, step @ (Step::Done { .. } | Step::NeedPoints { .. })) => {
            panic!("{similarity}: a brief check needs its caller for claims, got {step:?}")
        }
    }
}

#[test]
fn twenty_copies_ask_what_one_copy_asks() {
    for similarity in [Similarity::Embedding, Similarity::Llm] {
        let (_, once) = first_request(1, similarity);
        let (mut pipeline, twenty) = first_request(20, similarity);
        assert_eq!(once, twenty, "{similarity}");
        let step = match similarity {
            Similarity::Llm => {
                let answers = twenty.iter().map(|_| Ok("Yes".to_string())).collect();
                pipeline.feed_answers(answers, &PlainJudge)
            }
            _ => pipeline.feed_embeddings(vec![vec![1.0, 0.0]; twenty.len()], &PlainJudge),
        };
        let Ok(Step::Done { report }) = step else {
            panic!("{similarity}: done after one round");
        };
        let MetricReport::Fresco(fresco) = report.metric else {
            panic!("a brief check gives a FRESCO report");
        };
        // Every similarity is 1: every reference pair whose authority the generated brief cites is
        // supported, the others (no citing candidate) are not.
        let rows = &fresco.details.pairs;
        assert!(rows
            .iter()
            .all(|row| row.supported == (row.compared > Some(0))));
        let supported = rows.iter().filter(|row| row.supported).count();
        assert!(supported as f64 / rows.len() as f64 > 0.9, "{similarity}");
        assert_eq!(
            fresco.score("l-fresco"),
            Some(supported as f64 / rows.len() as f64),
            "{similarity}"
        );
        // One row per reference (claim, authority) pair; each counts the 20 copies of its candidates.
        assert!(rows.len() > 20 * 30, "{} rows", rows.len());
        assert!(rows.iter().all(|row| row.compared.unwrap_or(0) % 20 == 0));
        if similarity == Similarity::Llm {
            assert_eq!(fresco.details.llm_exchanges.unwrap().len(), once.len());
        }
    }
}
