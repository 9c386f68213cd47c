//! Time: the one owner of limits and of how long things may run.
//!
//! | module | settles |
//! |---|---|
//! | [`limits`] | a submission's limits on a problem (and a measuring run's, and a re-run's with extra time), and the wall-clock rule |
//! | [`computed`] | a problem's limit when its package leaves it open: the accepted submissions measured (problemtools' and BAPCtools' rule) |
//! | [`calibrate`] | `judge timelimit`'s measurements: interleaved runs, medians per case, the sides each submission bounds |
//! | [`interval`] | the interval of limits under which every submission keeps its promise |
//! | [`interval_store`] | the interval measured last, kept for `check`'s warning |
//!
//! A problem's limit comes from `problem.yaml` or [`computed`], once per
//! run, before anything is graded; every run then takes its limits from
//! [`limits`], nowhere else.

pub mod calibrate;
pub mod computed;
pub mod interval;
pub mod interval_store;
pub mod limits;
