//! Secondary authorities: treatises (R15), law review articles (R16), restatements (R12.9.5) and their
//! supra (R4.2) and Id. (R4.1) forms, as briefs cite them.

use super::tests::sentences;
use super::{claims, extract, Citation, CitationKind};
use crate::authority_key::AuthorityKey;

fn of_kind(text: &str, kind: CitationKind) -> Vec<Citation> {
    extract(text)
        .into_iter()
        .filter(|c| c.kind == kind)
        .collect()
}

/// (matched text, author, title, section) of a citation.
fn fields(c: &Citation) -> (&str, Option<&str>, Option<&str>, Option<&str>) {
    (
        c.matched_text.as_str(),
        c.author.as_deref(),
        c.title.as_deref(),
        c.section.as_deref(),
    )
}

fn claim_pairs(text: &str) -> Vec<(String, Vec<String>)> {
    claims(text)
        .into_iter()
        .filter(|c| !c.authorities.is_empty())
        .map(|c| {
            (
                c.text,
                c.authorities.iter().map(ToString::to_string).collect(),
            )
        })
        .collect()
}

const LAFAVE: &str = "secondary:lafave|search and seizure|5.2(c)";
const WRIGHT_MILLER_1357: &str = "secondary:wright&miller|federal practice and procedure|1357";
const WRIGHT_MILLER_1216: &str = "secondary:wright&miller|federal practice and procedure|1216";

#[test]
fn a_treatise_is_one_citation_keyed_by_surnames_title_and_section() {
    let text = "The exception ends once the arrestee is secured. See 3 Wayne R. LaFave, Search and Seizure \
                § 5.2(c) (6th ed. 2020). It does not reach a locked container. LaFave, Search and Seizure § 5.2(c).";
    let cites = extract(text);
    let kinds: Vec<CitationKind> = cites.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [CitationKind::Treatise, CitationKind::Treatise]);
    assert_eq!(
        fields(&cites[0]),
        (
            "3 Wayne R. LaFave, Search and Seizure § 5.2(c) (6th ed. 2020)",
            Some("LaFave"),
            Some("Search and Seizure"),
            Some("5.2(c)")
        )
    );
    assert_eq!(
        (cites[0].volume.as_deref(), cites[0].year),
        (Some("3"), Some(2020))
    );
    // The sentence's period is no part of the section.
    assert_eq!(
        fields(&cites[1]),
        (
            "LaFave, Search and Seizure § 5.2(c)",
            Some("LaFave"),
            Some("Search and Seizure"),
            Some("5.2(c)")
        )
    );
    assert_eq!(cites[0].authority, LAFAVE);
    assert_eq!(cites[1].authority, LAFAVE);
}

#[test]
fn wright_and_miller_full_short_supra_and_id_forms() {
    let text = "A Rule 12(b)(6) motion tests the complaint. 5B Charles Alan Wright & Arthur R. Miller, Federal \
                Practice and Procedure § 1357 (3d ed. 2004). The court may consider public records. Wright & \
                Miller, Federal Practice and Procedure § 1357. The notice standard is lenient. Wright & Miller, \
                supra, § 1216. It asks only for fair notice. Id. The motion is not a summary judgment. Id. § 1357.";
    let cites = extract(text);
    assert_eq!(
        fields(&cites[0]),
        (
            "5B Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure § 1357 (3d ed. 2004)",
            Some("Wright & Miller"),
            Some("Federal Practice and Procedure"),
            Some("1357")
        )
    );
    assert_eq!(cites[0].volume.as_deref(), Some("5B"));
    let summary: Vec<(CitationKind, &str, &str)> = cites
        .iter()
        .map(|c| (c.kind, c.matched_text.as_str(), c.authority.as_str()))
        .collect();
    assert_eq!(
        summary[1..],
        [
            (
                CitationKind::Treatise,
                "Wright & Miller, Federal Practice and Procedure § 1357",
                WRIGHT_MILLER_1357
            ),
            // The supra's own section picks the authority, though the full cite gave § 1357.
            (CitationKind::Supra, "supra, § 1216", WRIGHT_MILLER_1216),
            (CitationKind::Id, "Id.", WRIGHT_MILLER_1216),
            (CitationKind::Id, "Id. § 1357", WRIGHT_MILLER_1357),
        ]
    );
    assert_eq!(cites[0].authority, WRIGHT_MILLER_1357);
    assert_eq!(
        (cites[2].author.as_deref(), cites[2].section.as_deref()),
        (Some("Wright & Miller"), Some("1216"))
    );
    assert_eq!(cites[2].antecedent, Some(1));
}

#[test]
fn a_treatise_cite_of_two_sections_cites_both() {
    let text = "See 5 Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure §§ 1216, 1357 \
                (3d ed. 2004).";
    let keys: Vec<AuthorityKey> = of_kind(text, CitationKind::Treatise)
        .into_iter()
        .map(|c| c.authority)
        .collect();
    assert_eq!(keys, [WRIGHT_MILLER_1216, WRIGHT_MILLER_1357]);
}

#[test]
fn lafave_supra_names_the_section_and_a_trailing_period_is_no_part_of_it() {
    let text = "A search incident to arrest may reach the arrestee's person. 3 Wayne R. LaFave, Search and \
                Seizure § 5.2(c) (6th ed. 2020). The justification disappears once he is secured. See LaFave, \
                supra, § 5.2(c). The officer then opened the bag.";
    let [_, supra]: [Citation; 2] = extract(text).try_into().unwrap();
    assert_eq!(
        (
            supra.kind,
            supra.matched_text.as_str(),
            supra.section.as_deref()
        ),
        (CitationKind::Supra, "supra, § 5.2(c)", Some("5.2(c)"))
    );
    assert_eq!(supra.authority, LAFAVE);
    assert_eq!(
        claim_pairs(text),
        [
            (
                "A search incident to arrest may reach the arrestee's person.".to_string(),
                vec![LAFAVE.to_string()]
            ),
            (
                "The justification disappears once he is secured.".to_string(),
                vec![LAFAVE.to_string()]
            ),
        ]
    );
}

#[test]
fn restatements_are_keyed_by_title_and_section() {
    let cases = [
        (
            "Restatement (Second) of Contracts § 90 (Am. L. Inst. 1981)",
            "Restatement (Second) of Contracts",
            "90",
            None,
            "restatement:restatement (second) of contracts|90",
        ),
        (
            "Restatement (Second) of Contracts § 90 cmt. b",
            "Restatement (Second) of Contracts",
            "90",
            Some("cmt. b"),
            "restatement:restatement (second) of contracts|90",
        ),
        (
            "Restatement (Third) of Trusts § 90",
            "Restatement (Third) of Trusts",
            "90",
            None,
            "restatement:restatement (third) of trusts|90",
        ),
        (
            "Restatement (Second) of Trusts § 170",
            "Restatement (Second) of Trusts",
            "170",
            None,
            "restatement:restatement (second) of trusts|170",
        ),
        (
            "Restatement of Torts § 402A",
            "Restatement of Torts",
            "402A",
            None,
            "restatement:restatement of torts|402A",
        ),
        // A subsection is a pin, as a statute's: the authority is § 402A.
        (
            "Restatement (Second) of Torts § 402A(1)",
            "Restatement (Second) of Torts",
            "402A(1)",
            None,
            "restatement:restatement (second) of torts|402A",
        ),
        (
            "Restatement (Third) of Torts: Prods. Liab. § 2(b)",
            "Restatement (Third) of Torts: Prods. Liab.",
            "2(b)",
            None,
            "restatement:restatement (third) of torts: prods. liab.|2",
        ),
    ];
    for (cite, title, section, pin, key) in cases {
        let text = format!("The rule is settled. See {cite}.");
        let [c]: [Citation; 1] = extract(&text).try_into().unwrap();
        assert_eq!(c.kind, CitationKind::Restatement, "{cite}");
        assert_eq!(
            fields(&c),
            (cite, None, Some(title), Some(section)),
            "{cite}"
        );
        assert_eq!(
            (c.pin_cite.as_deref(), c.authority.as_str()),
            (pin, key),
            "{cite}"
        );
    }
}

#[test]
fn restatement_claims_in_citation_sentences_and_embedded() {
    let text = "A promise that induces reasonable reliance is binding if injustice can be avoided only by \
                enforcing it. Restatement (Second) of Contracts § 90 (Am. L. Inst. 1981). The remedy may be \
                limited as justice requires. See Restatement (Second) of Contracts § 90 cmt. b. Every contract \
                imposes upon each party a duty of good faith and fair dealing, Restatement (Second) of Contracts \
                § 205 (Am. L. Inst. 1981), and a court may imply a promise to use reasonable efforts, Wood v. \
                Lucy, Lady Duff-Gordon, 222 N.Y. 88, 118 N.E. 214 (1917). See generally Restatement (Second) of \
                Contracts § 205.";
    let section_90 = "restatement:restatement (second) of contracts|90".to_string();
    let section_205 = "restatement:restatement (second) of contracts|205".to_string();
    assert_eq!(
        claim_pairs(text),
        [
            (
                "A promise that induces reasonable reliance is binding if injustice can be avoided only by \
                 enforcing it."
                    .to_string(),
                vec![section_90.clone()]
            ),
            (
                "The remedy may be limited as justice requires.".to_string(),
                vec![section_90]
            ),
            (
                "Every contract imposes upon each party a duty of good faith and fair dealing".to_string(),
                vec![section_205.clone()]
            ),
            (
                "and a court may imply a promise to use reasonable efforts".to_string(),
                vec!["case:222 N.Y. 88".to_string(), section_205]
            ),
        ]
    );
}

#[test]
fn law_review_articles_take_their_authors_and_titles() {
    let cases = [
        (
            "Samuel D. Warren & Louis D. Brandeis, The Right to Privacy, 4 Harv. L. Rev. 193 (1890)",
            "Samuel D. Warren & Louis D. Brandeis, The Right to Privacy, 4 Harv. L. Rev. 193",
            "Warren & Brandeis",
            "The Right to Privacy",
            "journal:4 Harv. L. Rev. 193",
        ),
        (
            "Arthur R. Miller, From Conley to Twombly to Iqbal: A Double Play on the Federal Rules of Civil \
             Procedure, 60 Duke L.J. 1 (2010)",
            "Arthur R. Miller, From Conley to Twombly to Iqbal: A Double Play on the Federal Rules of Civil \
             Procedure, 60 Duke L.J. 1",
            "Miller",
            "From Conley to Twombly to Iqbal: A Double Play on the Federal Rules of Civil Procedure",
            "journal:60 Duke L.J. 1",
        ),
        (
            "L. L. Fuller & William R. Perdue, Jr., The Reliance Interest in Contract Damages: 1, 46 Yale \
             L.J. 52, 53 (1936)",
            "L. L. Fuller & William R. Perdue, Jr., The Reliance Interest in Contract Damages: 1, 46 Yale L.J. 52",
            "Fuller & Perdue",
            "The Reliance Interest in Contract Damages: 1",
            "journal:46 Yale L.J. 52",
        ),
        (
            "Anthony G. Amsterdam, Perspectives on the Fourth Amendment, 58 Minn. L. Rev. 349 (1974)",
            "Anthony G. Amsterdam, Perspectives on the Fourth Amendment, 58 Minn. L. Rev. 349",
            "Amsterdam",
            "Perspectives on the Fourth Amendment",
            "journal:58 Minn. L. Rev. 349",
        ),
    ];
    for (cite, matched, author, title, key) in cases {
        let text = format!("Scholars agree. See {cite}.");
        let [c]: [Citation; 1] = extract(&text).try_into().unwrap();
        assert_eq!(c.kind, CitationKind::Journal, "{cite}");
        assert_eq!(
            fields(&c),
            (matched, Some(author), Some(title), None),
            "{cite}"
        );
        assert_eq!(c.authority, key);
        assert_eq!(
            sentences(&text),
            ["Scholars agree.".to_string(), format!("See {cite}.")]
        );
    }
}

#[test]
fn case_names_in_an_article_title_are_not_citations() {
    let text = "Plausibility replaced the no-set-of-facts rule. Bell Atl. Corp. v. Twombly, 550 U.S. 544, \
                562-63 (2007). Many observers said it raised the bar. See Arthur R. Miller, From Conley to \
                Twombly to Iqbal: A Double Play on the Federal Rules of Civil Procedure, 60 Duke L.J. 1, 2 (2010).";
    let kinds: Vec<CitationKind> = extract(text).iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [CitationKind::FullCase, CitationKind::Journal]);
    assert_eq!(
        claim_pairs(text),
        [
            (
                "Plausibility replaced the no-set-of-facts rule.".to_string(),
                vec!["case:550 U.S. 544".to_string()]
            ),
            (
                "Many observers said it raised the bar.".to_string(),
                vec!["journal:60 Duke L.J. 1".to_string()]
            ),
        ]
    );
}

#[test]
fn article_supra_and_id_resolve_to_the_article() {
    let text = "The right to be let alone has deep roots. Samuel D. Warren & Louis D. Brandeis, The Right to \
                Privacy, 4 Harv. L. Rev. 193, 195 (1890). Courts protect reliance by reimbursing expenditures. \
                L. L. Fuller & William R. Perdue, Jr., The Reliance Interest in Contract Damages: 1, 46 Yale \
                L.J. 52, 53 (1936). Expectation damages aim at the promised performance. Fuller & Perdue, supra, \
                at 57. The press had grown intrusive. Warren & Brandeis, supra, at 196. Gossip had become a \
                trade. Id. at 196.";
    let harvard = "journal:4 Harv. L. Rev. 193".to_string();
    let yale = "journal:46 Yale L.J. 52".to_string();
    let supras = of_kind(text, CitationKind::Supra);
    let found: Vec<String> = supras
        .iter()
        .map(|c| {
            format!(
                "{:?} {:?} {} {:?}",
                c.author, c.pin_cite, c.authority, c.antecedent
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            format!(r#"Some("Fuller & Perdue") Some("57") {yale} Some(1)"#),
            format!(r#"Some("Warren & Brandeis") Some("196") {harvard} Some(0)"#),
        ]
    );
    let texts_and_keys = claim_pairs(text);
    assert_eq!(
        texts_and_keys,
        [
            (
                "The right to be let alone has deep roots.".to_string(),
                vec![harvard.clone()]
            ),
            (
                "Courts protect reliance by reimbursing expenditures.".to_string(),
                vec![yale.clone()]
            ),
            (
                "Expectation damages aim at the promised performance.".to_string(),
                vec![yale]
            ),
            (
                "The press had grown intrusive.".to_string(),
                vec![harvard.clone()]
            ),
            ("Gossip had become a trade.".to_string(), vec![harvard]),
        ]
    );
}

#[test]
fn a_supra_without_an_antecedent_keeps_the_authors_as_written() {
    let text = "Trust law is largely default rules the settlor may alter. See Langbein, supra. The duty of \
                loyalty is the least waivable of them. Wright & Miller, supra, § 1216.";
    let supras = of_kind(text, CitationKind::Supra);
    let found: Vec<(&str, Option<&str>)> = supras
        .iter()
        .map(|c| (c.authority.as_str(), c.section.as_deref()))
        .collect();
    assert_eq!(
        found,
        [
            ("unresolved:supra:Langbein", None),
            ("unresolved:supra:Wright & Miller", Some("1216")),
        ]
    );
    // The supra's section is part of it, not a separate "§ 1216" authority.
    assert_eq!(extract(text).len(), 2);
}

#[test]
fn a_case_supra_after_an_article_still_names_the_case() {
    let text = "Officers may be liable. Kayes v. Pacific Lumber Co., 51 F.3d 1449 (9th Cir. 1995). Scholars \
                agree. John H. Langbein, The Contractarian Basis of the Law of Trusts, 105 Yale L.J. 625 (1995). \
                Directors are not. Kayes, supra, at 1461. They need not answer for the company. Id. at 1462.";
    let keys: Vec<(CitationKind, String)> = extract(text)
        .into_iter()
        .map(|c| (c.kind, c.authority.to_string()))
        .collect();
    assert_eq!(
        keys,
        [
            (CitationKind::FullCase, "case:51 F.3d 1449".to_string()),
            (
                CitationKind::Journal,
                "journal:105 Yale L.J. 625".to_string()
            ),
            (CitationKind::Supra, "case:51 F.3d 1449".to_string()),
            (CitationKind::Id, "case:51 F.3d 1449".to_string()),
        ]
    );
    let text = "Most trust rules are defaults. John H. Langbein, The Contractarian Basis of the Law of Trusts, \
                105 Yale L.J. 625 (1995). Loyalty is the least waivable. Id. at 629.";
    let ids = of_kind(text, CitationKind::Id);
    assert_eq!(ids[0].authority, "journal:105 Yale L.J. 625");
}

#[test]
fn treatise_claims_with_initials_and_a_section_ending_the_sentence() {
    let text = "Officers may search the area within the arrestee's immediate control. Chimel v. California, 395 \
                U.S. 752, 763 (1969). The authority to search a container on his person does not depend on the \
                probability of finding evidence. LaFave, Search and Seizure § 5.2(c). The officers here opened \
                a locked case. Cell phones are different. Riley v. California, 573 U.S. 373, 386 (2014).";
    assert_eq!(
        claim_pairs(text),
        [
            (
                "Officers may search the area within the arrestee's immediate control.".to_string(),
                vec!["case:395 U.S. 752".to_string()]
            ),
            (
                "The authority to search a container on his person does not depend on the probability of \
                 finding evidence."
                    .to_string(),
                vec![LAFAVE.to_string()]
            ),
            (
                "Cell phones are different.".to_string(),
                vec!["case:573 U.S. 373".to_string()]
            ),
        ]
    );
}

#[test]
fn an_abbreviated_restatement_subtitle_and_its_hereinafter_name_cite_one_work() {
    let text = "A seller is strictly liable for a defective product that reaches the user without substantial \
                change. Restatement (Second) of Torts § 402A (Am. L. Inst. 1965). The rule applies even when the \
                seller exercised all possible care. Id. § 402A cmt. f. A manufacturer must also warn of dangers \
                it knows about. Restatement (Third) of Torts: Prods. Liab. § 2(c) (Am. L. Inst. 1998) \
                [hereinafter Products Restatement]. Warnings need not address obvious risks. Products \
                Restatement § 2 cmt. j.";
    let restatements = of_kind(text, CitationKind::Restatement);
    let spans: Vec<&str> = restatements
        .iter()
        .map(|c| c.matched_text.as_str())
        .collect();
    assert_eq!(
        spans,
        [
            "Restatement (Second) of Torts § 402A (Am. L. Inst. 1965)",
            // The hereinafter bracket belongs to the citation, never to a claim.
            "Restatement (Third) of Torts: Prods. Liab. § 2(c) (Am. L. Inst. 1998) \
             [hereinafter Products Restatement]",
            "Products Restatement § 2 cmt. j",
        ]
    );
    assert_eq!(restatements[2].pin_cite.as_deref(), Some("cmt. j"));
    let section_402a = "restatement:restatement (second) of torts|402A".to_string();
    let products = "restatement:restatement (third) of torts: prods. liab.";
    assert_eq!(
        claim_pairs(text),
        [
            (
                "A seller is strictly liable for a defective product that reaches the user without \
                 substantial change."
                    .to_string(),
                vec![section_402a.clone()]
            ),
            // "Id. § 402A cmt. f." ends its citation sentence: the comment is no initial.
            (
                "The rule applies even when the seller exercised all possible care.".to_string(),
                vec![section_402a]
            ),
            (
                "A manufacturer must also warn of dangers it knows about.".to_string(),
                // § 2(c) is a pin of § 2, the section the later short form cites.
                vec![format!("{products}|2")]
            ),
            (
                "Warnings need not address obvious risks.".to_string(),
                vec![format!("{products}|2")]
            ),
        ]
    );
}

#[test]
fn a_treatise_hereinafter_name_cites_other_sections_of_it() {
    let text = "A complaint must state a plausible claim. 5B Charles Alan Wright & Arthur R. Miller, Federal \
                Practice and Procedure § 1357 (3d ed. 2004) [hereinafter Wright & Miller]. Courts may consider \
                documents attached to the complaint. Wright & Miller § 1327. A transferee who is unjustly \
                enriched must make restitution. Restatement (Third) of Restitution & Unjust Enrichment § 1 cmt. \
                a (Am. L. Inst. 2011). An actor is liable for physical harm caused by negligence. Restatement \
                (Third) of Torts: Liab. for Physical & Emotional Harm § 7 (Am. L. Inst. 2010).";
    let authorities: Vec<Vec<String>> = claim_pairs(text).into_iter().map(|(_, a)| a).collect();
    assert_eq!(
        authorities,
        [
            vec![WRIGHT_MILLER_1357.to_string()],
            vec!["secondary:wright&miller|federal practice and procedure|1327".to_string()],
            vec![
                "restatement:restatement (third) of restitution & unjust enrichment|1".to_string()
            ],
            vec![
                "restatement:restatement (third) of torts: liab. for physical & emotional harm|7"
                    .to_string()
            ],
        ]
    );
}
