//! Checks from the main text of Larsson, Saha and Suetsugu, "A brief conversation about
//! subtraction games" (2024; `shared/papers/brief-conversation-subtraction-games.txt`), with the
//! research digest's errata. Every check here speaks about finite subtraction sets S and reads
//! the engine's proven nim and outcome periods (`crate::subtraction`).

use super::{braces, verdict, Check, Subject, SubjectKind, Verdict};
use crate::cumulative_subtraction::gcd;
use crate::outcome_cycle::is_max_symmetric;
use crate::ruleset::NumberSet;
use crate::{subtraction, Budget, EngineError, Periodicity};

const SUBTRACTION: &[SubjectKind] = &[SubjectKind::Subtraction];

/// Heaps a period search may examine for one ruleset (a check's per-ruleset cap).
pub(super) const SEARCH: u64 = 4_000_000;

/// The set of a subtraction subject.
pub(super) fn subtraction_set<'a>(subject: &Subject<'a>) -> Option<&'a NumberSet> {
    match subject {
        Subject::Subtraction(set) if !set.elements().is_empty() => Some(set),
        _ => None,
    }
}

/// A proven period as `(preperiod, period)`, or an error saying the search ran out (an
/// unproven period is no counterexample).
pub(super) fn proven(
    period: Periodicity,
    what: &str,
    set: &NumberSet,
) -> Result<(u64, u64), EngineError> {
    match period {
        Periodicity::Proven {
            preperiod, period, ..
        } => Ok((preperiod, period)),
        Periodicity::NotFound { searched } => Err(EngineError::OutOfRange(format!(
            "no {what} period of S = {} was proven within {searched} heaps",
            braces(set)
        ))),
    }
}

/// The proven `(preperiod, period)` of the nim-sequence of `set`.
pub(super) fn nim_period(
    set: &NumberSet,
    budget: &mut Budget<'_>,
) -> Result<(u64, u64), EngineError> {
    let p = subtraction::nim_period(set, SEARCH, budget)?;
    proven(p, "nim", set)
}

/// The proven `(preperiod, period)` of the outcome sequence of `set`.
pub(super) fn outcome_period(
    set: &NumberSet,
    budget: &mut Budget<'_>,
) -> Result<(u64, u64), EngineError> {
    let p = subtraction::outcome_period(set, SEARCH, budget)?;
    proven(p, "outcome", set)
}

/// The parameter `n >= 1` for which `family(n)` (in any order) is exactly `set`, if any. Every
/// family here has an element at least `n`, so `n <= max S` bounds the search. Equal lengths
/// and every element of `set` among `family(n)` mean the same elements (the set's are
/// distinct); no sort, so the web module holds no sort of `i64`s for it.
pub(super) fn parameter(set: &NumberSet, family: impl Fn(i64) -> Vec<i64>) -> Option<i64> {
    let want: Vec<i64> = set.elements().iter().map(|&e| i64::from(e)).collect();
    (1..=i64::from(set.max())).find(|&n| {
        let got = family(n);
        got.len() == want.len() && want.iter().all(|w| got.contains(w))
    })
}

/// The first heap where the nim-sequence of `set` differs from the word `word` repeated, as
/// `(heap, value, word's value)`. Comparing heaps `0 .. |word| + max S` decides every heap:
/// from `max S` on a value is the mex of the `max S` before it, so agreement there carries on.
pub(super) fn word_mismatch(set: &NumberSet, word: &[u16]) -> Option<(usize, u16, u16)> {
    let values = subtraction::nim_values(set, word.len() + set.max() as usize);
    values
        .iter()
        .enumerate()
        .map(|(n, &v)| (n, v, word[n % word.len()]))
        .find(|(_, v, w)| v != w)
}

/// `digit` repeated `times` times.
fn run(digit: u16, times: u64) -> impl Iterator<Item = u16> {
    std::iter::repeat_n(digit, times as usize)
}

/// Sums of two (not necessarily distinct) elements, with repeats (callers only ask whether
/// some sum has a property).
fn two_sums(set: &NumberSet) -> Vec<u64> {
    let e = set.elements();
    e.iter()
        .flat_map(|&a| e.iter().map(move |&b| u64::from(a) + u64::from(b)))
        .collect()
}

/// Berlekamp, Conway and Guy, quoted in the survey: for max S ≤ 7 the period is a sum of two
/// elements, except {2, 5, 7}.
pub(super) const WINNING_WAYS_MAX7: Check = Check {
    name: "survey-winning-ways-max7",
    citation: "Larsson–Saha–Suetsugu, survey Section 3 (Winning Ways vol. 1 ch. 4 p. 83)",
    statement: native_text!(
        "for every S with max S ≤ 7 the (ultimate) nim period length is the sum of two \
                elements of S (an element may be taken twice), for all but one ruleset: {2, 5, 7} \
                (whose period 22 is no such sum)"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every S with max S ≤ 7 (127 rulesets)"),
    run: winning_ways_max7,
};

fn winning_ways_max7(
    subject: &Subject<'_>,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject).filter(|s| s.max() <= 7) else {
        return Ok(Verdict::NotApplicable);
    };
    let (pre, p) = nim_period(set, budget)?;
    // The one named exception must indeed break the rule.
    let exception = set.elements() == [2, 5, 7];
    verdict(two_sums(set).contains(&p) != exception, || {
        let is = if exception { "is" } else { "is not" };
        format!(
            "S = {}: nim period {p} (preperiod {pre}) {is} a sum of two elements",
            braces(set)
        )
    })
}

/// The two-move outcome periods (Austin, quoted in the survey, Section 3).
pub(super) const TWO_MOVE: Check = Check {
    name: "survey-claim-two-move",
    citation: "Larsson–Saha–Suetsugu, survey Section 3 (Austin [3])",
    statement: native_text!(
        "S = {a < b}: the outcome sequence is purely periodic with period a + b, or 2a \
                when 2a divides a + b"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every two-element S"),
    run: two_move,
};

fn two_move(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let &[a, b] = set.elements() else {
        return Ok(Verdict::NotApplicable);
    };
    let (a, b) = (u64::from(a), u64::from(b));
    let want = if (a + b).is_multiple_of(2 * a) {
        2 * a
    } else {
        a + b
    };
    let (pre, p) = outcome_period(set, budget)?;
    verdict(pre == 0 && p == want, || {
        format!(
            "S = {}: outcome preperiod {pre}, period {p}; the claim gives 0 and {want}",
            braces(set)
        )
    })
}

/// Austin's nim period words of two-move sets.
pub(super) const AUSTIN_TWO_MOVE_NIM: Check = Check {
    name: "survey-claim-austin-two-move-nim",
    citation: "Larsson–Saha–Suetsugu, survey Section 3 (Austin [3], stated without proof)",
    statement: native_text!(
        "S = {a < b}, b = qa + r with 0 < r < a: the nim-sequence is purely periodic \
                with period word (0^a 1^a)^n 2^r if q = 2n − 1, and (0^a 1^a)^n 0^r 2^(a−r) 1^r \
                if q = 2n"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every two-element S with a ∤ b"),
    run: austin_two_move_nim,
};

fn austin_two_move_nim(subject: &Subject<'_>, _: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let &[a, b] = set.elements() else {
        return Ok(Verdict::NotApplicable);
    };
    let (a, q, r) = (u64::from(a), u64::from(b / a), u64::from(b % a));
    if r == 0 {
        return Ok(Verdict::NotApplicable);
    }
    let n = q.div_ceil(2);
    let block = || run(0, a).chain(run(1, a));
    let blocks: Vec<u16> = (0..n).flat_map(|_| block()).collect();
    let word: Vec<u16> = if q % 2 == 1 {
        blocks.into_iter().chain(run(2, r)).collect()
    } else {
        let tail = run(0, r).chain(run(2, a - r)).chain(run(1, r));
        blocks.into_iter().chain(tail).collect()
    };
    word_verdict(set, &word)
}

/// `Holds` when the nim-sequence of `set` is `word` repeated, else the first differing heap.
fn word_verdict(set: &NumberSet, word: &[u16]) -> Result<Verdict, EngineError> {
    let mismatch = word_mismatch(set, word);
    verdict(mismatch.is_none(), || {
        let (n, v, w) = mismatch.unwrap_or_default();
        format!(
            "S = {}: heap {n} has nim-value {v}, the period word (length {}) gives {w}",
            braces(set),
            word.len()
        )
    })
}

/// Flammenkamp's Theorem 12: max-symmetric sets are purely periodic.
pub(super) const MAX_SYMMETRIC: Check = Check {
    name: "survey-theorem-max-symmetric",
    citation: "Larsson–Saha–Suetsugu, survey Section 4 (Flammenkamp [10], Theorem 12, p. 42)",
    statement: native_text!(
        "a max-symmetric S (max S − s ∈ S implies s ∈ S) has a purely periodic outcome \
                sequence"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every max-symmetric S"),
    run: max_symmetric,
};

fn max_symmetric(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject).filter(|s| is_max_symmetric(s)) else {
        return Ok(Verdict::NotApplicable);
    };
    let (pre, p) = outcome_period(set, budget)?;
    verdict(pre == 0, || {
        format!("S = {}: outcome preperiod {pre} (period {p})", braces(set))
    })
}

/// Guy's conjecture, in the concrete reading "leading coefficient 1".
pub(super) const GUY: Check = Check {
    name: "survey-conjecture-guy",
    citation: "Larsson–Saha–Suetsugu, survey Section 1 (Guy, quoted from Nowakowski [18]); \
               thesis Conjecture 1",
    statement: native_text!(
        "the period length of S = {s_1 < … < s_n} is bounded by a polynomial of degree \
                C(n, 2) in s_n; checked in the concrete reading outcome period ≤ s_n^C(n,2) for \
                n ≥ 3 (two-move periods are at most 2 s_n, proven)"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every S with at least three elements"),
    run: guy,
};

pub(super) fn guy(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject).filter(|s| s.elements().len() >= 3) else {
        return Ok(Verdict::NotApplicable);
    };
    let n = set.elements().len() as u32;
    let bound = u128::from(set.max()).saturating_pow(n * (n - 1) / 2);
    let (pre, p) = outcome_period(set, budget)?;
    verdict(u128::from(p) <= bound, || {
        format!(
            "S = {}: outcome period {p} (preperiod {pre}) exceeds {}^{}",
            braces(set),
            set.max(),
            n * (n - 1) / 2
        )
    })
}

/// Flammenkamp's and Ward's conjecture on three-move sets.
pub(super) const THREE_MOVE: Check = Check {
    name: "survey-conjecture-3move",
    citation: "Larsson–Saha–Suetsugu, survey Section 3 (Flammenkamp [10], Ward [22])",
    statement: native_text!(
        "S = {a < b < c} with c ≠ a + b: the outcome period length divides the sum of \
                two elements of S (an element may be taken twice)"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every three-element S with c ≠ a + b"),
    run: three_move,
};

fn three_move(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let &[a, b, c] = set.elements() else {
        return Ok(Verdict::NotApplicable);
    };
    if c == a + b {
        return Ok(Verdict::NotApplicable);
    }
    let (pre, p) = outcome_period(set, budget)?;
    verdict(two_sums(set).iter().any(|s| s.is_multiple_of(p)), || {
        format!(
            "S = {}: outcome period {p} (preperiod {pre}) divides no sum of two elements",
            braces(set)
        )
    })
}

/// A claimed `(preperiod, period)` as functions of the parameter; `None` leaves one unclaimed.
type Claimed = fn(i64) -> (Option<i64>, Option<i64>);
/// A proven `(preperiod, period)` of a set (nim or outcome).
type Proven = fn(&NumberSet, &mut Budget<'_>) -> Result<(u64, u64), EngineError>;

/// A one-parameter family with a claimed outcome or nim `(preperiod, period)`.
struct FamilyClaim {
    /// The family's elements for parameter `n`.
    family: fn(i64) -> Vec<i64>,
    /// The least parameter the claim speaks about.
    from: i64,
    /// The claimed outcome `(preperiod, period)`.
    outcome: Claimed,
    /// The same for the nim-sequence.
    nim: Claimed,
}

/// Checks a [`FamilyClaim`] on one subject.
fn family_claim(
    subject: &Subject<'_>,
    claim: &FamilyClaim,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let Some(n) = parameter(set, claim.family).filter(|&n| n >= claim.from) else {
        return Ok(Verdict::NotApplicable);
    };
    let sides: [(&str, Claimed, Proven); 2] = [
        ("outcome", claim.outcome, outcome_period),
        ("nim", claim.nim, nim_period),
    ];
    for (what, want, period) in sides {
        let (want_pre, want_p) = want(n);
        if want_pre.is_none() && want_p.is_none() {
            continue;
        }
        let (pre, p) = period(set, budget)?;
        let ok = want_pre.is_none_or(|w| w == pre as i64) && want_p.is_none_or(|w| w == p as i64);
        if !ok {
            let show = |w: Option<i64>| w.map_or("any".to_string(), |w| w.to_string());
            return super::fails(format!(
                "S = {} (n = {n}): {what} preperiod {pre}, period {p}; the claim gives {} and {}",
                braces(set),
                show(want_pre),
                show(want_p)
            ));
        }
    }
    Ok(Verdict::Holds)
}

const fn none(_: i64) -> (Option<i64>, Option<i64>) {
    (None, None)
}

macro_rules! family_check {
    ($konst:ident, $fn:ident, $name:literal, $citation:literal, $statement:literal,
     $range:literal, $claim:expr) => {
        pub(super) const $konst: Check = Check {
            name: $name,
            citation: $citation,
            statement: native_text!($statement),
            applies_to: SUBTRACTION,
            stated_range: native_text!($range),
            run: $fn,
        };

        fn $fn(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
            family_claim(subject, &$claim, budget)
        }
    };
}

family_check!(
    PREPERIOD_45N2,
    preperiod_45n2,
    "survey-claim-preperiod-45n2",
    "Larsson–Saha–Suetsugu, survey Section 3 (Flammenkamp [10], longest 3-move preperiod)",
    "S = {5n − 2, 5n + 3, 10n + 2}: the outcome preperiod is 45n² − 1",
    "n ≥ 1 (the digest finds n = 1 fails: {3, 8, 12} has preperiod 13)",
    FamilyClaim {
        family: |n| vec![5 * n - 2, 5 * n + 3, 10 * n + 2],
        from: 1,
        outcome: |n| (Some(45 * n * n - 1), None),
        nim: none,
    }
);

family_check!(
    CUBIC_PERIOD,
    cubic_period,
    "survey-claim-cubic-period",
    "Larsson–Saha–Suetsugu, survey Section 4 (Althöfer and Bültermann [2])",
    "S = {a, 4a, 12a + 1, 16a + 1}: the outcome sequence is purely periodic with period \
     56a³ + 52a² + 9a + 1",
    "1 ≤ a ≤ 26 (proved there; Flammenkamp claims every a)",
    FamilyClaim {
        family: |a| vec![a, 4 * a, 12 * a + 1, 16 * a + 1],
        from: 1,
        outcome: |a| (Some(0), Some(56 * a * a * a + 52 * a * a + 9 * a + 1)),
        nim: none,
    }
);

family_check!(
    FLAMMENKAMP_S1,
    flammenkamp_s1,
    "survey-claim-flammenkamp-s1",
    "Larsson–Saha–Suetsugu, survey Section 4 (Flammenkamp [10], pp. 57–59)",
    "S_1 = {n, n + 3, 3n − 1, 3n + 3}: outcome period 4n + 2, nim period 12n + 6",
    "n ≥ 3 (n = 2 repeats 5; the digest finds n = 3, 4 fail)",
    FamilyClaim {
        family: |n| vec![n, n + 3, 3 * n - 1, 3 * n + 3],
        from: 3,
        outcome: |n| (None, Some(4 * n + 2)),
        nim: |n| (None, Some(12 * n + 6)),
    }
);

family_check!(
    FLAMMENKAMP_S2,
    flammenkamp_s2,
    "survey-claim-flammenkamp-s2",
    "Larsson–Saha–Suetsugu, survey Section 4 (Flammenkamp [10], pp. 57–59)",
    "S_2 = {2, 4n − 1, 4n + 1, 4n + 5, 8n − 2}: outcome period 4, nim period 8n",
    "n ≥ 2 (n = 1 is degenerate)",
    FamilyClaim {
        family: |n| vec![2, 4 * n - 1, 4 * n + 1, 4 * n + 5, 8 * n - 2],
        from: 2,
        outcome: |_| (None, Some(4)),
        nim: |n| (None, Some(8 * n)),
    }
);

family_check!(
    FLAMMENKAMP_S3,
    flammenkamp_s3,
    "survey-claim-flammenkamp-s3",
    "Larsson–Saha–Suetsugu, survey Section 4 (Flammenkamp [10], pp. 57–59)",
    "S_3 = {2, 4n + 1, 4n + 3, 4n + 7, 8n + 2}: outcome period 4, nim period 8n + 4",
    "n ≥ 2 (n = 1 gives nim period 4)",
    FamilyClaim {
        family: |n| vec![2, 4 * n + 1, 4 * n + 3, 4 * n + 7, 8 * n + 2],
        from: 2,
        outcome: |_| (None, Some(4)),
        nim: |n| (None, Some(8 * n + 4)),
    }
);

family_check!(
    FLAMMENKAMP_S4,
    flammenkamp_s4,
    "survey-claim-flammenkamp-s4",
    "Larsson–Saha–Suetsugu, survey Section 4 (Flammenkamp [10], pp. 57–59, Theorem 22)",
    "S_4 = {n, 2n + 1, 4n + 2, 5n + 3, 6n + 3}: outcome period 10n + 4, nim period 10n² + 4n",
    "n ≥ 2 (n = 1 gives nim period 14)",
    FamilyClaim {
        family: |n| vec![n, 2 * n + 1, 4 * n + 2, 5 * n + 3, 6 * n + 3],
        from: 2,
        outcome: |n| (None, Some(10 * n + 4)),
        nim: |n| (None, Some(10 * n * n + 4 * n)),
    }
);

/// Additive sets `{a, b, a + b}` split as `b = 2na ∓ r`: `Some((n, r, minus))`.
fn additive_split(set: &NumberSet) -> Option<(u64, u64, u64, bool)> {
    let &[a, b, c] = set.elements() else {
        return None;
    };
    let (a, b) = (u64::from(a), u64::from(b));
    if u64::from(c) != a + b || b.is_multiple_of(a) {
        return None;
    }
    let (q, r) = (b / a, b % a);
    // b = 2na − r' with r' = a − r when q is odd; b = 2na + r when q is even.
    Some(if q % 2 == 1 {
        (a, b, a - r, true)
    } else {
        (a, b, r, false)
    })
}

/// Winning Ways on additive sets, the proven half.
pub(super) const WW_ADDITIVE: Check = Check {
    name: "survey-claim-ww-additive",
    citation: "Larsson–Saha–Suetsugu, survey Section 3 (Winning Ways vol. 3 ch. 5 p. 529)",
    statement: native_text!(
        "S = {a, b, a + b} with b = 2na − r, 0 < r < a: the nim period length is 2b + r"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every such S"),
    run: ww_additive,
};

fn ww_additive(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    additive(subject, true, |_, b, r| 2 * b + r, budget)
}

/// Winning Ways on additive sets, the open half (also the thesis's Conjecture 4).
pub(super) const WW_ADDITIVE_OPEN: Check = Check {
    name: "survey-conjecture-ww-additive",
    citation: "Larsson–Saha–Suetsugu, survey Section 3 (Winning Ways vol. 3 p. 529, open by Ho \
               [14]); thesis Conjecture 4",
    statement: native_text!(
        "S = {a, b, a + b} with b = 2na + r, 0 < r < a: the nim period length is \
                a(2b + r); read for gcd(a, b) = 1 (implicit: the formula is quadratic while \
                scaling S by g scales the period by g, e.g. {4, 10, 14} has period 44, not 88)"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every such S"),
    run: ww_additive_open,
};

pub(super) fn ww_additive_open(
    subject: &Subject<'_>,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    additive(subject, false, |a, b, r| a * (2 * b + r), budget)
}

/// The additive claims: `minus` selects `b = 2na − r`; `want(a, b, r)` is the claimed period.
fn additive(
    subject: &Subject<'_>,
    minus: bool,
    want: fn(u64, u64, u64) -> u64,
    budget: &mut Budget<'_>,
) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let Some((a, b, r, _)) = additive_split(set).filter(|s| s.3 == minus) else {
        return Ok(Verdict::NotApplicable);
    };
    // The open half's formula is quadratic while scaling S by g scales the period by g, so it
    // can only speak about coprime a, b (e.g. {4, 10, 14} is {2, 5, 7} doubled: period 44).
    if !minus && gcd(a, b) != 1 {
        return Ok(Verdict::NotApplicable);
    }
    let (pre, p) = nim_period(set, budget)?;
    let want = want(a, b, r);
    verdict(p == want, || {
        format!(
            "S = {}: nim period {p} (preperiod {pre}), the claim gives {want}",
            braces(set)
        )
    })
}

/// Ho's theorem on `{1, a, b}`.
pub(super) const HO: Check = Check {
    name: "survey-theorem-ho",
    citation: "Larsson–Saha–Suetsugu, survey Section 5 (Ho [14])",
    statement: native_text!(
        "S = {1, a, b}, a > 1 odd, b even, a < b (implicit; the digest finds {1, 2, 3} \
                breaks it otherwise): purely periodic with period a + b and period word \
                (01)^(b/2) (23)^((a−1)/2) 2"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every such S"),
    run: ho,
};

fn ho(subject: &Subject<'_>, _: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject) else {
        return Ok(Verdict::NotApplicable);
    };
    let &[1, a, b] = set.elements() else {
        return Ok(Verdict::NotApplicable);
    };
    if a % 2 == 0 || b % 2 == 1 {
        return Ok(Verdict::NotApplicable);
    }
    let word: Vec<u16> = (0..b / 2)
        .flat_map(|_| [0, 1])
        .chain((0..(a - 1) / 2).flat_map(|_| [2, 3]))
        .chain([2])
        .collect();
    word_verdict(set, &word)
}

/// Cairns and Ho's ultimately bipartite families.
pub(super) const CAIRNS_HO: Check = Check {
    name: "survey-theorem-cairns-ho",
    citation: "Larsson–Saha–Suetsugu, survey Section 5 (Cairns and Ho [5], Theorem 2)",
    statement: native_text!(
        "{3, 5, 9, …, 2^k + 1} and {3, 5, 2^k + 1} (k ≥ 3) and {k, k + 2, 2k + 3} (odd \
                k ≥ 3) are ultimately bipartite: eventually the nim-values alternate 0, 1"
    ),
    applies_to: SUBTRACTION,
    stated_range: native_text!("every set of the three families"),
    run: cairns_ho,
};

/// Whether `set` is one of Cairns and Ho's three families.
fn cairns_ho_family(set: &NumberSet) -> bool {
    let e: Vec<u64> = set.elements().iter().map(|&x| u64::from(x)).collect();
    let powers = |k: usize| (2..=k).map(|j| (1u64 << j) + 1);
    let first = e.len() >= 3
        && e[0] == 3
        && e.iter()
            .copied()
            .eq(std::iter::once(3).chain(powers(e.len())));
    let second = e.len() == 3 && e[..2] == [3, 5] && e[2] > 8 && (e[2] - 1).is_power_of_two();
    let third =
        e.len() == 3 && e[0] >= 3 && e[0] % 2 == 1 && e[1] == e[0] + 2 && e[2] == 2 * e[0] + 3;
    first || second || third
}

fn cairns_ho(subject: &Subject<'_>, budget: &mut Budget<'_>) -> Result<Verdict, EngineError> {
    let Some(set) = subtraction_set(subject).filter(|s| cairns_ho_family(s)) else {
        return Ok(Verdict::NotApplicable);
    };
    let (pre, p) = nim_period(set, budget)?;
    let values = subtraction::nim_values(set, pre as usize + 2);
    let tail = &values[pre as usize..];
    verdict(
        p == 2 && tail.iter().all(|&v| v <= 1) && tail[0] != tail[1],
        || {
            format!(
                "S = {}: nim preperiod {pre}, period {p}, values from heap {pre}: {:?}",
                braces(set),
                tail
            )
        },
    )
}
