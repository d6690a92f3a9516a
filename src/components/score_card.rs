//! A headline number with its name, a short meaning and the formula behind it.

use crate::browser;
use leptos::prelude::*;
use lexeval_core::report::{Bounds, Score};
use std::collections::HashMap;

/// What a score means and how it is computed, keyed by score name.
pub fn explain(name: &str) -> (&'static str, &'static str) {
    match name {
        "l-fresco" => (
            "Share of the reference's claim–authority pairs (a claim citing two authorities is two pairs) \
             for which a generated claim citing the same authority says something similar enough.",
            "L-FRESCO = (1/|R|) · Σ over reference pairs (r, a) of B-SIM(r, c), c the generated claim citing a \
             most similar to r; B-SIM = 1 if sim(r, c) ≥ threshold, else 0",
        ),
        "fresco" => (
            "Like L-FRESCO, but each cited reference claim is paired with one generated claim by the best \
             one-to-one matching of their citations, instead of by a shared authority.",
            "FRESCO = (1/|R|) · Σ x_ij · B-SIM(c_i, r_j), x = max-weight bipartite matching on C-SIM",
        ),
        "citation_recall" => (
            "Share of the authorities the reference cites that the generated text cites too.",
            "recall = |A_ref ∩ A_gen| / |A_ref|",
        ),
        "citation_precision" => (
            "Share of the authorities the generated text cites that the reference cites too.",
            "precision = |A_ref ∩ A_gen| / |A_gen|",
        ),
        "rouge1" | "rouge2" | "rougeL" => (
            "Word overlap between the whole texts (F1 of precision and recall).",
            "F1 = 2PR / (P + R); ROUGE-n counts shared n-grams, ROUGE-L the longest common subsequence",
        ),
        "rougeLsum" => (
            "Word overlap of the whole texts, sentence by sentence (lines are sentences).",
            "F1 = 2PR / (P + R) over the union longest common subsequences of each reference sentence with the generated sentences",
        ),
        "embedding_cosine" => (
            "Meaning similarity of the whole texts: cosine of their mean sentence embeddings (all-MiniLM-L6-v2).",
            "cos(e_ref, e_gen) = e_ref · e_gen / (‖e_ref‖ ‖e_gen‖), e = mean of the embeddings of the text's claims or points",
        ),
        "pointwise_recall" => (
            "Share of the reference summary's points the generated summary covers, each point weighted by \
             how many of the summary's words it holds.",
            "recall = Σ_r W_r · credit_r. credit_r = 1 when r is paired with a generated point at sim ≥ \
             threshold, each generated point paired with at most one reference point (the paper's \
             one-to-one assignment, appendix A.5), else 0. W_r = r's share of the summary's words, each word \
             counted as often as the source paragraph repeats it, at most once per occurrence in the points \
             (the paper's point weights, appendix A.3)",
        ),
        "pointwise_precision" => (
            "Share of the generated summary's points supported by the reference summary.",
            "precision = |assigned candidate points| / |C|",
        ),
        "pointwise_f1" => (
            "Harmonic mean of pointwise recall and precision.",
            "F1 = 2 · recall · precision / (recall + precision)",
        ),
        "easiness_recall" | "easiness_precision" => (
            "How easy the pair is by plain word overlap: high values mean word matching alone would find \
             the points (the paper's easiness scores, appendix A.6).",
            "easiness = mean over points p of max over the other summary's points q of ROUGE-1 F1(p, q)",
        ),
        "evidence_score" => (
            "CaseFacts: F1 of the predicted case set against the gold cases (as the released evaluate.py).",
            "F1(predicted, gold), set to 0 when Recall@5 < 0.5; mean over claims",
        ),
        "evidence_score_recall" => (
            "CaseFacts, as the paper's text defines it: recall of the gold cases.",
            "|predicted ∩ gold| / |gold|, set to 0 when Recall@5 < 0.5; mean over claims",
        ),
        "verdict_accuracy" => (
            "CaseFacts: share of claims whose verdict (SUPPORTED / REFUTED / OVERRULED) is right.",
            "accuracy = correct verdicts / claims",
        ),
        "verdict_score" => (
            "CaseFacts: evidence score counted only when the verdict is right.",
            "verdict score = mean over claims of evidence_score × [verdict correct]",
        ),
        "verdict_score_recall" => (
            "CaseFacts, as the paper's text defines it: the recall-based evidence score counted only when \
             the verdict is right.",
            "verdict score = mean over claims of evidence_score_recall × [verdict correct]",
        ),
        "u_score" => (
            "Uncertainty of a legal answer; lower is better.",
            "U = 0.25H + 0.20T + 0.25(1−C) + 0.15(1−J) + 0.15(1−D)",
        ),
        "accuracy" => (
            "Share of items answered correctly.",
            "accuracy = correct / total",
        ),
        "threshold" => (
            "The match threshold with the best reference point based F1 on your labelled pairs.",
            "midpoint between the best observed similarity and the next lower one",
        ),
        "reference_precision" | "reference_recall" | "reference_f1" => (
            "Per reference point: covered when the one-to-one assignment (appendix A.5) gives it a generated \
             point it matches; a partial label counts half (the paper's threshold calibration, appendix A.7).",
            "TP += gold weight (1 full, ½ partial) when matched; FP += 1 for an unlabelled match; FN += gold weight when missed",
        ),
        "pairwise_precision" | "pairwise_recall" | "pairwise_f1" => (
            "Per labelled pair: a partial label counts half (the paper's threshold calibration, appendix A.7).",
            "TP += 1 (full) or ½ (partial) when matched; FP += 1 for a 'none' pair matched; FN += 1 or ½ when missed",
        ),
        _ => ("", ""),
    }
}

/// The paper that defines a score, as (short name, address), for the link under its formula.
fn source(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "l-fresco" | "fresco" | "citation_recall" | "citation_precision" => Some((
            "L-FRESCO paper, arXiv:2603.21283",
            "https://arxiv.org/abs/2603.21283",
        )),
        "pointwise_recall"
        | "pointwise_precision"
        | "pointwise_f1"
        | "easiness_recall"
        | "easiness_precision"
        | "reference_precision"
        | "reference_recall"
        | "reference_f1"
        | "pairwise_precision"
        | "pairwise_recall"
        | "pairwise_f1"
        | "threshold" => Some((
            "Tan et al., NLLP 2024 (pointwise evaluation of legal summaries)",
            "https://aclanthology.org/2024.nllp-1.10/",
        )),
        "rouge1" | "rouge2" | "rougeL" | "rougeLsum" => {
            Some(("Lin, ROUGE, 2004", "https://aclanthology.org/W04-1013"))
        }
        _ => None,
    }
}

/// Display name of a score.
pub fn title(name: &str) -> String {
    match name {
        "l-fresco" => "L-FRESCO".into(),
        "fresco" => "FRESCO".into(),
        "citation_recall" => "Citation recall".into(),
        "citation_precision" => "Citation precision".into(),
        "rouge1" => "ROUGE-1".into(),
        "rouge2" => "ROUGE-2".into(),
        "rougeL" => "ROUGE-L".into(),
        "embedding_cosine" => "Embedding cosine".into(),
        "pointwise_recall" => "Pointwise recall".into(),
        "pointwise_precision" => "Pointwise precision".into(),
        "u_score" => "U-Score".into(),
        "pointwise_f1" => "Pointwise F1".into(),
        "easiness_recall" => "Easiness E_R".into(),
        "easiness_precision" => "Easiness E_P".into(),
        "rougeLsum" => "ROUGE-Lsum".into(),
        "hedging" => "Hedging H".into(),
        "temporal_vagueness" => "Temporal vagueness T".into(),
        "citation_sufficiency" => "Citation sufficiency C".into(),
        "jurisdictional_specificity" => "Jurisdictional specificity J".into(),
        "decisiveness" => "Decisiveness D".into(),
        "evidence_score" => "Evidence Score".into(),
        "evidence_score_recall" => "Evidence Score (paper's recall)".into(),
        "verdict_accuracy" => "Verdict Accuracy".into(),
        "verdict_score" => "Verdict Score".into(),
        "verdict_score_recall" => "Verdict Score (paper's recall)".into(),
        "accuracy" => "Accuracy".into(),
        "threshold" => "Threshold".into(),
        "reference_precision" => "Reference point precision".into(),
        "reference_recall" => "Reference point recall".into(),
        "reference_f1" => "Reference point F1".into(),
        "pairwise_precision" => "Pairwise precision".into(),
        "pairwise_recall" => "Pairwise recall".into(),
        "pairwise_f1" => "Pairwise F1".into(),
        other => other.replace('_', " "),
    }
}

/// A link on a card to the list behind it ("Cited only by the generated text: 2"), which it scrolls to and
/// focuses.
#[derive(Debug, Clone, PartialEq)]
pub struct Jump {
    pub label: String,
    /// The list's element id.
    pub target: String,
}

#[component]
pub fn ScoreCard(
    score: Score,
    /// Element ids are `{id_prefix}-{score name}`; pages showing several sets of cards need distinct prefixes.
    #[prop(into, default = "score".into())]
    id_prefix: String,
    /// What the number counts, e.g. "9 of 15 reference claim–authority pairs supported".
    #[prop(default = None)]
    count: Option<String>,
    /// The list of what the number leaves out, when the page shows one.
    #[prop(default = None)]
    jump: Option<Jump>,
) -> impl IntoView {
    let (meaning, formula) = explain(&score.name);
    let name = title(&score.name);
    let id = format!(
        "{id_prefix}-{}",
        score
            .name
            .replace(|c: char| !c.is_ascii_alphanumeric(), "-")
    );
    let value = match (score.value, score.bounds) {
        // Some items undecided: the range a full decision would lie in is the headline, not the value
        // over the decided items alone.
        (Some(v), Some(Bounds { lower, upper })) => view! {
            <span class="value range">{format!("{lower:.3}–{upper:.3}")}</span>
            <p class="bounds">
                {format!(
                    "{lower:.3} if every undecided item is a miss, {upper:.3} if every one is a hit; \
                     {v:.3} over the decided items alone."
                )}
            </p>
        }
        .into_any(),
        (Some(v), None) => view! { <span class="value">{format!("{v:.3}")}</span> }.into_any(),
        (None, _) => view! {
            <span class="value null">"—"</span>
            <span class="null-reason">{score.null_reason.clone().unwrap_or_default()}</span>
        }
        .into_any(),
    };
    view! {
        <article class="score-card" id=id data-value=score.value.map(|v| v.to_string()).unwrap_or_default()>
            <h3>{name.clone()}</h3>
            {value}
            {count.map(|count| view! { <p class="count-behind">{count}</p> })}
            {jump.map(|Jump { label, target }| view! {
                <button type="button" class="link-button jump screen-only" on:click=move |_| browser::focus_id(&target)>
                    {label}
                </button>
            })}
            {score.note.map(|note| view! { <p class="note">{note}</p> })}
            {(!meaning.is_empty()).then(|| view! { <p class="meaning">{meaning}</p> })}
            {(!formula.is_empty())
                .then(|| {
                    view! {
                        <details class="formula">
                            <summary>{format!("Formula for {name}")}</summary>
                            <code>{formula}</code>
                            {source(&score.name)
                                .map(|(paper, url)| {
                                    view! {
                                        <p class="source">
                                            "Defined in " <a href=url target="_blank" rel="noopener">{paper}</a>
                                        </p>
                                    }
                                })}
                        </details>
                    }
                })}
        </article>
    }
}

#[component]
pub fn ScoreCards(
    scores: Vec<Score>,
    #[prop(into, default = "score".into())] id_prefix: String,
    /// Score name → the count behind its number.
    #[prop(optional)]
    counts: HashMap<String, String>,
    /// Score name → the link to the list behind it.
    #[prop(optional)]
    jumps: HashMap<String, Jump>,
    /// Cards that are no score, after the scores' (the brief check's citations to check).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    view! {
        <div class="score-cards">
            {scores
                .into_iter()
                .map(|score| {
                    let count = counts.get(&score.name).cloned();
                    let jump = jumps.get(&score.name).cloned();
                    view! { <ScoreCard score id_prefix=id_prefix.clone() count=count jump=jump /> }
                })
                .collect_view()}
            {children.map(|children| children())}
        </div>
    }
}
