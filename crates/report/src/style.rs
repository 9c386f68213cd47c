//! Terminal styling: ANSI colour that collapses to plain text when
//! colour is off, and padding that keeps columns aligned. Below every
//! console rendering (`console`, `console_submissions`, …), so they share
//! it without depending on one another.

use crate::verdict::{Severity, Verdict};

/// ANSI styling that collapses to plain text when colour is off.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
}

impl Style {
    pub(crate) fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
    pub fn bold(self, t: &str) -> String {
        self.paint("1", t)
    }
    pub fn dim(self, t: &str) -> String {
        self.paint("2", t)
    }
    pub fn red(self, t: &str) -> String {
        self.paint("31", t)
    }
    pub fn green(self, t: &str) -> String {
        self.paint("32", t)
    }
    pub fn yellow(self, t: &str) -> String {
        self.paint("33", t)
    }
    pub(crate) fn cyan(self, t: &str) -> String {
        self.paint("36", t)
    }

    /// A verdict code coloured by its severity.
    pub fn verdict(self, v: Verdict) -> String {
        self.in_verdict_colour(v, v.code())
    }

    /// `text` in the colour of `v` (padding inside the colour keeps
    /// columns aligned: escape codes take no room on screen).
    pub(crate) fn in_verdict_colour(self, v: Verdict, text: &str) -> String {
        match v.severity() {
            Severity::Pass => self.green(text),
            Severity::Minor => self.yellow(text),
            Severity::Failure | Severity::Error => self.red(text),
        }
    }
}

/// Pads to `width` columns, right-aligned when `right`.
pub(crate) fn pad(text: &str, width: usize, right: bool) -> String {
    let n = text.chars().count();
    let fill = " ".repeat(width.saturating_sub(n));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}
