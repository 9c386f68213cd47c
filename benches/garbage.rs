//! `judge solve` on 100 MB of garbage (issue 17): every problem's reader
//! must end in time and memory bounded by the file, and end early when the
//! fault is early.
//!
//! Four kinds of file, written to a scratch folder, each run through the
//! release `judge solve PROBLEM FILE` of every problem:
//! - random bytes (seeded ChaCha8): refused at the first byte that is not
//!   UTF-8, without reading the rest;
//! - digits: one number of 100 MB, which overflows every integer;
//! - endless rows: the start of a valid input (the problem's generator),
//!   then its second line again and again, cut mid-line at the end;
//! - endless line: the first line of a valid input, then the tokens of its
//!   second line repeated on one line with no end.
//!
//! - endless blanks: the first two lines of a valid input, then blanks on
//!   the second line to the end.
//!
//! For each it prints the wall time and peak RSS of the process (from
//! `wait4`), how it ended and the start of its message; `cat FILE >
//! /dev/null` and `wc -c FILE` run on the same file in the same run, so the
//! machine's noise is the same for judge and for the floor of reading it.
//! With `JUDGE_BASELINE=/path/to/an/older/judge` that binary runs on the
//! same files too (every run reads standard input, which older judges
//! read). A run past a minute is killed and said so. Figures are printed,
//! nothing is enforced. `GARBAGE_MB` sets the size (default 100). Run with
//! `cargo bench --bench garbage`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

/// One finished process.
struct Measured {
    wall: Duration,
    /// Peak resident set, bytes.
    rss: u64,
    code: i32,
    /// The first line of its standard error, cut.
    said: String,
}

/// Runs `cmd` with `input` as standard input and its output thrown away
/// (standard error kept), and measures it with `wait4`, which gives the
/// peak RSS of this child alone. A run past [`DEADLINE`] is killed.
#[allow(
    clippy::zombie_processes,
    reason = "wait4 reaps the child: Child::wait would not give its rusage"
)]
fn measure(cmd: &mut Command, input: Option<&Path>) -> Measured {
    let stdin = match input {
        Some(path) => Stdio::from(std::fs::File::open(path).expect("the input opens")),
        None => Stdio::null(),
    };
    let start = Instant::now();
    let mut child = cmd
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let mut err = child.stderr.take().expect("piped");
    // Read while it runs, so a long message does not block the child, and
    // keep only its start: when this process held an old judge's 100 MB
    // message, every child spawned after it reported 100 MB of peak RSS
    // (`cat` too), so this process stays small.
    let reader = std::thread::spawn(move || {
        let (mut kept, mut total) = (Vec::new(), 0);
        let mut piece = [0u8; 8192];
        while let Ok(got @ 1..) = err.read(&mut piece) {
            total += got;
            if kept.len() < 4096 {
                kept.extend_from_slice(&piece[..got]);
            }
        }
        (kept, total)
    });
    let pid = child.id() as i32;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut killed = false;
    loop {
        // SAFETY: the pid is our own unreaped child; both pointers are
        // valid. WNOHANG: polled, so the child is killed while still ours.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(done >= 0, "wait4: {}", std::io::Error::last_os_error());
        if done == pid {
            break;
        }
        if !killed && start.elapsed() > DEADLINE {
            // SAFETY: not yet reaped, so the pid is still this child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let wall = start.elapsed();
    let (kept, total) = reader.join().expect("reader thread");
    let text = String::from_utf8_lossy(&kept);
    let first = text.lines().next().unwrap_or_default();
    let mut said = match first.char_indices().nth(70) {
        Some((cut, _)) => format!("{}… ({total} bytes of stderr)", &first[..cut]),
        None => first.to_string(),
    };
    if killed {
        said = format!("killed after {} s", DEADLINE.as_secs());
    }
    let code = match (libc::WIFEXITED(status), libc::WIFSIGNALED(status)) {
        (true, _) => libc::WEXITSTATUS(status),
        (_, true) => 128 + libc::WTERMSIG(status),
        _ => -1,
    };
    Measured {
        wall,
        rss: usage.ru_maxrss as u64 * 1024,
        code,
        said,
    }
}

/// How long one run may take: a reader that is quadratic on some input
/// is stopped and reported, not waited for.
const DEADLINE: Duration = Duration::from_secs(60);

fn show(what: &str, m: &Measured) {
    println!(
        "  {what:<16} {:>9.1} ms {:>9.1} MiB  exit {:<3} {}",
        m.wall.as_secs_f64() * 1e3,
        m.rss as f64 / (1 << 20) as f64,
        m.code,
        m.said
    );
}

/// Writes `size` bytes: `head`, then `unit` over and over (cut at the end).
fn write_repeated(path: &Path, head: &[u8], unit: &[u8], size: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    out.write_all(&head[..head.len().min(size)]).unwrap();
    let mut left = size.saturating_sub(head.len());
    let block = unit.repeat((1 << 20) / unit.len().max(1) + 1);
    while left > 0 {
        let n = left.min(block.len());
        out.write_all(&block[..n]).unwrap();
        left -= n;
    }
    out.flush().unwrap();
}

fn write_random(path: &Path, size: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut block = vec![0u8; 1 << 20];
    let mut left = size;
    while left > 0 {
        rng.fill_bytes(&mut block);
        let n = left.min(block.len());
        out.write_all(&block[..n]).unwrap();
        left -= n;
    }
    out.flush().unwrap();
}

/// The first two lines of a small valid input of `id`.
fn valid_start(id: &str) -> (String, String) {
    let solver = judge::solvers::find(id).expect("registered");
    let input = judge::solvers::generate_one(solver, 17, 0, 3);
    let mut lines = input.lines();
    let first = lines.next().unwrap_or_default().to_string();
    let second = lines.next().unwrap_or_default().to_string();
    (first, second)
}

/// The judges to measure: this one, and `JUDGE_BASELINE` (an older
/// binary) when set, for "after" against "before" in the same run.
fn judges() -> Vec<(String, PathBuf)> {
    let mut all = vec![(String::new(), PathBuf::from(env!("CARGO_BIN_EXE_judge")))];
    if let Some(old) = std::env::var_os("JUDGE_BASELINE") {
        all.push((" (baseline)".to_string(), PathBuf::from(old)));
    }
    all
}

/// `id` on `file` (as standard input, which every judge reads), by each judge.
fn solve(id: &str, file: &Path) {
    for (which, judge) in judges() {
        let m = measure(Command::new(&judge).args(["solve", id]), Some(file));
        show(&format!("{id}{which}"), &m);
    }
}

fn baselines(file: &Path) {
    show(
        "cat > /dev/null",
        &measure(Command::new("cat").arg(file), None),
    );
    show(
        "wc -c",
        &measure(Command::new("wc").arg("-c").arg(file), None),
    );
}

fn main() {
    let mb: usize = std::env::var("GARBAGE_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let size = mb << 20;
    let dir = tempfile::tempdir().expect("a scratch folder");
    let file = dir.path().join("garbage.in");
    println!("judge solve on {mb} MiB inputs: wall time, peak RSS, exit status, message");

    println!("random bytes:");
    write_random(&file, size);
    for id in judge::solvers::ids() {
        solve(id, &file);
    }
    baselines(&file);

    println!("digits (one number of {mb} MiB):");
    write_repeated(&file, b"", b"9", size);
    for id in judge::solvers::ids() {
        solve(id, &file);
    }
    baselines(&file);

    // A valid start (the problem's generator), then more of its second
    // line: as rows, as tokens on one line, or blanks after it.
    let kinds = [
        (
            "endless rows (a valid start, then its second line again and again)",
            0,
        ),
        (
            "endless line (its first line, then its second one's tokens forever)",
            1,
        ),
        (
            "endless blanks (its first two lines, then blanks on the second)",
            2,
        ),
    ];
    for (kind, shape) in kinds {
        println!("{kind}:");
        for id in judge::solvers::ids() {
            let (first, second) = valid_start(id);
            let (head, unit) = match shape {
                0 => (format!("{first}\n{second}\n"), format!("{second}\n")),
                1 => (format!("{first}\n"), format!("{} ", second.trim())),
                _ => (format!("{first}\n{second}"), " ".to_string()),
            };
            write_repeated(&file, head.as_bytes(), unit.as_bytes(), size);
            solve(id, &file);
        }
        baselines(&file);
    }
    // SAFETY: an all-zero rusage is valid for getrusage to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: RUSAGE_SELF and a valid pointer.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    println!(
        "(this bench's own peak RSS: {:.1} MiB; `cat` shows what a child inherits of it)",
        usage.ru_maxrss as f64 / 1024.0
    );
}
