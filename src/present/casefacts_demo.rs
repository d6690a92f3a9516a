//! The About view's CaseFacts demo. The Benchmarks view's files are scored in the score worker
//! (`workers::score::benchmark`, running `lexeval_core::benchmark` there).

use lexeval_core::casefacts::{self, CaseFactsDetails};
use lexeval_core::report::ScoreReport;

/// The CaseFacts teaching demo: the OVERRULED example claim answered with the gold case and `verdict`.
pub fn casefacts_demo(verdict: &str) -> ScoreReport<CaseFactsDetails> {
    let item = crate::views::examples::CASEFACTS_OVERRULED;
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
