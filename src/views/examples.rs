//! Example texts for the "load example" buttons and the teaching demos (sources noted per example).

/// A named pair of texts for a check view.
pub struct Example {
    pub name: &'static str,
    pub reference: &'static str,
    pub candidate: &'static str,
}

/// L-FRESCO paper §2.2: the CLERC reference and Llama-3's generation, which cites the same case for an
/// unrelated claim.
pub const KAYES: Example = Example {
    name: "Kayes v. Pacific Lumber (L-FRESCO paper)",
    reference: "Divers' status as a corporate officer does not exempt him from liability. \
See Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir.1995)",
    candidate: "As previously stated, 29 U.S.C. § 1002(21)(A) defines a fiduciary as a person who \
exercises any authority or control respecting management or disposition of [a plan's] assets. \
P51 F.3d 1449, 1459 (9th Cir.1995).",
};

/// A constructed paragraph pair with two authorities, a parallel cite and a short form.
pub const FIDUCIARY: Example = Example {
    name: "Two authorities, parallel cite and short form",
    reference: "A corporate officer who exercises control over plan assets is a fiduciary. \
Kayes v. Pacific Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995). Fiduciary status turns on function, \
not on formal title. Mertens v. Hewitt Associates, 508 U.S. 248, 262, 113 S. Ct. 2063 (1993). \
An officer who breaches that duty is personally liable. Kayes, 51 F.3d at 1460.",
    candidate: "Whether someone is a fiduciary depends on the functions they perform rather than their \
title. Mertens v. Hewitt Associates, 508 U.S. 248, 262 (1993). A corporate officer who controls plan \
assets is a fiduciary and can be held personally liable. Kayes v. Pacific Lumber Co., 51 F.3d 1449 \
(9th Cir. 1995).",
};

/// A constructed case-summary pair: the generated summary misses the remedy and adds a point.
pub const SUMMARY: Example = Example {
    name: "Case summary (constructed)",
    reference: "The plaintiff sued her former employer for unpaid overtime under the Fair Labor \
Standards Act. The district court granted summary judgment for the employer. The court of appeals \
reversed, holding that the plaintiff was not an exempt administrative employee. The case was remanded \
for a determination of damages.",
    candidate: "A former employee brought an FLSA claim for unpaid overtime. The trial court ruled for \
the employer on summary judgment. On appeal, the court held that she did not fall within the \
administrative exemption and reversed. The opinion also criticised the employer's record keeping.",
};

/// Claim-decomposition paper, Appendix D Table 8: the GPT-4 sentence and the manual decomposition.
pub const HITCHCOCK_SENTENCE: &str = "Alfred Hitchcock passed away on April 29, 1980, in Bel-Air, \
California, leaving behind a rich legacy of suspenseful and thrilling films that continue to captivate \
and inspire audiences and filmmakers alike.";

pub const HITCHCOCK_MANUAL: [&str; 15] = [
    "Alfred Hitchcock passed away.",
    "Alfred Hitchcock’s death occurred in April.",
    "Alfred Hitchcock’s death occurred on the 29th day of a month.",
    "Alfred Hitchcock’s death occurred in 1980.",
    "Alfred Hitchcock’s death occurred in Bel-Air.",
    "Bel-Air is in California.",
    "Alfred Hitchcock left behind a legacy.",
    "Alfred Hitchcock’s legacy is rich.",
    "Alfred Hitchcock’s legacy contains films.",
    "The films in Alfred Hitchcock’s legacy are suspenseful.",
    "The films in Alfred Hitchcock’s legacy are thrilling.",
    "The films in Alfred Hitchcock’s legacy captivate audiences.",
    "The films in Alfred Hitchcock’s legacy captivate filmmakers.",
    "The films in Alfred Hitchcock’s legacy inspire audiences.",
    "The films in Alfred Hitchcock’s legacy inspire filmmakers.",
];

/// FActScore's decomposition of the same sentence (Table 8), to contrast with the manual one.
pub const HITCHCOCK_FACTSCORE: [&str; 6] = [
    "Alfred Hitchcock passed away on April 29, 1980.",
    "Alfred Hitchcock passed away in Bel-Air, California.",
    "Alfred Hitchcock left behind a legacy of films.",
    "Alfred Hitchcock’s films were suspenseful and thrilling.",
    "Alfred Hitchcock’s films continue to captivate audiences.",
    "Alfred Hitchcock’s films continue to inspire filmmakers.",
];

/// CaseFacts test split (idirlab/supreme-court-dataset, CC BY-NC 4.0): a claim labelled OVERRULED.
pub struct CaseFactsItem {
    pub claim: &'static str,
    pub case_name: &'static str,
    pub overruling_case: &'static str,
    pub label: &'static str,
}

pub const CASEFACTS_OVERRULED: CaseFactsItem = CaseFactsItem {
    claim:
        "Geographic restrictions between competitors are illegal even if the companies have a good \
reason for them.",
    case_name: "United States v. Sealy, Inc.",
    overruling_case: "Continental T. V., Inc. v. GTE Sylvania Inc.",
    label: "Overruled",
};

/// A hedged, vague answer for the U-Score panel (constructed).
pub const HEDGED_ANSWER: &str =
    "It may be that Executive Order 14110 was possibly revoked at some \
point recently, but this might depend on the circumstances and you should consult a lawyer. \
Generally, executive orders can sometimes be rescinded.";

/// A decisive, cited answer for the U-Score panel (constructed).
pub const DECISIVE_ANSWER: &str = "Executive Order 14110 was revoked on January 20, 2025 by \
Executive Order 14148, § 2(a), 90 Fed. Reg. 8237 (Jan. 28, 2025). It therefore no longer has effect \
in the United States federal executive branch.";
