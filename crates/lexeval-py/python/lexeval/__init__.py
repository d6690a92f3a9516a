"""lexeval for Python: the engine of the `lexeval` CLI and page (a Rust extension module, built by maturin).

Every function takes the CLI's options with the CLI's defaults and returns the CLI's typed report as Python
objects: `Report.to_json()` is `lexeval … --json`'s output byte for byte (without its final line end). A
score the engine cannot compute is `None`, with the reason in `Score.null_reason`. Scoring runs in Rust with
the GIL released; the `*_many` and `*_pairs` functions score whole lists (or pandas / pyarrow columns) in one
call. docs/python.md describes every function.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from . import _lexeval

__version__ = _lexeval.__version__

__all__ = [
    "Bounds",
    "Citations",
    "ItemsReport",
    "Record",
    "Report",
    "Score",
    "casefacts",
    "cite",
    "cite_many",
    "embed",
    "fresco",
    "fresco_many",
    "fresco_pairs",
    "legalsearchqa",
    "pointwise",
    "pointwise_many",
    "pointwise_pairs",
    "rouge",
    "rouge_aggregate",
    "rouge_many",
]

#: A file of rows (JSON array or JSON Lines, read as the CLI reads it) or the rows themselves.
Rows = Union[str, "os.PathLike[str]", Iterable[Mapping[str, Any]]]
#: Texts: a list, or any column with `to_pylist()` (pyarrow) or that iterates (pandas).
Texts = Iterable[str]

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


class Record(Dict[str, Any]):
    """A JSON object of a report (its settings, details, items): a dict whose keys read as attributes too."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class Bounds:
    """Where a score would lie had every item been decided."""

    lower: float
    upper: float


@dataclass(frozen=True)
class Score:
    """One score: a value, or `None` with the reason in `null_reason`; `note` says what a value leaves out."""

    name: str
    value: Optional[float]
    null_reason: Optional[str] = None
    note: Optional[str] = None
    bounds: Optional[Bounds] = None


@dataclass(frozen=True)
class Report:
    """A score report, as `lexeval … --json` prints it."""

    schema_version: int
    metric: str
    metric_version: str
    settings: Record
    scores: List[Score]
    details: Any
    json_text: str = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, text: str) -> "Report":
        data = _load(text)
        return cls(
            schema_version=data["schema_version"],
            metric=data["metric"],
            metric_version=data["metric_version"],
            settings=data["settings"],
            scores=[_score(s) for s in data["scores"]],
            details=data["details"],
            json_text=text,
        )

    def to_json(self) -> str:
        """The CLI's `--json` output, byte for byte (without its final line end)."""
        return self.json_text

    def score(self, name: str) -> Optional[float]:
        """The value of the score `name`; `None` when it is null (see `self[name].null_reason`)."""
        return self[name].value

    def __getitem__(self, name: str) -> Score:
        for score in self.scores:
            if score.name == name:
                return score
        raise KeyError(name)


@dataclass(frozen=True)
class ItemsReport(Report):
    """A report over many items, with the per-item table's records (the CLI's `--items FILE.json`)."""

    items: List[Record] = field(default_factory=list, compare=False)
    items_text: str = field(default="", repr=False, compare=False)

    def items_json(self) -> str:
        """The CLI's `--items FILE.json` file, byte for byte (without its final line end)."""
        return self.items_text


class Citations(List[Record]):
    """The citations of one text (`lexeval cite --json`), each a Record (kind, span, authority, ...)."""

    json_text: str

    @classmethod
    def from_json(cls, text: str) -> "Citations":
        citations = cls(_load(text))
        citations.json_text = text
        return citations

    def to_json(self) -> str:
        """`lexeval cite --json`'s output (or one `--jsonl` line from `cite_many`), byte for byte."""
        return self.json_text


def _load(text: str) -> Any:
    return json.loads(text, object_hook=Record)


def _score(data: Mapping[str, Any]) -> Score:
    bounds = data.get("bounds")
    return Score(
        name=data["name"],
        value=data.get("value"),
        null_reason=data.get("null_reason"),
        note=data.get("note"),
        bounds=Bounds(bounds["lower"], bounds["upper"]) if bounds is not None else None,
    )


def _items_report(texts: Sequence[str]) -> ItemsReport:
    report_text, items_text = texts
    report = Report.from_json(report_text)
    return ItemsReport(
        schema_version=report.schema_version,
        metric=report.metric,
        metric_version=report.metric_version,
        settings=report.settings,
        scores=report.scores,
        details=report.details,
        json_text=report_text,
        items=_load(items_text),
        items_text=items_text,
    )


def _texts(column: Texts) -> List[str]:
    to_pylist = getattr(column, "to_pylist", None)
    return list(to_pylist() if to_pylist is not None else column)


def _rows(rows: Rows) -> str:
    """A file's text (without a UTF-8 byte-order mark, as the CLI reads it) or the rows as a JSON array."""
    if isinstance(rows, (str, os.PathLike)):
        with open(rows, encoding="utf-8") as file:
            text = file.read()
        return text[1:] if text.startswith("\ufeff") else text
    to_dict = getattr(rows, "to_dict", None)  # a pandas DataFrame
    return json.dumps(to_dict("records") if to_dict is not None else list(rows))


def _path(path: Union[None, str, "os.PathLike[str]"]) -> Optional[str]:
    return None if path is None else os.fspath(path)


def _check_options(metric: str, options: Dict[str, Any]) -> str:
    for key in ("models_dir", "cache_dir"):
        options[key] = _path(options[key])
    return json.dumps({"metric": metric, **options})


# ---- citations ---------------------------------------------------------------------------------------


def cite(text: str) -> Citations:
    """Every legal citation in `text`, resolved to authorities (`lexeval cite --json`)."""
    return Citations.from_json(_lexeval.cite(text))


def cite_many(texts: Texts) -> List[Citations]:
    """Each text's citations in one call (`lexeval cite --jsonl`: `to_json()` is one output line)."""
    return [Citations.from_json(t) for t in _lexeval.cite_many(_texts(texts))]


# ---- L-FRESCO and pointwise ---------------------------------------------------------------------------


def fresco(
    reference: str,
    generated: str,
    similarity: str = "rougeL",
    threshold: Optional[float] = None,
    *,
    generalized: bool = False,
    generalized_match: str = "citations",
    authorities: str = "all",
    embedding_model: str = "minilm",
    models_dir: Union[None, str, "os.PathLike[str]"] = None,
    endpoint: Optional[str] = None,
    model: Optional[str] = None,
    temperature: float = 0.0,
    llm_seed: Optional[int] = None,
    timeout: int = 60,
    concurrency: int = 4,
    cache_dir: Union[None, str, "os.PathLike[str]"] = None,
) -> Report:
    """L-FRESCO (or generalized FRESCO) of `generated` against `reference` (`lexeval fresco -r -c --json`)."""
    options = _check_options("fresco", _fresco_options(locals()))
    return Report.from_json(_lexeval.check(reference, generated, options))


def fresco_many(references: Texts, generated: Texts, **options: Any) -> List[Report]:
    """`fresco` of each pair, in one call (one model load, one answer cache); `fresco`'s options."""
    return _scored_many(_check_options("fresco", _fresco_options(options)), references, generated)


def fresco_pairs(
    pairs: Rows,
    *,
    confidence: float = 0.95,
    samples: int = 1000,
    bootstrap_seed: int = 0,
    **options: Any,
) -> ItemsReport:
    """`lexeval fresco --pairs FILE --json` (with `--items`): every pair's scores, their means and bootstrap
    intervals. `pairs`: a file, or rows of {"reference", "generated"} or CLERC's {"gold_text", "generation",
    "idx", "model"}."""
    interval = _interval(confidence, samples, bootstrap_seed)
    return _scored_pairs(_check_options("fresco", {**_fresco_options(options), **interval}), pairs)


def pointwise(
    reference: str,
    generated: str,
    similarity: str = "rougeL",
    threshold: Optional[float] = None,
    *,
    assign: str = "greedy",
    other_relevant: str = "unmatched",
    points: str = "sentences",
    reference_points: Optional[Sequence[Mapping[str, Any]]] = None,
    candidate_points: Optional[Sequence[Mapping[str, Any]]] = None,
    embedding_model: str = "minilm",
    models_dir: Union[None, str, "os.PathLike[str]"] = None,
    endpoint: Optional[str] = None,
    model: Optional[str] = None,
    temperature: float = 0.0,
    llm_seed: Optional[int] = None,
    timeout: int = 60,
    concurrency: int = 4,
    cache_dir: Union[None, str, "os.PathLike[str]"] = None,
) -> Report:
    """Pointwise recall and precision of a candidate summary (`lexeval pointwise -r -c --json`);
    `reference_points` / `candidate_points`: [{"paragraph": text, "points": [text, ...]}, ...]."""
    options = _check_options("pointwise", _pointwise_options(locals()))
    return Report.from_json(_lexeval.check(reference, generated, options))


def pointwise_many(references: Texts, generated: Texts, **options: Any) -> List[Report]:
    """`pointwise` of each pair, in one call; `pointwise`'s options (points files aside)."""
    json_options = _check_options("pointwise", _pointwise_options(options))
    return _scored_many(json_options, references, generated)


def pointwise_pairs(
    pairs: Rows,
    *,
    confidence: float = 0.95,
    samples: int = 1000,
    bootstrap_seed: int = 0,
    **options: Any,
) -> ItemsReport:
    """`lexeval pointwise --pairs FILE --json` (with `--items`); `fresco_pairs`' rows."""
    interval = _interval(confidence, samples, bootstrap_seed)
    json_options = _check_options("pointwise", {**_pointwise_options(options), **interval})
    return _scored_pairs(json_options, pairs)


_SHARED_DEFAULTS: Dict[str, Any] = {
    "similarity": "rougeL",
    "threshold": None,
    "embedding_model": "minilm",
    "models_dir": None,
    "endpoint": None,
    "model": None,
    "temperature": 0.0,
    "llm_seed": None,
    "timeout": 60,
    "concurrency": 4,
    "cache_dir": None,
}
_FRESCO_DEFAULTS: Dict[str, Any] = {
    **_SHARED_DEFAULTS,
    "generalized": False,
    "generalized_match": "citations",
    "authorities": "all",
}
_POINTWISE_DEFAULTS: Dict[str, Any] = {
    **_SHARED_DEFAULTS,
    "assign": "greedy",
    "other_relevant": "unmatched",
    "points": "sentences",
    "reference_points": None,
    "candidate_points": None,
}


def _chosen(defaults: Dict[str, Any], given: Mapping[str, Any]) -> Dict[str, Any]:
    """The options of `defaults` from `given` (a call's locals or keyword arguments); an unknown one is an error."""
    unknown = set(given) - set(defaults) - {"reference", "generated"}
    if unknown:
        raise TypeError(f"unknown option(s): {', '.join(sorted(unknown))}")
    return {key: given.get(key, default) for key, default in defaults.items()}


def _scored_many(json_options: str, references: Texts, generated: Texts) -> List[Report]:
    """Each pair scored in one Rust call, with options already checked: `fresco_many`, `pointwise_many`."""
    reports = _lexeval.check_many(_texts(references), _texts(generated), json_options)
    return [Report.from_json(r) for r in reports]


def _scored_pairs(json_options: str, pairs: Rows) -> ItemsReport:
    """A pairs file's report with its items, options already checked: `fresco_pairs`, `pointwise_pairs`."""
    return _items_report(_lexeval.check_pairs(_rows(pairs), json_options))


def _interval(confidence: float, samples: int, bootstrap_seed: int) -> Dict[str, Any]:
    """The bootstrap interval's options of a `_pairs` call."""
    return {"confidence": confidence, "samples": samples, "bootstrap_seed": bootstrap_seed}


def _fresco_options(given: Mapping[str, Any]) -> Dict[str, Any]:
    return _chosen(_FRESCO_DEFAULTS, given)


def _pointwise_options(given: Mapping[str, Any]) -> Dict[str, Any]:
    options = _chosen(_POINTWISE_DEFAULTS, given)
    for key in ("reference_points", "candidate_points"):
        if options[key] is not None:
            options[key] = list(options[key])
    return options


# ---- ROUGE --------------------------------------------------------------------------------------------


def rouge(
    reference: Union[str, Sequence[str]],
    candidate: str,
    *,
    types: Sequence[str] = ROUGE_TYPES,
    stem: bool = False,
    unicode: bool = False,
) -> Report:
    """ROUGE exactly as rouge-score 0.1.2 (`lexeval rouge -r … -c … --json`); several references: each type
    keeps the best F-measure, as rouge-score's score_multi."""
    references = [reference] if isinstance(reference, str) else list(reference)
    return Report.from_json(_lexeval.rouge(references, candidate, list(types), stem, unicode))


def _rouge_rows(references: Iterable[Union[str, Sequence[str]]], candidates: Texts) -> str:
    refs = [r if isinstance(r, str) else list(r) for r in _texts(references)]  # type: ignore[arg-type]
    cands = _texts(candidates)
    if len(refs) != len(cands):
        raise ValueError(f"{len(refs)} references but {len(cands)} candidates")
    return json.dumps([{"reference": r, "candidate": c} for r, c in zip(refs, cands)])


def rouge_many(
    references: Iterable[Union[str, Sequence[str]]],
    candidates: Texts,
    *,
    types: Sequence[str] = ROUGE_TYPES,
    stem: bool = False,
    unicode: bool = False,
) -> List[Record]:
    """Each pair's scores in one call (the `scores` of `lexeval rouge --pairs`' lines):
    {type: {"precision", "recall", "fmeasure"}} per pair."""
    rows = _rouge_rows(references, candidates)
    return [_load(line)["scores"] for line in _lexeval.rouge_pairs(rows, list(types), stem, unicode)]


def rouge_aggregate(
    references: Iterable[Union[str, Sequence[str]]],
    candidates: Texts,
    *,
    types: Sequence[str] = ROUGE_TYPES,
    stem: bool = False,
    unicode: bool = False,
    confidence: float = 0.95,
    samples: int = 1000,
    seed: int = 0,
) -> Report:
    """The bootstrap interval of each type's mean (`lexeval rouge --pairs --aggregate --json`)."""
    rows = _rouge_rows(references, candidates)
    text = _lexeval.rouge_aggregate(rows, list(types), stem, unicode, confidence, samples, seed)
    return Report.from_json(text)


# ---- benchmarks ---------------------------------------------------------------------------------------


def casefacts(gold: Rows, predictions: Rows) -> ItemsReport:
    """CaseFacts' Evidence Score, Verdict Accuracy and Verdict Score of predictions
    (`lexeval casefacts --gold … --predictions … --json`, with `--items`)."""
    return _items_report(_lexeval.casefacts(_rows(gold), _rows(predictions)))


def legalsearchqa(gold: Rows, predictions: Rows) -> ItemsReport:
    """LegalSearchQA accuracy by category, domain and difficulty
    (`lexeval legalsearchqa --gold … --predictions … --json`, with `--items`)."""
    return _items_report(_lexeval.legalsearchqa(_rows(gold), _rows(predictions)))


# ---- embeddings ---------------------------------------------------------------------------------------


def embed(
    texts: Texts,
    embedding_model: str = "minilm",
    models_dir: Union[None, str, "os.PathLike[str]"] = None,
) -> List[List[float]]:
    """The shipped model's sentence embeddings (L2-normalised), one per text (`lexeval embed --json`)."""
    return _lexeval.embed(_texts(texts), embedding_model, _path(models_dir))
