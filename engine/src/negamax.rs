//! The negamax step of two-player scoring play, shared by cumulative subtraction and the
//! scoring octal solvers (its own module, so neither family imports the other).

/// The negamax step shared by every taking solver (and cumulative subtraction): among options
/// `(action, points − value after the move)`, the best value and the **largest** action that
/// reaches it; `None` when there is no option.
pub fn best_take(options: impl Iterator<Item = (u32, i64)>) -> Option<(u32, i64)> {
    let mut best: Option<(u32, i64)> = None;
    for (action, value) in options {
        if best.is_none_or(|(a, b)| value > b || (value == b && action >= a)) {
            best = Some((action, value));
        }
    }
    best
}
