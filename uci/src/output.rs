//! Standard output for every command. A reader that has gone away (a closed pipe, as
//! in `vorpal perft ... | head -1`, or a GUI that quit) ends the process quietly
//! instead of panicking: nobody is left to read an answer.

use std::io::Write;

/// Writes one line and flushes it, or exits if standard output is closed.
pub fn write_line(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    let written = out
        .write_fmt(line)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    if written.is_err() {
        std::process::exit(0);
    }
}

/// `println!` for standard output through [`write_line`].
macro_rules! say {
    () => {
        $crate::output::write_line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::output::write_line(format_args!($($arg)*))
    };
}

pub(crate) use say;
