"""Rule-defined games from Python: `heaplab.rules` (the ruleset language) and
`heaplab.heap_game` (options from a Python function) against the built-in solvers."""

import numpy as np
import pytest

import heaplab


def test_kayles_preset_equals_octal_77():
    g = heaplab.rules("kayles", terms=300)
    assert np.array_equal(g.values, heaplab.octal(".77", terms=300).values)
    assert g.name == "Kayles"
    assert g.outcomes == "".join("P" if v == 0 else "N" for v in g.values)
    assert "octal game .77" in g.recognised


def test_subtraction_preset_with_params_observes_its_period():
    g = heaplab.rules("subtraction", params={"S": [1, 3, 4]}, terms=100)
    assert np.array_equal(g.values, heaplab.subtraction([1, 3, 4], terms=100).values)
    assert g.params == {"S": [1, 3, 4]}
    assert (g.period.period, g.period.preperiod) == (7, 0)
    assert "observed" in str(g.period)
    assert "subtraction game S = {1, 3, 4}" in g.recognised
    assert "<table>" in g._repr_html_()


def test_subtraction_callable_equals_built_in():
    moves = (2, 5, 7)
    g = heaplab.heap_game(lambda n: [[n - s] for s in moves if s <= n], terms=500)
    assert np.array_equal(g.values, heaplab.subtraction(moves, terms=500).values)
    assert g.recognised is not None and "{2, 5, 7}" in g.recognised


def test_grundy_callable_equals_grundy_preset():
    def grundy(n):
        return [[a, n - a] for a in range(1, (n + 1) // 2) if a != n - a]

    g = heaplab.heap_game(grundy, terms=200)
    assert g.name == "grundy"
    assert np.array_equal(g.values, heaplab.rules("grundy", terms=200).values)


def test_each_heap_is_asked_once():
    asked = []

    def options(n):
        asked.append(n)
        return [[n - 1]] if n else []

    heaplab.heap_game(options, terms=50, misere=True)
    assert sorted(asked) == list(range(50))


def test_text_ruleset_and_misere():
    text = 'name("one or two");\nfn options(n) { let out = []; if n >= 1 { out.push(n - 1); }' \
           ' if n >= 2 { out.push(n - 2); } out }'
    g = heaplab.rules(text, terms=10, misere=True)
    assert (g.name, g.convention) == ("one or two", "misere")
    assert g.outcomes[:4] == "NPNN"


def test_syntax_error_names_its_line():
    with pytest.raises(ValueError, match=r"syntax error.*line 2"):
        heaplab.rules("name(\"bad\");\nfn options(n) { [n - 1 }", terms=5)


def test_rule_errors_are_value_errors():
    with pytest.raises(ValueError, match="no parameter 'T'"):
        heaplab.rules("subtraction", params={"T": 3})
    with pytest.raises(ValueError, match="terms"):
        heaplab.rules("kayles", terms=0)
    with pytest.raises(ValueError, match="loopy"):
        heaplab.rules("fn options(n) { [n] }", terms=5)


def test_loopy_callable():
    with pytest.raises(ValueError, match="loopy at position 3"):
        heaplab.heap_game(lambda n: [[n]] if n == 3 else [], terms=10)


def test_callable_exception_propagates():
    def options(n):
        if n == 7:
            raise RuntimeError("no options for seven")
        return [[n - 1]] if n else []

    with pytest.raises(RuntimeError, match="no options for seven"):
        heaplab.heap_game(options, terms=20)


@pytest.mark.parametrize(
    "returned, message",
    [
        (5, "must return a list of options"),
        ([5], "each option must be a list"),
        ([[-1]], "negative"),
        ([[1.5]], "not a whole number"),
        ([[True]], "not a whole number"),
        ([["1"]], "not a whole number"),
    ],
)
def test_bad_returns_are_value_errors(returned, message):
    with pytest.raises(ValueError, match=message):
        heaplab.heap_game(lambda n: returned, terms=5)


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="function"):
        heaplab.heap_game([[1]])
    with pytest.raises(ValueError, match="ruleset"):
        heaplab.rules(17)
    with pytest.raises(ValueError, match="params"):
        heaplab.rules("kayles", params=[1, 2])


def test_numpy_integers_and_tuples_are_heap_sizes():
    g = heaplab.heap_game(lambda n: [(np.int64(n - 1),)] if n else (), terms=6)
    assert g.values.tolist() == [0, 1, 0, 1, 0, 1]


def test_a_rules_sweep_has_its_parameters_as_columns_and_runs_the_named_checks():
    report = heaplab.sweep("rules", ruleset="mark-t", params={"t": range(2, 6)}, rows=10,
                           checks=["thesis-theorem-3.70"])
    assert report["metrics"][:2] == ["t", "period"]
    rows = report["result"]["rows"]
    assert [r["ruleset"] for r in rows] == ["t=2", "t=3", "t=4", "t=5"]
    assert [r["values"][0] for r in rows] == [2, 3, 4, 5]
    check = report["result"]["checks"][0]
    assert (check["holds"], check["not_applicable"]) == (1, 3)
    fixed = heaplab.sweep("rules", ruleset="sd", params={"S": [1], "D": range(2, 4)}, rows=5)
    assert [r["ruleset"] for r in fixed["result"]["rows"]] == ["D=2", "D=3"]
    for bad in (
        lambda: heaplab.sweep("rules"),
        lambda: heaplab.sweep("rules", ruleset="mark-t", params={"t": range(5, 2)}),
        lambda: heaplab.sweep("rules", ruleset="mark-t", params={"t": range(2, 9, 2)}),
        lambda: heaplab.sweep("rules", ruleset="mark-t", params=[("t", 2)]),
        lambda: heaplab.sweep("rules", ruleset=5),
        lambda: heaplab.sweep("subtraction", 4, params={"t": range(1, 3)}),
    ):
        with pytest.raises(ValueError):
            bad()


def test_comply_ap_preset_loses_on_base3_zeros_and_ones():
    g = heaplab.rules("comply-ap", terms=100)
    want = [n for n in range(100) if "2" not in np.base_repr(n, 3)]
    assert g.p_positions.tolist() == want
    assert g.outcomes[:5] == "PPNPP"


def test_partizan_subtraction_preset_gives_canonical_forms():
    g = heaplab.rules("partizan-subtraction", params={"L": [1], "R": [1]}, terms=6)
    # S(1 | 1) is the impartial subtraction game {1}: 0, *, 0, *, ...
    assert g.canonical == ["0", "*", "0", "*", "0", "*"]
    assert g.outcomes == "PNPNPN"
