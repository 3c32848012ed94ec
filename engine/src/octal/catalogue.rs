//! The thesis's catalogue of octal and hexadecimal games, as data for the page and the CLI:
//! Table 3.2 (non-trivial octal games with known structure, Section 3.4.3), Open Problem 5 (the
//! 74 unsolved 3-digit octal games) and Open Problem 8 (the unsolved hexadecimal games).

/// One row of Table 3.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct KnownGame {
    /// The code in ASCII.
    pub code: &'static str,
    /// The period.
    pub period: u64,
    /// The least pre-period `n0` (the thesis's column; the prose's "105,350" for ·16 is `n0 − 1`).
    pub preperiod: u64,
    /// The year it was solved.
    pub solved: u16,
}

impl KnownGame {
    /// The heaps a run must compute to prove the period: Theorem 3.73 (t = 2) checks
    /// `G(n + p) = G(n)` for `n0 <= n <= 2·n0 + p + k` (`k` the code's length), so heaps
    /// `0..=2·n0 + 2·p + k`.
    pub fn heaps_to_prove(&self) -> u64 {
        let k = self.code.len() as u64 - 1;
        2 * self.preperiod.max(1) + 2 * self.period + k + 1
    }
}

/// Thesis Table 3.2, row by row.
pub const TABLE_3_2: &[KnownGame] = &[
    row(".45", 20, 498, 1956),
    row(".156", 349, 3_479, 1967),
    row(".055", 148, 259, 1976),
    row(".644", 442, 3_256, 1976),
    row(".356", 142, 7_315, 1976),
    row(".165", 1_550, 5_181, 1976),
    row(".127", 4, 46_578, 1988),
    row(".56", 144, 326_640, 1988),
    row(".16", 149_459, 105_351, 1988),
    row(".376", 4, 2_268_248, 1988),
    row(".454", 60_620_715, 160_949_019, 2000),
    row(".104", 11_770_282, 197_769_598, 2001),
    row(".106", 328_226_140_474, 465_384_263_797, 2002),
    row(".054", 10_015_179, 193_235_616, 2002),
    row(".354", 1_180, 10_061_916, 2002),
];

const fn row(code: &'static str, period: u64, preperiod: u64, solved: u16) -> KnownGame {
    KnownGame {
        code,
        period,
        preperiod,
        solved,
    }
}

/// Open Problem 5 (Nowakowski, Games of No Chance 5, A2): the 74 unsolved 3-digit octal games.
pub const UNSOLVED_OCTAL: &[&str] = &[
    ".6", ".04", ".06", ".14", ".36", ".37", ".64", ".74", ".76", ".004", ".005", ".006", ".007",
    ".014", ".015", ".016", ".024", ".026", ".034", ".064", ".114", ".125", ".126", ".135", ".136",
    ".142", ".143", ".146", ".162", ".163", ".164", ".166", ".167", ".172", ".174", ".204", ".205",
    ".206", ".207", ".224", ".244", ".245", ".264", ".314", ".324", ".334", ".336", ".342", ".344",
    ".346", ".362", ".364", ".366", ".371", ".374", ".404", ".414", ".416", ".444", ".564", ".604",
    ".606", ".744", ".764", ".774", ".776", "4.004", "4.007", "4.026", "4.044", "4.045", "4.324",
    "4.327", "4.367",
];

/// Open Problem 8 (GONC5, A3) as printed: `·dX` for each first digit `d` and the listed `X`.
const UNSOLVED_HEX_RANGES: &[(char, &str)] = &[
    ('1', "89CDEF"),
    ('2', "ABCDEF"),
    ('3', "89ABCDE"),
    ('4', "9BDF"),
    ('5', "89ABCDEF"),
    ('6', "89ABCDEF"),
    ('7', "89ABCDEF"),
    ('9', "123456789AD"),
    ('B', "69D"),
    ('D', "123456789ABCDEF"),
    ('F', "467"),
];

/// Open Problem 8's unsolved hexadecimal games, one code each (`.18`, `.19`, …).
pub fn unsolved_hexadecimal() -> Vec<String> {
    UNSOLVED_HEX_RANGES
        .iter()
        .flat_map(|&(d, xs)| xs.chars().map(move |x| format!(".{d}{x}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{solve, Kind, Limits, Ruleset};
    use crate::Budget;

    #[test]
    fn every_entry_parses_as_a_code_of_its_family() {
        for row in TABLE_3_2 {
            assert_eq!(Ruleset::parse(row.code).unwrap().kind(), Kind::Octal);
        }
        assert_eq!(UNSOLVED_OCTAL.len(), 74, "Open Problem 5 lists 74 games");
        for code in UNSOLVED_OCTAL {
            assert_eq!(Ruleset::parse(code).unwrap().kind(), Kind::Octal, "{code}");
        }
        let hex = unsolved_hexadecimal();
        assert_eq!(hex.len(), 79, "the printed ranges hold 79 codes");
        for code in &hex {
            assert_eq!(
                Ruleset::parse(code).unwrap().kind(),
                Kind::Hexadecimal,
                "{code}"
            );
        }
    }

    #[test]
    fn the_small_rows_are_proven_within_their_heap_count() {
        // The rows a test can afford: the engine proves exactly the table's numbers within
        // `heaps_to_prove` heaps, so the page's one-click link reproduces them.
        for row in TABLE_3_2.iter().filter(|r| r.heaps_to_prove() < 20_000) {
            let rules = Ruleset::parse(row.code).unwrap();
            let limits = Limits {
                terms: 1,
                prove: true,
                max_heaps: row.heaps_to_prove() as usize,
            };
            let report = solve(&rules, limits, &mut Budget::unlimited()).unwrap();
            assert_eq!(
                report.periodicity.period(),
                Some(row.period),
                "{}",
                row.code
            );
            assert_eq!(report.preperiod(), Some(row.preperiod), "{}", row.code);
        }
    }
}
