// Echo: standard input to standard output, unchanged.
use std::io::{self, Write};

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    io::copy(&mut stdin.lock(), &mut out).expect("copy");
    out.flush().expect("flush");
}
