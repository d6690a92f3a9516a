"""Fails when a Python file of the project imports a module that requirements.txt does not declare.

Run with the project's .venv interpreter (`make test` does): every top-level module imported by a Python
file of the repository (tests/, bench/, scripts/, crates' test fixtures) must be the standard library, one of the project's own files, or provided by a
distribution named in requirements.txt. A module that is merely installed (by hand, or as an undeclared
dependency of something else) does not count, so a machine that happens to have it cannot hide the gap.
"""
import ast
import importlib.metadata
import os
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
# Folders that hold installed or built things, not the project's own files.
NOT_OURS = {".git", ".venv", ".cache", "node_modules", "target", "dist"}


def declared_distributions():
    names = set()
    for line in (REPO / "requirements.txt").read_text().splitlines():
        requirement = line.split("#", 1)[0].strip()
        if requirement:
            names.add(normalise(re.split(r"[=<>!~\[; ]", requirement, maxsplit=1)[0]))
    return names


def normalise(distribution):
    return re.sub(r"[-_.]+", "-", distribution).lower()


def imported_modules(path):
    """Top-level names of the absolute imports in one file."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno


def python_files():
    """The project's .py files. NOT_OURS folders are pruned before they are entered, not filtered after: the
    native lane of `make test` writes target/ meanwhile, and a folder it removes mid-walk fails `rglob`."""
    for folder, subfolders, names in os.walk(REPO):
        subfolders[:] = [d for d in subfolders if d not in NOT_OURS]
        yield from (pathlib.Path(folder) / n for n in names if n.endswith(".py"))


def main():
    declared = declared_distributions()
    providers = importlib.metadata.packages_distributions()
    files = sorted(python_files())
    # The project's own modules: any .py file or package folder name in the scanned trees.
    own = {p.stem for p in files} | {p.parent.name for p in files if (p.parent / "__init__.py").exists()}
    problems = []
    for path in files:
        for module, line in imported_modules(path):
            if module in sys.stdlib_module_names or module in own:
                continue
            distributions = {normalise(d) for d in providers.get(module, [])}
            if not distributions:
                problems.append(f"{path.relative_to(REPO)}:{line}: imports {module!r}, which no installed "
                                "distribution provides: add its package to requirements.txt")
            elif not distributions & declared:
                problems.append(f"{path.relative_to(REPO)}:{line}: imports {module!r} from "
                                f"{', '.join(sorted(distributions))}, not declared in requirements.txt")
    if problems:
        sys.exit("undeclared Python imports:\n" + "\n".join(problems))
    print(f"python imports: {len(files)} files, every third-party import declared in requirements.txt")


if __name__ == "__main__":
    main()
