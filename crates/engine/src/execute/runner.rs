//! The sandbox's runner, with the run's build and result cache beside it.
//!
//! `judge-sandbox` runs programs and knows nothing of what judge keeps
//! between runs; the harness hands the cache around with the runner, so
//! every stage that compiles or reuses a result finds it in one place.

use std::ops::Deref;

pub use judge_sandbox::runner::*;

use std::path::Path;

use crate::cache::Cache;
use crate::error::{Error, Result};
use crate::sandbox::SandboxMode;
use crate::timeline::Timeline;

/// A [`judge_sandbox::runner::Runner`] and the run's cache.
pub struct Runner {
    inner: judge_sandbox::runner::Runner,
    /// The build and result cache, unless the run said `--no-cache`.
    cache: Option<Cache>,
    /// Where the run's time goes: every stage that has the runner finds
    /// it here, as it finds the cache.
    timeline: Timeline,
}

/// Starts the runner of a command with `workers` launchers in sandbox
/// `mode`: its allow-list and tool choices from judge's configuration
/// (`config`, else the default file), the launchers from judge's own
/// binary, and the build and result cache in `cache` unless it is `None`
/// (`--no-cache`).
pub fn start(
    config: Option<&Path>,
    mode: SandboxMode,
    workers: usize,
    cache: Option<&Path>,
) -> Result<Runner> {
    let config = crate::config::Config::load(config)?;
    let exe = std::env::current_exe().map_err(Error::io("judge", "cannot find its own binary"))?;
    let mut runner = Runner::new(RunnerOptions {
        mode,
        exe,
        workers,
        allow: config.sandbox.allow,
        tools: config.tools.chosen(),
    })?;
    if let Some(dir) = cache {
        runner.use_cache(Cache::open(dir.to_path_buf()));
    }
    Ok(runner)
}

impl Runner {
    /// Sets up a run (see [`judge_sandbox::runner::Runner::new`]), with no
    /// cache until `Runner::use_cache`.
    pub fn new(opts: RunnerOptions) -> Result<Runner> {
        Ok(Runner {
            inner: judge_sandbox::runner::Runner::new(opts)?,
            cache: None,
            timeline: Timeline::default(),
        })
    }

    /// Builds and results are cached in `cache` from now on.
    pub(crate) fn use_cache(&mut self, cache: Cache) {
        self.cache = Some(cache);
    }

    /// The run's cache, if it has one.
    pub fn cache(&self) -> Option<&Cache> {
        self.cache.as_ref()
    }

    /// The record of where the run's time goes.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }
}

impl Deref for Runner {
    type Target = judge_sandbox::runner::Runner;

    fn deref(&self) -> &Self::Target {
        &self.inner
    }
}
