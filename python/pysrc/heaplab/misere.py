"""Misère play: the Plambeck–Siegel misère quotient of a heap game, each heap's misère outcome
and genus, and the outcome and winning moves of a sum of heaps.

>>> from heaplab import misere
>>> q = misere(".77", max_heap=20)          # Kayles
>>> q.order, q.name
(48, None)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

# The package's one engine boundary and its argument checks; this module is imported at the
# end of ``heaplab/__init__.py``, once they exist.
from . import _engine, _set_text, _set_text_keep_order, _whole


@dataclass(frozen=True)
class MisereMove:
    """A winning move in a sum: the heap's index in the sum, its size, and what it leaves."""

    heap: int
    size: int
    leaves: Tuple[int, ...]


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of heaps ``0..max_heap`` (proven: HeapLab never reports a guess),
    with its presentation, P-portion and each heap's element, the heaps' misère outcomes and
    genera, and, when a sum was given, its element, outcome and winning moves."""

    rules: str
    max_heap: int
    order: int
    generators: Tuple[Tuple[str, int], ...]
    relations: Tuple[str, ...]
    p_portion: Tuple[str, ...]
    heap_elements: Tuple[str, ...]
    name: Optional[str]
    tame: Optional[bool]
    genus: Tuple[str, ...]
    genus_note: Optional[str]
    outcomes: str
    sum: Optional[Tuple[int, ...]] = None
    element: Optional[str] = None
    outcome: Optional[str] = None
    winning_moves: Tuple[MisereMove, ...] = ()
    # The game as the engine was given it (`code`, `S` or `E` and its text) and the outcome
    # period seen, for the figure.
    _game: Tuple[str, str] = field(default=("code", ""), repr=False, compare=False)
    _period: Optional[Tuple[int, int, int]] = field(default=None, repr=False, compare=False)

    def figure(self, path: str, size: str = "column", palette: str = "colour", provenance: bool = True) -> None:
        """Writes the misère outcome strip of the heaps (the figure of ``heaplab misere
        --figure``) to ``path``; its extension picks the format: ``.svg``, ``.pdf``, ``.png``
        or ``.tex``. ``size`` is ``"column"`` or ``"page"``, optionally ``@600``; ``palette``
        ``"colour"`` or ``"grey"``; ``provenance=False`` leaves the link line off."""
        key, text = self._game
        data = _engine.misere_figure(key, text, self.outcomes, self._period, bool(provenance), path, size, palette)
        with open(path, "wb") as out:
            out.write(data)

    def _repr_svg_(self) -> str:
        key, text = self._game
        return _engine.misere_figure(key, text, self.outcomes, self._period, True, "m.svg", "column", "colour").decode("utf-8")

    @classmethod
    def _from(cls, data: dict, game: Tuple[str, str] = ("code", "")) -> "MisereQuotient":
        moves = tuple(MisereMove(m["heap"], m["size"], tuple(m["leaves"]))
                      for m in data.get("winning_moves", []))
        return cls(
            data["rules"], data["max_heap"], data["order"],
            tuple((g["name"], g["heap"]) for g in data["generators"]),
            tuple(data["relations"]), tuple(data["p_portion"]), tuple(data["heap_elements"]),
            data["name"], data["tame"], tuple(data["genus"]), data["genus_note"],
            "".join(data["outcomes"]),
            tuple(data["sum"]) if "sum" in data else None,
            data.get("element"), data.get("outcome"), moves, game, _observed(data),
        )


def _observed(data: dict) -> Optional[Tuple[int, int, int]]:
    """The outcome period seen, as ``(period, preperiod, heaps checked)``."""
    p = data.get("outcome_period_observed")
    return None if p is None else (p["period"], p["preperiod"], p["heaps_checked"])


def misere(code: Optional[str] = None, max_heap: int = 30, *, subtraction=None, all_but=None,
           sum: Optional[Sequence[int]] = None, max_order: int = 2000) -> MisereQuotient:
    """The misère quotient of one heap game, given as an octal or hexadecimal ``code``
    (``".77"``, ``"kayles"``), a ``subtraction`` set or an ``all_but`` set, over heaps
    ``0..max_heap`` (at most 1000); with ``sum=[3, 5, 7]``, that sum's misère outcome and
    winning moves. A quotient not found within ``max_order`` elements is a ``ValueError``."""
    if code is not None and not isinstance(code, str):
        raise ValueError(f"code must be text such as '.77', not {type(code).__name__}")
    data = json.loads(_engine.misere(
        code,
        None if subtraction is None else _set_text(subtraction, "subtraction"),
        None if all_but is None else _set_text(all_but, "all_but"),
        _whole(max_heap, "max_heap"),
        None if sum is None else _set_text_keep_order(sum, "sum"),
        _whole(max_order, "max_order"),
    ))
    if code is not None:
        game = ("code", code)
    elif subtraction is not None:
        game = ("S", _set_text(subtraction, "subtraction"))
    else:
        game = ("E", "" if all_but is None else _set_text(all_but, "all_but"))
    return MisereQuotient._from(data, game)
