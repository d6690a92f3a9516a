#!/usr/bin/env python3
"""Fails when two source files of a crate use each other (`use crate::a` in b.rs and `use crate::b` in
a.rs): a two-file import cycle means the code they share belongs in a third module, or in their parent.

A module's own children and parent do not count (a parent declares its children; children use the items
the parent defines), nor do test modules (from the first `#[cfg(test)]` on). Standard library only."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CRATE_SOURCES = [ROOT / "src", *sorted(ROOT.glob("crates/*/src"))]
PATH = re.compile(r"\b(crate|super)((?:::[a-z_0-9]+)+)")


def module_file(base: pathlib.Path, parts: list[str]) -> pathlib.Path | None:
    """The file of the longest prefix of `parts` that names a module under `base`."""
    for n in range(len(parts), 0, -1):
        stem = base.joinpath(*parts[:n])
        for candidate in (stem.with_suffix(".rs"), stem / "mod.rs"):
            if candidate.is_file():
                return candidate
    return None


def module_dir(file: pathlib.Path) -> pathlib.Path:
    """The directory a file's `super::` children live in: its own for `mod.rs`, its parent's otherwise."""
    return file.parent.parent if file.name == "mod.rs" else file.parent


def uses(src: pathlib.Path, file: pathlib.Path) -> set[pathlib.Path]:
    text = file.read_text(encoding="utf-8").split("#[cfg(test)]")[0]
    found = set()
    for root, path in PATH.findall(text):
        parts = path.strip(":").split("::")
        base = src if root == "crate" else module_dir(file)
        target = module_file(base, parts)
        if target is not None and target != file:
            found.add(target)
    return found


def main() -> int:
    cycles = []
    for src in CRATE_SOURCES:
        files = sorted(src.rglob("*.rs"))
        edges = {file: uses(src, file) for file in files}
        for a in files:
            for b in edges[a]:
                if a < b and a in edges.get(b, ()):
                    cycles.append((a.relative_to(ROOT), b.relative_to(ROOT)))
    for a, b in cycles:
        print(f"import cycle: {a} and {b} use each other", file=sys.stderr)
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
