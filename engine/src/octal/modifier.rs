//! The split modifiers of generalized take-and-break codes, as CGSuite writes them: a digit
//! followed by `!` (the heaps left must be pairwise unequal), `?` (not all equal) or `=` (all
//! equal). Grundy's game is `4!.0`: split a heap into two unequal heaps.
//!
//! Source of the syntax and meaning: CGSuite (repository `aaron-siegel/cgsuite`), the class
//! documentation `lib/core/src/main/resources/org/cgsuite/lang/resources/game/heap/TakeAndBreak.cgs`
//! and its parser `lib/core/src/main/scala/org/cgsuite/core/impartial/TBCode.scala`
//! (`parseConstraint`: `!` PairwiseUnequal, `?` SomeUnequal, `=` AllEqual).
//!
//! A modifier constrains the moves of its digit that leave two or more heaps; moves that leave
//! no heap or one heap are never constrained. (CGSuite's traversal also refuses to leave one heap
//! of size 1 under `?`, an accident of its loop bounds that its documentation does not describe;
//! HeapLab does not copy it.)

/// How the heaps left by one move must relate to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Modifier {
    /// No constraint (a plain digit).
    #[default]
    Plain,
    /// `!`: the heaps left are pairwise unequal.
    Unequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    AllEqual,
}

impl Modifier {
    /// The modifier written by `c`, if `c` is one.
    pub fn from_symbol(c: char) -> Option<Self> {
        match c {
            '!' => Some(Modifier::Unequal),
            '?' => Some(Modifier::NotAllEqual),
            '=' => Some(Modifier::AllEqual),
            _ => None,
        }
    }

    /// The symbol written after the digit (`""` for a plain digit).
    pub fn symbol(self) -> &'static str {
        match self {
            Modifier::Plain => "",
            Modifier::Unequal => "!",
            Modifier::NotAllEqual => "?",
            Modifier::AllEqual => "=",
        }
    }

    /// The canonical modifier of a digit: none on a digit that never leaves two heaps, and `!`
    /// for `?` on a digit that leaves at most two (two heaps are unequal exactly when they are
    /// not equal).
    pub fn normalized(self, digit: u32) -> Self {
        match self {
            _ if digit < 4 => Modifier::Plain,
            Modifier::NotAllEqual if digit < 8 => Modifier::Unequal,
            other => other,
        }
    }

    /// True when the heaps `parts` (in increasing order) may be left by a move of this digit.
    pub fn allows(self, parts: &[u64]) -> bool {
        if parts.len() < 2 {
            return true;
        }
        match self {
            Modifier::Plain => true,
            Modifier::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
            Modifier::NotAllEqual => parts[0] != parts[parts.len() - 1],
            Modifier::AllEqual => parts[0] == parts[parts.len() - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraints_on_sorted_parts() {
        use Modifier::*;
        let cases: [(&[u64], [bool; 4]); 6] = [
            (&[], [true; 4]),
            (&[5], [true; 4]),
            (&[2, 3], [true, true, true, false]),
            (&[3, 3], [true, false, false, true]),
            (&[1, 1, 2], [true, false, true, false]),
            (&[1, 2, 3], [true, true, true, false]),
        ];
        for (parts, expected) in cases {
            let got = [Plain, Unequal, NotAllEqual, AllEqual].map(|m| m.allows(parts));
            assert_eq!(got, expected, "{parts:?}");
        }
    }

    #[test]
    fn symbols_round_trip_and_normalize() {
        for m in [Modifier::Unequal, Modifier::NotAllEqual, Modifier::AllEqual] {
            let c = m.symbol().chars().next().unwrap();
            assert_eq!(Modifier::from_symbol(c), Some(m));
        }
        assert_eq!(Modifier::from_symbol('x'), None);
        assert_eq!(Modifier::NotAllEqual.normalized(4), Modifier::Unequal);
        assert_eq!(Modifier::NotAllEqual.normalized(8), Modifier::NotAllEqual);
        assert_eq!(Modifier::AllEqual.normalized(3), Modifier::Plain);
    }
}
