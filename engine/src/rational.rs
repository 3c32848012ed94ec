//! Exact rationals for utilities, cumulations and scores (Section 1.3 needs ±1/4, so floats
//! would not do). Small and plain: `i64` numerator and positive denominator in lowest terms,
//! with `i128` intermediates. Exact arithmetic is never silently wrong: a result that does not
//! fit is [`Rational::OVERFLOW`], which every operation propagates (like a NaN) and which the
//! solvers turn into an [`EngineError`] ([`Rational::check`]).

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

use crate::EngineError;

/// An exact rational number. Invariant: `den > 0` and `gcd(num, den) == 1`, except for
/// [`Rational::OVERFLOW`] (`den == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i64,
    den: i64,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: 1 };

    /// The result of an operation whose exact value does not fit: sticky under `+`, `-` and
    /// negation, shown as `overflow`, and an error wherever a solver meets it.
    pub const OVERFLOW: Rational = Rational { num: 0, den: 0 };

    /// Whether this is [`Rational::OVERFLOW`].
    pub fn is_overflow(self) -> bool {
        self.den == 0
    }

    /// `Ok(self)`, or a one-line error when an exact computation overflowed.
    pub fn check(self) -> Result<Self, EngineError> {
        if self.is_overflow() {
            Err(overflow_error())
        } else {
            Ok(self)
        }
    }

    /// Whether `self` lies exactly midway between `a` and `b` (`a − self = self − b`), without
    /// overflow whatever the sizes (the differences are taken in `i128`).
    pub fn is_midpoint(self, a: Self, b: Self) -> bool {
        if self.is_overflow() || a.is_overflow() || b.is_overflow() {
            return false;
        }
        let difference = |x: Self, y: Self| {
            let num = i128::from(x.num) * i128::from(y.den) - i128::from(y.num) * i128::from(x.den);
            let den = i128::from(x.den) * i128::from(y.den);
            let g = gcd(num, den).max(1);
            (num / g, den / g)
        };
        difference(a, self) == difference(self, b)
    }

    /// The integer `n`.
    pub const fn int(n: i64) -> Self {
        Rational { num: n, den: 1 }
    }

    /// `num / den` in lowest terms; `None` when `den == 0` or the result does not fit.
    pub fn new(num: i128, den: i128) -> Option<Self> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = -n;
            d = -d;
        }
        Some(Rational {
            num: i64::try_from(n).ok()?,
            den: i64::try_from(d).ok()?,
        })
    }

    /// The numerator (lowest terms).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (lowest terms, positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// The largest integer `<= self` (0 for [`Rational::OVERFLOW`]).
    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den.max(1))
    }

    /// Parses `3`, `-2`, `11/4` or a decimal such as `0.25` exactly.
    pub fn parse(text: &str) -> Result<Self, EngineError> {
        let t = text.trim();
        let bad = || {
            EngineError::Parse(format!(
                "'{t}' is not a number: write an integer, a fraction like 11/4 or a decimal like 0.25"
            ))
        };
        if let Some((n, d)) = t.split_once('/') {
            let n: i64 = n.trim().parse().map_err(|_| bad())?;
            let d: i64 = d.trim().parse().map_err(|_| bad())?;
            return Rational::new(n.into(), d.into()).ok_or_else(bad);
        }
        if let Some((whole, frac)) = t.split_once('.') {
            if frac.is_empty() || frac.len() > 12 || !frac.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            let negative = whole.trim_start().starts_with('-');
            let w: i128 = if whole.is_empty() || whole == "-" {
                0
            } else {
                whole.parse::<i64>().map_err(|_| bad())?.into()
            };
            let f: i128 = frac.parse::<i64>().map_err(|_| bad())?.into();
            let den = 10i128.pow(frac.len() as u32);
            let num = w * den + if negative { -f } else { f };
            return Rational::new(num, den).ok_or_else(bad);
        }
        t.parse::<i64>().map(Rational::int).map_err(|_| bad())
    }

    /// Checked sum: `None` when the exact sum does not fit (or either side is
    /// [`Rational::OVERFLOW`]).
    pub fn checked_add(self, other: Self) -> Option<Self> {
        if self.is_overflow() || other.is_overflow() {
            return None;
        }
        Rational::new(
            i128::from(self.num) * i128::from(other.den)
                + i128::from(other.num) * i128::from(self.den),
            i128::from(self.den) * i128::from(other.den),
        )
    }
}

/// The error a solver returns when it meets [`Rational::OVERFLOW`].
pub fn overflow_error() -> EngineError {
    EngineError::OutOfRange(
        "an exact value does not fit in 64-bit fractions: use smaller numbers (values, rewards \
         or scores)"
            .into(),
    )
}

/// `Ok(values)`, or the overflow error when any of them is [`Rational::OVERFLOW`].
pub fn check_all(values: &[Rational]) -> Result<(), EngineError> {
    match values.iter().any(|r| r.is_overflow()) {
        true => Err(overflow_error()),
        false => Ok(()),
    }
}

impl Default for Rational {
    fn default() -> Self {
        Rational::ZERO
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Self {
        Rational::int(n)
    }
}

impl Add for Rational {
    type Output = Rational;
    /// Exact sum, or [`Rational::OVERFLOW`] when it does not fit.
    fn add(self, other: Self) -> Self {
        self.checked_add(other).unwrap_or(Rational::OVERFLOW)
    }
}

impl Neg for Rational {
    type Output = Rational;
    /// Exact negation, or [`Rational::OVERFLOW`] for `i64::MIN` (and overflow itself).
    fn neg(self) -> Self {
        match self.num.checked_neg() {
            Some(num) => Rational { num, den: self.den },
            None => Rational::OVERFLOW,
        }
    }
}

impl Sub for Rational {
    type Output = Rational;
    fn sub(self, other: Self) -> Self {
        self + (-other)
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Self) -> Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_overflow() {
            f.write_str("overflow")
        } else if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// Integers serialise as JSON numbers, fractions as strings `"11/4"`.
impl serde::Serialize for Rational {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.den == 1 {
            s.serialize_i64(self.num)
        } else {
            s.serialize_str(&self.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_order_and_parsing() {
        let q = |s: &str| Rational::parse(s).unwrap();
        assert_eq!(q("1/4") + q("1/4"), q("1/2"));
        assert_eq!(q("3") - q("1/4"), q("11/4"));
        assert_eq!(q("0.25"), q("1/4"));
        assert_eq!(q("-0.5"), q("-1/2"));
        assert_eq!(q("2/-4"), q("-1/2"));
        assert!(q("1/3") < q("0.34"));
        assert_eq!(q("-7/2").floor(), -4);
        assert_eq!(q("11/4").to_string(), "11/4");
        assert_eq!(q("4/2").to_string(), "2");
        for bad in ["", "x", "1/0", "1.", "1.2.3", "--1"] {
            assert!(Rational::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn overflow_is_sticky_never_a_wrong_value() {
        let max = Rational::int(i64::MAX);
        let min = Rational::int(i64::MIN);
        assert!((max + Rational::int(1)).is_overflow());
        assert!((Rational::int(-i64::MAX) - Rational::int(4)).is_overflow());
        assert!((-min).is_overflow());
        assert!((max + Rational::int(1) - Rational::int(5)).is_overflow());
        assert!((Rational::OVERFLOW + Rational::ZERO).is_overflow());
        assert_eq!(max - Rational::int(1), Rational::int(i64::MAX - 1));
        assert!(
            Rational::OVERFLOW.check().is_err() && check_all(&[max, Rational::OVERFLOW]).is_err()
        );
        assert_eq!(Rational::OVERFLOW.to_string(), "overflow");
        // Midpoints compare exactly where the sums themselves would overflow.
        let big = Rational::int(4611686018427387904);
        assert!(big.is_midpoint(max, Rational::int(1)));
        assert!(!Rational::int(4611686018427387906)
            .is_midpoint(max, Rational::int(4611686018427387909)));
        assert!(Rational::parse("1/3").unwrap().is_midpoint(
            Rational::parse("1/6").unwrap(),
            Rational::parse("1/2").unwrap()
        ));
    }
}
