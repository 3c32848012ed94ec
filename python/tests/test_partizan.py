"""`heaplab.game` and `heaplab.partizan`: single partizan games and partizan heap rulesets.

Worked examples cite their source; random games are compared with cgt-py (cgt-tools for
Python), an independent implementation, where it computes the quantity.
"""

import random
import xml.etree.ElementTree as ElementTree
from fractions import Fraction

import pytest

import heaplab
from heaplab import Game, game


def test_a_switch_has_its_mean_temperature_and_stops():
    # Winning Ways ch. 6: {2|-1} has mean 1/2 and temperature 3/2.
    g = game("{2|-1}")
    assert (g.mean, g.temperature) == (Fraction(1, 2), Fraction(3, 2))
    assert (g.left_stop, g.right_stop) == (2, -1)
    assert g.outcome == "N" and g.birthday == 3
    assert g.canonical == "{2|-1}" and str(g) == "{2|-1}"
    left, right = g.thermograph_walls
    assert left[-1] == (Fraction(3, 2), Fraction(1, 2)) == right[-1]


def test_atomic_weights_of_worked_examples():
    # Winning Ways ch. 8: aw(^) = 1, aw(^^*) = 2 (the ⇑* of the book), nimbers 0.
    assert game("^").atomic_weight == 1
    assert game("^^*").atomic_weight == 2
    assert game("*3").atomic_weight == 0
    with pytest.raises(ValueError, match="infinitesimal"):
        game("1").atomic_weight


def test_sums_differences_and_the_order():
    up, star = game("^"), game("*")
    assert up + up == game("^^") == game("^2")
    assert (up + star).canonical == "^*"
    assert star + star == 0 and up - up == 0 and -up == game("v")
    assert up > 0 and not up > star and not up < star and up.confused_with(star)
    assert game("1/2") + game("1/2") == 1 and 1 + game("1/2") == Fraction(3, 2)
    assert game("{1|-1}") <= game("{1|-1}") and not game("{1|-1}") < game("{1|-1}")
    assert len({game("^^"), up + up, game("{0|^*}")}) == 1


def test_cooling_heating_and_norton_products():
    # Winning Ways ch. 6: cooled by its temperature 3/2, {2|-1} is {1/2|1/2} = 1/2*; cooled
    # further it is its mean 1/2. Heating * by 1 gives +-1, and {1|0} by 1 gives {2|-1}.
    assert game("{2|-1}").cool(Fraction(3, 2)) == game("1/2*")
    assert game("{2|-1}").cool(2) == Fraction(1, 2)
    assert game("*").heat(1) == game("+-1")
    assert game("{1|0}").heat(1) == game("{2|-1}")
    assert game("3/2").heat(1) == Fraction(3, 2)
    # Siegel, CGT, Norton product: a positive integer n times U is U + ... + U (n copies).
    assert game("3").norton("^") == game("^^^")
    with pytest.raises(ValueError):
        game("{2|-1}").cool(-1)
    with pytest.raises(ValueError):
        game("*").overheat(0, 1)


def test_incentives_of_a_switch():
    # G = {2|-1}: Left's incentive G^L - G = 2 - G, Right's G - G^R = G + 1.
    left, right = game("{2|-1}").incentives()
    assert left == [2 - game("{2|-1}")] and right == [game("{2|-1}") + 1]


def test_the_thermograph_is_a_figure_with_walls_mast_and_a_pgfplots_picture(tmp_path):
    g = game("{3|-1}")
    svg = g._repr_svg_()
    texts = " ".join(t for t in ElementTree.fromstring(svg).itertext())
    for part in ["Thermograph of {3|-1}", "Left wall", "Right wall", "mast", "temperature t"]:
        assert part in texts, part
    assert "x dir=reverse" in g.thermograph_tikz()
    pdf = tmp_path / "thermo.pdf"
    g.figure(str(pdf), size="page", palette="grey", provenance=False)
    assert pdf.read_bytes().startswith(b"%PDF")
    with pytest.raises(ValueError):
        g.figure(str(tmp_path / "thermo.gif"))


@pytest.mark.parametrize(
    "bad",
    ["{" * 10_000 + "}" * 10_000, "{|||}", "{2|", "*x", "", True, None, 1.5, [1]],
)
def test_bad_notation_is_a_value_error(bad):
    with pytest.raises(ValueError):
        Game(bad)


def test_a_partizan_subtraction_ruleset():
    s = heaplab.partizan([1, 2], [1], terms=8, temperatures=True)
    assert s.ruleset.startswith("S(")
    assert len(s.values) == 8 and len(s.outcomes) == 8
    assert s.game(0) == 0 and s.game(1) == game("{0|0}") == game("*")
    assert s.means is not None and len(s.temperatures) == 8
    for n in range(8):
        assert s.game(n).mean == s.means[n] and s.game(n).temperature == s.temperatures[n]
        assert s.outcomes[n] == s.game(n).outcome
    with pytest.raises(ValueError):
        heaplab.partizan([0], [1])
    with pytest.raises(ValueError):
        heaplab.partizan([1], [1], terms=0)


def test_random_games_agree_with_cgt_py():
    cgt = pytest.importorskip("cgt_py")
    rng = random.Random(35)
    pool = ["-1", "-1/2", "0", "1/2", "1", "2", "*", "^", "{1|-1}"]
    for case in range(200):
        side = lambda: ",".join(rng.choice(pool) for _ in range(rng.randrange(3)))
        text = "{" + side() + "|" + side() + "}"
        ours = game(text)
        theirs = cgt.CanonicalForm(text.replace("^", "{0|*}"))
        where = f"case {case}: {text}"
        assert cgt.CanonicalForm(ours.braces) == theirs, where
        assert repr(theirs.temperature) == f"DyadicRationalNumber('{ours.temperature}')", where
        if len(ours.braces) < 30:
            pool.append(ours.braces)


def test_a_sequence_draws_its_outcome_strip(tmp_path):
    # The figure of `heaplab partizan --left 1,2 --right 1,3 --terms 30 --figure`: every
    # outcome class with its count, the ruleset in the title, the link back to the same table.
    s = heaplab.partizan([1, 2], [1, 3], terms=30)
    texts = [t.strip() for t in ElementTree.fromstring(s._repr_svg_()).itertext()]
    joined = " ".join(texts)
    assert "outcomes of heaps 0 to 29" in joined
    for letter, words in [("L", "L: Left wins"), ("R", "R: Right wins"),
                          ("P", "P: second player wins"), ("N", "N: first player wins")]:
        entry = next(t for t in texts if t.startswith(words))
        assert f") {s.outcomes.count(letter)} (" in entry, entry
    assert "#/partizan?family=subtraction&L=1,2&R=1,3&n=30" in joined
    pdf = tmp_path / "strip.pdf"
    s.figure(str(pdf), size="page", provenance=False)
    assert pdf.read_bytes().startswith(b"%PDF")
    with pytest.raises(ValueError, match="must end in"):
        s.figure(str(tmp_path / "strip.gif"))
