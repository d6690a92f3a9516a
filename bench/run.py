"""`make bench`: runs every bench/<name>.py side by side with its anchor and prints their ratio tables.

Each script is run as `python3 bench/<name>.py --lexeval BIN` and prints its own table; this runner
only orders them and reports failures.
"""
import argparse
import pathlib
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lexeval", required=True, help="path to the release-native lexeval binary")
    parser.add_argument("only", nargs="*", help="run only these benchmarks (script names without .py)")
    args = parser.parse_args()
    here = pathlib.Path(__file__).resolve().parent
    scripts = sorted(p for p in here.glob("*.py") if p.name != "run.py" and not p.name.startswith("_"))
    if args.only:
        scripts = [p for p in scripts if p.stem in args.only]
    failed = []
    for script in scripts:
        print(f"\n## {script.stem}\n", flush=True)
        if subprocess.run([sys.executable, str(script), "--lexeval", args.lexeval]).returncode != 0:
            failed.append(script.stem)
    if failed:
        sys.exit(f"benchmarks failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
