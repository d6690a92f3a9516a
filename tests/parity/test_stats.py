"""Statistics parity: `lexeval correlate` against scipy.stats (pearsonr, spearmanr, kendalltau) and numpy."""
import json

import numpy as np
import pytest
from scipy import stats

SCIPY = {"pearson": lambda x, y: stats.pearsonr(x, y)[0],
         "spearman": lambda x, y: stats.spearmanr(x, y)[0],
         "kendall": lambda x, y: stats.kendalltau(x, y)[0]}


def judgements(seed, cases=6, systems=5, ties=False):
    rng = np.random.default_rng(seed)
    rows = []
    for c in range(cases):
        for s in range(systems):
            human = rng.random()
            metric = 0.6 * human + 0.4 * rng.random()
            if ties:
                human, metric = round(human, 1), round(metric, 1)
            rows.append({"case": f"c{c}", "system": f"s{s}", "metric": metric, "human": human})
    return rows


@pytest.mark.parametrize("seed, ties", [(1, False), (2, True), (3, False), (4, True)])
def test_three_levels_equal_scipy(lexeval, seed, ties):
    rows = judgements(seed, ties=ties)
    got = lexeval.json("correlate", stdin="".join(json.dumps(r) + "\n" for r in rows))
    metric = np.array([r["metric"] for r in rows])
    human = np.array([r["human"] for r in rows])
    for name, corr in SCIPY.items():
        assert abs(got[name]["population"] - corr(metric, human)) < 1e-9
        per_case = [corr([r["metric"] for r in rows if r["case"] == c], [r["human"] for r in rows if r["case"] == c])
                    for c in sorted({r["case"] for r in rows})]
        assert abs(got[name]["summary"] - np.mean(per_case)) < 1e-9
        systems = sorted({r["system"] for r in rows})
        sys_m = [np.mean([r["metric"] for r in rows if r["system"] == s]) for s in systems]
        sys_h = [np.mean([r["human"] for r in rows if r["system"] == s]) for s in systems]
        assert abs(got[name]["system"] - corr(sys_m, sys_h)) < 1e-9
    assert abs(got["rmse"] - np.sqrt(np.mean((metric - human) ** 2))) < 1e-12


def test_malformed_line_is_named(lexeval):
    import subprocess
    proc = subprocess.run([lexeval.binary, "correlate"], input='{"case": "a"}\n', capture_output=True, text=True)
    assert proc.returncode == 1 and "line 1" in proc.stderr
