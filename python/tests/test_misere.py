"""`heaplab.misere`: the misère quotient, read against a brute-force search written here and
against the shapes the papers print."""

import itertools
import xml.etree.ElementTree as ElementTree
from functools import lru_cache

import pytest

import heaplab


def brute_force_p(moves, heaps):
    """Whether the sum `heaps` of the subtraction game `moves` is a misère P-position: the
    player to move with no move wins (the last player to move loses)."""

    @lru_cache(maxsize=None)
    def p(position):
        options = []
        for i, h in enumerate(position):
            for m in moves:
                if m <= h:
                    options.append(tuple(sorted(position[:i] + (h - m,) + position[i + 1:])))
        if not options:
            return False  # no move: the player to move has won
        return all(not p(o) for o in options)

    return p(tuple(sorted(heaps)))


def test_misere_nim_has_the_published_quotient():
    # Siegel, "Misère games and misère quotients" (Games of No Chance 5): misère nim's
    # quotient on heaps below 2^m has 2^m + 2 elements and a P-portion of two.
    for max_heap, order in [(3, 6), (7, 10)]:
        q = heaplab.misere(".(3)", max_heap)
        assert q.order == order and len(q.p_portion) == 2
        assert q.name.startswith("misère nim") and q.tame
    # Bouton's misère rule: with a heap of 2 or more, P iff the nim-sum is 0.
    assert heaplab.misere(".(3)", 7, sum=[1, 2, 3]).outcome == "P"
    assert heaplab.misere(".(3)", 7, sum=[1, 1]).outcome == "N"
    assert heaplab.misere(".(3)", 7, sum=[1, 1, 1]).outcome == "P"


def test_sums_agree_with_brute_force():
    moves = (1, 2, 4)
    q = heaplab.misere(subtraction=list(moves), max_heap=9)
    assert len(q.heap_elements) == 10 and len(q.outcomes) == 10
    for size in range(1, 4):
        for heaps in itertools.combinations_with_replacement(range(10), size):
            r = heaplab.misere(subtraction=moves, max_heap=9, sum=list(heaps))
            expected = "P" if brute_force_p(moves, heaps) else "N"
            assert r.outcome == expected, heaps
            for move in r.winning_moves:
                rest = list(heaps)
                rest[move.heap : move.heap + 1] = move.leaves
                assert brute_force_p(moves, rest), (heaps, move)


def test_bad_arguments_are_value_errors():
    for call in [
        lambda: heaplab.misere(".77", 0),
        lambda: heaplab.misere(".77", 10**6),
        lambda: heaplab.misere(".x7", 10),
        lambda: heaplab.misere(),
        lambda: heaplab.misere(".77", 10, subtraction=[1]),
        lambda: heaplab.misere(".77", 10, sum=[3] * 1000),
        lambda: heaplab.misere(".77", 10, sum=[11]),
        lambda: heaplab.misere(77, 10),
        lambda: heaplab.misere(".77", 30, max_order=5),
    ]:
        with pytest.raises(ValueError):
            call()


def test_a_quotient_draws_the_misere_outcome_strip(tmp_path):
    # The figure of `heaplab misere kayles --max-heap 30 --figure`: the game in the title, the
    # N and P counts in the legend, the link to the octal page's misère card.
    q = heaplab.misere("kayles", max_heap=30)
    texts = [t.strip() for t in ElementTree.fromstring(q._repr_svg_()).itertext()]
    joined = " ".join(texts)
    assert "Octal game kayles, misère play: outcomes of heaps 0 to 30" in joined
    for letter, name in [("N", "N-position"), ("P", "P-position")]:
        entry = next(t for t in texts if t.startswith(name))
        assert f"{name} {q.outcomes.count(letter)} (" in entry, entry
    assert "#/octal?code=kayles&misere=1" in joined
    pdf = tmp_path / "strip.pdf"
    q.figure(str(pdf), provenance=False)
    assert pdf.read_bytes().startswith(b"%PDF")
