//! Tick labels of the pages' plotters charts, shared by all of them: integer data gets integer
//! ticks (never `0.5`), whole numbers are written without `.0`, and a log axis labels its
//! decades only. The figure layer labels its exported charts the same way.

/// How many labels to ask plotters for on an axis from `lo` to `hi`: with `whole` data at most
/// one per unit (so plotters never steps by a fraction), and at most ten.
pub fn label_count(lo: f64, hi: f64, whole: bool) -> usize {
    if whole && hi - lo >= 0.0 {
        ((hi - lo).floor() as usize + 1).clamp(2, 10)
    } else {
        10
    }
}

/// The label of a tick at `v`: a whole number without decimals; on an axis of `whole` data a
/// fraction gets no label, else it gets up to three decimals.
pub fn tick_label(v: f64, whole: bool) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else if whole {
        String::new()
    } else {
        let text = format!("{v:.3}");
        text.trim_end_matches('0').to_string()
    }
}

/// The label of a tick at `v` on a log axis: `1`, `10`, `100`, … at the powers of ten (and
/// `1e6` style past a million), nothing elsewhere.
pub fn decade_label(v: f64) -> String {
    if v <= 0.0 || !v.is_finite() {
        return String::new();
    }
    let e = v.log10();
    if (e - e.round()).abs() > 1e-9 {
        String::new()
    } else if e.round() < 0.0 {
        format!("{v}")
    } else if e.round() <= 6.0 {
        format!("{}", v.round() as i64)
    } else {
        format!("1e{}", e.round() as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::coord::ranged1d::Ranged;
    use plotters::coord::types::RangedCoordf64;

    /// The ticks plotters places on `lo..hi` when asked for [`label_count`] labels.
    fn ticks(lo: f64, hi: f64) -> Vec<f64> {
        let range: RangedCoordf64 = (lo..hi).into();
        range.key_points(label_count(lo, hi, true))
    }

    #[test]
    fn integer_axes_get_integer_ticks_and_labels_only() {
        for hi in 1..400 {
            for lo in [-3, 0, 7] {
                let (lo, hi) = (f64::from(lo), f64::from(hi + lo));
                let shown = ticks(lo, hi);
                assert!(shown.len() >= 2, "{lo}..{hi}: {shown:?}");
                for v in shown {
                    let label = tick_label(v, true);
                    assert!(
                        label.parse::<i64>().is_ok(),
                        "{lo}..{hi}: tick {v} '{label}'"
                    );
                }
            }
        }
        // The value chart's range of heaps 0..n with nim-values up to 2: 0 to 3.
        assert_eq!(ticks(0.0, 3.0), vec![0.0, 1.0, 2.0, 3.0]);
    }

    #[test]
    fn fractions_keep_their_decimals_and_log_axes_label_decades() {
        assert_eq!(tick_label(2.0, false), "2");
        assert_eq!(tick_label(2.5, false), "2.5");
        assert_eq!(tick_label(2.5, true), "");
        assert_eq!(tick_label(-1.0, true), "-1");
        assert_eq!(decade_label(1000.0), "1000");
        assert_eq!(decade_label(1.0), "1");
        assert_eq!(decade_label(20.0), "");
        assert_eq!(decade_label(0.0), "");
        assert_eq!(decade_label(1e8), "1e8");
    }
}
