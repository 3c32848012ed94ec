"""Tests of the `heaplab` Python package against pure-Python references and the papers' numbers.

Run by `cargo xtask test` (after `pip install ./python[test]` into a virtual environment).
"""

import functools
import signal
import struct
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import heaplab


def mex(values):
    """The least non-negative integer not in ``values``."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def subtraction_reference(moves, terms):
    """Nim-values of a subtraction game by the plain definition."""
    g = []
    for n in range(terms):
        g.append(mex(g[n - s] for s in moves if s <= n))
    return g


def octal_reference(digits, terms):
    """Nim-values of a finite octal code by the plain definition (digits[k] for taking k)."""
    g = []
    for n in range(terms):
        options = set()
        for k, d in enumerate(digits):
            if k == 0 or k > n:
                continue
            rest = n - k
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4 and rest > 1:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        g.append(mex(options))
    return g


def png_size(data):
    """(width, height) read back from a PNG's IHDR chunk, after checking the signature."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_subtraction_matches_the_plain_mex_and_proves_its_periods():
    for moves in ([1, 2], [2, 5, 7], [3, 4, 9], [1, 15, 23, 38]):
        game = heaplab.subtraction(moves, terms=400)
        assert list(game.values) == subtraction_reference(moves, 400)
        assert game.outcomes == "".join("P" if v == 0 else "N" for v in game.values)
        p, x0 = game.period, game.preperiod
        assert p is not None and x0 is not None
        assert all(game.values[n] == game.values[n + p] for n in range(x0, 400 - p))


def test_survey_nim_period_of_1_15_23_38_39_50_81_98():
    # Survey ("A brief conversation about subtraction games"), Section 4: nim period 8, outcome
    # period 4 for S = {1, 15, 23, 38, 39, 50, 81, 98}.
    game = heaplab.subtraction("1,15,23,38,39,50,81,98", terms=50)
    assert (game.period, game.outcome_period) == (8, 4)


def test_all_but_is_arithmetic_periodic():
    game = heaplab.all_but([3, 6], terms=60)
    reference = []
    for n in range(60):
        reference.append(mex(reference[n - s] for s in range(1, n + 1) if s not in (3, 6)))
    assert list(game.values) == reference
    assert (game.periodicity.period, game.periodicity.saltus) == (9, 3)


def test_octal_values_match_the_plain_mex_on_small_codes():
    for code, digits in ((".137", [0, 1, 3, 7]), (".07", [0, 0, 7]), (".6", [0, 6]), (".156", [0, 1, 5, 6])):
        game = heaplab.octal(code, terms=300)
        assert list(game.values) == octal_reference(digits, 300), code


def test_octal_16_is_proven_as_table_3_2_says():
    # Thesis, Table 3.2: ·16 has period 149459 and preperiod 105351 (last exception 105350),
    # proven by Theorem 3.73.
    game = heaplab.octal(".16", terms=10, prove=True)
    assert game.proven
    assert (game.period, game.preperiod) == (149459, 105351)


def test_cumulative_subtraction_example_1():
    # Cohensius et al., "Cumulative subtraction games", Example 1: S = {2, 3}, o(7) = 1.
    game = heaplab.cumulative_subtraction([2, 3], terms=13)
    assert game.outcomes[7] == 1
    assert game.periodicity.proven


def test_scoring_figure_1_and_its_tree():
    # Stewart, "Impartial scoring play games", Figure 1: final scores 2 and 4, class L.
    game = heaplab.scoring_game("{2,{11|4|-3}|3|4,{9|2|-5}}")
    assert (game.left_final, game.right_final, game.outcome_class) == ("2", "4", "L")
    assert game.impartial
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") + svg.count("<rect") >= game.nodes
    assert "\\begin{tikzpicture}" in game.tikz()


def test_scoring_octal_3333_has_period_5():
    # Stewart, Section 3 / the digest: (3333, 2222) has G_s period 5.
    game = heaplab.scoring_octal("3333", [2, 2, 2, 2], terms=30)
    assert game.periodicity.period == 5
    assert game.values[:6] == ("0", "2", "2", "2", "2", "0")


def test_period_map_threads_agree_and_cells_match_single_rulesets():
    one = heaplab.period_map("3move", 61, x=(1, 30), y=(2, 40), threads=1)
    two = heaplab.period_map("3move", 61, x=(1, 30), y=(2, 40), threads=2)
    assert np.array_equal(one.period, two.period) and np.array_equal(one.cls, two.cls)
    for s1, s2 in ((3, 7), (10, 25), (29, 39)):
        period = int(one.period[s2 - 2, s1 - 1])
        single = heaplab.subtraction([s1, s2, 61], terms=10)
        assert period == single.outcome_period, (s1, s2)
    assert png_size(one._repr_png_()) == (29, 38)
    assert sum(one.counts().values()) == 29 * 38


def test_plane_grid_matches_the_plain_definition():
    moves = [(1, 2), (2, 1), (3, 3)]
    grid = heaplab.plane("(1,2) (2,1) (3,3)", 40, 30)
    p = np.zeros((30, 40), dtype=bool)
    for y in range(30):
        for x in range(40):
            p[y, x] = all(not p[y - b, x - a] for a, b in moves if a <= x and b <= y)
    assert np.array_equal(grid.p, p)
    assert png_size(grid._repr_png_()) == (40, 30)


@pytest.mark.parametrize(
    "call",
    [
        lambda: heaplab.subtraction("2,x"),
        lambda: heaplab.subtraction([]),
        lambda: heaplab.subtraction([0, 3]),
        lambda: heaplab.subtraction([2, -1]),
        lambda: heaplab.subtraction(7),
        lambda: heaplab.subtraction([2, 3], terms=-1),
        lambda: heaplab.subtraction([2, 3], terms=10**40),
        lambda: heaplab.subtraction([2, 3], terms="many"),
        lambda: heaplab.subtraction([2, 3], terms=2.5),
        lambda: heaplab.octal(".9x"),
        lambda: heaplab.octal(None),
        lambda: heaplab.octal(".16", terms=10**12),
        lambda: heaplab.scoring_game("{1|" * 10000),
        lambda: heaplab.scoring_game(3),
        lambda: heaplab.scoring_octal("3333", [1, "a"]),
        lambda: heaplab.period_map(x=(5, 2)),
        lambda: heaplab.period_map(x=7),
        lambda: heaplab.period_map("7move"),
        lambda: heaplab.period_map(x=(0, 100000), y=(0, 100000)),
        lambda: heaplab.plane("2,6 3,3", 10**6, 10**6),
        lambda: heaplab.plane("2,6 3,3", -3, 5),
        lambda: heaplab.cumulative_subtraction([2, 3], search=0),
    ],
)
def test_bad_input_is_a_value_error_with_a_message(call):
    with pytest.raises(ValueError) as error:
        call()
    message = str(error.value)
    assert message and "\n" not in message and len(message) < 300


def test_ctrl_c_interrupts_a_long_call():
    # ·376 takes over a minute to prove; SIGINT must end it within a few seconds.
    script = textwrap.dedent(
        """
        import signal, sys, heaplab
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("started", flush=True)
        try:
            heaplab.octal(".376", prove=True, max_heaps=64_000_000)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=60)
    finally:
        child.kill()
    assert out.strip() == "interrupted"
    print(f"interrupted {time.monotonic() - sent:.2f} s after SIGINT")


def _mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def test_sweep_groups_every_subtraction_set_by_its_largest_move():
    # Every non-empty S within {1..m} with max S = j: 2^(j-1) of them (issue 17's families).
    report = heaplab.sweep("subtraction", 8, group_by="max", top=("period", 3), rows=255)
    result = report["result"]
    assert result["rulesets"] == 2 ** 8 - 1
    assert [tuple(g) for g in result["groups"]] == [(j, 2 ** (j - 1)) for j in range(1, 9)]
    # Each row's nim period agrees with a pure-Python mex over the set, past its preperiod.
    metrics = report["metrics"]
    period_at = metrics.index("period")
    for row in result["rows"][:40]:
        moves = [int(x) for x in row["ruleset"].strip("{}").split(",")]
        values = []
        for n in range(400):
            values.append(_mex({values[n - s] for s in moves if s <= n}))
        period = row["values"][period_at]
        assert values[300:340] == values[300 + period:340 + period], (row, period)


def test_sweep_runs_a_named_check_and_rejects_bad_input():
    report = heaplab.sweep("subtraction", 7, checks=["survey-winning-ways-max7"])
    tally = report["result"]["checks"][0]
    assert tally["fails"] >= 1  # {2, 4, 7}: nim period 3, found by the check
    with pytest.raises(ValueError, match="unknown check"):
        heaplab.sweep("subtraction", 5, checks=["no-such-check"])
    with pytest.raises(ValueError, match="family"):
        heaplab.sweep("no-such-family", 5)
    with pytest.raises(ValueError):
        heaplab.sweep("subtraction", 10_000)
    with pytest.raises(ValueError):
        heaplab.sweep("subtraction", -3)


@pytest.mark.parametrize(
    "call",
    [
        lambda: heaplab.sweep("subtraction", 4, top=("period", -1)),
        lambda: heaplab.sweep("subtraction", 4, top=("period", 10**30)),
        lambda: heaplab.sweep("subtraction", max_move=40),
        lambda: heaplab.sweep("subtraction", 4, where="(" * 50000 + "period" + ")" * 50000 + " > 1"),
        lambda: heaplab.sweep("subtraction", 4, where="-" * 45000 + "period > 1"),
        lambda: heaplab.subtraction(functools.reduce(lambda inner, _: [inner], range(100_000), [])),
        lambda: heaplab.subtraction([2, 3], terms="9" * 120_000),
        lambda: heaplab.period_map("3move", 30, x=(1, 5), y=(2, 6)).png(colouring=5),
        lambda: heaplab.sweep("subtraction", 4, checks=5),
        # Arguments only pyo3 sees: a hand-made map with a negative and a text coordinate.
        lambda: heaplab.PeriodMap("3move", (-1, 5), (2, 6), *[np.zeros((4, 6))] * 3, ()).png(),
        lambda: heaplab.PeriodMap("3move", (1, "a"), (2, 6), *[np.zeros((4, 4))] * 3, ()).png(),
    ],
)
def test_hostile_arguments_are_value_errors_with_short_messages(call):
    with pytest.raises(ValueError) as error:
        call()
    message = str(error.value)
    assert message and "\n" not in message and len(message) < 600


def test_ctrl_c_interrupts_a_period_map():
    # A map of 4move s3 = 2000 takes minutes; SIGINT must end it, not wait for every band.
    script = textwrap.dedent(
        """
        import signal, sys, heaplab
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("started", flush=True)
        try:
            heaplab.period_map("4move", 2000, x=(1, 1999), y=(2, 2000), threads=2)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=60)
    finally:
        child.kill()
    assert out.strip() == "interrupted"
