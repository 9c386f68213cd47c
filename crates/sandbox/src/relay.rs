//! The relay between a submission and its interactor.
//!
//! The two programs do not share pipes directly: each talks to a pipe
//! whose other end is held here, and a thread of judge copies the bytes
//! across. That costs a hop per message, and buys two things a direct
//! pipe cannot give:
//!
//! - **who stopped first**, exactly: the side whose output reached end of
//!   file first hung up on the other. Only after seeing that end does the
//!   relay pass it on, so "the interactor rejected, then the submission
//!   died of the closed pipe" and "the submission crashed, then the
//!   interactor saw end of file" can never be confused, however close in
//!   time the two exits are;
//! - **the conversation**, for the report of a failed case (the first
//!   [`KEEP`] bytes, in order, each side marked).
//!
//! Pipe semantics are kept: a full reader stops the relay from reading its
//! writer (back-pressure, so nothing is buffered without bound), end of file
//! is passed on, and when a reader has gone the relay closes the writer's
//! pipe too, so the writer's next write fails as it would have.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

/// Bytes of conversation kept for the report.
pub const KEEP: usize = 8 << 10;

/// Who wrote something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Submission,
    Interactor,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Submission => Side::Interactor,
            Side::Interactor => Side::Submission,
        }
    }
}

/// The ends the two programs get.
pub struct Ends {
    pub submission_stdin: OwnedFd,
    pub submission_stdout: OwnedFd,
    pub interactor_stdin: OwnedFd,
    pub interactor_stdout: OwnedFd,
}

/// The relay's own ends, and what it records.
pub struct Relay {
    directions: [Direction; 2],
}

/// What the relay saw.
#[derive(Debug, Default)]
pub struct Transcript {
    /// The side whose output ended first (it hung up).
    pub first_closed: Option<Side>,
    /// The first side found to have stopped reading while the other
    /// still had something to say.
    pub stopped_reading: Option<Side>,
    /// The conversation in order, at most [`KEEP`] bytes.
    pub log: Vec<(Side, Vec<u8>)>,
    /// Bytes left out of `log`.
    pub dropped: u64,
}

/// One way of the conversation: what `side` writes, read from `source`
/// and written to `sink`.
struct Direction {
    side: Side,
    source: Option<File>,
    sink: Option<File>,
    pending: Vec<u8>,
    at: usize,
}

fn pipe() -> Result<(OwnedFd, OwnedFd), crate::Error> {
    let mut fds = [0; 2];
    // SAFETY: a valid array for two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(crate::Error::Run(format!(
            "cannot make a pipe: {}",
            std::io::Error::last_os_error()
        )));
    }
    // SAFETY: two fresh descriptors we own.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn non_blocking(fd: OwnedFd) -> File {
    // SAFETY: setting a flag on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    File::from(fd)
}

/// Two pipes joining the programs directly, with no relay: each one's
/// output is the other's input. A message then costs the two programs
/// alone; through the relay, every write of a chatty pair (a query per
/// line, a flush per token) also wakes judge's thread, which made a case
/// of 18,000 queries take 9.7 s instead of 0.2 s. What the relay knows
/// (who hung up first, the conversation) is not known here: the caller
/// goes through the relay when it needs that.
pub fn direct() -> Result<Ends, crate::Error> {
    let (submission_stdin, interactor_stdout) = pipe()?;
    let (interactor_stdin, submission_stdout) = pipe()?;
    Ok(Ends {
        submission_stdin,
        submission_stdout,
        interactor_stdin,
        interactor_stdout,
    })
}

/// Four pipes: the programs' ends and the relay between them.
pub fn pipes() -> Result<(Ends, Relay), crate::Error> {
    let (submission_stdin, to_submission) = pipe()?;
    let (from_submission, submission_stdout) = pipe()?;
    let (interactor_stdin, to_interactor) = pipe()?;
    let (from_interactor, interactor_stdout) = pipe()?;
    let direction = |side, source, sink| Direction {
        side,
        source: Some(non_blocking(source)),
        sink: Some(non_blocking(sink)),
        pending: Vec::new(),
        at: 0,
    };
    Ok((
        Ends {
            submission_stdin,
            submission_stdout,
            interactor_stdin,
            interactor_stdout,
        },
        Relay {
            directions: [
                direction(Side::Submission, from_submission, to_interactor),
                direction(Side::Interactor, from_interactor, to_submission),
            ],
        },
    ))
}

impl Direction {
    fn done(&self) -> bool {
        self.source.is_none() && self.sink.is_none()
    }

    /// What to wait for: the source when there is nothing to pass on,
    /// else the sink.
    fn wanted(&self) -> Option<libc::pollfd> {
        let (file, events) = if self.at < self.pending.len() {
            (self.sink.as_ref()?, libc::POLLOUT)
        } else {
            (self.source.as_ref()?, libc::POLLIN)
        };
        Some(libc::pollfd {
            fd: file.as_raw_fd(),
            events,
            revents: 0,
        })
    }

    /// Reads what is there; at end of file records who hung up first.
    fn read(&mut self, transcript: &mut Transcript) {
        let Some(source) = self.source.as_mut() else {
            return;
        };
        let mut buf = [0u8; 1 << 16];
        match source.read(&mut buf) {
            Ok(0) => self.hang_up(transcript),
            Ok(n) => {
                self.pending.clear();
                self.pending.extend_from_slice(&buf[..n]);
                self.at = 0;
                transcript.record(self.side, &buf[..n]);
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
            Err(_) => self.hang_up(transcript),
        }
    }

    fn hang_up(&mut self, transcript: &mut Transcript) {
        self.source = None;
        transcript.first_closed.get_or_insert(self.side);
        if self.at >= self.pending.len() {
            self.sink = None;
        }
    }

    /// Passes on what is pending; a reader that has gone closes the
    /// writer's pipe as well.
    fn write(&mut self, transcript: &mut Transcript) {
        let Some(sink) = self.sink.as_mut() else {
            self.pending.clear();
            return;
        };
        match sink.write(&self.pending[self.at..]) {
            Ok(n) => self.at += n,
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
            Err(_) => {
                transcript.stopped_reading.get_or_insert(self.side.other());
                self.sink = None;
                self.source = None;
                self.pending.clear();
                self.at = 0;
            }
        }
        if self.at >= self.pending.len() && self.source.is_none() {
            self.sink = None;
        }
    }
}

impl Transcript {
    fn record(&mut self, side: Side, bytes: &[u8]) {
        let kept: usize = self.log.iter().map(|(_, b)| b.len()).sum();
        let room = KEEP.saturating_sub(kept).min(bytes.len());
        self.dropped += (bytes.len() - room) as u64;
        if room == 0 {
            return;
        }
        match self.log.last_mut() {
            Some((last, b)) if *last == side => b.extend_from_slice(&bytes[..room]),
            _ => self.log.push((side, bytes[..room].to_vec())),
        }
    }

    /// The conversation as lines, `> ` for what the submission wrote and
    /// `< ` for what it was sent.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (side, bytes) in &self.log {
            let mark = match side {
                Side::Submission => "> ",
                Side::Interactor => "< ",
            };
            let text = String::from_utf8_lossy(bytes);
            for line in text.split_inclusive('\n') {
                out.push_str(mark);
                out.push_str(line.strip_suffix('\n').unwrap_or(line));
                out.push('\n');
            }
        }
        if self.dropped > 0 {
            out.push_str(&format!("… {} more bytes not kept\n", self.dropped));
        }
        out
    }
}

/// judge dies of SIGPIPE like other Unix tools (`judge check | head`), so
/// the relay's thread, which writes to pipes whose readers may go at any
/// time, blocks it: a write to a gone reader then fails with EPIPE, and
/// the signal left pending goes with the thread.
fn block_sigpipe() {
    // SAFETY: plain signal-set manipulation on this thread's mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

impl Relay {
    /// Copies until both sides have hung up and everything was passed on
    /// (or could not be). Returns once every writer has closed: the
    /// programs' ends must be closed by their owners, not held by the
    /// caller.
    pub fn run(mut self) -> Transcript {
        block_sigpipe();
        let mut transcript = Transcript::default();
        while !self.directions.iter().all(Direction::done) {
            let mut polled: Vec<(usize, libc::pollfd)> = self
                .directions
                .iter()
                .enumerate()
                .filter_map(|(i, d)| d.wanted().map(|p| (i, p)))
                .collect();
            if polled.is_empty() {
                // Nothing to read and nothing to write: only closed ends.
                self.directions.iter_mut().for_each(|d| {
                    d.source = None;
                    d.sink = None;
                });
                break;
            }
            let mut fds: Vec<libc::pollfd> = polled.iter().map(|(_, p)| *p).collect();
            // SAFETY: a valid array of pollfd; no timeout: every program
            // ends (the launcher kills it at its limit), and its ends close.
            let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
            if ready < 0 {
                continue;
            }
            for ((i, _), fd) in polled.iter_mut().zip(&fds) {
                if fd.revents == 0 {
                    continue;
                }
                let d = &mut self.directions[*i];
                if fd.events == libc::POLLIN {
                    d.read(&mut transcript);
                } else {
                    d.write(&mut transcript);
                }
            }
        }
        transcript
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_cross_both_ways_and_the_first_to_hang_up_is_known() {
        let (ends, relay) = pipes().unwrap();
        let relay = std::thread::spawn(move || relay.run());
        let mut sub_out = File::from(ends.submission_stdout);
        let mut int_in = File::from(ends.interactor_stdin);
        let mut int_out = File::from(ends.interactor_stdout);
        let mut sub_in = File::from(ends.submission_stdin);
        sub_out.write_all(b"guess 5\n").unwrap();
        let mut buf = [0u8; 8];
        int_in.read_exact(&mut buf).unwrap();
        assert_eq!(&buf, b"guess 5\n");
        int_out.write_all(b"higher\n").unwrap();
        // The interactor hangs up first; the submission then sees the end.
        drop(int_out);
        let mut rest = Vec::new();
        sub_in.read_to_end(&mut rest).unwrap();
        assert_eq!(rest, b"higher\n");
        drop(sub_out);
        let mut tail = Vec::new();
        int_in.read_to_end(&mut tail).unwrap();
        assert!(tail.is_empty());
        let t = relay.join().unwrap();
        assert_eq!(t.first_closed, Some(Side::Interactor));
        assert_eq!(t.render(), "> guess 5\n< higher\n");
    }

    #[test]
    fn direct_ends_join_each_output_to_the_other_input() {
        let ends = direct().unwrap();
        let mut sub_out = File::from(ends.submission_stdout);
        let mut int_in = File::from(ends.interactor_stdin);
        let mut int_out = File::from(ends.interactor_stdout);
        let mut sub_in = File::from(ends.submission_stdin);
        sub_out.write_all(b"guess 5\n").unwrap();
        drop(sub_out);
        let mut got = Vec::new();
        int_in.read_to_end(&mut got).unwrap();
        assert_eq!(got, b"guess 5\n");
        int_out.write_all(b"higher\n").unwrap();
        drop(int_out);
        let mut got = Vec::new();
        sub_in.read_to_end(&mut got).unwrap();
        assert_eq!(got, b"higher\n");
    }

    #[test]
    fn a_reader_that_left_makes_its_writer_fail() {
        let (ends, relay) = pipes().unwrap();
        let relay = std::thread::spawn(move || relay.run());
        let mut sub_out = File::from(ends.submission_stdout);
        drop(ends.interactor_stdin);
        drop(ends.interactor_stdout);
        drop(ends.submission_stdin);
        // The relay passes the first write on, finds no reader, and closes
        // the pipe: a later write fails (EPIPE: SIGPIPE is ignored in tests).
        let mut failed = false;
        for _ in 0..1000 {
            if sub_out.write_all(&[b'x'; 4096]).is_err() {
                failed = true;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(failed, "the writer never noticed its reader had left");
        drop(sub_out);
        let t = relay.join().unwrap();
        assert_eq!(t.first_closed, Some(Side::Interactor));
        assert_eq!(t.stopped_reading, Some(Side::Interactor));
    }
}
