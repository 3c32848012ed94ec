//! Exact rationals for utilities and cumulations (Section 1.3 needs ±1/4, so floats would not
//! do). Small and plain: `i64` numerator and positive denominator in lowest terms, with
//! `i128` intermediates and checked overflow (an overflow saturates to a clear error upstream
//! by the caps on heap sizes; values here stay far below `i64`).

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

use crate::EngineError;

/// An exact rational number. Invariant: `den > 0` and `gcd(num, den) == 1`.
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

    /// The largest integer `<= self`.
    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den)
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

    /// Checked sum.
    pub fn checked_add(self, other: Self) -> Option<Self> {
        Rational::new(
            i128::from(self.num) * i128::from(other.den)
                + i128::from(other.num) * i128::from(self.den),
            i128::from(self.den) * i128::from(other.den),
        )
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
    /// Sum; saturates to `i64::MAX` on (unreachable under HeapLab's caps) overflow.
    fn add(self, other: Self) -> Self {
        self.checked_add(other).unwrap_or(Rational::int(i64::MAX))
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Self {
        Rational {
            num: -self.num,
            den: self.den,
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
        if self.den == 1 {
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
}
