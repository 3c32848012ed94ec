//! Every number of the survey's Section 2 (finite subtraction) that HeapLab can check.
//!
//! Source: U. Larsson, I. Saha, K. Suetsugu, "A brief conversation about subtraction games"
//! (`shared/papers/brief-conversation-subtraction-games.txt`). Each test cites its place.

use heaplab_engine::ruleset::NumberSet;
use heaplab_engine::subtraction::{self, Limits, Outcome};
use heaplab_engine::{Budget, Periodicity};

fn solve(text: &str, terms: u64) -> subtraction::SubtractionReport {
    let set = NumberSet::parse(text).unwrap();
    subtraction::solve(
        &set,
        Limits::new(terms, 2_000_000).unwrap(),
        &mut Budget::unlimited(),
    )
    .unwrap()
}

fn proven(preperiod: u64, period: u64) -> Periodicity {
    Periodicity::Proven {
        preperiod,
        period,
        saltus: 0,
    }
}

/// Section 2, the outcome tables for S = {2,5}, {2,3,5}, {2,5,7} and {2,4,7}.
#[test]
fn section_2_outcome_tables() {
    assert_eq!(solve("2,5", 17).outcome_string(), "PPNNPNNPPNNPNNPPN");
    assert_eq!(solve("2,3,5", 17).outcome_string(), "PPNNNNNPPNNNNNPPN");
    assert_eq!(
        solve("2,5,7", 30).outcome_string(),
        "PPNNPNNNNNPNNPPNNNNNNNPPNNPNNN"
    );
    assert_eq!(solve("2,4,7", 17).outcome_string(), "PPNNNNPNNPNNPNNPN");
}

/// Section 2: {2,5} has period 7 = a + b, {2,3,5} period 7 = 2 + 5, both purely periodic.
#[test]
fn section_2_small_periods() {
    assert_eq!(solve("2,5", 10).outcome_period, proven(0, 7));
    assert_eq!(solve("2,3,5", 10).outcome_period, proven(0, 7));
}

/// Section 2: S2 = {2,5,7} is purely periodic with period 22, the one ruleset with max S <= 7
/// whose period is not a sum of two moves (Winning Ways vol. 1 p. 83, quoted in Section 2).
#[test]
fn section_2_the_2_5_7_period_is_22() {
    let report = solve("2,5,7", 60);
    assert_eq!(report.outcome_period, proven(0, 22));
    assert_eq!(report.nim_period, proven(0, 22));
}

/// Section 2: S3 = {2,4,7} has a preperiod and a very short period (outcome preperiod 4 and
/// period 3; nim-values preperiod 8 and period 3, per the research digest B.3).
#[test]
fn section_2_the_2_4_7_preperiod() {
    let report = solve("2,4,7", 60);
    assert_eq!(report.outcome_period, proven(4, 3));
    assert_eq!(report.nim_period, proven(8, 3));
}

/// Section 2 (Austin [3]): S = {a, b} has outcome period a + b, or 2a when 2a | a + b,
/// and no preperiod. Checked for every 1 <= a < b <= 40.
#[test]
fn section_2_two_move_sets() {
    for a in 1..40u32 {
        for b in a + 1..=40 {
            let set = NumberSet::from_elements(vec![a, b]).unwrap();
            let got = subtraction::outcome_period(&set, 100_000, &mut Budget::unlimited()).unwrap();
            let period = if (a + b) % (2 * a) == 0 { 2 * a } else { a + b };
            assert_eq!(got, proven(0, u64::from(period)), "S = {{{a},{b}}}");
        }
    }
}

/// Section 2 (Austin's nim-value period words of {a, b}): for b = (2n-1)a + r the word is
/// (0^a 1^a)^n 2^r, and for b = 2na + r it is (0^a 1^a)^n 0^r 2^(a-r) 1^r, with 0 < r < a.
#[test]
fn section_2_austin_two_move_nim_words() {
    for a in 2..=9u32 {
        for b in a + 1..50 {
            let r = b % a;
            if r == 0 {
                continue;
            }
            let q = b / a;
            let mut word = Vec::new();
            let n = q.div_ceil(2);
            for _ in 0..n {
                word.extend(std::iter::repeat_n(0u16, a as usize));
                word.extend(std::iter::repeat_n(1u16, a as usize));
            }
            if q % 2 == 1 {
                word.extend(std::iter::repeat_n(2u16, r as usize));
            } else {
                word.extend(std::iter::repeat_n(0u16, r as usize));
                word.extend(std::iter::repeat_n(2u16, (a - r) as usize));
                word.extend(std::iter::repeat_n(1u16, r as usize));
            }
            let report = solve(&format!("{a},{b}"), word.len() as u64 * 2);
            assert_eq!(
                report.nim_period,
                proven(0, word.len() as u64),
                "S = {{{a},{b}}}"
            );
            assert_eq!(&report.values[..word.len()], &word[..], "S = {{{a},{b}}}");
        }
    }
}

/// Section 2 (Austin's arithmetic-progression examples {a, b, 2b - a}); {4,7,10} has period
/// 14 (`00001111222233`; the survey's printed word drops one 3, see the research digest B.2).
#[test]
fn section_2_austin_progressions() {
    for (set, word) in [
        ("4,13,22", "00001111000011112000011112"),
        ("4,9,14", "000011110222103321"),
        ("4,7,10", "00001111222233"),
    ] {
        let report = solve(set, word.len() as u64);
        let digits: String = report.values.iter().map(|v| v.to_string()).collect();
        assert_eq!(digits, word, "{set}");
        assert_eq!(report.nim_period, proven(0, word.len() as u64), "{set}");
    }
}

/// Section 2 (Flammenkamp): {5n-2, 5n+3, 10n+2} has outcome preperiod 45n^2 - 1 with period 5.
#[test]
fn section_2_longest_asymptotic_preperiod() {
    for n in 2..=6u64 {
        let text = format!("{},{},{}", 5 * n - 2, 5 * n + 3, 10 * n + 2);
        let report = solve(&text, 10);
        assert_eq!(report.outcome_period, proven(45 * n * n - 1, 5), "{text}");
    }
}

/// Section 2 (Althöfer and Bültermann [2]): {a, 2a+1, 3a+1} is purely periodic with a
/// quadratic period, 4a^2 + 3a (research digest B.2).
#[test]
fn section_2_althofer_bultermann_quadratic() {
    for a in 1..=7u64 {
        let report = solve(&format!("{},{},{}", a, 2 * a + 1, 3 * a + 1), 10);
        assert_eq!(
            report.outcome_period,
            proven(0, 4 * a * a + 3 * a),
            "a = {a}"
        );
    }
}

/// Section 2 (Althöfer and Bültermann [2]): {a, 4a, 12a+1, 16a+1} is purely periodic with
/// period 56a^3 + 52a^2 + 9a + 1.
#[test]
fn section_2_althofer_bultermann_cubic() {
    for a in 1..=5u64 {
        let report = solve(
            &format!("{},{},{},{}", a, 4 * a, 12 * a + 1, 16 * a + 1),
            10,
        );
        let period = 56 * a * a * a + 52 * a * a + 9 * a + 1;
        assert_eq!(report.outcome_period, proven(0, period), "a = {a}");
    }
}

/// Section 2 (Cairns and Ho [5], Theorem 2): three ultimately bipartite families; outcome
/// period 2 with the preperiods of the research digest B.2.
#[test]
fn section_2_ultimately_bipartite_families() {
    for (set, preperiod) in [
        ("3,5,9", 11),
        ("3,5,9,17", 19),
        ("3,5,17", 27),
        ("3,5,9,17,33", 35),
        ("3,5,33", 59),
        ("5,7,13", 35),
        ("7,9,17", 71),
        ("9,11,21", 119),
        ("11,13,25", 179),
    ] {
        let report = solve(set, 10);
        assert_eq!(report.outcome_period, proven(preperiod, 2), "{set}");
    }
}

/// Section 2 (Ho [14]): S = {1, a, b} with odd a > 1 and even b > a is purely periodic with
/// period a + b and nim-value period word (01)^(b/2) (23)^((a-1)/2) 2.
#[test]
fn section_2_ho_one_a_b() {
    for a in (3..=9u32).step_by(2) {
        for b in (a + 1..=20).filter(|b| b % 2 == 0) {
            let mut word = "01".repeat(b as usize / 2);
            word.push_str(&"23".repeat((a as usize - 1) / 2));
            word.push('2');
            let report = solve(&format!("1,{a},{b}"), word.len() as u64);
            let digits: String = report.values.iter().map(|v| v.to_string()).collect();
            assert_eq!(digits, word, "S = {{1,{a},{b}}}");
            assert_eq!(
                report.nim_period,
                proven(0, u64::from(a + b)),
                "S = {{1,{a},{b}}}"
            );
        }
    }
}

/// Section 2 (Flammenkamp [10], pp. 57-59): different outcome and nim periods.
#[test]
fn section_2_outcome_and_nim_periods_differ() {
    let report = solve("4,6,11,14", 10);
    assert_eq!(
        (report.outcome_period, report.nim_period),
        (proven(12, 17), proven(18, 34))
    );
    let report = solve("5,7,14,17", 10);
    assert_eq!(
        (report.outcome_period, report.nim_period),
        (proven(15, 21), proven(22, 42))
    );
    for n in 1..=6u64 {
        let text = format!(
            "{},{},{},{},{}",
            n,
            2 * n + 1,
            4 * n + 2,
            5 * n + 3,
            6 * n + 3
        );
        let report = solve(&text, 10);
        assert_eq!(report.outcome_period.period(), Some(10 * n + 4), "{text}");
        assert_eq!(
            report.nim_period.period(),
            Some(if n == 1 { 14 } else { 10 * n * n + 4 * n }),
            "{text}"
        );
    }
}

/// Section 2 (Austin's symmetry theorem): a symmetric set (p - s ∈ S for s ∈ S) has no
/// preperiod; Flammenkamp's Theorem 12: max-symmetric sets are purely periodic.
#[test]
fn section_2_symmetric_sets_are_purely_periodic() {
    for text in [
        "1,4",
        "2,3",
        "1,4,5",
        "2,3,5",
        "3,7,10",
        "2,9,13,20,22",
        "4,7,11,14,18",
    ] {
        let report = solve(text, 10);
        assert_eq!(report.outcome_period.preperiod(), Some(0), "{text}");
    }
}

/// Section 2: P-positions are exactly the heaps with nim-value 0.
#[test]
fn outcomes_agree_with_nim_values() {
    let report = solve("3,8,12", 500);
    for (v, o) in report.values.iter().zip(&report.outcomes) {
        assert_eq!(*v == 0, *o == Outcome::P);
    }
}
