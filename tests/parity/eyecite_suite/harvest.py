"""Dev-time harvest of eyecite's own test tables into JSON (run once per eyecite upgrade, output committed).

    .venv/bin/python tests/parity/eyecite_suite/harvest.py /path/to/eyecite-checkout

Needs eyecite 2.7.8 installed and a checkout of freelawproject/eyecite at the commit named in README.md,
kept outside this repository. Loads tests/test_FindTest.py and tests/test_ResolveTest.py from it, records
the tables their helpers are called with instead of running them, and writes find.json and resolve.json
here. Only plain-text pairs are kept (markup pairs need eyecite's HTML cleaning, which lexeval does not do).
"""
import importlib.util
import json
import logging
import pathlib
import shutil
import sys

from eyecite import get_citations
from eyecite.clean import clean_text
from eyecite.find import extract_reference_citations
from eyecite.helpers import filter_citations
from eyecite.models import (
    Document,
    FullCaseCitation,
    FullJournalCitation,
    FullLawCitation,
    IdCitation,
    ReferenceCitation,
    ResourceCitation,
    ShortCaseCitation,
    SupraCitation,
    UnknownCitation,
)
from eyecite.resolve import resolve_citations

logging.disable(logging.CRITICAL)
HERE = pathlib.Path(__file__).resolve().parent
KINDS = {
    FullCaseCitation: "full_case",
    ShortCaseCitation: "short_case",
    IdCitation: "id",
    SupraCitation: "supra",
    FullLawCitation: "full_law",
    FullJournalCitation: "journal",
    ReferenceCitation: "reference",
    UnknownCitation: "unknown_section",
}
METADATA = ("pin_cite", "year", "court", "plaintiff", "defendant", "parenthetical", "antecedent_guess", "extra")


def load(checkout, name):
    spec = importlib.util.spec_from_file_location(name, checkout / "tests" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def describe(cite):
    """What eyecite's run_test_pairs compares: groups, metadata, year and the corrected reporter."""
    metadata = {k: getattr(cite.metadata, k, None) for k in METADATA}
    out = {"kind": KINDS[type(cite)], "groups": dict(cite.groups),
           "metadata": {k: v for k, v in metadata.items() if v is not None}}
    if isinstance(cite, ResourceCitation):
        out["year"] = cite.year
        out["reporter"] = cite.corrected_reporter()
    return out


def harvest_find(checkout):
    module = load(checkout, "test_FindTest")
    recorded = []

    def record(self, test_pairs, message, tokenizers=None):
        for q, expected, *kwargs in test_pairs:
            kwargs = kwargs[0] if kwargs else {}
            steps = kwargs.get("clean_steps", [])
            if "html" in steps or "xml" in steps or "markup_text" in kwargs:
                continue
            recorded.append({"test": self._testMethodName, "message": message, "text": q,
                             "clean_steps": steps, "remove_ambiguous": kwargs.get("remove_ambiguous", False), "cleaned_text": clean_text(q, steps) if steps else q,
                             "citations": [describe(c) for c in expected]})

    cls = module.FindTest
    cls.run_test_pairs = record
    for name in sorted(n for n in dir(cls) if n.startswith("test_")):
        test = cls(name)
        try:
            getattr(test, name)()
        except Exception:  # tests with their own assertions; only the tables matter here
            pass
    return recorded


def harvest_resolve(checkout):
    """checkResolution rows: the pieces are cited in one text joined by spaces; each piece holds one cite."""
    module = load(checkout, "test_ResolveTest")
    cases = []

    def check_resolution(self, *rows):
        pieces, text = [], ""
        for group, piece in rows:
            text += (" " if text else "") + piece
            pieces.append({"start": len(text) - len(piece), "end": len(text), "group": group,
                           "kind": KINDS[type(get_citations(piece)[0])]})
        cases.append({"test": self._testMethodName, "text": text, "pieces": pieces})

    def check_reference_resolution(self, expected_indices, citation_text, resolved_case_name_short=None):
        citations = get_citations(citation_text)
        if resolved_case_name_short:
            citations[0].metadata.resolved_case_name_short = resolved_case_name_short
            citations.extend(extract_reference_citations(citations[0], Document(plain_text=citation_text)))
            citations = filter_citations(citations)
        cases.append({"test": self._testMethodName, "text": citation_text,
                      "citations": [{"start": c.span()[0], "kind": KINDS[type(c)]} for c in citations],
                      "groups": expected_indices, "resolved_case_name_short": resolved_case_name_short})

    cls = module.ResolveTest
    cls.checkResolution = check_resolution
    cls.checkReferenceResolution = check_reference_resolution
    for name in sorted(n for n in dir(cls) if n.startswith("test_")):
        getattr(cls(name), name)()
    return cases


def harvest_opinion(checkout):
    """eyecite's resolution of its long test opinion (tests/assets/opinion.txt, whitespace cleaned)."""
    shutil.copy(checkout / "tests/assets/opinion.txt", HERE / "opinion.txt")
    text = clean_text((HERE / "opinion.txt").read_text(), ["all_whitespace"])
    citations = get_citations(text)
    index = {id(c): i for i, c in enumerate(citations)}
    groups = [[index[id(c)] for c in cites] for cites in resolve_citations(citations).values()]
    return {"clean_steps": ["all_whitespace"],
            "citations": [{"start": c.span()[0], "kind": KINDS[type(c)], "text": c.matched_text()}
                          for c in citations],
            "groups": groups}


def main():
    checkout = pathlib.Path(sys.argv[1]).resolve()
    find = harvest_find(checkout)
    resolve = {"cases": harvest_resolve(checkout), "opinion": harvest_opinion(checkout)}
    (HERE / "find.json").write_text(json.dumps(find, indent=1, ensure_ascii=False) + "\n")
    (HERE / "resolve.json").write_text(json.dumps(resolve, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(find)} find pairs, {len(resolve['cases'])} resolution cases")


if __name__ == "__main__":
    main()
