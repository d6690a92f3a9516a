#!/usr/bin/env python3
"""Builds the page into dist/ and serves it: `python3 scripts/web.py build|serve`.

What a bundler would do for this page, in the few steps it needs (standard library only, so `make serve` needs
nothing but the Rust tools): cargo builds the app and its two workers for wasm32 (two runs, see BINARIES);
wasm-bindgen (the version in Cargo.lock, installed by scripts/setup.sh) writes their JavaScript glue; wasm-opt
(npm's binaryen) shrinks the app and the score worker; the style sheet and icon get content-hashed names; the
models are copied; index.html gets the app's loader. A worker keeps a fixed name (`<bin>_loader.js`), which
the app opens at run time. The whole of dist/ is built beside it and swapped in at the end, so a failed build
leaves the last good one.
"""
import base64
import hashlib
import http.server
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
WASM_TARGET = "wasm32-unknown-unknown"
ADDRESS = ("127.0.0.1", 8080)

# (cargo package, binary, Cargo.toml profile, wasm-opt level or None, worker). One cargo run per profile:
# - the page and the embedding worker with the `wasm` profile, in one run so the dependencies they share
#   compile once; the embedding worker gets no wasm-opt pass: -Os undoes the opt-level 3 inlining of tract's
#   kernels (BENCHMARKS.md);
# - the score worker, started at every page load, with `wasm-score` in a run of its own: in the same run cargo
#   would unify the features the others' dependencies enable on shared crates (tokenizers' and leptos' regex
#   with every Unicode table, regex-automata's dense DFA builder) into its build (BENCHMARKS.md, the score
#   worker's size).
BINARIES = [
    ("lexeval-app", "lexeval-app", "wasm", "s", False),
    ("lexeval-score-worker", "score_worker", "wasm-score", "s", True),
    ("lexeval-embed-worker", "embed_worker", "wasm", None, True),
]
# Files index.html links by their source path; each is copied under a content-hashed name.
HASHED_ASSETS = ["www/style.css", "www/favicon.svg"]
COPIED_DIRS = ["models"]


def run(*command):
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], cwd=ROOT, check=True)


def digest(data, length=16):
    return hashlib.sha256(data).hexdigest()[:length]


def integrity(path):
    return "sha384-" + base64.b64encode(hashlib.sha384(path.read_bytes()).digest()).decode()


def cargo_build():
    """One cargo run per profile, each for the binaries built with it."""
    for profile in dict.fromkeys(profile for _, _, profile, _, _ in BINARIES):
        selection = [part for package, binary, built_with, _, _ in BINARIES if built_with == profile
                     for part in ("-p", package, "--bin", binary)]
        run("cargo", "build", "--profile", profile, "--target", WASM_TARGET, *selection)


def bindgen(package, binary, profile, opt_level, worker, stage):
    """wasm-bindgen, then wasm-opt; returns the (js, wasm) names written into the stage."""
    built = TARGET / WASM_TARGET / profile / f"{binary}.wasm"
    out = TARGET / "wasm-bindgen" / profile
    out.mkdir(parents=True, exist_ok=True)
    run("wasm-bindgen", f"--target={'no-modules' if worker else 'web'}", f"--out-dir={out}",
        f"--out-name={binary}", "--no-typescript", built)
    name = binary if worker else f"{binary}-{digest(built.read_bytes())}"
    js, wasm = f"{name}.js", f"{name}_bg.wasm"
    shutil.copyfile(out / f"{binary}.js", stage / js)
    if opt_level:
        run("wasm-opt", f"-O{opt_level}", f"--output={stage / wasm}", out / f"{binary}_bg.wasm")
    else:
        shutil.copyfile(out / f"{binary}_bg.wasm", stage / wasm)
    if worker:
        (stage / f"{binary}_loader.js").write_text(f'importScripts("./{js}");wasm_bindgen("./{wasm}");')
    return js, wasm


def page(source, assets, app_js, app_wasm, stage):
    """index.html with the hashed asset names and the app's module loader."""
    html = source
    for original, hashed in assets.items():
        html = html.replace(f'href="{original}"', f'href="/{hashed}" integrity="{integrity(stage / hashed)}"')
    loader = (
        f'<script type="module">\n'
        f"import init from '/{app_js}';\n"
        f"await init({{ module_or_path: '/{app_wasm}' }});\n"
        f"</script>\n"
        f'<link rel="modulepreload" href="/{app_js}" crossorigin="anonymous" '
        f'integrity="{integrity(stage / app_js)}">\n'
        f'<link rel="preload" href="/{app_wasm}" crossorigin="anonymous" '
        f'integrity="{integrity(stage / app_wasm)}" as="fetch" type="application/wasm">\n'
    )
    head_end = html.rfind("</head>")
    if head_end < 0:
        sys.exit("web.py: index.html has no </head> to put the app's loader before")
    return html[:head_end] + loader + html[head_end:]


def build():
    cargo_build()
    stage = DIST.with_name("dist.building")
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir()
    outputs = [bindgen(*binary, stage) for binary in BINARIES]
    assets = {}
    for asset in HASHED_ASSETS:
        source = ROOT / asset
        hashed = f"{source.stem}-{digest(source.read_bytes())}{source.suffix}"
        shutil.copyfile(source, stage / hashed)
        assets[asset] = hashed
    for directory in COPIED_DIRS:
        shutil.copytree(ROOT / directory, stage / directory)
    app_js, app_wasm = outputs[0]
    (stage / "index.html").write_text(page((ROOT / "index.html").read_text(), assets, app_js, app_wasm, stage))
    shutil.rmtree(DIST, ignore_errors=True)
    stage.rename(DIST)
    for wasm in sorted(DIST.glob("*.wasm")):
        print(f"wasm size: {wasm.stat().st_size} bytes {wasm.relative_to(ROOT)}")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".json": "application/json",
                      ".onnx": "application/octet-stream"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(DIST), **kwargs)


def serve():
    build()
    with http.server.ThreadingHTTPServer(ADDRESS, Handler) as server:
        print(f"serving dist/ on http://{ADDRESS[0]}:{ADDRESS[1]} (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    commands = {"build": build, "serve": serve}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit("usage: python3 scripts/web.py build|serve")
    try:
        commands[sys.argv[1]]()
    except subprocess.CalledProcessError as error:
        sys.exit(f"web.py: {error.cmd[0]} failed (exit {error.returncode}); dist/ is unchanged")
