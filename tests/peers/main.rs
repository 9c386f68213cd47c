//! judge as other tools see it: the peers' own checkers, installed from
//! PyPI into venvs under target/, run on what judge writes (exports.rs,
//! problemtools.rs, bapctools.rs), and run beside judge on every package
//! among its fixtures, each submission's verdict compared
//! (differential.rs, with the list of deliberate differences in
//! docs/peer-differences.md).
//!
//! A separate suite (`make peers`, which CI runs after `make test`): it
//! needs the network once, LaTeX and PyPy, and minutes of CPU time, so the
//! edit-test loop of `make test` does not wait for it. Its programs are on
//! `.ci/deps.txt` like every other; missing ones skip outside CI and fail
//! under it.

mod bapctools;
#[allow(dead_code)]
#[path = "../it/common.rs"]
mod common;
mod differences;
mod differential;
mod exports;
mod fixtures;
mod outcome;
mod peer_logs;
mod problemtools;
#[allow(dead_code)]
#[path = "../it/tools.rs"]
mod tools;
mod venv;
