//! One file per kind of job, each with its `start` (which returns a [`super::Job`]) and its
//! `Output`. A new kind is one file here and one entry in
//! [`for_each_job!`](crate::for_each_job), which declares the file's module, the
//! [`super::JobSpec`] and [`super::JobOutput`] variants and the client's accessor, each
//! compiled into the bundle of its page (`crate::bundle`).

/// Expands the job list ([`for_each_job!`](crate::for_each_job)) into one `pub mod` line
/// per job file, compiled into the job's bundle.
macro_rules! job_modules {
    ($($(#[$doc:meta])* $variant:ident $request:tt in $module:ident for $bundle:literal, $run:ident
        $(as $accessor:ident)?;)*) => {
        $(#[cfg(feature = $bundle)] pub mod $module;)*
    };
}

crate::for_each_job!(job_modules);

use super::{Job, JobOutput, Progress, Unit};

/// A `Budget` progress callback that reports `done` of `total` in `unit` to `progress` at most
/// every 100 ms (each report is a message to the page).
pub fn throttled(
    progress: &mut dyn FnMut(Progress),
    unit: Unit,
) -> impl FnMut(u64, u64) -> bool + '_ {
    let mut last = 0.0;
    move |done, total| {
        let now = js_sys::Date::now();
        if now - last > 100.0 {
            last = now;
            progress(Progress::new(done, total, unit));
        }
        true
    }
}

/// A job that is one engine call: it runs whole in its first step.
pub struct Whole {
    run: Option<WholeFn>,
    output: Option<Result<JobOutput, String>>,
}

/// The engine call of a [`Whole`] job; it may report progress along the way.
type WholeFn = Box<dyn FnOnce(&mut dyn FnMut(Progress)) -> Result<JobOutput, String>>;

impl Whole {
    /// A job that runs `run` in its first step.
    pub fn job(
        run: impl FnOnce(&mut dyn FnMut(Progress)) -> Result<JobOutput, String> + 'static,
    ) -> Box<dyn Job> {
        Box::new(Whole {
            run: Some(Box::new(run)),
            output: None,
        })
    }
}

impl Job for Whole {
    fn step(&mut self, _millis: f64, report: &mut dyn FnMut(Progress)) -> Result<bool, String> {
        if let Some(run) = self.run.take() {
            self.output = Some(run(report));
        }
        Ok(true)
    }

    fn progress(&self) -> Option<Progress> {
        None
    }

    fn output(self: Box<Self>) -> Result<JobOutput, String> {
        self.output
            .unwrap_or_else(|| Err("the computation stopped early".into()))
    }
}
