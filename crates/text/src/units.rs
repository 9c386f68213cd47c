//! Durations and byte sizes as people write them in `problem.yaml` and on the
//! command line (`2s`, `500ms`, `256MiB`), parsed strictly so that `256M`
//! versus `256MB` ambiguity is an error rather than a guess.

use std::time::Duration;

/// Why a duration or a size does not parse; `text` is what was given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    #[error("duration {text:?} needs a unit (ms, s, m)")]
    NoDurationUnit { text: String },
    #[error("duration {text:?} does not start with a number")]
    NotADuration { text: String },
    #[error("unknown duration unit {unit:?} in {text:?} (use ms, s or m)")]
    DurationUnit { unit: String, text: String },
    #[error("duration {text:?} is out of range")]
    DurationRange { text: String },
    #[error("size {text:?} does not start with a whole number")]
    NotASize { text: String },
    #[error("unknown size unit {unit:?} in {text:?} (use B, KiB, MiB, GiB, kB, MB, GB)")]
    SizeUnit { unit: String, text: String },
    #[error("size {text:?} is out of range")]
    SizeRange { text: String },
}

/// Parses `1s`, `250ms`, `1.5s`, `2m`, `100us`.
pub fn parse_duration(text: &str) -> Result<Duration, UnitError> {
    let text = text.trim();
    let given = || text.to_string();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .ok_or_else(|| UnitError::NoDurationUnit { text: given() })?;
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| UnitError::NotADuration { text: given() })?;
    let seconds = match unit.trim() {
        "us" | "µs" => value / 1e6,
        "ms" => value / 1e3,
        "s" => value,
        "m" | "min" => value * 60.0,
        other => {
            return Err(UnitError::DurationUnit {
                unit: other.to_string(),
                text: given(),
            });
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 || seconds > 86_400.0 {
        return Err(UnitError::DurationRange { text: given() });
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The shortest exact spelling: `1s`, `1500ms`, `250us`.
pub fn format_duration(d: Duration) -> String {
    let micros = d.as_micros();
    if micros % 1_000_000 == 0 {
        format!("{}s", micros / 1_000_000)
    } else if micros % 1_000 == 0 {
        format!("{}ms", micros / 1_000)
    } else {
        format!("{micros}us")
    }
}

const UNITS: [(&str, u64); 7] = [
    ("GiB", 1 << 30),
    ("MiB", 1 << 20),
    ("KiB", 1 << 10),
    ("GB", 1_000_000_000),
    ("MB", 1_000_000),
    ("kB", 1_000),
    ("B", 1),
];

/// Parses `256MiB`, `64KiB`, `1GiB`, `10MB`, `4096B` or a bare byte count.
pub fn parse_size(text: &str) -> Result<u64, UnitError> {
    let text = text.trim();
    let given = || text.to_string();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: u64 = number
        .parse()
        .map_err(|_| UnitError::NotASize { text: given() })?;
    let unit = unit.trim();
    let factor = if unit.is_empty() {
        1
    } else {
        UNITS
            .iter()
            .find(|(name, _)| *name == unit)
            .map(|(_, f)| *f)
            .ok_or_else(|| UnitError::SizeUnit {
                unit: unit.to_string(),
                text: given(),
            })?
    };
    value
        .checked_mul(factor)
        .filter(|&n| n > 0)
        .ok_or_else(|| UnitError::SizeRange { text: given() })
}

/// The largest binary unit that divides the size exactly.
pub fn format_size(n: u64) -> String {
    for (name, factor) in &UNITS[..3] {
        if n % factor == 0 {
            return format!("{}{name}", n / factor);
        }
    }
    format!("{n}B")
}

/// A measured size for people: `5.4 MiB`, `812 KiB`, `37 B` (one decimal
/// below ten units, so a figure near a limit still shows which side).
pub fn format_size_approx(n: u64) -> String {
    for (name, factor) in &UNITS[..3] {
        if n >= *factor {
            let v = n as f64 / *factor as f64;
            return if v < 10.0 {
                format!("{v:.1} {name}")
            } else {
                format!("{v:.0} {name}")
            };
        }
    }
    format!("{n} B")
}

/// A number as people and YAML files write it: at most six decimals and
/// no trailing zeros (`2`, `0.5`, `1.333333`).
pub fn format_number(x: f64) -> String {
    let text = format!("{x:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_round_trip() {
        for text in ["1s", "250ms", "3us", "90s"] {
            assert_eq!(format_duration(parse_duration(text).unwrap()), text);
        }
        assert_eq!(parse_duration("1.5s").unwrap(), Duration::from_millis(1500));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
    }

    #[test]
    fn bad_durations_are_rejected() {
        for text in ["", "5", "s", "1 parsec", "-1s", "0s"] {
            assert!(parse_duration(text).is_err(), "{text:?} accepted");
        }
    }

    #[test]
    fn sizes_round_trip() {
        assert_eq!(parse_size("256MiB").unwrap(), 256 << 20);
        assert_eq!(parse_size("10MB").unwrap(), 10_000_000);
        assert_eq!(parse_size("4096").unwrap(), 4096);
        assert_eq!(format_size(256 << 20), "256MiB");
        assert_eq!(format_size(1 << 30), "1GiB");
        assert_eq!(format_size(1000), "1000B");
        assert_eq!(format_size_approx(5_662_310), "5.4 MiB");
        assert_eq!(format_size_approx(256 << 20), "256 MiB");
        assert_eq!(format_size_approx(37), "37 B");
        for text in ["256M", "MiB", "-1MiB", "0B", "99999999999GiB"] {
            assert!(parse_size(text).is_err(), "{text:?} accepted");
        }
    }
}
