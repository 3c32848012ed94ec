"""HeapLab in Python: exact solutions of heap games from the HeapLab engine.

Every function calls the same Rust engine function as the ``heaplab`` CLI and the web app, so
the numbers agree everywhere. Periods are reported only when the engine proved them; otherwise
``period`` is ``None`` and ``searched`` says how far the search went.

Bad arguments raise ``ValueError`` with the engine's message. Long calls release the GIL and
stop with ``KeyboardInterrupt`` on Ctrl-C. Pictures (period maps, 2-D grids, game trees) show
themselves in Jupyter through ``_repr_png_`` / ``_repr_svg_``.

>>> import heaplab
>>> g = heaplab.subtraction([2, 5, 7], terms=20)
>>> g.outcomes
'PPNNPNNNNNPNNPPNNNNN'
>>> g.outcome_period, g.outcome_preperiod
(22, 0)
"""

from __future__ import annotations

import json
import numbers
import reprlib
import threading
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from . import _engine as _compiled


class _Binding:
    """The compiled engine, called through one boundary: an argument pyo3 cannot convert
    (a ``TypeError`` or an ``OverflowError`` such as "can't convert negative int to
    unsigned") is raised as the ``ValueError`` every bad argument gives, with its message."""

    def __init__(self, module) -> None:
        self._module = module

    def __getattr__(self, name: str):
        function = getattr(self._module, name)

        def call(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            except (TypeError, OverflowError) as error:
                raise ValueError(f"{name}: {error}") from None

        return call


_engine = _Binding(_compiled)

__all__ = [
    "Periodicity",
    "SubtractionGame",
    "AllButGame",
    "OctalGame",
    "CumulativeSubtraction",
    "ScoringGame",
    "ScoringOctal",
    "PeriodMap",
    "PlaneGrid",
    "subtraction",
    "all_but",
    "octal",
    "cumulative_subtraction",
    "scoring_game",
    "scoring_octal",
    "period_map",
    "plane",
    "sweep",
    "Game",
    "game",
    "PartizanSequence",
    "PartizanPeriod",
    "partizan",
    "MisereQuotient",
    "MisereMove",
    "misere",
    "RulesGame",
    "ObservedPeriod",
    "rules",
    "heap_game",
]

NumberSetLike = Union[str, Iterable[int]]


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 80


def _show(value: object) -> str:
    """``value`` as an error message quotes it: cut to about 80 characters and a few levels
    deep (a plain ``repr`` of a deeply nested list raises RecursionError)."""
    return _REPR.repr(value)


def _set_text(value: NumberSetLike, name: str) -> str:
    """A set of move sizes as the engine's text (`2,5,7`); the engine checks the numbers."""
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a set of whole numbers such as [2, 5, 7], not {_show(value)}")
    try:
        items = list(value)
    except TypeError:
        raise ValueError(f"{name} must be a set of whole numbers such as [2, 5, 7], not {_show(value)}") from None
    return ",".join(_whole(item, name) for item in items)


def _whole(value: object, name: str) -> str:
    """A whole number as text for the engine's range check; anything else is a ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, not {_show(value)}")
    return str(int(value))


@dataclass(frozen=True)
class Periodicity:
    """A proven eventual period: u(x + period) = u(x) + saltus for all x >= preperiod.

    ``period`` is ``None`` when nothing was proven within ``searched`` positions.
    """

    period: Optional[int]
    preperiod: Optional[int]
    saltus: Optional[int]
    searched: Optional[int]

    @classmethod
    def _from(cls, data: dict) -> "Periodicity":
        return cls(data["period"], data["preperiod"], data["saltus"], data["searched"])

    @property
    def proven(self) -> bool:
        """Whether the engine proved this period."""
        return self.period is not None


class _HeapFigure:
    """Figures of a heap sequence, drawn by the same builders as the CLI's ``--figure``:
    ``figure(path, ...)`` writes a file, ``_repr_svg_`` shows the figure in a notebook.
    A subclass says what to draw in ``_figure_parts``."""

    def _figure_parts(self) -> Tuple[str, Optional[list], str, str, Optional[str]]:
        """The game's name for the title, its nim-values (or None), its outcome letters, the
        caption line and the web page's link of the same view (or None)."""
        raise NotImplementedError

    def _figure_bytes(self, path: str, size: str, palette: str, provenance: bool, kind: str) -> bytes:
        if kind not in ("values", "outcomes"):
            raise ValueError(f"kind must be 'values' or 'outcomes', not {_show(kind)}")
        game, values, outcomes, caption, link = self._figure_parts()
        return _engine.heap_figure(game, values, outcomes, kind == "values", caption,
                                   link if provenance else None, str(path), size, palette)

    def figure(self, path: str, size: str = "column", palette: str = "colour", provenance: bool = True,
               kind: str = "values") -> None:
        """Writes the figure to ``path``; its extension picks the format: ``.svg``, ``.pdf``,
        ``.png`` or ``.tex`` (TikZ/PGFPlots). ``size`` is ``"column"`` (8.5 cm) or ``"page"``
        (17.5 cm), optionally ``@600`` for a 600 DPI PNG; ``palette`` is ``"colour"``
        (colour-blind safe) or ``"grey"``; ``provenance=False`` leaves the line "HeapLab vX.Y,
        <link>" off the figure and its metadata; ``kind`` is ``"values"`` (a chart of the
        nim-values) or ``"outcomes"`` (the outcome strip). As ``heaplab … --figure`` does."""
        data = self._figure_bytes(path, size, palette, bool(provenance), kind)
        with open(path, "wb") as out:
            out.write(data)

    def _repr_svg_(self) -> str:
        return self._figure_bytes("figure.svg", "column", "colour", True, "values").decode("utf-8")


def _period_caption(what: str, p: "Periodicity") -> str:
    """A caption line such as ``Nim-sequence: period 22 from heap 0.``"""
    if p.period is None:
        return f"{what}: no period proven within {p.searched} heaps."
    return f"{what}: period {p.period} from heap {p.preperiod}."


@dataclass(frozen=True)
class SubtractionGame(_HeapFigure):
    """A finite subtraction game: nim-values, outcomes, and both proven periods; ``figure``
    and ``_repr_svg_`` draw it."""

    moves: Tuple[int, ...]
    values: np.ndarray
    outcomes: str
    nim_period: Periodicity
    outcome_periodicity: Periodicity

    @property
    def period(self) -> Optional[int]:
        """The least period of the nim-sequence (None if not proven)."""
        return self.nim_period.period

    @property
    def preperiod(self) -> Optional[int]:
        """The least preperiod of the nim-sequence (None if not proven)."""
        return self.nim_period.preperiod

    @property
    def outcome_period(self) -> Optional[int]:
        """The least period of the P/N sequence (None if not proven)."""
        return self.outcome_periodicity.period

    @property
    def outcome_preperiod(self) -> Optional[int]:
        """The least preperiod of the P/N sequence (None if not proven)."""
        return self.outcome_periodicity.preperiod

    def _figure_parts(self):
        moves = ",".join(str(m) for m in self.moves)
        link = _engine.figure_link("subtraction", [("S", moves), ("n", str(len(self.values)))])
        return (f"Subtraction game S = {{{moves}}}", [float(v) for v in self.values], self.outcomes,
                _period_caption("Nim-sequence", self.nim_period), link)


def subtraction(moves: NumberSetLike, terms: int = 100, search: int = 1_000_000) -> SubtractionGame:
    """Solves the subtraction game with move sizes ``moves`` (heaps 0..terms)."""
    data = json.loads(
        _engine.subtraction(_set_text(moves, "moves"), _whole(terms, "terms"), _whole(search, "search"))
    )
    return SubtractionGame(
        tuple(data["moves"]),
        np.asarray(data["values"], dtype=np.uint16),
        data["outcomes"],
        Periodicity._from(data["nim_period"]),
        Periodicity._from(data["outcome_period"]),
    )


@dataclass(frozen=True)
class AllButGame:
    """All-but subtraction N \\ E: values and the proven arithmetic period (with saltus)."""

    excluded: Tuple[int, ...]
    values: np.ndarray
    periodicity: Periodicity


def all_but(excluded: NumberSetLike, terms: int = 100, search: int = 1_000_000) -> AllButGame:
    """Solves all-but subtraction: every move size except those in ``excluded``."""
    data = json.loads(
        _engine.all_but(_set_text(excluded, "excluded"), _whole(terms, "terms"), _whole(search, "search"))
    )
    return AllButGame(tuple(data["excluded"]), np.asarray(data["values"], dtype=np.int64),
                      Periodicity._from(data["period"]))


@dataclass(frozen=True)
class OctalGame(_HeapFigure):
    """An octal/hexadecimal game: nim-values, and the period proven by the thesis's Theorem 3.73;
    ``figure`` and ``_repr_svg_`` draw it."""

    code: str
    name: Optional[str]
    values: np.ndarray
    periodicity: Periodicity
    proven: bool
    report: dict = field(repr=False)

    @property
    def period(self) -> Optional[int]:
        """The proven period (None if not proven)."""
        return self.periodicity.period

    @property
    def preperiod(self) -> Optional[int]:
        """The proven least preperiod (None if not proven)."""
        return self.report["preperiod"]

    def _figure_parts(self):
        game = f"Octal game {self.code}" + (f" ({self.name})" if self.name else "")
        outcomes = "".join("P" if v == 0 else "N" for v in self.values.tolist())
        link = _engine.figure_link("octal", [("code", self.code), ("max", str(len(self.values)))])
        return (game, [float(v) for v in self.values], outcomes,
                _period_caption("Nim-sequence", self.periodicity), link)


def octal(code: str, terms: int = 100, prove: bool = False, max_heaps: int = 64_000_000) -> OctalGame:
    """Solves an octal or hexadecimal code such as ``".137"`` or ``"0.16"`` (or ``"grundy"``)."""
    if not isinstance(code, str):
        raise ValueError(f"code must be text such as '.137', not {_show(code)}")
    data = json.loads(_engine.octal_game(code, _whole(terms, "terms"), bool(prove), _whole(max_heaps, "max_heaps")))
    return OctalGame(data["code"], data["name"], np.asarray(data["values"], dtype=np.uint32),
                     Periodicity._from(data["periodicity"]), data["proven"], data)


@dataclass(frozen=True)
class CumulativeSubtraction:
    """Cumulative subtraction: o(x) (= Stewart's G_s), opt(x), the convergence point and period."""

    outcomes: np.ndarray
    periodicity: Periodicity
    report: dict = field(repr=False)


def cumulative_subtraction(moves: NumberSetLike, terms: int = 100, search: int = 1_000_000) -> CumulativeSubtraction:
    """Solves the cumulative subtraction game with move sizes ``moves``."""
    data = json.loads(_engine.cumulative_subtraction(
        _set_text(moves, "moves"), _whole(terms, "terms"), _whole(search, "search")))
    return CumulativeSubtraction(np.asarray(data["outcomes"], dtype=np.int64),
                                 Periodicity._from(data["period"]), data)


@dataclass(frozen=True)
class ScoringGame:
    """A scoring-play game (Stewart): final scores, outcome class, impartiality; shows its tree."""

    game: str
    left_final: str
    right_final: str
    outcome_class: str
    impartial: bool
    impartial_reason: Optional[str]
    nodes: int

    def svg(self) -> str:
        """The game tree as SVG (what the CLI's ``--out tree.svg`` writes)."""
        return _engine.scoring_tree(self.game, False)

    def tikz(self) -> str:
        """The game tree as TikZ for LaTeX."""
        return _engine.scoring_tree(self.game, True)

    def _repr_svg_(self) -> str:
        return self.svg()


def scoring_game(text: str) -> ScoringGame:
    """Parses a scoring game in bracket notation, e.g. ``"{2,{11|4|-3}|3|4,{9|2|-5}}"``."""
    if not isinstance(text, str):
        raise ValueError(f"the game must be text in bracket notation, not {_show(text)}")
    data = json.loads(_engine.scoring_game(text))
    return ScoringGame(data["game"], data["left_final"], data["right_final"], data["outcome_class"],
                       data["impartial"], data["impartial_reason"], data["nodes"])


@dataclass(frozen=True)
class ScoringOctal:
    """A scoring octal game's G_s(n) (exact rationals as text) and its proven period."""

    code: str
    points: str
    values: Tuple[str, ...]
    periodicity: Periodicity


def scoring_octal(code: str, points: Union[str, Sequence[int]], terms: int = 100) -> ScoringOctal:
    """Solves a scoring octal game, e.g. ``scoring_octal("3333", [2, 2, 2, 2], terms=40)``."""
    if not isinstance(code, str):
        raise ValueError(f"code must be text such as '0.26', not {_show(code)}")
    points_text = points if isinstance(points, str) else _set_text_keep_order(points)
    data = json.loads(_engine.scoring_octal(code, points_text, _whole(terms, "terms")))
    return ScoringOctal(data["code"], data["points"], tuple(data["values"]), Periodicity._from(data["period"]))


def _set_text_keep_order(values: Iterable[object], name: str = "points") -> str:
    """A list of whole numbers as the engine's comma text, order and repeats kept (points
    per digit, heaps of a sum); text is passed on for the engine to check."""
    if isinstance(values, str):
        return values
    try:
        return ",".join(_whole(v, name) for v in values)
    except TypeError:
        raise ValueError(f"{name} must be a list of whole numbers, not {_show(values)}") from None


@dataclass(frozen=True)
class PeriodMap:
    """Flammenkamp's period-length map: one pixel per ruleset, period 0 where unresolved.

    ``period``, ``preperiod`` and ``cls`` are 2-D numpy arrays indexed ``[y - y0, x - x0]``;
    ``class_names[cls]`` names each class. Shows itself as the CLI's PNG in Jupyter.
    """

    family: str
    x: Tuple[int, int]
    y: Tuple[int, int]
    period: np.ndarray
    preperiod: np.ndarray
    cls: np.ndarray
    class_names: Tuple[str, ...]

    def png(self, colouring: str = "class") -> bytes:
        """The map as PNG bytes (``class``, ``period`` or ``preperiod`` colouring)."""
        if not isinstance(colouring, str):
            raise ValueError(f"colouring must be class, period or preperiod, not {_show(colouring)}")
        return _engine.period_map_png(self.x, self.y, self.period.astype("<u8").tobytes(),
                                      self.preperiod.astype("<u8").tobytes(),
                                      self.cls.astype(np.uint8).tobytes(), colouring)

    def _repr_png_(self) -> bytes:
        return self.png("class" if self.family == "3move" else "period")

    def counts(self) -> dict:
        """How many pixels each class has."""
        return {name: int((self.cls == k).sum()) for k, name in enumerate(self.class_names)}


def period_map(family: str = "3move", fixed: int = 301, x: Tuple[int, int] = (40, 160),
               y: Tuple[int, int] = (90, 210), max_heaps: int = 1 << 22, threads: int = 0) -> PeriodMap:
    """Computes a period-length map on ``threads`` threads (0: every core).

    ``family`` is ``3move`` ({x, y, fixed}), ``4move`` ({x, y, fixed, x + fixed}) or ``maxsym5``
    ({x, y, m - y, m - x, m} with m = fixed); ranges are half-open, as in the CLI.
    """
    if not isinstance(family, str):
        raise ValueError(f"family must be text such as '3move', not {_show(family)}")
    fixed, budget = int(_whole(fixed, "fixed")), _whole(max_heaps, "max_heaps")
    if not 0 <= fixed < 1 << 32:
        raise ValueError(f"fixed must be between 0 and {(1 << 32) - 1}, not {fixed}")
    (x0, x1), (y0, y1) = _range(x, "x"), _range(y, "y")
    bands = _bands(y0, y1, _threads(threads))
    stop = threading.Event()

    def band(rows: Tuple[int, int]):
        return _engine.period_map_cells(family, fixed, (x0, x1), rows, budget, stop)

    parts = _run_bands(band, bands, stop)
    width = x1 - x0

    def stack(index: int, dtype: str) -> np.ndarray:
        return np.concatenate([np.frombuffer(bytes(p[index]), dtype=dtype).reshape(-1, width) for p in parts])

    return PeriodMap(family, (x0, x1), (y0, y1), stack(0, "<u8"), stack(1, "<u8"), stack(2, "u1"),
                     tuple(_engine.period_map_class_names()))


def _run_bands(band, bands: list, stop: threading.Event) -> list:
    """``band`` on every band, on threads; the results in order. On Ctrl-C ``stop`` is set,
    which every band's engine call checks at each progress tick, so the map stops within a
    tick instead of running to its end."""
    pool = ThreadPoolExecutor(max_workers=len(bands))
    try:
        futures = [pool.submit(band, rows) for rows in bands]
        while wait(futures, timeout=0.1).not_done:
            pass  # short waits keep the main thread where Python delivers Ctrl-C
        return [f.result() for f in futures]
    finally:
        stop.set()
        pool.shutdown(wait=True)


def _range(value: object, name: str) -> Tuple[int, int]:
    """A half-open range ``(start, stop)`` of 32-bit whole numbers with start < stop."""
    try:
        start, stop = value  # type: ignore[misc]
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a range (start, stop), not {_show(value)}") from None
    start, stop = int(_whole(start, name)), int(_whole(stop, name))
    if not 0 <= start < stop < 1 << 32:
        raise ValueError(f"{name} must satisfy 0 <= start < stop < 2**32, not ({start}, {stop})")
    return start, stop


def _threads(threads: object) -> int:
    """How many threads to use: 0 means every core; more than the cores is capped."""
    import os

    cores = os.cpu_count() or 1
    wanted = int(_whole(threads, "threads"))
    if wanted < 0:
        raise ValueError(f"threads must be 0 (every core) or more, not {wanted}")
    return cores if wanted == 0 else min(wanted, cores)


def _bands(y0: int, y1: int, workers: int) -> list:
    """Splits rows y0..y1 into up to ``workers`` contiguous bands."""
    workers = max(1, min(workers, y1 - y0))
    cuts = [y0 + (y1 - y0) * k // workers for k in range(workers + 1)]
    return [(cuts[k], cuts[k + 1]) for k in range(workers)]


@dataclass(frozen=True)
class PlaneGrid:
    """Two-dimensional subtraction: ``p[y, x]`` is True at P-positions; shows its PNG in Jupyter."""

    moves: str
    p: np.ndarray
    png: bytes = field(repr=False)

    def _repr_png_(self) -> bytes:
        return self.png


def plane(moves: str, width: int, height: int) -> PlaneGrid:
    """P-positions of the 2-D subtraction game with vector moves, e.g. ``"2,6 3,3 6,1 19,6"``."""
    if not isinstance(moves, str):
        raise ValueError(f"moves must be text such as '2,6 3,3', not {_show(moves)}")
    w, h = int(_whole(width, "width")), int(_whole(height, "height"))
    if not (0 <= w < 1 << 32 and 0 <= h < 1 << 32):
        raise ValueError(f"width and height must be between 1 and the engine's cap, not {w} x {h}")
    cells, png = _engine.plane_grid(moves, w, h)
    return PlaneGrid(moves, np.frombuffer(bytes(cells), dtype=np.uint8).reshape(h, w).astype(bool), bytes(png))


def sweep(
    family: str,
    max_move: Optional[int] = None,
    *,
    size: Optional[int] = None,
    exact_max: bool = False,
    digits: Optional[int] = None,
    checks: Iterable[str] = (),
    where: Optional[str] = None,
    group_by: Optional[str] = None,
    top: Optional[Tuple[str, int]] = None,
    rows: int = 0,
    ruleset: Optional[str] = None,
    params: Optional[dict] = None,
) -> dict:
    """Sweeps a whole family of rulesets, as ``heaplab sweep`` does (one thread here).

    ``family`` is a family as ``heaplab sweep`` names it (``heaplab sweep --help`` lists them
    all), e.g. ``"subtraction"`` with ``max_move`` or ``"octal"`` with ``digits``; an unknown
    name raises ``ValueError`` listing the known ones.
    Returns ``{"spec", "metrics", "result"}``: the result holds the counts, ``groups`` as
    ``[key, count]`` pairs, ``top`` records, per-check tallies with their first failures
    (witnesses) and the first ``rows`` rows.
    The ``"rules"`` family sweeps the parameters of one ruleset (``ruleset``: a preset's name
    or the text itself): ``params={"t": range(2, 21)}`` sweeps ``t`` over 2 to 20, and any
    other value (``{"S": [1, 2]}``) fixes that parameter for the whole sweep.
    """
    if not isinstance(family, str):
        raise ValueError(f"family must be text such as 'subtraction', not {_show(family)}")
    if isinstance(checks, str):
        checks = [checks]
    try:
        checks = list(checks)
    except TypeError:
        raise ValueError(f"checks must be a list of names such as ['cs-conjecture-17'], not {_show(checks)}") from None
    for name in checks:
        if not isinstance(name, str):
            raise ValueError(f"checks must be names such as 'cs-conjecture-17', not {_show(name)}")
    for name, text in (("where", where), ("group_by", group_by)):
        if text is not None and not isinstance(text, str):
            raise ValueError(f"{name} must be text, not {_show(text)}")
    if top is not None:
        if not (isinstance(top, tuple) and len(top) == 2 and isinstance(top[0], str)):
            raise ValueError(f"top must be (metric, k) such as ('period', 10), not {_show(top)}")
        top = (top[0], _whole(top[1], "top's k"))
    optional = lambda value, name: None if value is None else _whole(value, name)  # noqa: E731
    return json.loads(_engine.sweep(
        family, optional(max_move, "max_move"), optional(size, "size"), bool(exact_max),
        optional(digits, "digits"), checks, where, group_by, top, _whole(rows, "rows"),
        ruleset, _sweep_params(ruleset, params)))


def _sweep_params(ruleset: Optional[str], params: Optional[dict]) -> list:
    """The ``--param`` texts of a rules sweep: ``NAME=A..B`` for a ``range`` of step 1,
    ``NAME=VALUE`` for anything else."""
    from .rules import _param_text

    if ruleset is not None and not isinstance(ruleset, str):
        raise ValueError(f"ruleset must be a preset's name or the ruleset's text, not {_show(ruleset)}")
    if params is None:
        return []
    if not isinstance(params, dict):
        raise ValueError(f"params must be a dict such as {{'t': range(2, 21)}}, not {_show(params)}")
    texts = []
    for name, value in params.items():
        if not isinstance(name, str):
            raise ValueError(f"parameter names must be text, not {_show(name)}")
        if isinstance(value, range):
            if value.step != 1 or len(value) == 0:
                raise ValueError(f"parameter {name}: give a non-empty range of step 1, not {value!r}")
            texts.append(f"{name}={value.start}..{value.stop - 1}")
        else:
            texts.append(f"{name}={_param_text(name, value)}")
    return texts


# Partizan games, misère play and rule-defined games (modules of their own; they use the
# boundary and the checks defined above).
from .partizan import Game, PartizanPeriod, PartizanSequence, game, partizan  # noqa: E402
from .misere import MisereMove, MisereQuotient, misere  # noqa: E402
from .rules import ObservedPeriod, RulesGame, heap_game, rules  # noqa: E402


class Report:
    """An engine report, its JSON fields as attributes (``report.values``): what
    ``heaplab.<name>`` returns for a family whose compiled function is ``report_<name>``."""

    def __init__(self, name: str, fields: dict) -> None:
        self._name = name
        self.__dict__.update(fields)

    def __repr__(self) -> str:
        fields = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        return f"{self._name}({_REPR.repr(fields)[1:-1]})"


def _report_functions(module) -> dict:
    """``{name: function}`` for each ``report_<name>`` of the compiled ``module``: the function
    calls it through the boundary and gives its JSON as a :class:`Report`."""

    def wrap(name: str):
        compiled = _Binding(module).__getattr__(f"report_{name}")

        def call(*args, **kwargs) -> Report:
            return Report(name, json.loads(compiled(*args, **kwargs)))

        call.__name__ = call.__qualname__ = name
        call.__doc__ = getattr(module, f"report_{name}").__doc__
        return call

    names = [n[len("report_"):] for n in dir(module) if n.startswith("report_")]
    return {name: wrap(name) for name in names}


# Every compiled `report_<name>` function is `heaplab.<name>`, so a family whose result is its
# engine report needs no Python code here.
_REPORTS = _report_functions(_compiled)
globals().update(_REPORTS)
__all__ += [*_REPORTS, "Report"]
