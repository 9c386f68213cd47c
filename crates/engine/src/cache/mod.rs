//! The build and result caches, so that `make check` after a small edit
//! only compiles and runs what the edit touched.
//!
//! - **Builds**: what a compiler left in a build folder (a binary, Java
//!   classes), keyed by everything that decides it: the language, the
//!   compiler command (with the run's folder written as `<dir>`), the
//!   compiler's path and `--version`, and every file of the folder it
//!   compiled (sources and headers). Programs built by their own `build`
//!   script are not cached: judge cannot see what such a script reads.
//! - **Results**: one case's judged result for one program, keyed by the
//!   program (its language, command and every file of its folder, the
//!   binary included, plus the interpreter's `--version`), the case (input
//!   and answer bytes, group settings), the limits, how outputs are judged
//!   (compare mode, checker or interactor and its files), the sandbox mode
//!   and judge's version. Only results that a rerun would give with near
//!   certainty are kept: see `reusable`.
//!
//! Every entry is written to a temporary name in the cache and renamed
//! into place, so a concurrent run or a crash never leaves a half-written
//! entry under a real key; each entry also carries a hash of its content,
//! and one that does not match (a corrupt disk, a hand edit) is deleted
//! and treated as a miss.

use std::collections::HashMap;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::fsutil::StagedDir;
use crate::report::CaseReport;
use crate::time::limits::RunLimits;
use crate::verdict::Verdict;

/// Bumped when what a key covers or how an entry is written changes.
const FORMAT: &str = "judge-cache-2";

/// The environment variable naming the cache folder.
pub const CACHE_ENV: &str = "JUDGE_CACHE_DIR";

/// The cache folder when neither `--cache-dir` nor [`CACHE_ENV`] says:
/// beside cargo's build output, which `make clean` removes.
pub const DEFAULT_DIR: &str = "target/judge-cache";

/// How many entries a run reused and stored, for the report.
#[derive(Debug, Default)]
pub struct Stats {
    pub builds_reused: AtomicUsize,
    pub builds_stored: AtomicUsize,
    pub results_reused: AtomicUsize,
    pub results_stored: AtomicUsize,
}

/// A cache folder, shared by the runs that use it.
#[derive(Debug)]
pub struct Cache {
    root: PathBuf,
    /// judge's version and the cache format: a new judge never trusts an
    /// older one's results (its comparing or accounting may have changed).
    version: String,
    pub stats: Stats,
    /// Digests of case files, `--version` answers and program keys,
    /// computed once a run.
    digests: Mutex<HashMap<String, String>>,
    /// This run's own results by key, kept or not: a later grader of the
    /// same program, case and limits but the times (a computed limit's
    /// measurement, then the judging under the limit it gave) takes them
    /// by [`stands_in_this_run`] instead of running the case again.
    fresh: Mutex<HashMap<String, CaseReport>>,
}

/// A key under construction: labelled, length-prefixed parts, so that no
/// two different lists of parts give the same bytes.
pub(crate) struct Key(blake3::Hasher);

impl Key {
    pub(crate) fn new(kind: &str) -> Key {
        let mut key = Key(blake3::Hasher::new());
        key.part("kind", kind.as_bytes());
        key
    }

    pub(crate) fn part(&mut self, label: &str, bytes: &[u8]) -> &mut Key {
        for piece in [label.as_bytes(), bytes] {
            self.0.update(&(piece.len() as u64).to_le_bytes());
            self.0.update(piece);
        }
        self
    }

    /// Every file under `dir`: its path relative to `dir`, whether it is
    /// executable, and its bytes, in name order. A file that cannot be
    /// read makes the key unusable (`None`): better no cache than a wrong
    /// one.
    pub(crate) fn tree(&mut self, label: &str, dir: &Path) -> Option<&mut Key> {
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.ok()?;
            if !entry.file_type().is_file() {
                continue;
            }
            let rel = entry.path().strip_prefix(dir).ok()?;
            let bytes = std::fs::read(entry.path()).ok()?;
            let exec = entry.metadata().ok()?.permissions().mode() & 0o111 != 0;
            self.part(label, rel.to_string_lossy().as_bytes());
            self.part("exec", &[exec as u8]);
            self.part("bytes", &bytes);
        }
        Some(self)
    }

    pub(crate) fn finish(&self) -> String {
        self.0.finalize().to_hex().to_string()
    }
}

/// `argv` with the run's own folder written as `<dir>`: build folders
/// have a new name in every run.
pub(crate) fn portable(argv: &[String], dir: &Path) -> String {
    let dir = dir.display().to_string();
    argv.iter()
        .map(|a| a.replace(&dir, DIR))
        .collect::<Vec<_>>()
        .join("\0")
}

impl Cache {
    pub fn open(root: PathBuf) -> Cache {
        Cache::with_version(root, env!("CARGO_PKG_VERSION"))
    }

    /// A cache as a judge of `version` sees it (tests use another one).
    pub(crate) fn with_version(root: PathBuf, version: &str) -> Cache {
        Cache {
            root,
            version: format!("{FORMAT}/{version}"),
            stats: Stats::default(),
            digests: Mutex::default(),
            fresh: Mutex::default(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A key of `kind` that already holds judge's version.
    pub(crate) fn key(&self, kind: &str) -> Key {
        let mut key = Key::new(kind);
        key.part("judge", self.version.as_bytes());
        key
    }

    /// `make()`'s answer for `what`, computed once per run (file digests,
    /// `--version` answers, program keys).
    pub(crate) fn memo(
        &self,
        what: String,
        make: impl FnOnce() -> Option<String>,
    ) -> Option<String> {
        if let Some(known) = self.digests.lock().ok()?.get(&what) {
            return Some(known.clone());
        }
        let made = make()?;
        self.digests.lock().ok()?.insert(what, made.clone());
        Some(made)
    }

    /// The digest of a file's bytes (`None` when there is no such file).
    pub(crate) fn file_digest(&self, path: &Path) -> Option<String> {
        self.memo(format!("file\0{}", path.display()), || {
            let mut hasher = blake3::Hasher::new();
            hasher.update_reader(std::fs::File::open(path).ok()?).ok()?;
            Some(hasher.finalize().to_hex().to_string())
        })
    }

    /// What a tool says about itself (`--version`): a compiler or an
    /// interpreter upgraded in place must not reuse old builds or results.
    /// The answer is kept in the cache under the executable's stamp (its
    /// real path, size, inode and change times, as ccache's default
    /// compiler check): an upgrade replaces the file and so the stamp,
    /// while a warm run asks no JVM for its version (a tenth of a second
    /// or more each, and a warm check otherwise runs nothing).
    pub(crate) fn tool_identity(&self, exe: &str) -> String {
        self.memo(format!("tool\0{exe}"), || {
            let kept = stamp(exe).map(|s| self.root.join("tools").join(s));
            if let Some(said) = kept.as_ref().and_then(|k| std::fs::read_to_string(k).ok()) {
                return Some(said);
            }
            let said = std::process::Command::new(exe)
                .arg("--version")
                .stdin(std::process::Stdio::null())
                .output()
                .map(|o| {
                    let mut text = o.stdout;
                    text.extend(o.stderr);
                    String::from_utf8_lossy(&text).into_owned()
                })
                .unwrap_or_default();
            let said = format!("{exe}\n{said}");
            if let Some(kept) = kept {
                keep_small(&kept, &said);
            }
            Some(said)
        })
        .unwrap_or_else(|| exe.to_string())
    }

    fn build_dir(&self, key: &str) -> PathBuf {
        self.root.join("builds").join(key)
    }

    fn result_file(&self, key: &str) -> PathBuf {
        self.root
            .join("results")
            .join(&key[..2])
            .join(format!("{key}.yaml"))
    }

    /// Copies the files of build `key` into `dir`; false on a miss (and a
    /// damaged entry is removed).
    pub(crate) fn fetch_build(&self, key: &str, dir: &Path) -> bool {
        let entry = self.build_dir(key);
        let Ok(manifest) = std::fs::read_to_string(entry.join(MANIFEST)) else {
            return false;
        };
        let Some(files) = parse_manifest(&manifest) else {
            let _ = std::fs::remove_dir_all(&entry);
            return false;
        };
        for (digest, mode, rel) in &files {
            let from = entry.join(rel);
            let ok = std::fs::read(&from)
                .is_ok_and(|b| blake3::hash(&b).to_hex().as_str() == digest.as_str());
            if !ok {
                let _ = std::fs::remove_dir_all(&entry);
                return false;
            }
            let to = dir.join(rel);
            if let Some(parent) = to.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            if std::fs::copy(&from, &to).is_err() {
                return false;
            }
            let _ = std::fs::set_permissions(&to, std::fs::Permissions::from_mode(*mode));
        }
        self.stats.builds_reused.fetch_add(1, Ordering::Relaxed);
        true
    }

    /// Stores `files` (relative to `dir`) as build `key`. Failing to store
    /// is not an error: the next run compiles again.
    pub(crate) fn store_build(&self, key: &str, dir: &Path, files: &[PathBuf]) {
        if std::fs::create_dir_all(self.root.join("builds")).is_err() {
            return;
        }
        let Ok(staging) = StagedDir::new(&self.build_dir(key)) else {
            return;
        };
        let mut manifest = String::new();
        for rel in files {
            let (from, to) = (dir.join(rel), staging.path().join(rel));
            let Ok(bytes) = std::fs::read(&from) else {
                return;
            };
            let mode = std::fs::metadata(&from).map_or(0o644, |m| m.permissions().mode() & 0o777);
            if let Some(p) = to.parent() {
                let _ = std::fs::create_dir_all(p);
            }
            if std::fs::write(&to, &bytes).is_err() {
                return;
            }
            let hash = blake3::hash(&bytes).to_hex();
            manifest.push_str(&format!("{hash} {mode:o} {}\n", rel.display()));
        }
        if std::fs::write(staging.path().join(MANIFEST), manifest).is_err() {
            return;
        }
        // Renaming onto an entry another run stored meanwhile fails (and
        // the staged copy is removed); that entry is as good as this one.
        if staging.finish().is_ok() {
            self.stats.builds_stored.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// What the compiler said when it refused build `key` (its messages,
    /// the build folder's path put back as `dir`), if a run stored that.
    pub(crate) fn fetch_refusal(&self, key: &str, dir: &Path) -> Option<String> {
        let text = std::fs::read_to_string(self.build_dir(key).join(REFUSED)).ok()?;
        let body = unsealed(&text)?;
        self.stats.builds_reused.fetch_add(1, Ordering::Relaxed);
        Some(body.replace(DIR, &dir.display().to_string()))
    }

    /// Stores the compiler's refusal `log` of build `key` (made in `dir`):
    /// the same compiler refuses the same files again, and a heavy C++
    /// file that a newer g++ rejects took 2.5 s at every run and stage.
    pub(crate) fn store_refusal(&self, key: &str, dir: &Path, log: &str) {
        if std::fs::create_dir_all(self.root.join("builds")).is_err() {
            return;
        }
        let Ok(staging) = StagedDir::new(&self.build_dir(key)) else {
            return;
        };
        let body = log.replace(&dir.display().to_string(), DIR);
        let written = std::fs::write(staging.path().join(REFUSED), sealed(&body));
        if written.is_ok() && staging.finish().is_ok() {
            self.stats.builds_stored.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The stored result `key`, if there is a sound one.
    pub(crate) fn fetch_result(&self, key: &str) -> Option<CaseReport> {
        let path = self.result_file(key);
        let text = std::fs::read_to_string(&path).ok()?;
        let parsed = unsealed(&text).and_then(|body| serde_yaml::from_str::<CaseReport>(body).ok());
        if parsed.is_none() {
            let _ = std::fs::remove_file(&path);
            return None;
        }
        self.stats.results_reused.fetch_add(1, Ordering::Relaxed);
        parsed
    }

    /// Stores `report` as result `key`. Not `fsutil::write_atomic`: that
    /// one syncs every file to disk, which a cache entry does not need (a
    /// lost or torn one fails its seal and is a miss), and a cold run
    /// stores hundreds.
    pub(crate) fn store_result(&self, key: &str, report: &CaseReport) {
        let path = self.result_file(key);
        let Some(dir) = path.parent() else { return };
        let Ok(body) = serde_yaml::to_string(report) else {
            return;
        };
        let stored = std::fs::create_dir_all(dir).is_ok()
            && tempfile::NamedTempFile::new_in(dir).is_ok_and(|mut tmp| {
                tmp.write_all(sealed(&body).as_bytes()).is_ok() && tmp.persist(&path).is_ok()
            });
        if stored {
            self.stats.results_stored.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Remembers `report`, this run's fresh result for `key`.
    pub(crate) fn remember_fresh(&self, key: &str, report: &CaseReport) {
        if let Ok(mut fresh) = self.fresh.lock() {
            fresh.insert(key.to_string(), report.clone());
        }
    }

    /// This run's own result for `key`, if one was graded and `stands`
    /// (counted as reused).
    pub(crate) fn fresh_result(
        &self,
        key: &str,
        stands: impl FnOnce(&CaseReport) -> bool,
    ) -> Option<CaseReport> {
        let found = self.fresh.lock().ok()?.get(key).cloned().filter(stands)?;
        self.stats.results_reused.fetch_add(1, Ordering::Relaxed);
        Some(found)
    }

    /// One line for the report: what this run took from the cache.
    pub fn summary(&self) -> String {
        let n = |a: &AtomicUsize| a.load(Ordering::Relaxed);
        format!(
            "cache {}: {} builds reused, {} stored; {} case results reused, {} stored",
            self.root.display(),
            n(&self.stats.builds_reused),
            n(&self.stats.builds_stored),
            n(&self.stats.results_reused),
            n(&self.stats.results_stored),
        )
    }
}

/// The stamp of executable `exe` (found on `PATH` when it names no
/// folder): a digest of its real path, size, inode and modification and
/// change times. `None` when it cannot be found or read.
fn stamp(exe: &str) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let found = judge_sandbox::toolchain::which(exe)?;
    let real = std::fs::canonicalize(&found).ok()?;
    let m = std::fs::metadata(&real).ok()?;
    let said = format!(
        "{exe}\0{}\0{} {} {} {}.{} {}.{}",
        real.display(),
        m.len(),
        m.dev(),
        m.ino(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    );
    Some(blake3::hash(said.as_bytes()).to_hex().to_string())
}

/// Writes `text` to `path` whole (renamed into place), or not at all.
fn keep_small(path: &Path, text: &str) {
    if let Some(dir) = path.parent()
        && std::fs::create_dir_all(dir).is_ok()
        && let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir)
        && tmp.write_all(text.as_bytes()).is_ok()
    {
        let _ = tmp.persist(path);
    }
}

const MANIFEST: &str = ".judge-manifest";

/// A build entry's file for a compile the compiler refused (its messages).
const REFUSED: &str = ".judge-refused";

/// Where a build folder's path was, in what the cache keeps.
const DIR: &str = "<dir>";
const SEAL: &str = "# blake3 ";

/// `body` with its seal line: a torn or damaged entry fails [`unsealed`].
fn sealed(body: &str) -> String {
    format!("{body}{SEAL}{}\n", blake3::hash(body.as_bytes()).to_hex())
}

/// The body of a sealed entry whose seal matches it.
fn unsealed(text: &str) -> Option<&str> {
    let (body, seal) = text.rsplit_once(SEAL)?;
    (blake3::hash(body.as_bytes()).to_hex().as_str() == seal.trim()).then_some(body)
}

/// `digest mode path` lines; `None` if any is malformed or leaves the
/// entry (`..`, an absolute path).
fn parse_manifest(text: &str) -> Option<Vec<(String, u32, PathBuf)>> {
    text.lines()
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let digest = parts.next()?.to_string();
            let mode = u32::from_str_radix(parts.next()?, 8).ok()?;
            let rel = PathBuf::from(parts.next()?);
            let inside = rel
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            (digest.len() == 64 && inside).then_some((digest, mode, rel))
        })
        .collect()
}

/// Whether a rerun would give `report` again with near certainty, so it
/// may be kept: an accepted, wrong or presentation-error answer whose CPU
/// and wall time stayed under half their limits and memory under three
/// quarters (time moves with the machine's load; the memory a program
/// takes on one input hardly moves, and a JVM's heap grows to half of an
/// -Xmx of 1 GiB on inputs its accepted runs pass easily), or a
/// time-out whose CPU time went a fifth past its limit
/// ([`CERTAIN_TIME_OUT`]), whether it used up the margin
/// ([`judge_sandbox::limits::TLE_MARGIN`]) or the wall clock stopped it
/// first on a busy machine (two time-outs side by side on two cores
/// each get half a core while other work runs). Never a time-out stopped
/// sooner (a close call, or a judge program at its limit), a memory
/// or output limit, a crash (a crash can depend on addresses or on the
/// machine), a judge error or anything near a limit, where a rerun on a
/// busier machine could decide otherwise.
/// How far past its limit a time-out's CPU time must go for a rerun to
/// be a time-out too: CPU time moves a few percent with the machine's
/// load, not a fifth.
pub const CERTAIN_TIME_OUT: f64 = 1.2;

pub fn reusable(report: &CaseReport, limits: &RunLimits) -> bool {
    // A time-out clearly past its limit.
    if report.verdict == Verdict::TimeLimit {
        let certain = limits.cpu.as_secs_f64() * 1e3 * CERTAIN_TIME_OUT;
        return report.cpu_ms.is_some_and(|cpu| cpu >= certain);
    }
    let kind = matches!(
        report.verdict,
        Verdict::Accepted | Verdict::WrongAnswer | Verdict::PresentationError
    );
    let half = |used: f64, limit: f64| used <= limit / 2.0;
    let Some(cpu) = report.cpu_ms else {
        return false;
    };
    kind && half(cpu, limits.cpu.as_secs_f64() * 1e3)
        && half(report.time_ms, limits.wall.as_secs_f64() * 1e3)
        && report
            .memory_kib
            .is_none_or(|m| m as f64 * 1024.0 <= limits.memory as f64 * 0.75)
}

/// Whether `report`, graded earlier in this same run under other times
/// (a computed limit's generous probe), is the verdict under `limits`
/// too: an accepted, wrong or presentation-error answer within every
/// limit, CPU and wall time included. No margin is needed: it is this
/// run's measurement, on this machine under this load, as the case run
/// again now would be.
pub fn stands_in_this_run(report: &CaseReport, limits: &RunLimits) -> bool {
    if report.verdict == Verdict::TimeLimit {
        return reusable(report, limits);
    }
    let kind = matches!(
        report.verdict,
        Verdict::Accepted | Verdict::WrongAnswer | Verdict::PresentationError
    );
    let within = |used: f64, limit: f64| used <= limit;
    kind && report
        .cpu_ms
        .is_some_and(|cpu| within(cpu, limits.cpu.as_secs_f64() * 1e3))
        && within(report.time_ms, limits.wall.as_secs_f64() * 1e3)
        && report
            .memory_kib
            .is_none_or(|m| within(m as f64 * 1024.0, limits.memory as f64))
}

#[cfg(test)]
mod tests;
