//! Standard output for every command. A reader that has gone away (a closed pipe, as
//! in `vorpal perft ... | head -1`, or a GUI that quit) ends the process quietly
//! instead of panicking: nobody is left to read an answer.

use std::io::Write;

/// Writes one line and flushes it, or exits if standard output is closed.
pub(crate) fn write_line(line: std::fmt::Arguments) {
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

/// The most characters of a message that reaches a line of output.
const MAX_MESSAGE_CHARS: usize = 300;

/// `message` made safe for one line of output: control characters (NUL, escape,
/// newlines...) escaped, and cut after `MAX_MESSAGE_CHARS` characters, since error
/// messages quote what the user sent and that may be anything.
pub fn printable(message: &str) -> String {
    let mut out = String::new();
    let mut chars = message.chars();
    for c in chars.by_ref().take(MAX_MESSAGE_CHARS) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    let rest = chars.count();
    if rest > 0 {
        out.push_str(&format!("... ({rest} more characters)"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn messages_are_escaped_and_cut() {
        assert_eq!(printable("unknown command 'x'"), "unknown command 'x'");
        assert_eq!(printable("a\0b\x1b[31mc\nd"), "a\\u{0}b\\u{1b}[31mc\\nd");
        let long = "y".repeat(10_000_000);
        let shown = printable(&long);
        assert!(shown.starts_with(&"y".repeat(300)));
        assert!(shown.ends_with("... (9999700 more characters)"), "{}", &shown[300..]);
        assert_eq!(printable("é日本"), "é日本");
    }
}
