"""Matching parity: `lexeval assign` against scipy.optimize.linear_sum_assignment(maximize=True)."""
import json

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment


@pytest.mark.parametrize("shape", [(1, 1), (3, 3), (5, 8), (8, 5), (12, 12), (30, 40)])
def test_assignment_total_equals_scipy(lexeval, shape):
    rng = np.random.default_rng(sum(shape))
    for trial in range(20):
        weights = rng.random(shape)
        if trial % 4 == 0:
            weights = np.round(weights, 1)  # ties
        rows, cols = linear_sum_assignment(weights, maximize=True)
        got = lexeval.json("assign", stdin=json.dumps(weights.tolist()))
        assert abs(got["total"] - weights[rows, cols].sum()) < 1e-9
        assert len(got["pairs"]) == min(shape)
        assert len({r for r, _ in got["pairs"]}) == len({c for _, c in got["pairs"]}) == min(shape)
