"""Rule-defined heap games: a ruleset in HeapLab's ruleset language (a shipped preset or your
own text), or a Python function giving each heap's options, solved by the engine's generic
solver (the one ``heaplab rules`` runs).

>>> import heaplab
>>> g = heaplab.rules("subtraction", params={"S": [1, 3, 4]}, terms=20)
>>> g.values[:8].tolist(), g.period.period
([0, 1, 0, 1, 2, 3, 2, 0], 7)
>>> heaplab.heap_game(lambda n: [[n - 1]] if n else [], terms=5).values.tolist()
[0, 1, 0, 1, 0]
"""

from __future__ import annotations

import html
import json
import numbers
from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional, Sequence

import numpy as np

# The package's one engine boundary and its argument checks; this module is imported at the
# end of ``heaplab/__init__.py``, once they exist.
from . import _compiled, _engine, _HeapFigure, _set_text_keep_order, _show, _whole


@dataclass(frozen=True)
class ObservedPeriod:
    """A period seen in the computed values only, never proven: values repeat with ``period``
    from heap ``preperiod`` on every heap up to ``heaps_checked``."""

    period: int
    preperiod: int
    heaps_checked: int

    def __str__(self) -> str:
        return (f"period {self.period} from heap {self.preperiod} (observed on heaps "
                f"0..{self.heaps_checked}, not proven)")


@dataclass(frozen=True)
class RulesGame(_HeapFigure):
    """A rule-defined heap game solved on heaps ``0..len(values)``: nim-values, outcomes under
    its convention, the period observed (``None`` if none) and, when its options equal a
    built-in family's on every heap computed, that family (``recognised``), whose page has
    the proven result. ``figure`` and ``_repr_svg_`` draw it."""

    name: str
    convention: str
    params: dict
    values: np.ndarray
    outcomes: str
    period: Optional[ObservedPeriod]
    recognised: Optional[str]
    outcomes_stopped_at: Optional[int] = None
    report: dict = field(repr=False, default_factory=dict)

    @classmethod
    def _from(cls, data: dict) -> "RulesGame":
        header = data["header"]
        period = data["period"]
        return cls(
            header["name"], header["convention"], {name: value for name, value in header["params"]},
            np.asarray(data["values"], dtype=np.uint64), "".join(data["outcomes"]),
            None if period is None else ObservedPeriod(period["period"], period["preperiod"],
                                                        period["heaps_checked"]),
            data["recognised"], data["outcomes_stopped_at"], data,
        )

    def _figure_parts(self):
        play = "misère" if self.convention == "misere" else "normal"
        params = "".join(f", {name} = {value}" for name, value in self.params.items())
        caption = f"Nim-sequence: {self.period}." if self.period else "Nim-sequence: no period observed."
        return (f"{self.name} ({play} play){params}", [float(v) for v in self.values], self.outcomes,
                caption, self.report.get("link"))

    def _repr_html_(self) -> str:
        shown = 40
        values = " ".join(str(v) for v in self.values[:shown].tolist())
        more = " …" if len(self.values) > shown else ""
        params = ", ".join(f"{name} = {value}" for name, value in self.params.items())
        rows = [
            ("game", f"{self.name} ({'misère' if self.convention == 'misere' else 'normal'} play)"),
            ("parameters", params or "none"),
            ("nim-values", values + more),
            ("outcomes", self.outcomes[:80] + ("…" if len(self.outcomes) > 80 else "")),
            ("period", str(self.period) if self.period else "none observed"),
            ("same options as", self.recognised or "no built-in family"),
        ]
        cells = "".join(f"<tr><th>{k}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
        return f"<table>{cells}</table>"


@dataclass(frozen=True)
class PartizanRulesGame:
    """A partizan ruleset (``fn left(n)`` and ``fn right(n)``) solved on heaps
    ``0..len(canonical)``: each heap's canonical form in the usual notation and its outcome
    class (``L``, ``R``, ``P`` or ``N``)."""

    name: str
    params: dict
    canonical: list
    outcomes: str


@dataclass(frozen=True)
class ComplyRulesGame:
    """A comply game (``fn proposals(n)``) solved on heaps ``0..len(outcomes)``: outcomes under
    its convention and the P-positions; a move is two players' choices, so no nim-values."""

    name: str
    convention: str
    params: dict
    outcomes: str
    p_positions: np.ndarray


def _game_of(data: dict):
    """The class a report's ``kind`` names: a heap game unless tagged partizan or comply."""
    header = data.get("header", {})
    params = {name: value for name, value in header.get("params", [])}
    if data.get("kind") == "partizan":
        return PartizanRulesGame(header["name"], params, list(data["canonical"]), data["outcomes"])
    if data.get("kind") == "comply":
        outcomes = "".join(data["outcomes"])
        p = [n for n, o in enumerate(outcomes) if o == "P"]
        return ComplyRulesGame(header["name"], header["convention"], params, outcomes,
                               np.asarray(p, dtype=np.uint64))
    return RulesGame._from(data)


def _param_text(name: object, value: object) -> str:
    """A parameter's value as the engine reads it: a whole number, a list of them, or text."""
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return str(int(value))
    if isinstance(value, Sequence) or isinstance(value, np.ndarray):
        return _set_text_keep_order(value, f"parameter {name}")
    raise ValueError(f"parameter {name} must be a whole number, a list of them or text, not {_show(value)}")


def rules(ruleset: str, params: Optional[Mapping[str, object]] = None, terms: int = 100,
          misere: bool = False):
    """Solves a ruleset, as ``heaplab rules`` does: ``ruleset`` is a preset's name
    (``"mark"``, ``"kayles"``, ``"subtraction"``, …) or the ruleset text itself (for a file,
    ``open("my-game.rhai").read()``);
    ``params={"S": [1, 3, 4]}`` sets parameters it declares; ``misere=True`` plays it under
    misère play whatever it declares. A one-heap ruleset gives a ``RulesGame``, a partizan one
    (``fn left``/``fn right``) a ``PartizanRulesGame``, a comply game (``fn proposals``) a
    ``ComplyRulesGame``. Errors (a syntax error with its line and column, a loopy rule, a
    limit) raise ``ValueError`` with the engine's one line."""
    if not isinstance(ruleset, str):
        raise ValueError(f"ruleset must be a preset's name or the ruleset's text, not {_show(ruleset)}")
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        raise ValueError(f"params must be a dict such as {{'t': 3}}, not {_show(params)}")
    for name in params:
        if not isinstance(name, str):
            raise ValueError(f"parameter names must be text, not {_show(name)}")
    pairs = [(name, _param_text(name, value)) for name, value in params.items()]
    data = json.loads(_engine.ruleset_game(ruleset, pairs, _whole(terms, "terms"), bool(misere)))
    return _game_of(data)


def heap_game(options: Callable[[int], object], terms: int = 100, misere: bool = False,
              name: Optional[str] = None) -> RulesGame:
    """Solves the heap game whose moves ``options(n)`` gives: for heap ``n``, a list of
    options, each a list of the heap sizes the move leaves (``[[n - 1], [a, b]]``; sizes of 0
    are dropped, ``[]`` is a move that leaves nothing). Each heap's options are asked once.
    A bad return or an option leading back to its own heap (a loopy game) raises
    ``ValueError``; an exception raised by ``options`` is raised again as it was."""
    if not callable(options):
        raise ValueError(f"options must be a function of the heap size, not {_show(options)}")
    if name is None:
        name = getattr(options, "__name__", "heap game")
    if not isinstance(name, str):
        raise ValueError(f"name must be text, not {_show(name)}")
    # Called past the package's boundary (which turns TypeErrors into ValueErrors): the
    # arguments are checked here, and the callable's own exceptions must pass unchanged.
    return RulesGame._from(json.loads(_compiled.heap_game(options, name, _whole(terms, "terms"), bool(misere))))
