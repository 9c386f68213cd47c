//! Per-thread heap accounting, so `judge check` can report how much memory
//! an in-process reference solver used on each case.
//!
//! Reference solvers are plain function calls on a worker thread: there is
//! no process whose peak resident set could be read, and the process-wide
//! figure mixes every worker's cases. Counting the bytes each thread
//! allocates and frees, and the highest point the count reaches during one
//! call, gives that call's heap peak. It is a lower bound of what a
//! submission doing the same work would use (no stack, no binary), which
//! the report says.
//!
//! The counters are `const`-initialised thread-locals of plain integers:
//! reading them never allocates and they have no destructor, which is what
//! makes them usable from inside the allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting per thread.
pub struct Counting;

thread_local! {
    /// Bytes allocated minus bytes freed by this thread (a block freed on
    /// another thread than the one that allocated it moves the count; the
    /// peak is measured against the count at the start, so it stays right
    /// for work done on one thread).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grow(by: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + by;
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now);
            }
        });
    });
}

// SAFETY: every call is forwarded unchanged to `System`; the counting on
// the side touches only this thread's integers.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as ours.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as ours.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) };
        grow(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: same contract as ours.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            grow(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Runs `f` and returns its result with the most heap it held at once on
/// this thread, in bytes, above what was already held when it started.
pub(crate) fn peak_during<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let result = f();
    let peak = PEAK.with(Cell::get);
    (result, (peak - base).max(0) as u64)
}

/// CPU time this thread has used, where the clock exists.
pub(crate) fn thread_cpu() -> Option<std::time::Duration> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then(|| std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peak_is_what_the_call_held_at_once() {
        let (_, peak) = peak_during(|| {
            let a = vec![0u8; 1 << 20];
            drop(a);
            let b = vec![1u8; 3 << 20];
            b.len()
        });
        // 3 MiB at once (the 1 MiB block was freed first), plus a little.
        assert!((3 << 20..(3 << 20) + (64 << 10)).contains(&peak), "{peak}");
        let (_, none) = peak_during(|| 2 + 2);
        assert!(none < 1024, "{none}");
    }

    #[test]
    fn thread_cpu_time_advances_with_work() {
        let before = thread_cpu().unwrap();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu().unwrap() > before);
    }
}
