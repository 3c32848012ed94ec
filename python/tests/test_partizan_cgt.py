"""HeapLab's partizan engine against cgt-py, an independent implementation (the Rust crate
cgt-tools behind a Python binding): random short games typed in notation, and random partizan
subtraction games S(L | R).

The `heaplab` command line is run for each case; `cargo xtask test` sets HEAPLAB_BIN to the
binary it has just built. Run by hand without it, these tests are skipped.
"""

import json
import os
import random
import re
import subprocess

import pytest

cgt = pytest.importorskip("cgt_py")

BIN = os.environ.get("HEAPLAB_BIN")
pytestmark = pytest.mark.skipif(BIN is None, reason="HEAPLAB_BIN is not set")

NUMBERS = ["-2", "-3/2", "-1", "-3/4", "-1/2", "-1/4", "0", "1/4", "1/2", "3/4", "1", "3/2", "2"]


def heaplab(*args):
    """Runs `heaplab ARGS --format json` and returns its JSON."""
    out = subprocess.run(
        [BIN, *args, "--format", "json"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def name(value):
    """cgt-py's text of a game or number: `CanonicalForm('{1|-1}')` gives `{1|-1}`."""
    return re.fullmatch(r"\w+\('(.*)'\)", repr(value)).group(1)


def random_game(rng, pool):
    """`{L | R}` with up to three options a side drawn from the games made before."""
    side = lambda: ",".join(rng.choice(pool) for _ in range(rng.randrange(4)))
    return "{" + side() + "|" + side() + "}"


def test_random_games_agree_with_cgt_py():
    rng = random.Random(20261128)
    pool = NUMBERS + ["*", "{1|-1}", "{0|-1/2}"]
    for case in range(600):
        text = random_game(rng, pool)
        ours = heaplab("partizan", "--game", text)
        theirs = cgt.CanonicalForm(text)
        where = f"case {case}: {text}"
        assert cgt.CanonicalForm(ours["canonical_braces"]) == theirs, where
        assert ours["left_stop"] == name(theirs.left_stop), where
        assert ours["right_stop"] == name(theirs.right_stop), where
        assert ours["temperature"] == name(theirs.temperature), where
        if len(ours["canonical_braces"]) < 40:
            pool.append(ours["canonical_braces"])


def subtraction_values(left, right, terms):
    """Heap values of S(L | R) built with cgt-py from the definition."""
    values = []
    for n in range(terms):
        lo = ",".join(name(values[n - m]) for m in left if m <= n)
        ro = ",".join(name(values[n - m]) for m in right if m <= n)
        values.append(cgt.CanonicalForm("{" + lo + "|" + ro + "}"))
    return values


def test_random_subtraction_games_agree_with_cgt_py():
    rng = random.Random(5)
    cases = [([2, 5, 6], [1, 3])]
    for _ in range(20):
        cases.append(tuple(sorted(rng.sample(range(1, 7), rng.randint(1, 3))) for _ in "LR"))
    for left, right in cases:
        terms = 20
        ours = heaplab(
            "partizan",
            "--left", ",".join(map(str, left)),
            "--right", ",".join(map(str, right)),
            "--terms", str(terms),
        )["values"]
        theirs = subtraction_values(left, right, terms)
        for n in range(terms):
            # The printed name (bars, `+-G`, tinies) read back by HeapLab's parser, which
            # round-trips, and written in braces for cgt-py.
            braces = heaplab("partizan", "--game", ours[n])["canonical_braces"]
            assert cgt.CanonicalForm(braces) == theirs[n], f"S({left} | {right}) heap {n}"
