//! Budgets: every long computation takes one, so it can report progress and be cancelled.

use crate::EngineError;

/// A progress and cancellation hook for long computations.
///
/// The solver calls [`Budget::tick`] every few thousand steps with the work done so far and the
/// work it expects in total. Returning `false` from the callback cancels the computation, which
/// then returns [`EngineError::Cancelled`].
pub struct Budget<'a> {
    callback: Option<&'a mut dyn FnMut(u64, u64) -> bool>,
}

impl<'a> Budget<'a> {
    /// A budget that never cancels and reports nowhere (tests, small computations).
    pub fn unlimited() -> Budget<'static> {
        Budget { callback: None }
    }

    /// A budget that reports `(done, total)` to `callback`; the callback returns `false` to cancel.
    pub fn with_progress(callback: &'a mut dyn FnMut(u64, u64) -> bool) -> Self {
        Budget {
            callback: Some(callback),
        }
    }

    /// Runs `inner` with a budget that shows no progress of its own but polls this one each
    /// time it ticks (re-reporting this budget's `(done, total)`), so one step of a long walk
    /// (a ruleset of a sweep, a check on it) can be cancelled midway without its solver's
    /// numbers showing as the walk's progress.
    pub fn nested<R>(
        &mut self,
        done: u64,
        total: u64,
        inner: impl FnOnce(&mut Budget<'_>) -> R,
    ) -> R {
        let mut poll = |_: u64, _: u64| self.tick(done, total).is_ok();
        inner(&mut Budget::with_progress(&mut poll))
    }

    /// Reports progress; returns `Err(Cancelled)` when the callback asks to stop.
    pub fn tick(&mut self, done: u64, total: u64) -> Result<(), EngineError> {
        match self.callback.as_mut() {
            Some(callback) => {
                if callback(done, total) {
                    Ok(())
                } else {
                    Err(EngineError::Cancelled)
                }
            }
            None => Ok(()),
        }
    }
}
