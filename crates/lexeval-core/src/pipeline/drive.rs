//! The blocking driver of a pipeline: the loop the CLI and the Python package share. The page's score worker
//! drives pipelines asynchronously and keeps its own loop.

use super::{CheckJob, CheckReport, FeedError, Pipeline, Step};
use crate::judge::{Answer, JudgeLanguage};
use crate::shipped_model::EmbeddingModel;

/// What a driver gives a pipeline when it asks: embeddings from a model, and answers from an LLM endpoint
/// (point extraction is one more question for the same endpoint). Each is asked for only when a pipeline
/// needs it, so an implementation loads its model or opens its client on the first call.
pub trait Provider {
    /// Why embeddings or answers could not be had (a failed answer is an [`Answer`] error instead: the
    /// check's scores are then null with it).
    type Error: From<FeedError>;

    /// Unit-length embeddings of `texts`, in order.
    fn embed(&mut self, texts: &[String]) -> Result<Vec<Vec<f32>>, Self::Error>;

    /// The model [`Provider::embed`] uses, recorded in the reports that used it.
    fn embedding_model(&self) -> EmbeddingModel;

    /// The LLM's answers to `prompts`, in order.
    fn answer(&mut self, prompts: &[String]) -> Result<Vec<Answer>, Self::Error>;
}

/// Runs `job` to its end with what `provider` gives.
pub fn run<P: Provider>(
    job: CheckJob,
    judge: &dyn JudgeLanguage,
    provider: &mut P,
) -> Result<CheckReport, P::Error> {
    let (mut pipeline, mut step) = Pipeline::start(job, judge);
    let mut embedded = false;
    loop {
        step = match step {
            Step::NeedEmbeddings { texts } => {
                embedded = true;
                let embeddings = provider.embed(&texts)?;
                pipeline.feed_embeddings(embeddings, judge)?
            }
            Step::NeedAnswers { prompts } | Step::NeedPoints { prompts } => {
                let answers = provider.answer(&prompts)?;
                pipeline.feed_answers(answers, judge)?
            }
            Step::Done { mut report } => {
                if embedded {
                    report.record_embedding_model(provider.embedding_model());
                }
                return Ok(*report);
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::similarity::Similarity;
    use crate::test_support::{brief_job, l_fresco, PlainJudge};

    /// Embeds every text in one direction, answers every prompt "Yes", and counts what it was asked.
    #[derive(Default)]
    struct Counting {
        embedded: usize,
        answered: usize,
    }

    impl Provider for Counting {
        type Error = FeedError;
        fn embed(&mut self, texts: &[String]) -> Result<Vec<Vec<f32>>, FeedError> {
            self.embedded += texts.len();
            Ok(vec![vec![1.0, 0.0]; texts.len()])
        }
        fn embedding_model(&self) -> EmbeddingModel {
            EmbeddingModel::MiniLmInt8
        }
        fn answer(&mut self, prompts: &[String]) -> Result<Vec<Answer>, FeedError> {
            self.answered += prompts.len();
            Ok(vec![Ok("Yes".into()); prompts.len()])
        }
    }

    const REFERENCE: &str =
        "The court held the contract void. Kayes v. Pacific Lumber Co., 51 F.3d \
                             1449 (9th Cir. 1995).";
    const CANDIDATE: &str =
        "The contract was void. Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th \
                             Cir. 1995).";

    fn model_recorded(report: &CheckReport) -> Option<&str> {
        let crate::pipeline::MetricReport::Fresco(fresco) = &report.metric else {
            panic!("a brief check gives a FRESCO report");
        };
        fresco.settings.get("embedding_model")?.get("id")?.as_str()
    }

    #[test]
    fn only_what_the_pipeline_asks_for_is_provided_and_the_model_is_recorded_when_used() {
        let mut provider = Counting::default();
        let job = brief_job(REFERENCE, CANDIDATE, l_fresco(Similarity::RougeL, 0.5));
        let report = run(job, &PlainJudge, &mut provider).unwrap();
        assert_eq!((provider.embedded, provider.answered), (0, 0));
        assert_eq!(model_recorded(&report), None);

        let job = brief_job(REFERENCE, CANDIDATE, l_fresco(Similarity::Embedding, 0.5));
        let report = run(job, &PlainJudge, &mut provider).unwrap();
        assert!(provider.embedded > 0);
        assert_eq!(model_recorded(&report), Some("minilm-int8"));

        let job = brief_job(REFERENCE, CANDIDATE, l_fresco(Similarity::Llm, 0.5));
        run(job, &PlainJudge, &mut provider).unwrap();
        assert!(provider.answered > 0);
    }
}
