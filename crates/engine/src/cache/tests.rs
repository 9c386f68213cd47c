use std::time::Duration;

use super::*;
use crate::compare::Outcome;
use crate::execution::{End, Execution};

fn report(verdict: Verdict, cpu_ms: f64, memory_kib: u64) -> CaseReport {
    let mut exec = Execution::failed(End::Exited(0), Duration::from_secs_f64(cpu_ms / 1e3));
    exec.cpu = Some(Duration::from_secs_f64(cpu_ms / 1e3));
    exec.memory = Some(memory_kib * 1024);
    CaseReport::new("g", "c", &exec, Outcome::new(verdict, "said"))
}

fn limits() -> RunLimits {
    RunLimits {
        cpu: Duration::from_secs(1),
        wall: Duration::from_secs(2),
        memory: 256 << 20,
        stack: 256 << 20,
        address_space: None,
        output: 1 << 20,
        processes: 64,
        open_files: 64,
    }
}

#[test]
fn keys_tell_apart_parts_that_concatenate_alike() {
    let a = Key::new("k").part("x", b"ab").part("y", b"c").finish();
    let b = Key::new("k").part("x", b"a").part("y", b"bc").finish();
    assert_ne!(a, b);
    assert_eq!(a, Key::new("k").part("x", b"ab").part("y", b"c").finish());
}

#[test]
fn a_result_comes_back_and_a_damaged_one_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::open(dir.path().to_path_buf());
    let key = cache.key("result").part("case", b"1").finish();
    let kept = report(Verdict::WrongAnswer, 100.0, 1000);
    cache.store_result(&key, &kept);
    assert_eq!(cache.fetch_result(&key), Some(kept.clone()));

    // One byte changed: the seal no longer matches.
    let file = cache.result_file(&key);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replacen("said", "sand", 1)).unwrap();
    assert_eq!(cache.fetch_result(&key), None);
    assert!(!file.exists(), "a damaged entry is removed");

    // Cut short, as a crash in the middle of a plain write would leave it.
    cache.store_result(&key, &kept);
    std::fs::write(&file, &text[..text.len() / 2]).unwrap();
    assert_eq!(cache.fetch_result(&key), None);
    cache.store_result(&key, &kept);
    assert_eq!(cache.fetch_result(&key), Some(kept));
}

#[test]
fn another_judge_version_sees_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let old = Cache::with_version(dir.path().to_path_buf(), "0.1.0");
    let new = Cache::with_version(dir.path().to_path_buf(), "0.1.1");
    let key = |c: &Cache| c.key("result").part("case", b"1").finish();
    old.store_result(&key(&old), &report(Verdict::Accepted, 1.0, 1));
    assert!(old.fetch_result(&key(&old)).is_some());
    assert_ne!(key(&old), key(&new));
    assert!(new.fetch_result(&key(&new)).is_none());
}

#[test]
fn a_build_comes_back_executable_and_a_corrupt_one_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::open(dir.path().join("cache"));
    let made = dir.path().join("made");
    std::fs::create_dir_all(made.join("pkg")).unwrap();
    std::fs::write(made.join("prog"), b"\x7fELF binary").unwrap();
    std::fs::set_permissions(made.join("prog"), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(made.join("pkg/Main.class"), b"class").unwrap();
    let files = [PathBuf::from("prog"), PathBuf::from("pkg/Main.class")];
    cache.store_build("k1", &made, &files);

    let fresh = dir.path().join("fresh");
    std::fs::create_dir(&fresh).unwrap();
    assert!(cache.fetch_build("k1", &fresh));
    assert_eq!(
        std::fs::read(fresh.join("prog")).unwrap(),
        b"\x7fELF binary"
    );
    assert_eq!(
        std::fs::read(fresh.join("pkg/Main.class")).unwrap(),
        b"class"
    );
    let mode = std::fs::metadata(fresh.join("prog"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o755);
    assert!(!cache.fetch_build("other", &fresh));

    // A binary damaged on disk: the entry is removed, the caller compiles.
    std::fs::write(cache.build_dir("k1").join("prog"), b"\x7fELF binarx").unwrap();
    assert!(!cache.fetch_build("k1", &fresh));
    assert!(!cache.build_dir("k1").exists());
    // A manifest naming a file outside the entry is refused.
    cache.store_build("k2", &made, &files);
    let manifest = cache.build_dir("k2").join(MANIFEST);
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace(" prog", " ../../prog")).unwrap();
    assert!(!cache.fetch_build("k2", &fresh));
}

#[test]
fn a_half_written_build_is_never_seen_under_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::open(dir.path().to_path_buf());
    // What a crash during store_build leaves: a staging folder.
    let staging = dir.path().join("builds/.judge-staging-abc");
    std::fs::create_dir_all(&staging).unwrap();
    std::fs::write(staging.join("prog"), b"half").unwrap();
    let fresh = tempfile::tempdir().unwrap();
    assert!(!cache.fetch_build(".judge-staging-abc", fresh.path()));
    // An entry folder without its manifest (written last) is a miss.
    std::fs::create_dir_all(cache.build_dir("k")).unwrap();
    std::fs::write(cache.build_dir("k").join("prog"), b"x").unwrap();
    assert!(!cache.fetch_build("k", fresh.path()));
}

#[test]
fn only_results_far_from_every_limit_are_reusable() {
    let l = limits();
    assert!(reusable(&report(Verdict::Accepted, 100.0, 1000), &l));
    assert!(reusable(&report(Verdict::WrongAnswer, 500.0, 1000), &l));
    assert!(reusable(
        &report(Verdict::PresentationError, 10.0, 1000),
        &l
    ));
    assert!(
        !reusable(&report(Verdict::Accepted, 501.0, 1000), &l),
        "CPU"
    );
    assert!(
        reusable(&report(Verdict::Accepted, 10.0, 192 * 1024), &l),
        "memory at three quarters of the limit"
    );
    assert!(
        !reusable(&report(Verdict::Accepted, 10.0, 193 * 1024), &l),
        "memory past three quarters"
    );
    for v in [
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::OutputLimit,
        Verdict::RuntimeError,
        Verdict::JudgeError,
    ] {
        assert!(!reusable(&report(v, 1.0, 1), &l), "{v:?}");
    }
    let mut slow_wall = report(Verdict::Accepted, 10.0, 1);
    slow_wall.time_ms = 1500.0;
    assert!(!reusable(&slow_wall, &l), "wall");
    let mut unmeasured = report(Verdict::Accepted, 10.0, 1);
    unmeasured.cpu_ms = None;
    assert!(!reusable(&unmeasured, &l), "no CPU time: cannot tell");
}

#[test]
fn a_time_out_is_reusable_only_when_it_went_clearly_past_its_limit() {
    let l = limits();
    let cpu_limit = l.cpu.as_secs_f64() * 1e3;
    let stop = cpu_limit * judge_sandbox::limits::TLE_MARGIN;
    let certain = cpu_limit * CERTAIN_TIME_OUT;
    assert!(reusable(&report(Verdict::TimeLimit, stop, 1), &l));
    assert!(reusable(&report(Verdict::TimeLimit, stop + 3.0, 1), &l));
    // The wall clock stopped it on a busy machine, well past the limit.
    assert!(reusable(&report(Verdict::TimeLimit, certain, 1), &l));
    // Just past the limit (it finished there, or was stopped there): a
    // close call a quieter machine could decide otherwise.
    assert!(!reusable(&report(Verdict::TimeLimit, certain - 1.0, 1), &l));
    assert!(!reusable(
        &report(Verdict::TimeLimit, cpu_limit + 1.0, 1),
        &l
    ));
    let mut unmeasured = report(Verdict::TimeLimit, stop, 1);
    unmeasured.cpu_ms = None;
    assert!(!reusable(&unmeasured, &l));
}

#[test]
fn a_result_of_this_run_stands_under_any_limit_it_kept_within() {
    let l = limits();
    // Near the limit, where a result kept from another run would not do.
    let close = report(Verdict::Accepted, 990.0, 250 * 1024);
    assert!(!reusable(&close, &l));
    assert!(stands_in_this_run(&close, &l));
    assert!(stands_in_this_run(
        &report(Verdict::WrongAnswer, 1000.0, 1),
        &l
    ));
    assert!(
        !stands_in_this_run(&report(Verdict::Accepted, 1001.0, 1), &l),
        "CPU"
    );
    assert!(
        !stands_in_this_run(&report(Verdict::Accepted, 1.0, 257 * 1024), &l),
        "memory"
    );
    let mut slow_wall = report(Verdict::Accepted, 10.0, 1);
    slow_wall.time_ms = 2001.0;
    assert!(!stands_in_this_run(&slow_wall, &l), "wall");
    for v in [
        Verdict::RuntimeError,
        Verdict::MemoryLimit,
        Verdict::JudgeError,
    ] {
        assert!(!stands_in_this_run(&report(v, 1.0, 1), &l), "{v:?}");
    }
    // A time-out short of the margin says nothing of a longer limit.
    assert!(!stands_in_this_run(
        &report(Verdict::TimeLimit, 1100.0, 1),
        &l
    ));
}

#[test]
fn a_fresh_result_is_found_only_when_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::open(dir.path().to_path_buf());
    let r = report(Verdict::Accepted, 900.0, 1);
    cache.remember_fresh("k", &r);
    assert!(cache.fresh_result("k", |_| false).is_none());
    assert!(cache.fresh_result("other", |_| true).is_none());
    assert_eq!(
        cache.fresh_result("k", |_| true).map(|f| f.verdict),
        Some(Verdict::Accepted)
    );
}
