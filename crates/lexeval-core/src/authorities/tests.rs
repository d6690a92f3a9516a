use super::*;
use crate::citations::extract;

/// The unified keys of each text's citations, and the authority table.
fn unified(
    reference: &str,
    candidate: &str,
) -> (Vec<AuthorityKey>, Vec<AuthorityKey>, Vec<Authority>) {
    let (mut r, mut c) = (extract(reference), extract(candidate));
    let table = unify(&mut r, &mut c);
    let keys = |cites: Vec<Citation>| cites.into_iter().map(|c| c.authority).collect();
    (keys(r), keys(c), table)
}

#[test]
fn a_parallel_group_is_one_case_whichever_cite_each_text_gives() {
    let (r, c, table) = unified(
        "Mertens v. Hewitt Assocs., 113 S. Ct. 2063 (1993).",
        "Mertens v. Hewitt Assocs., 508 U.S. 248, 256, 113 S. Ct. 2063, 124 L. Ed. 2d 161 (1993).",
    );
    assert!(c.iter().all(|k| *k == r[0]), "{r:?} {c:?}");
    // The fullest group leads: its first cite names the case.
    assert_eq!(
        name_of(&table, &r[0]),
        "Mertens v. Hewitt Assocs., 508 U.S. 248"
    );
    assert_eq!(find(&table, &r[0]).unwrap().kind, AuthorityKind::Case);
}

#[test]
fn reordered_parallel_groups_are_one_case() {
    let (r, c, _) = unified(
        "Jacob & Youngs, Inc. v. Kent, 230 N.Y. 239, 129 N.E. 889 (1921).",
        "Jacob & Youngs, Inc. v. Kent, 129 N.E. 889, 230 N.Y. 239 (1921).",
    );
    assert_eq!(r[0], c[0]);
}

#[test]
fn a_short_form_without_a_full_cite_takes_the_other_texts_case_by_name() {
    // Grutter and Gratz share volume 539; the generated text gives Gratz in full and Grutter only short.
    let (r, c, table) = unified(
        "Grutter v. Bollinger, 539 U.S. 306, 328 (2003). Gratz v. Bollinger, 539 U.S. 244, 270 (2003).",
        "Gratz v. Bollinger, 539 U.S. 244, 270 (2003). Grutter, 539 U.S. at 328.",
    );
    assert_eq!(c[1], r[0], "{c:?}");
    assert_eq!(c[0], r[1]);
    assert_eq!(name_of(&table, &c[1]), "Grutter v. Bollinger, 539 U.S. 306");
}

#[test]
fn an_unnamed_short_form_needs_an_unambiguous_volume() {
    let tellabs = "Tellabs, Inc. v. Makor Issues & Rights, Ltd., 551 U.S. 308, 322 (2007).";
    let (r, c, _) = unified(
        tellabs,
        "Courts consider the complaint in its entirety. 551 U.S. at 322.",
    );
    assert_eq!(c[0], r[0]);
    // With Erickson v. Pardus (551 U.S. 89) also cited, "551 U.S. at 322" could be either.
    let both = format!("{tellabs} Erickson v. Pardus, 551 U.S. 89, 94 (2007).");
    let (r, c, table) = unified(
        &both,
        "Courts consider the complaint in its entirety. 551 U.S. at 322.",
    );
    assert!(!r.contains(&c[0]), "{r:?} {c:?}");
    assert_eq!(find(&table, &c[0]).unwrap().kind, AuthorityKind::Unresolved);
}

#[test]
fn a_case_only_one_text_cites_stays_its_own() {
    let (r, c, table) = unified(
        "Kayes v. Pac. Lumber Co., 51 F.3d 1449, 1459 (9th Cir. 1995).",
        "Marston v. Lakeshore Benefit Servs., 88 F.4th 512, 519 (7th Cir. 2023).",
    );
    assert_ne!(r[0], c[0]);
    assert_eq!(table.len(), 2);
    assert_eq!(
        name_of(&table, &c[0]),
        "Marston v. Lakeshore Benefit Servs., 88 F.4th 512"
    );
}

#[test]
fn statutes_and_their_short_forms_are_named_by_code_and_section() {
    let (r, c, table) = unified(
        "29 U.S.C. § 1104(a)(1)(B). The duty runs to participants. § 1104(a)(1)(A).",
        "See 29 U.S.C. § 1104(a)(1).",
    );
    assert!(r.iter().chain(&c).all(|k| *k == r[0]), "{r:?} {c:?}");
    assert_eq!(name_of(&table, &r[0]), "29 U.S.C. § 1104");
    assert_eq!(find(&table, &r[0]).unwrap().kind, AuthorityKind::Statute);
}

#[test]
fn secondary_sources_match_across_texts_by_author_and_section() {
    let (r, c, table) = unified(
        "See 3 Wayne R. LaFave, Search and Seizure § 5.2(c) (6th ed. 2020). See also Samuel D. Warren & \
         Louis D. Brandeis, The Right to Privacy, 4 Harv. L. Rev. 193, 196 (1890).",
        "LaFave, Search and Seizure § 5.2(c). Warren & Brandeis, supra, at 196.",
    );
    assert_eq!(c[0], r[0]);
    assert_eq!(
        name_of(&table, &r[0]),
        "LaFave, Search and Seizure § 5.2(c)"
    );
    // The generated text's supra has no antecedent of its own: the reference's article by those authors.
    assert_eq!(c[1], r[1], "{table:?}");
    assert_eq!(
        name_of(&table, &r[1]),
        "Warren & Brandeis, 4 Harv. L. Rev. 193"
    );
    assert_eq!(find(&table, &r[1]).unwrap().kind, AuthorityKind::Secondary);
}

#[test]
fn a_section_only_a_supra_or_id_cites_is_named_after_its_work() {
    let (r, c, table) = unified(
        "Courts read the remedy narrowly. See 1 Dan B. Dobbs, Law of Remedies § 4.1 (2d ed. 1993). The \
         same limit binds trustees. Dobbs, supra, § 4.2. Equity follows the law. Id. § 2.1, at 62.",
        "Equitable relief is limited. Dobbs, supra, § 4.2. Specific performance is rare. Dobbs, supra, § 12.8.",
    );
    // The supra cites § 4.2, which no full citation gives: still a section of Dobbs' treatise.
    assert_eq!(c[0], r[1], "{r:?} {c:?}");
    let section = find(&table, &r[1]).unwrap();
    assert_eq!(section.kind, AuthorityKind::Secondary);
    assert_eq!(section.name, "Dobbs, Law of Remedies § 4.2");
    assert_eq!(name_of(&table, &r[0]), "Dobbs, Law of Remedies § 4.1");
    assert_eq!(name_of(&table, &r[2]), "Dobbs, Law of Remedies § 2.1");
    // A section the reference never cites is its own authority, still named after the work.
    assert!(!r.contains(&c[1]), "{r:?} {c:?}");
    assert_eq!(name_of(&table, &c[1]), "Dobbs, Law of Remedies § 12.8");
}

#[test]
fn citations_neither_text_resolves_are_never_shared() {
    // An Id. with nothing before it, and a short form and a supra whose source neither text cites in full.
    let text =
        "Id. at 12. Pleading standards differ. Tellabs, 551 U.S. at 322. See also Langbein, supra.";
    let (r, c, table) = unified(text, text);
    assert_eq!((r.len(), c.len()), (3, 3));
    for (reference, candidate) in r.iter().zip(&c) {
        assert_ne!(reference, candidate);
        assert!(is_unresolved(&table, reference) && is_unresolved(&table, candidate));
    }
    // The record and cross-references are no authorities at all.
    let (r, _, table) = unified("The plan changed. (Compl. ¶ 4.) See infra Part II.", "");
    assert_eq!(r.len(), 2);
    assert!(table.is_empty(), "{table:?}");
}

#[test]
fn an_id_after_a_short_form_takes_the_other_texts_full_cite() {
    let reference = "Courts read the complaint whole. Tellabs, Inc. v. Makor Issues & Rights, Ltd., 551 U.S. 308, \
                     322 (2007).";
    let candidate = "Courts read the complaint whole. Tellabs, 551 U.S. at 322. Inferences must be cogent. Id. at \
                     324.";
    let (r, c, table) = unified(reference, candidate);
    assert_eq!(c, [r[0].clone(), r[0].clone()]);
    assert_eq!(find(&table, &c[1]).unwrap().kind, AuthorityKind::Case);
}

#[test]
fn a_bare_section_without_a_code_takes_the_other_texts_statute() {
    let reference = "A fiduciary must act prudently. 29 U.S.C. § 1104(a)(1)(B).";
    let candidate = "A fiduciary must act prudently. § 1104(a)(1). It must also diversify. Id. § 1104(a)(1)(C).";
    let (r, c, table) = unified(reference, candidate);
    assert!(c.iter().all(|k| *k == r[0]), "{r:?} {c:?}");
    assert_eq!(name_of(&table, &r[0]), "29 U.S.C. § 1104");
    // Two codes with that section: no telling which.
    let (r, c, _) = unified(
        "29 U.S.C. § 1104(a). 42 U.S.C. § 1104(b).",
        "A fiduciary must act prudently. § 1104(a)(1).",
    );
    assert!(!r.contains(&c[0]), "{r:?} {c:?}");
}
