//! The launcher's wire format: length-prefixed fields in one datagram of a
//! `SOCK_SEQPACKET` socket, with the programs' standard streams passed as
//! file descriptors (`SCM_RIGHTS`).
//!
//! Hand-written rather than serde because both ends are this crate, the
//! messages are tiny, and every microsecond here is paid once per case.

use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};

/// Largest message either side sends (a request with long argv and
/// environment stays far below it).
pub(crate) const MAX_MESSAGE: usize = 1 << 18;
/// Most descriptors one message carries.
pub(crate) const MAX_FDS: usize = 16;

/// Builds a message.
#[derive(Default)]
pub(crate) struct Writer(Vec<u8>);

impl Writer {
    pub(crate) fn u64(&mut self, v: u64) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }

    pub(crate) fn i64(&mut self, v: i64) -> &mut Self {
        self.u64(v as u64)
    }

    pub(crate) fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.u64(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }

    pub(crate) fn str(&mut self, s: &str) -> &mut Self {
        self.bytes(s.as_bytes())
    }

    pub(crate) fn strs(&mut self, list: &[String]) -> &mut Self {
        self.u64(list.len() as u64);
        for s in list {
            self.str(s);
        }
        self
    }

    pub(crate) fn finish(self) -> Vec<u8> {
        self.0
    }
}

/// Reads a message; every read checks bounds, so a short or garbled
/// message is an error, never a panic.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

fn short() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "launcher message too short")
}

impl<'a> Reader<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Reader { data, at: 0 }
    }

    pub(crate) fn u64(&mut self) -> io::Result<u64> {
        let end = self.at.checked_add(8).ok_or_else(short)?;
        let bytes = self.data.get(self.at..end).ok_or_else(short)?;
        self.at = end;
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        Ok(u64::from_le_bytes(b))
    }

    pub(crate) fn i64(&mut self) -> io::Result<i64> {
        Ok(self.u64()? as i64)
    }

    pub(crate) fn bytes(&mut self) -> io::Result<&'a [u8]> {
        let len = usize::try_from(self.u64()?).map_err(|_| short())?;
        let end = self.at.checked_add(len).ok_or_else(short)?;
        let bytes = self.data.get(self.at..end).ok_or_else(short)?;
        self.at = end;
        Ok(bytes)
    }

    pub(crate) fn str(&mut self) -> io::Result<String> {
        String::from_utf8(self.bytes()?.to_vec())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "launcher text is not UTF-8"))
    }

    pub(crate) fn strs(&mut self) -> io::Result<Vec<String>> {
        let n = self.u64()?;
        if n > MAX_MESSAGE as u64 {
            return Err(short());
        }
        (0..n).map(|_| self.str()).collect()
    }
}

/// Sends one message with `fds` attached.
pub(crate) fn send(sock: RawFd, data: &[u8], fds: &[RawFd]) -> io::Result<()> {
    assert!(fds.len() <= MAX_FDS, "too many descriptors for one message");
    let mut iov = libc::iovec {
        iov_base: data.as_ptr() as *mut libc::c_void,
        iov_len: data.len(),
    };
    // SAFETY: CMSG_SPACE is a pure size computation.
    let space = unsafe { libc::CMSG_SPACE(std::mem::size_of_val(fds) as u32) } as usize;
    let mut control = vec![0u8; space.max(1)];
    // SAFETY: zeroed msghdr is valid; every pointer set below outlives sendmsg.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    if !fds.is_empty() {
        msg.msg_control = control.as_mut_ptr() as *mut libc::c_void;
        msg.msg_controllen = space as _;
        // SAFETY: the control buffer is CMSG_SPACE bytes for exactly these fds.
        unsafe {
            let cmsg = libc::CMSG_FIRSTHDR(&msg);
            (*cmsg).cmsg_level = libc::SOL_SOCKET;
            (*cmsg).cmsg_type = libc::SCM_RIGHTS;
            (*cmsg).cmsg_len = libc::CMSG_LEN(std::mem::size_of_val(fds) as u32) as _;
            std::ptr::copy_nonoverlapping(
                fds.as_ptr() as *const u8,
                libc::CMSG_DATA(cmsg),
                std::mem::size_of_val(fds),
            );
        }
    }
    loop {
        // SAFETY: msg points at live buffers.
        let n = unsafe { libc::sendmsg(sock, &msg, libc::MSG_NOSIGNAL) };
        if n >= 0 {
            return Ok(());
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// Receives one message and the descriptors it carries; `Ok(None)` when
/// the other end has closed the socket.
pub(crate) fn recv(sock: RawFd) -> io::Result<Option<(Vec<u8>, Vec<OwnedFd>)>> {
    let mut data = vec![0u8; MAX_MESSAGE];
    let mut iov = libc::iovec {
        iov_base: data.as_mut_ptr() as *mut libc::c_void,
        iov_len: data.len(),
    };
    // SAFETY: size computation only.
    let space =
        unsafe { libc::CMSG_SPACE((MAX_FDS * std::mem::size_of::<RawFd>()) as u32) } as usize;
    let mut control = vec![0u8; space];
    // SAFETY: zeroed msghdr is valid; pointers below outlive recvmsg.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr() as *mut libc::c_void;
    msg.msg_controllen = space as _;
    let n = loop {
        // SAFETY: msg points at live buffers.
        let n = unsafe { libc::recvmsg(sock, &mut msg, libc::MSG_CMSG_CLOEXEC) };
        if n >= 0 {
            break n as usize;
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    };
    let mut fds = Vec::new();
    // SAFETY: walking the control buffer the kernel filled, with the
    // kernel's own macros; each SCM_RIGHTS entry holds whole fds.
    unsafe {
        let mut cmsg = libc::CMSG_FIRSTHDR(&msg);
        while !cmsg.is_null() {
            if (*cmsg).cmsg_level == libc::SOL_SOCKET && (*cmsg).cmsg_type == libc::SCM_RIGHTS {
                let header = libc::CMSG_LEN(0) as usize;
                let count = ((*cmsg).cmsg_len as usize - header) / std::mem::size_of::<RawFd>();
                let base = libc::CMSG_DATA(cmsg) as *const RawFd;
                for i in 0..count {
                    fds.push(OwnedFd::from_raw_fd(std::ptr::read_unaligned(base.add(i))));
                }
            }
            cmsg = libc::CMSG_NXTHDR(&msg, cmsg);
        }
    }
    if n == 0 && fds.is_empty() {
        return Ok(None);
    }
    if msg.msg_flags & (libc::MSG_TRUNC | libc::MSG_CTRUNC) != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "launcher message truncated",
        ));
    }
    data.truncate(n);
    Ok(Some((data, fds)))
}

/// A connected `SOCK_SEQPACKET` pair, both ends close-on-exec.
pub(crate) fn socket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: fds is a valid 2-element array.
    let r = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: socketpair returned two fresh descriptors we now own.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    #[test]
    fn fields_round_trip_and_short_messages_are_errors() {
        let mut w = Writer::default();
        w.u64(7)
            .i64(-3)
            .str("héllo")
            .strs(&["a".into(), String::new()]);
        let data = w.finish();
        let mut r = Reader::new(&data);
        assert_eq!(r.u64().unwrap(), 7);
        assert_eq!(r.i64().unwrap(), -3);
        assert_eq!(r.str().unwrap(), "héllo");
        assert_eq!(r.strs().unwrap(), vec!["a".to_string(), String::new()]);
        assert!(r.u64().is_err());
        for cut in 0..data.len() {
            let mut r = Reader::new(&data[..cut]);
            let all = (|| -> io::Result<()> {
                r.u64()?;
                r.i64()?;
                r.str()?;
                r.strs()?;
                Ok(())
            })();
            assert!(all.is_err(), "cut at {cut} parsed");
        }
    }

    #[test]
    fn messages_carry_descriptors() {
        use std::io::{Read, Seek, Write};
        let (a, b) = socket_pair().unwrap();
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(b"through the socket").unwrap();
        send(a.as_raw_fd(), b"msg", &[file.as_raw_fd()]).unwrap();
        let (data, fds) = recv(b.as_raw_fd()).unwrap().unwrap();
        assert_eq!(data, b"msg");
        let mut got = std::fs::File::from(fds.into_iter().next().unwrap());
        got.rewind().unwrap();
        let mut text = String::new();
        got.read_to_string(&mut text).unwrap();
        assert_eq!(text, "through the socket");
        drop(a);
        assert!(recv(b.as_raw_fd()).unwrap().is_none());
    }
}
