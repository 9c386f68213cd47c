//! The limits of a package's `problem.yaml` in judge's units, and the
//! rule that sets its time limit: given (`limits.time_limit`, a legacy
//! `.timelimit`), or computed from the accepted submissions by the
//! format's multipliers. Apart from `read`, which reads the rest.

use std::path::Path;
use std::time::Duration;

use serde_yaml::Value;

use crate::Refusal;
use crate::origin::{Format, Multipliers, TimeRule};
use crate::plan::{Plan, ProblemYaml};
use crate::problem::Limits;

const MIB: f64 = (1u64 << 20) as f64;

/// Limits in the package's units; the time limit's rule.
pub(crate) fn limits(spec: ProblemYaml<'_>, format: Format, pkg: &Path, plan: &mut Plan) -> Limits {
    let yaml = spec.value;
    // The package format's system defaults, not judge's: a package that
    // says nothing gets what problemtools would give it.
    let mut limits = Limits {
        memory: 2048 << 20,
        output: 8 << 20,
        ..Limits::default()
    };
    let table = yaml.get("limits");
    let number = |k: &str| table.and_then(|t| t.get(k)).and_then(Value::as_f64);
    for (key, slot, scale) in [
        ("memory", &mut limits.memory, MIB),
        ("output", &mut limits.output, MIB),
        ("validation_memory", &mut limits.checker_memory, MIB),
    ] {
        if let Some(v) = number(key) {
            if v.is_finite() && v >= 1.0 {
                *slot = (v * scale).round() as u64;
            } else {
                plan.refused.push(Refusal::Invalid {
                    at: spec.at(&["limits", key]),
                    reason: format!("limits.{key}: {v} is not a size"),
                });
            }
        }
    }
    // Times (and the factors that make them) a Duration can hold: a huge
    // or infinite number is refused here rather than panicking where it
    // is turned into time.
    let seconds = |keys: &[&str], v: f64, plan: &mut Plan| {
        let ok = v.is_finite() && v > 0.0 && v <= 86_400.0;
        if !ok {
            plan.refused.push(Refusal::Invalid {
                at: spec.at(keys),
                reason: format!(
                    "{}: {v} is out of range (above 0, at most 86400)",
                    keys.join(".")
                ),
            });
        }
        ok
    };
    if let Some(v) = number("validation_time").filter(|v| *v > 0.0)
        && seconds(&["limits", "validation_time"], v, plan)
    {
        limits.checker_time = Duration::from_secs_f64(v);
    }
    let fixed = number("time_limit");
    let timelimit = (format == Format::Legacy)
        .then(|| std::fs::read_to_string(pkg.join(".timelimit")).ok())
        .flatten();
    let rule = match (fixed, timelimit) {
        (Some(t), _) => parse_seconds(&t.to_string())
            .map(|d| TimeRule::Fixed(d, "limits.time_limit"))
            .map_err(|reason| Refusal::Invalid {
                at: spec.at(&["limits", "time_limit"]),
                reason,
            }),
        (None, Some(text)) => parse_seconds(&text)
            .map(|d| TimeRule::Fixed(d, ".timelimit"))
            .map_err(|reason| Refusal::Invalid {
                at: ".timelimit:1:1".into(),
                reason,
            }),
        (None, None) => {
            let multipliers = table.and_then(|t| t.get("time_multipliers"));
            let m = |k: &str| multipliers.and_then(|t| t.get(k)).and_then(Value::as_f64);
            const D: Multipliers = Multipliers::DEFAULT;
            let (ac, tle, resolution) = match format {
                Format::Legacy => (
                    ("time_multiplier", number("time_multiplier"), 5.0),
                    ("time_safety_margin", number("time_safety_margin"), 2.0),
                    ("", None, 1.0),
                ),
                _ => (
                    (
                        "time_multipliers.ac_to_time_limit",
                        m("ac_to_time_limit"),
                        D.ac_to_time_limit,
                    ),
                    (
                        "time_multipliers.time_limit_to_tle",
                        m("time_limit_to_tle"),
                        D.time_limit_to_tle,
                    ),
                    ("time_resolution", number("time_resolution"), D.resolution),
                ),
            };
            // A factor or step of zero, below it or past a day makes no
            // time limit (and would not fit a Duration).
            let mut factor = |(key, given, default): (&str, Option<f64>, f64)| {
                let Some(v) = given else { return default };
                let mut keys = vec!["limits"];
                keys.extend(key.split('.'));
                match seconds(&keys, v, plan) {
                    true => v,
                    false => default,
                }
            };
            Ok(TimeRule::Compute {
                ac_to_time_limit: factor(ac),
                time_limit_to_tle: factor(tle),
                resolution: factor(resolution),
            })
        }
    };
    match rule {
        Ok(rule) => {
            if let TimeRule::Fixed(d, _) = rule {
                limits.time = d;
            }
            plan.time = Some(rule);
        }
        Err(e) => plan.refused.push(e),
    }
    limits
}

/// Parses `.timelimit` (or `limits.time_limit`): seconds, maybe fractional.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("time limit {:?} is not a number of seconds", text.trim()))
}
