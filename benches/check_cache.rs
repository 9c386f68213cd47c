//! What the cache buys `make check`: the whole `judge check` of the
//! committed test set, three ways, in one run (so the machine is the same
//! for all of them):
//! - cold: an empty cache folder (everything compiled and run, and stored);
//! - warm: the same folder again, nothing changed since;
//! - no cache: `--no-cache`, for the cost of storing.
//!
//! With `JUDGE_BASELINE=/path/to/an/older/judge`, that binary's `check`
//! (which may not know `--cache-dir`; its own cache, if any, is pointed at
//! an empty folder) runs too, for "cold now against cold before", twice:
//! as it ran then (tools from `PATH`, since it cannot read this
//! repository's `tools` setting), and with `PATH` led by the folders of the
//! tools `judge-config.yaml` pins, so that the cache and the cold path are
//! also measured apart from the interpreter choice.
//!
//! Targets (printed, not enforced: timings depend on the machine): warm
//! ≤ 15 % of cold; cold ≤ 60 % of the judge before the cache.
//! Run with `cargo bench --bench check_cache`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Rounds; each figure is the median of its rounds.
const ROUNDS: usize = 3;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Seconds for one `judge check` with `args`, which must pass.
fn check(exe: &Path, args: &[&str], cache: &Path) -> f64 {
    check_in(Command::new(exe), args, cache)
}

/// A judge from before `tools` existed, given a configuration it can read
/// and, with `path`, that `PATH`.
fn older_judge(exe: &Path, config: &Path, path: Option<&str>) -> Command {
    let mut cmd = Command::new(exe);
    cmd.arg("--config").arg(config);
    if let Some(path) = path {
        cmd.env("PATH", path);
    }
    cmd
}

/// `PATH` led by the folders of the tools this repository's
/// `judge-config.yaml` names by absolute path.
fn pinned_path() -> String {
    let config = std::fs::read_to_string(root().join("judge-config.yaml")).unwrap_or_default();
    let mut dirs: Vec<String> = config
        .lines()
        .filter_map(|l| l.split_once(": /").map(|(_, p)| format!("/{}", p.trim())))
        .filter_map(|p| Some(Path::new(&p).parent()?.display().to_string()))
        .collect();
    dirs.push(std::env::var("PATH").unwrap_or_default());
    dirs.join(":")
}

fn check_in(mut cmd: Command, args: &[&str], cache: &Path) -> f64 {
    let exe = PathBuf::from(cmd.get_program());
    let reports = tempfile::tempdir().unwrap();
    let start = Instant::now();
    let out = cmd
        .current_dir(root())
        .arg("check")
        .args(["--report-dir", reports.path().to_str().unwrap()])
        .args(args)
        .env("JUDGE_CACHE_DIR", cache)
        .env("NO_COLOR", "1")
        .output()
        .expect("judge runs");
    let secs = start.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{} check {args:?} failed:\n{}{}",
        exe.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    secs
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let judge = Path::new(env!("CARGO_BIN_EXE_judge"));
    let baseline = std::env::var_os("JUDGE_BASELINE").map(std::path::PathBuf::from);
    let (mut cold, mut warm, mut none) = (vec![], vec![], vec![]);
    let (mut before, mut before_pinned) = (vec![], vec![]);
    let old_config = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(old_config.path(), "sandbox: {}\n").unwrap();
    let pinned = pinned_path();
    for round in 1..=ROUNDS {
        // Interleaved, so drift in the machine's speed hits every way alike.
        let cache = tempfile::tempdir().unwrap();
        cold.push(check(judge, &[], cache.path()));
        warm.push(check(judge, &[], cache.path()));
        none.push(check(judge, &["--no-cache"], cache.path()));
        if let Some(old) = &baseline {
            let empty = tempfile::tempdir().unwrap();
            before.push(check_in(
                older_judge(old, old_config.path(), None),
                &[],
                empty.path(),
            ));
            let empty = tempfile::tempdir().unwrap();
            before_pinned.push(check_in(
                older_judge(old, old_config.path(), Some(&pinned)),
                &[],
                empty.path(),
            ));
        }
        eprintln!(
            "round {round}: cold {:.2} s, warm {:.2} s, no cache {:.2} s{}",
            cold[round - 1],
            warm[round - 1],
            none[round - 1],
            before.last().map_or(String::new(), |b| format!(
                ", baseline {b:.2} s, baseline with the pinned tools {:.2} s",
                before_pinned[round - 1]
            ))
        );
    }
    // Ratios are taken within a round (the machine the same for both
    // sides), then the median over rounds: steadier than a ratio of
    // medians when other work comes and goes.
    let ratio =
        |a: &[f64], b: &[f64]| median(a.iter().zip(b).map(|(a, b)| 100.0 * a / b).collect());
    println!(
        "judge check of the committed test set, {ROUNDS} rounds (times: median; ratios: median of the rounds' ratios)"
    );
    println!("  cold (empty cache)   {:7.2} s", median(cold.clone()));
    println!(
        "  warm (nothing new)   {:7.2} s   {:5.1} % of cold   (target ≤ 15 %)",
        median(warm.clone()),
        ratio(&warm, &cold)
    );
    println!(
        "  --no-cache           {:7.2} s   cold is {:5.1} % of it (the cost of storing)",
        median(none.clone()),
        ratio(&cold, &none)
    );
    if !before.is_empty() {
        println!(
            "  baseline judge       {:7.2} s   cold is {:5.1} % of it   (target ≤ 60 %)",
            median(before.clone()),
            ratio(&cold, &before)
        );
        println!(
            "  baseline, pinned     {:7.2} s   cold is {:5.1} % of it   (same interpreter)",
            median(before_pinned.clone()),
            ratio(&cold, &before_pinned)
        );
    }
}
