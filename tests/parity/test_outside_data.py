"""Other projects' citation test data (outside_items.py) read by `lexeval cite` and by eyecite 2.7.8.

An item passes when a citation of its kind carries every labelled field (volume, reporter, page, title or
chapter, section, year, court); an item with a labelled short form also needs a later citation of that
section (lexeval: its authority key; eyecite has no statute short forms). Rates are printed per source
(`pytest -s`); lexeval must read at least 99.5 % of the items it aims at from each source, and every item
eyecite reads. Items lexeval does not aim at carry their reason in the data and are counted apart.
"""
import collections
import json
import logging

import pytest
from eyecite import get_citations
from eyecite.models import (
    FullCaseCitation,
    FullJournalCitation,
    FullLawCitation,
    ShortCaseCitation,
)

from outside_items import all_items

MINIMUM = 0.995
# Sources below the 99.5 % target: the rate reached (a ratchet, never to fall) and what is missed. Empty since
# the thirteenth session (reporters-db reporters 99.0 % -> 99.8 %, citeurl 92.0 % -> 100.0 %); an entry here
# keeps issue 32 open on that source.
BELOW_TARGET = {}
# Items lexeval aims at and still misses, with the reason: counted in the rates, exempt from the eyecite check.
KNOWN_MISSES = {}
KINDS = {"case": "full_case", "law": "full_law", "journal": "journal"}


def squeezed(value):
    return "".join(str(value).split())


def section_base(section):
    """The section without subsections or trailing punctuation: "1104(a)(1)." -> "1104"."""
    return str(section).split("(")[0].rstrip(".,;:")


def agrees(found, expect):
    """Whether a citation's fields (a dict) carry every labelled field."""
    for field, wanted in expect.items():
        value = found.get(field)
        if field == "reporter":
            if value is None or squeezed(value) not in {squeezed(r) for r in wanted}:
                return False
        elif field == "court":
            if value not in wanted:
                return False
        elif field == "section":
            if value is None or section_base(value) != wanted:
                return False
        elif value is None or str(value) != wanted:
            return False
    return True


def lexeval_fields(citation):
    fields = dict(citation)
    # A statute short form ("§ 1988(b)") is read by its authority: law:CODE|TITLE|SECTION.
    if citation["authority"].startswith("law:") and citation["kind"] == "unknown_section":
        code, title, section = (citation["authority"].removeprefix("law:").split("|") + ["", ""])[:3]
        fields.update(reporter=citation.get("reporter") or code, title=citation.get("title") or title,
                      section=section)
        fields["kind"] = "full_law"
    return fields


def eyecite_fields(citation):
    kind = {FullCaseCitation: "full_case", ShortCaseCitation: "short_case", FullLawCitation: "full_law",
            FullJournalCitation: "journal"}.get(type(citation))
    if kind is None:
        return None
    groups = citation.groups
    year = getattr(citation, "year", None) or groups.get("year")
    return {"kind": kind, "volume": groups.get("volume"), "reporter": citation.corrected_reporter(),
            "page": groups.get("page"), "title": groups.get("title") or groups.get("chapter"),
            "section": groups.get("section"), "year": str(year) if year else None,
            "court": getattr(citation.metadata, "court", None)}


def passes(item, citations):
    kind = KINDS[item["kind"]]
    expect = dict(item["expect"])
    if "year" in expect and kind != "full_law":
        expect["year"] = str(expect["year"])
    first = next((i for i, c in enumerate(citations) if c and c["kind"] == kind and agrees(c, expect)), None)
    if first is None:
        return False
    short = item.get("expect_short")
    return short is None or any(c and c["kind"] == "full_law" and agrees(c, short) for c in citations[first + 1:])


def with_string_years(fields):
    if fields and fields.get("year") is not None:
        fields["year"] = str(fields["year"])
    return fields


@pytest.fixture(scope="module")
def results(lexeval, tmp_path_factory):
    items = all_items()
    path = tmp_path_factory.mktemp("outside") / "texts.jsonl"
    path.write_text("".join(json.dumps({"text": item["text"]}) + "\n" for item in items))
    ours = lexeval.jsonl("cite", str(path), "--jsonl")
    assert len(ours) == len(items)
    logging.disable(logging.CRITICAL)
    rows = []
    for item, found in zip(items, ours):
        lexeval_citations = [with_string_years(lexeval_fields(c)) for c in found]
        eyecite_citations = [eyecite_fields(c) for c in get_citations(item["text"])]
        rows.append((item, passes(item, lexeval_citations) if "kind" in item else None,
                     passes(item, eyecite_citations) if "kind" in item else None, found))
    return rows


def test_rates_per_source(results):
    by_source = collections.defaultdict(list)
    for row in results:
        by_source[row[0]["source"]].append(row)
    failures = []
    print()
    print(f"{'source':<24} {'items':>6} {'aimed':>6} {'lexeval':>8} {'eyecite':>8}")
    for source, rows in by_source.items():
        aimed = [r for r in rows if "not_aimed" not in r[0]]
        ours = sum(1 for r in aimed if r[1])
        theirs = sum(1 for r in aimed if r[2])
        print(f"{source:<24} {len(rows):>6} {len(aimed):>6} {ours / len(aimed):>8.1%} {theirs / len(aimed):>8.1%}")
        floor, _ = BELOW_TARGET.get(source, (MINIMUM, ""))
        if ours / len(aimed) < floor:
            failures.append(f"{source}: lexeval {ours}/{len(aimed)} < {floor:.1%}")
    missed = [(r[0]["source"], r[0]["text"], r[3]) for r in results if "not_aimed" not in r[0] and not r[1]]
    for source, text, found in missed[:40]:
        print("MISSED", source, repr(text), [(c["kind"], c["volume"], c["reporter"], c["page"], c["title"],
                                              c["section"], c["court"], c["authority"]) for c in found])
    assert not failures, f"{failures}; first misses: {missed[:10]}"


def test_never_below_eyecite(results):
    """Every item eyecite reads, lexeval reads too."""
    behind = [(r[0]["source"], r[0]["text"]) for r in results
              if "not_aimed" not in r[0] and r[2] and not r[1] and r[0]["text"] not in KNOWN_MISSES]
    assert not behind, f"{len(behind)} items eyecite reads and lexeval does not: {behind[:20]}"
