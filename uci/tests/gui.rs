//! The GUI's tests run in a real browser: Debian's Chromium driven by Playwright for
//! Python, from the repository's `.venv` (made by `scripts/venv.sh`). This test runs
//! them against the `vorpal` binary of this build.

use std::path::Path;
use std::process::Command;

#[test]
fn gui_tests_pass_in_a_real_browser() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("uci/ sits in the workspace");
    let venv = Command::new(root.join("scripts/venv.sh"))
        .status()
        .expect("scripts/venv.sh runs");
    assert!(
        venv.success(),
        "scripts/venv.sh failed: the GUI tests need Python 3 and pip"
    );
    assert!(
        Path::new("/usr/bin/chromium").exists() || which_chromium(),
        "the GUI tests need Debian's chromium: apt-get install chromium"
    );
    let status = Command::new(root.join(".venv/bin/python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "uci/tests/gui"])
        .current_dir(root)
        .env("VORPAL_BIN", env!("CARGO_BIN_EXE_vorpal"))
        .status()
        .expect("pytest runs");
    assert!(status.success(), "the GUI tests failed (output above)");
}

fn which_chromium() -> bool {
    Command::new("sh")
        .args(["-c", "command -v chromium"])
        .output()
        .is_ok_and(|o| o.status.success())
}
