"""Partizan games: single short games in the usual notation, and partizan heap rulesets.

>>> from heaplab import game
>>> g = game("{2|-1}")
>>> g.mean, g.temperature
(Fraction(1, 2), Fraction(3, 2))
>>> game("^") + game("^") == game("^^")
True
>>> game("^").atomic_weight
Game('1')
"""

from __future__ import annotations

import json
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import List, Optional, Tuple, Union

# The package's one engine boundary (bad arguments become ValueError) and its argument
# checks; this module is imported at the end of ``heaplab/__init__.py``, once they exist.
from . import _engine, _set_text, _whole

GameLike = Union["Game", str, int, Fraction]


def _text(value: GameLike) -> str:
    """A game as notation the engine reads."""
    if isinstance(value, Game):
        return value.braces
    if isinstance(value, bool):
        raise ValueError(f"a game must be notation such as '{{2|-1}}', not {value!r}")
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
    raise ValueError(f"a game must be notation such as '{{2|-1}}', not {type(value).__name__}")


def _number(text: str) -> Fraction:
    """A dyadic rational as the engine prints it (`3/2`, `-1`)."""
    return Fraction(text)


class Game:
    """A short partizan game in canonical form, read from the usual notation: numbers
    (``3/2``), nimbers (``*2``), ups (``^``, ``^^*``, ``^2*``), switches (``+-1``, ``{2|-1}``),
    tinies (``Tiny(1)``) and any ``{L1, L2 | R1}`` built from them.

    It answers its outcome, stops, mean, temperature, birthday, atomic weight and thermograph
    (``_repr_svg_`` draws it in Jupyter), and adds, subtracts and compares with ``+``, ``-``,
    ``<=``, ``==`` (the game order: ``a <= b`` and ``b <= a`` may both be false when the
    games are confused, see :meth:`confused_with`). Bad notation raises ``ValueError``.
    """

    __slots__ = ("_facts",)

    def __init__(self, notation: GameLike) -> None:
        self._facts = json.loads(_engine.partizan_game(_text(notation)))

    # The facts, as `heaplab partizan --game G --format json` gives them.
    @property
    def canonical(self) -> str:
        """The canonical form as papers print it (``{2|1||0}``, ``^*``, ``+-1``)."""
        return self._facts["canonical"]

    @property
    def braces(self) -> str:
        """The canonical form with braces only and ups as ``^2`` (cgt-tools' spelling)."""
        return self._facts["canonical_braces"]

    @property
    def outcome(self) -> str:
        """``L``, ``R``, ``P`` (second player wins) or ``N`` (first player wins)."""
        return self._facts["outcome"]

    @property
    def left_stop(self) -> Fraction:
        """Left's stop: where play ends when Left starts and both play to the number."""
        return _number(self._facts["left_stop"])

    @property
    def right_stop(self) -> Fraction:
        """Right's stop."""
        return _number(self._facts["right_stop"])

    @property
    def mean(self) -> Fraction:
        """The mean value (the mast of the thermograph)."""
        return _number(self._facts["mean"])

    @property
    def temperature(self) -> Fraction:
        """The temperature (where the thermograph's walls meet the mast)."""
        return _number(self._facts["temperature"])

    @property
    def birthday(self) -> int:
        """The birthday of the canonical form."""
        return int(self._facts["birthday"])

    @property
    def reduced(self) -> "Game":
        """The reduced canonical form (infinitesimals dropped)."""
        return Game(self._facts["reduced"])

    @property
    def thermograph_walls(self) -> Tuple[List[Tuple[Fraction, Fraction]], List[Tuple[Fraction, Fraction]]]:
        """The left and right walls as ``(temperature, value)`` breakpoints: linear between
        them, vertical above the last."""
        def wall(points):
            return [(_number(t), _number(v)) for t, v in points]

        return wall(self._facts["left_wall"]), wall(self._facts["right_wall"])

    # Operations (CGSuite's names in brackets).
    @property
    def atomic_weight(self) -> "Game":
        """The atomic weight (``AtomicWeight``, CGSuite's convention); a ``ValueError`` for a
        game that is not an atomic infinitesimal."""
        return self._apply("atomic_weight")

    def cool(self, t: GameLike) -> "Game":
        """The game cooled by the number ``t >= 0`` (``G.Cool(t)``)."""
        return self._apply("cool", t)

    def heat(self, t: GameLike) -> "Game":
        """The game heated by ``t`` (``G.Heat(t)``)."""
        return self._apply("heat", t)

    def overheat(self, s: GameLike, t: GameLike) -> "Game":
        """The game overheated from ``s`` to ``t``, both positive (``G.Overheat(s, t)``)."""
        return self._apply("overheat", s, t)

    def norton(self, u: GameLike) -> "Game":
        """The Norton product by a positive game ``u`` (``G.NortonMultiply(u)``)."""
        return self._apply("norton", u)

    def incentives(self) -> Tuple[List["Game"], List["Game"]]:
        """Left's incentives ``G^L - G`` and Right's ``G - G^R`` (the maximal ones)."""
        left, right = _engine.partizan_incentives(self.braces)
        return [Game(g) for g in left], [Game(g) for g in right]

    def thermograph_svg(self) -> str:
        """The thermograph as an SVG document: axes, Left's wall, Right's wall and the mast,
        with a legend and the provenance line (one journal column)."""
        return _engine.partizan_thermograph(self.braces, "t.svg", "column", "colour", True).decode("utf-8")

    def thermograph_tikz(self) -> str:
        """The thermograph as a LaTeX document with a PGFPlots picture (compile with pdflatex)."""
        return _engine.partizan_thermograph(self.braces, "t.tex", "column", "colour", True).decode("utf-8")

    def figure(self, path: str, size: str = "column", palette: str = "colour", provenance: bool = True) -> None:
        """Writes the thermograph to ``path``; its extension picks the format: ``.svg``,
        ``.pdf``, ``.png`` or ``.tex`` (PGFPlots). ``size`` is ``"column"`` (8.5 cm) or
        ``"page"`` (17.5 cm), optionally ``@600`` for a 600 DPI PNG; ``palette`` is
        ``"colour"`` or ``"grey"``; ``provenance=False`` leaves the line "HeapLab vX.Y, <link>"
        off the figure and its metadata."""
        data = _engine.partizan_thermograph(self.braces, path, size, palette, bool(provenance))
        with open(path, "wb") as out:
            out.write(data)

    def _repr_svg_(self) -> str:
        return self.thermograph_svg()

    def _apply(self, op: str, *others: GameLike) -> "Game":
        return Game(_engine.partizan_apply(op, [self.braces] + [_text(o) for o in others]))

    # Arithmetic and the game order.
    def __add__(self, other: GameLike) -> "Game":
        return Game(_engine.partizan_apply("+", [self.braces, _text(other)]))

    def __radd__(self, other: GameLike) -> "Game":
        return Game(other) + self

    def __sub__(self, other: GameLike) -> "Game":
        return Game(_engine.partizan_apply("-", [self.braces, _text(other)]))

    def __rsub__(self, other: GameLike) -> "Game":
        return Game(other) - self

    def __neg__(self) -> "Game":
        return Game(0) - self

    def _order(self, other: object) -> Optional[int]:
        return _engine.partizan_compare(self.braces, _text(other))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Game, str, int, Fraction)) or isinstance(other, bool):
            return NotImplemented
        return self._order(other) == 0

    def __le__(self, other: GameLike) -> bool:
        return self._order(other) in (-1, 0)

    def __lt__(self, other: GameLike) -> bool:
        return self._order(other) == -1

    def __ge__(self, other: GameLike) -> bool:
        return self._order(other) in (0, 1)

    def __gt__(self, other: GameLike) -> bool:
        return self._order(other) == 1

    def confused_with(self, other: GameLike) -> bool:
        """Whether the games are incomparable (``G || H``: the first player wins G - H)."""
        return self._order(other) is None

    def __hash__(self) -> int:
        return hash(self.braces)

    def __repr__(self) -> str:
        return f"Game({self.canonical!r})"

    def __str__(self) -> str:
        return self.canonical


def game(notation: GameLike) -> Game:
    """A short partizan game from notation, e.g. ``game("{2|-1}")`` or ``game("^^*")``."""
    return Game(notation)


@dataclass(frozen=True)
class PartizanPeriod:
    """A period of a partizan sequence: ``values[n + period] = values[n] + saltus`` for
    ``n >= preperiod``; ``proven`` says whether a theorem (named in ``basis``) proves it."""

    period: int
    preperiod: int
    saltus: Optional[str]
    proven: bool
    basis: str

    @classmethod
    def _from(cls, data: Optional[dict]) -> Optional["PartizanPeriod"]:
        if data is None:
            return None
        return cls(data["period"], data["preperiod"], data["saltus"], data["proven"], data["basis"])


@dataclass(frozen=True)
class PartizanSequence:
    """A partizan heap ruleset's canonical forms of heaps ``0..terms`` with their outcomes
    and periods, and each heap's mean and temperature when asked. ``figure`` and
    ``_repr_svg_`` draw its outcome strip."""

    ruleset: str
    values: Tuple[str, ...]
    outcomes: str
    period: Optional[PartizanPeriod]
    outcome_period: Optional[PartizanPeriod]
    means: Optional[Tuple[Fraction, ...]]
    temperatures: Optional[Tuple[Fraction, ...]]
    # The engine's report (JSON) and the page link of the same table, for the figure.
    _report: str = field(default="", repr=False, compare=False)
    _link: str = field(default="", repr=False, compare=False)

    def game(self, heap: int) -> Game:
        """The heap ``heap`` as a :class:`Game`."""
        return Game(self.values[heap])

    def figure(self, path: str, size: str = "column", palette: str = "colour", provenance: bool = True) -> None:
        """Writes the outcome strip (L, R, P, N with their counts; the outcome period in the
        caption) to ``path``; its extension picks the format: ``.svg``, ``.pdf``, ``.png`` or
        ``.tex``. ``size``, ``palette`` and ``provenance`` as for :meth:`Game.figure`."""
        link = self._link if provenance else None
        data = _engine.partizan_strip_figure(self._report, link, path, size, palette)
        with open(path, "wb") as out:
            out.write(data)

    def _repr_svg_(self) -> str:
        return _engine.partizan_strip_figure(self._report, self._link, "s.svg", "column", "colour").decode("utf-8")


def partizan(left, right, terms: int = 30, pure_breaking: bool = False,
             temperatures: bool = False) -> PartizanSequence:
    """Partizan subtraction ``S(left | right)`` (or pure breaking ``PB(left | right)``):
    Left removes a number in ``left``, Right one in ``right``."""
    data = json.loads(_engine.partizan_sequence(
        _set_text(left, "left"), _set_text(right, "right"),
        _whole(terms, "terms"), bool(pure_breaking), bool(temperatures),
    ))
    report, thermal = data["report"], data["thermal"]
    means = tuple(_number(m) for m, _ in thermal) if temperatures else None
    temps = tuple(_number(t) for _, t in thermal) if temperatures else None
    link = _engine.figure_link("partizan", [
        ("family", "breaking" if pure_breaking else "subtraction"),
        ("L", _set_text(left, "left")), ("R", _set_text(right, "right")), ("n", str(terms)),
    ])
    return PartizanSequence(
        report["ruleset"], tuple(report["values"]), report["outcomes"],
        PartizanPeriod._from(report["period"]), PartizanPeriod._from(report["outcome_period"]),
        means, temps, json.dumps(report), link,
    )
