//! About: what each metric measures, with one worked example per metric from the source papers.

use crate::components::score_card::ScoreCards;
use crate::state::route::View;
use crate::state::AppState;
use crate::views::examples;
use leptos::prelude::*;
use lexeval_core::casefacts::CaseFactsDetails;
use lexeval_core::report::ScoreReport;
use lexeval_core::similarity::{Measure, Similarity};

#[component]
pub fn AboutView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let try_kayes = move |_| {
        state.brief_reference.set(examples::KAYES.reference.into());
        state.brief_candidate.set(examples::KAYES.candidate.into());
        state.view.set(View::Brief);
    };
    let try_hitchcock = move |_| {
        state
            .summary_reference
            .set(examples::HITCHCOCK_MANUAL.join(" "));
        state
            .summary_candidate
            .set(examples::HITCHCOCK_FACTSCORE.join(" "));
        state.view.set(View::Summary);
    };
    let try_answer = move |_| {
        state.answer.set(examples::HEDGED_ANSWER.into());
        state.view.set(View::Answer);
    };
    let cf = examples::CASEFACTS_OVERRULED;
    view! {
        <section class="about" aria-labelledby="about-title">
            <h2 id="about-title">"About lexeval"</h2>
            <p>
                "lexeval scores AI-generated legal text against a reference: citations, ROUGE, L-FRESCO, "
                "pointwise recall and precision, U-Score and the CaseFacts and LegalSearchQA benchmarks. "
                "Everything runs in this page; nothing you paste leaves your machine unless you configure "
                "your own LLM endpoint. Your texts are kept in this browser's storage so a reload loses nothing."
            </p>

            <article class="demo" id="demo-lfresco">
                <h3>"L-FRESCO: is each cited case used for the right claim?"</h3>
                <p>
                    "Split both paragraphs into (claim, citation) pairs; pair a generated claim with the "
                    "reference claim that cites the same case; count a pair as correct when the two claims are "
                    "similar enough (similarity ≥ threshold). L-FRESCO is the share of reference "
                    "claim–authority pairs answered correctly (a claim citing two cases is two pairs): "
                    <code>"L-FRESCO = (1/|R|) Σ B-SIM(c, r)"</code> "."
                </p>
                <p class="worked">
                    "Worked example ("
                    <a href="https://arxiv.org/abs/2603.21283" target="_blank" rel="noopener">
                        "L-FRESCO paper, arXiv:2603.21283"
                    </a>
                    ", §2.2):"
                </p>
                <blockquote>
                    <p><strong>"Reference: "</strong>{examples::KAYES.reference}</p>
                    <p><strong>"Generated: "</strong>{examples::KAYES.candidate}</p>
                </blockquote>
                <p>
                    "Both cite Kayes v. Pacific Lumber (51 F.3d 1449), so citation recall is 1. But the "
                    "generated claim defines a fiduciary while the reference says a corporate officer is not "
                    "exempt from liability: their similarity is far below the threshold, so L-FRESCO = 0/1 = 0. "
                    "Citation metrics alone would call this generation perfect."
                </p>
                <button type="button" id="demo-lfresco-try" on:click=try_kayes>"Try it in Brief check"</button>
            </article>

            <article class="demo" id="demo-pointwise">
                <h3>"Claims and points: decomposition decides what is counted"</h3>
                <p>
                    "Pointwise recall splits the reference into atomic points and asks how many the generated "
                    "text covers; precision asks the reverse. How finely a text is split changes both numbers."
                </p>
                <p class="worked">
                    "Worked example ("
                    <a href="https://arxiv.org/abs/2403.11903" target="_blank" rel="noopener">
                        "claim-decomposition paper, arXiv:2403.11903"
                    </a>
                    ", Appendix D, Table 8):"
                </p>
                <blockquote><p>{examples::HITCHCOCK_SENTENCE}</p></blockquote>
                <div class="pair">
                    <div>
                        <h4>{format!("Manual decomposition ({} claims)", examples::HITCHCOCK_MANUAL.len())}</h4>
                        <ol>{examples::HITCHCOCK_MANUAL.iter().map(|c| view! { <li>{*c}</li> }).collect_view()}</ol>
                    </div>
                    <div>
                        <h4>{format!("FActScore decomposition ({} claims)", examples::HITCHCOCK_FACTSCORE.len())}</h4>
                        <ol>{examples::HITCHCOCK_FACTSCORE.iter().map(|c| view! { <li>{*c}</li> }).collect_view()}</ol>
                    </div>
                </div>
                <p>
                    "No automatic method separates the date into month, day and year, so scored against the "
                    "manual points, even a faithful FActScore decomposition leaves several points uncovered "
                    "one-to-one: recall falls while every FActScore claim is still true (precision stays high)."
                </p>
                <button type="button" id="demo-pointwise-try" on:click=try_hitchcock>"Try it in Summary check"</button>
            </article>

            <article class="demo" id="demo-casefacts">
                <h3>"CaseFacts: is the claim still good law?"</h3>
                <p>
                    "Each claim is labelled Supported, Refuted or Overruled. A system must name the case (the "
                    "evidence) and the verdict. Evidence score = F1 of predicted vs gold cases, zeroed when "
                    "Recall@5 < 0.5; verdict score = evidence score × (verdict correct)."
                </p>
                <p class="worked">"Worked example (CaseFacts test split):"</p>
                <dl class="casefacts-item">
                    <dt>"Claim"</dt>
                    <dd>{cf.claim}</dd>
                    <dt>"Gold case"</dt>
                    <dd>{cf.case_name}</dd>
                    <dt>"Overruled by"</dt>
                    <dd>{cf.overruling_case}</dd>
                    <dt>"Label"</dt>
                    <dd>{cf.label}</dd>
                </dl>
                <p>
                    "A system that finds " <em>{cf.case_name}</em> " but answers Supported gets evidence 1 and "
                    "verdict 0: the case did say this, but it is no longer the law. Answering Overruled scores 1. "
                    "Computed by this page's CaseFacts engine:"
                </p>
                {["SUPPORTED", "OVERRULED"]
                    .into_iter()
                    .map(|verdict| {
                        let scores = headline(crate::present::casefacts_demo::casefacts_demo(verdict));
                        let id = format!("demo-casefacts-{}", verdict.to_lowercase());
                        let div_id = id.clone();
                        view! {
                            <div class="casefacts-demo" id=div_id>
                                <p class="worked">{format!("Gold case found, verdict {verdict}:")}</p>
                                <ScoreCards scores id_prefix=id />
                            </div>
                        }
                    })
                    .collect_view()}
            </article>

            <article class="demo" id="demo-uscore">
                <h3>"U-Score: does the answer sound certain for good reasons?"</h3>
                <p>
                    <code>"U = 0.25H + 0.20T + 0.25(1−C) + 0.15(1−J) + 0.15(1−D)"</code>
                    " — hedging and temporal vagueness raise it; citations, jurisdiction and decisiveness lower "
                    "it. Lower is better (L-MARS paper, LegalSearchQA)."
                </p>
                <blockquote><p>{examples::HEDGED_ANSWER}</p></blockquote>
                <p>"“may”, “possibly”, “might”, “at some point recently” and no citation make this answer score high."</p>
                <button type="button" id="demo-uscore-try" on:click=try_answer>"Try it in Answer check"</button>
            </article>

            <article class="demo" id="about-defaults">
                <h3>"What you see, and why: the papers' definitions by default"</h3>
                <ul class="about-lines">
                    <li id="about-null">
                        "A score that cannot be computed shows “—” with its reason (e.g. “every LLM judgement "
                        "failed: could not reach the endpoint…”), never a 0 that looks like a result."
                    </li>
                    <li id="about-notes">
                        "When only some LLM judgements fail, the score covers the judged pairs and its card says "
                        "how many were left out and why."
                    </li>
                    <li id="about-thresholds">
                        {format!("Each similarity has its own default match threshold ({}), chosen on 64 labelled legal claim pairs                                   (docs/thresholds.md); choosing a similarity resets the slider to it, as the CLI does                                   without --threshold. The LLM judge answers Yes or No, so it has no slider.",
                                 default_thresholds())}
                    </li>
                    <li id="about-calibration">
                        "Benchmarks → Calibrate a threshold: label your own pairs and apply the threshold with the "
                        "best reference point based F1, the one " <code>"lexeval calibrate"</code> " chooses."
                    </li>
                    <li id="about-cfresco">
                        "Generalized FRESCO pairs claims one to one by their citations (C-SIM: 1 for the same "
                        "authority, under ½ for a near miss such as a mistyped page, 0 across kinds), then compares "
                        "the paired claims only: a text that swaps two claims' citations scores 0."
                    </li>
                    <li id="about-pointwise">
                        "Pointwise: every pair at or above the threshold is a match (the top-5 shortlist is for the "
                        "LLM judge only); a reference point whose matches all went to other points earns 0, as in "
                        "the paper, not half credit; points are the summaries' sentences, or, with Points: "
                        "Extracted by the LLM, each paragraph's points as your LLM lists them (the paper's Step 1); "
                        "the CLI also takes Step 1's points per paragraph (--reference-points, --candidate-points)."
                    </li>
                    <li id="about-cases">
                        "“Count case citations only” (Brief check) builds R from case citations, as the L-FRESCO "
                        "paper reads; by default statutes, rules and secondary sources count too."
                    </li>
                </ul>
            </article>

            <p class="version">"Engine version " {env!("CARGO_PKG_VERSION")}</p>
        </section>
    }
}

/// "ROUGE-L 0.40, …" from core, so the About page never disagrees with the settings.
fn default_thresholds() -> String {
    Similarity::ALL
        .into_iter()
        .filter(|s| s.measure() != Measure::Llm)
        .map(|s| format!("{} {:.2}", s.id(), s.default_threshold()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The scores a CaseFacts demo shows: evidence and verdict, not the paper-text recall variant.
fn headline(report: ScoreReport<CaseFactsDetails>) -> Vec<lexeval_core::report::Score> {
    report
        .scores
        .into_iter()
        .filter(|s| s.name != "evidence_score_recall")
        .collect()
}
