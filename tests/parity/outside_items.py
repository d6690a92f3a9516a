"""Labelled citation items from other projects' test data, for test_outside_data.py.

- reporters-db (the vendored 3.2.67 copy under crates/lexeval-core/data/reporters-db): every example of
  reporters.json and laws.json, labelled by fully matching it with its own entry's patterns (reporters-db's
  variables expanded, as reporters-db's `process_variables` does), so every field the data declares is checked:
  volume, reporter, page, title or chapter, section, year. journals.json has no examples; each journal
  abbreviation is cited as "12 <abbreviation> 345".
- courts-db (the vendored 0.10.27 copy): every court's citation string in a case cite's parenthetical, labelled
  with the ids of the courts that print that string.
- citeurl: every `cite` and `shortform` of its tests/test_templates.py (outside_data/citeurl_tests.json),
  labelled by hand from the URL citeurl's test expects (outside_data/citeurl_labels.json).

Items lexeval does not aim at carry `not_aimed` with the reason (outside_data/not_aimed.json for the
generated sources). reporters-db's patterns repeat group names, so they are read with the `regex` module, as
eyecite reads them.
"""
import json
import pathlib
import regex as re

HERE = pathlib.Path(__file__).resolve().parent / "outside_data"
DATA = HERE.parents[2] / "crates/lexeval-core/data"


def flatten(tree, prefix=""):
    out = {}
    for key, value in tree.items():
        if key.endswith("#") or key == "#":
            continue
        name = f"{prefix}_{key}" if prefix and key else (key or prefix)
        if isinstance(value, dict):
            out.update(flatten(value, name))
        else:
            out[name] = value
    return out


VARIABLES = flatten(json.loads((DATA / "reporters-db/regexes.json").read_text()))
# reporters-db's `process_variables`: every variable has an optional variant.
VARIABLES.update({f"{name}_optional": f"(?:{value} ?)?" for name, value in list(VARIABLES.items())})


def expand(template, reporter_alternation):
    """reporters-db's recursive `$name` substitution (names read greedily, as string.Template does)."""
    for _ in range(20):
        before = template
        for name in ("$reporter", "$edition"):
            group = "(?:" if "(?P<reporter>" in template else "(?P<reporter>"
            template = template.replace(name, f"{group}{reporter_alternation})", 1)
            template = template.replace(name, f"(?:{reporter_alternation})")
        template = re.sub(r"\$([_a-z][_a-z0-9]*)", lambda m: VARIABLES.get(m[1], m[0]), template)
        if template == before:
            break
    return template


def alternation(strings):
    return "|".join(re.escape(s) for s in sorted(strings, key=len, reverse=True))


def labelled(example, regexes, printed_names):
    """The groups of the first regex that matches the whole example."""
    for template in regexes:
        match = re.fullmatch(expand(template, alternation(printed_names)), example)
        if match:
            return {k: v for k, v in match.groupdict().items() if v is not None}
    return None


FIELDS = ("volume", "page", "title", "chapter", "section", "year")


def expectation(groups, reporters):
    expect = {k: groups[k] for k in FIELDS if k in groups}
    if "section" in expect:  # subsections are pins: "981(a)(l)(C)" cites section 981
        expect["section"] = expect["section"].split("(")[0]
    # An Illinois act's section is numbered within the act: "735 ILCS 5/2-619" is chapter 735, section 5/2-619.
    if "act" in groups and "section" in groups:
        expect["section"] = f"{groups['act']}/{groups['section']}"
    if "chapter" in expect:
        expect.setdefault("title", expect.pop("chapter"))
        expect.pop("chapter", None)
    expect["reporter"] = sorted(reporters)
    return expect


def reporters_items():
    reporters = json.loads((DATA / "reporters-db/reporters.json").read_text())
    # Every edition a printed string may stand for, across the whole table.
    meaning = {}
    for entries in reporters.values():
        for entry in entries:
            for edition in entry["editions"]:
                meaning.setdefault(edition, set()).add(edition)
            for variation, edition in entry["variations"].items():
                meaning.setdefault(variation, set()).add(edition)
    items = []
    for key, entries in reporters.items():
        for entry in entries:
            # (regexes, printed names) per edition: an edition's own regexes take its name and variations.
            readings = []
            for edition, data in entry["editions"].items():
                names = {edition, *(v for v, e in entry["variations"].items() if e == edition)}
                readings.append((data.get("regexes") or [VARIABLES["full_cite"]], names))
            for example in entry.get("examples", []):
                groups = next((g for regexes, names in readings if (g := labelled(example, regexes, names))), None)
                item = {"source": "reporters-db reporters", "entry": key, "text": f"See {example}."}
                if groups is None:
                    item["not_aimed"] = "the example fits none of its reporter's patterns in reporters-db"
                else:
                    item["kind"] = "case"
                    item["expect"] = expectation(groups, meaning.get(groups.get("reporter"), {key}))
                items.append(item)
    return items


def laws_items():
    laws = json.loads((DATA / "reporters-db/laws.json").read_text())
    items = []
    for key, entries in laws.items():
        for entry in entries:
            printed = {key, *entry["variations"]}
            for example in entry.get("examples", []):
                groups = labelled(example, entry.get("regexes") or [VARIABLES["full_cite"]], printed)
                item = {"source": "reporters-db laws", "entry": key, "text": f"See {example}."}
                if groups is None:
                    item["not_aimed"] = "reporters-db's own regexes for the entry do not match the example"
                else:
                    item["kind"] = "law"
                    # The code by its key or as printed; a subject code is the code as printed up to its
                    # section ("N.Y. Empl. Law", "Md. Code Ann., Empl."), so each subject is its own code.
                    names = {key, groups.get("reporter", key)}
                    if "subject" in groups:
                        names.add(example.split("§")[0][: example.index(groups["subject"]) + len(groups["subject"])]
                                  if "§" not in example else example.split("§")[0].strip())
                    item["expect"] = expectation(groups, names)
                items.append(item)
    return items


def journals_items():
    journals = json.loads((DATA / "reporters-db/journals.json").read_text())
    items = []
    for key, entries in journals.items():
        for entry in entries:
            if entry.get("regexes"):
                continue
            items.append({"source": "reporters-db journals", "entry": key, "text": f"See 12 {key} 345.",
                          "kind": "journal", "expect": {"volume": "12", "reporter": [key], "page": "345"}})
    return items


def squeezed(text):
    return "".join(c for c in text if c.isalnum() or c == "_").lower()


def courts_items():
    courts = json.loads((DATA / "courts-db/courts.json").read_text())
    ids = {}
    for court in courts:
        if court.get("citation_string"):
            ids.setdefault(squeezed(court["citation_string"]), []).append(court["id"])
    items = []
    for court in courts:
        string = court.get("citation_string")
        if not string:
            continue
        items.append({"source": "courts-db", "entry": court["id"],
                      "text": f"Alpha v. Beta, 123 F.3d 456 ({string} 1999).", "kind": "case",
                      "expect": {"volume": "123", "reporter": ["F.3d"], "page": "456",
                                 "court": sorted(ids[squeezed(string)])}})
    return items


def citeurl_items():
    tests = json.loads((HERE / "citeurl_tests.json").read_text())
    labels = json.loads((HERE / "citeurl_labels.json").read_text())
    items = []
    for template, test in tests.items():
        label = labels[template]
        text = f"{test['cite']}. {test['shortform'] or ''}".strip()
        item = {"source": "citeurl", "entry": template, "text": text}
        if "not_aimed" in label:
            item["not_aimed"] = label["not_aimed"]
        else:
            item["kind"] = label["kind"]
            item["expect"] = label["cite"]
            if "shortform" in label:
                item["expect_short"] = label["shortform"]
        items.append(item)
    return items


def all_items():
    items = reporters_items() + laws_items() + journals_items() + courts_items() + citeurl_items()
    not_aimed = json.loads((HERE / "not_aimed.json").read_text())
    for item in items:
        reason = not_aimed.get(item["source"], {}).get(item["text"])
        if reason:
            item["not_aimed"] = reason
    return items
