"""Regenerates the TSV tables here from the Indigo Book's HTML (indigobook/text, docs/versions/indigobook-2.0-rev2023-1.html).

Usage: python3 extract.py BOOK.html  (writes one TSV per table: the manual's full term, a tab, its abbreviation).
"""

import html
import re
import sys

# Indigo Book table -> file, and the Bluebook table it corresponds to (in the file's header).
TABLES = [
    ("T1 ", "t1-federal.tsv", "federal judicial and statutory materials (Bluebook T1.1-T1.2)"),
    ("T2 ", "t2-federal-administrative.tsv", "federal administrative and executive materials (Bluebook T1.3)"),
    ("T3 ", "t3-states.tsv", "U.S. states' reporters, codes, session laws and regulations (Bluebook T1.3)"),
    ("T9.", "t9-courts.tsv", "court names (Bluebook T7)"),
    ("T10.", "t10-judges.tsv", "titles of judges and officials (Bluebook T11)"),
    ("T11.", "t11-case-names.tsv", "common words in case names (Bluebook T6)"),
    ("T12.", "t12-geography.tsv", "U.S., Australian and Canadian geographical terms (Bluebook T10)"),
    ("T12.3", "t12.3-countries.tsv", "countries and regions (Bluebook T10)"),
    ("T13.", "t13-subdivisions.tsv", "document subdivisions (Bluebook T16)"),
    ("T14.", "t14-explanatory-phrases.tsv", "explanatory phrases (Bluebook T8)"),
    ("T16.", "t16-publishing-terms.tsv", "publishing terms (Bluebook T14)"),
    ("T17.", "t17-months.tsv", "months (Bluebook T12)"),
    ("T18.", "t18-litigation-documents.tsv", "litigation documents (Bluebook BT1)"),
]


def clean(fragment):
    return html.unescape(" ".join(re.sub("<[^>]+>", " ", fragment).split()))


def main(path):
    book = open(path, encoding="utf-8").read()
    heads = [(m.start(), clean(m.group(2))) for m in re.finditer(r"<h([1-6])[^>]*>(.*?)</h\1>", book, re.S)]
    for prefix, name, what in TABLES:
        # A table runs from its heading to the next table of another number (T12 spans T12.1-T12.3).
        start = next(i for i, (_, title) in enumerate(heads) if title.startswith(prefix))
        number = prefix.rstrip(". ")
        # T12's countries (T12.3) are a table of their own.
        end = next(
            i
            for i in range(start + 1, len(heads))
            if not re.match(rf"{number}\b", heads[i][1]) or (number == "T12" and heads[i][1].startswith("T12.3"))
        )
        section = book[heads[start][0] : heads[end][0]]
        rows = []
        for row in re.findall(r"<tr>(.*?)</tr>", section, re.S):
            cells = [clean(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            cells = [c for c in cells if c]
            if len(cells) == 2:
                rows.append(cells)
            elif len(cells) == 3:  # material, dates, its citation form
                rows.append([cells[0], cells[2]])
            elif len(cells) == 1 and prefix == "T14.":  # one column: the phrases themselves
                rows.append(["", cells[0].rstrip(" ,")])
        with open(name, "w", encoding="utf-8") as out:
            out.write(f"# Indigo Book 2.0 (2023 rev.) table {number}: {what}\n")
            header = rows[0]
            for full, abbreviation in rows[1:]:
                if [full, abbreviation] != header:  # each part of a table repeats its column header
                    out.write(f"{full}\t{abbreviation}\n")


if __name__ == "__main__":
    main(sys.argv[1])
