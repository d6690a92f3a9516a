"""The LLM judge through the Python API: the same endpoint, model and key (from LEXEVAL_API_KEY) as the CLI,
the same report. The endpoint is served by a thread of this very process, so it can answer only while the
API has released the GIL: were it held while scoring, every request would time out and the report would
list failed judgements instead of equalling the CLI's."""
import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import lexeval

KEY = "sk-test-python-api"


class Judge(BaseHTTPRequestHandler):
    """An OpenAI-compatible endpoint whose answer is a fixed function of the prompt (Yes for some, No for
    others); it records the Authorization headers it saw."""

    seen_keys: list = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Judge.seen_keys.append(self.headers.get("Authorization"))
        prompt = body["messages"][-1]["content"]
        answer = "Yes." if hashlib.sha256(prompt.encode()).digest()[0] % 3 else "No."
        reply = json.dumps({"choices": [{"message": {"role": "assistant", "content": answer}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


@pytest.fixture
def endpoint(monkeypatch):
    monkeypatch.setenv("LEXEVAL_API_KEY", KEY)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Judge)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


@pytest.mark.parametrize("check", ["fresco", "pointwise"])
def test_the_llm_judge_equals_the_cli_while_this_process_serves_it(cli, tmp_path, bluebook, endpoint, check):
    row = bluebook[0]
    (tmp_path / "r.txt").write_text(row["reference"])
    (tmp_path / "c.txt").write_text(row["generated"])
    Judge.seen_keys.clear()
    score = {"fresco": lexeval.fresco, "pointwise": lexeval.pointwise}[check]
    report = score(row["reference"], row["generated"], "llm", endpoint=endpoint, model="judge", timeout=20)
    assert Judge.seen_keys and set(Judge.seen_keys) == {f"Bearer {KEY}"}
    cli_text = cli.run(check, "-r", tmp_path / "r.txt", "-c", tmp_path / "c.txt", "--similarity", "llm",
                       "--endpoint", endpoint, "--model", "judge", "--timeout", "20", "--json")
    assert report.to_json() + "\n" == cli_text
    assert KEY not in report.to_json()
