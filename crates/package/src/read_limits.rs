//! The limits of a package's `problem.yaml` in judge's units, and the
//! rule that sets its time limit: given (`limits.time_limit`, a legacy
//! `.timelimit`), or computed from the accepted submissions by the
//! format's multipliers. Apart from `read`, which reads the rest.

use std::path::Path;
use std::time::Duration;

use serde_yaml::Value;

use crate::Refusal;
use crate::contest_files::{DOMJUDGE_INI, Ini, contest_time_limit, read_ini};
use crate::origin::{Format, Multipliers, TimeRule};
use crate::plan::{Plan, ProblemYaml};
use crate::problem::Limits;

const MIB: f64 = (1u64 << 20) as f64;

/// Limits in the package's units; the time limit's rule.
pub(crate) fn limits(spec: ProblemYaml<'_>, format: Format, pkg: &Path, plan: &mut Plan) -> Limits {
    let mut r = LimitsReader {
        spec,
        format,
        pkg,
        plan,
    };
    let mut limits = system_defaults(format);
    r.sizes(&mut limits);
    if let Some(v) = r.number("validation_time").filter(|v| *v > 0.0)
        && r.seconds(&["limits", "validation_time"], v)
    {
        limits.checker_time = Duration::from_secs_f64(v);
    }
    match r.time_rule() {
        Ok(rule) => {
            if let TimeRule::Fixed(d, _) = rule {
                limits.time = d;
            }
            r.plan.time = Some(rule);
        }
        Err(e) => r.plan.refused.push(e),
    }
    limits
}

/// The limits a package that says nothing gets: the package format's
/// system defaults, not judge's. A legacy package gets what problemtools,
/// which wrote and judged those archives, gives it (its
/// `config/problem.yaml`: 1024 MiB of memory, 8 MiB of output, 60 s and
/// 1024 MiB for the validator), not the specification's "typical" values;
/// a PyPy submission promised a run-time error there must hit the same
/// wall here. The newer formats get their specification's typical system
/// defaults (2048 MiB, 8 MiB, 60 s, 2048 MiB).
pub(crate) fn system_defaults(format: Format) -> Limits {
    let (memory, validation_memory) = match format {
        Format::Legacy => (1024, 1024),
        Format::Draft2023 | Format::V2025 => (2048, 2048),
    };
    Limits {
        memory: memory << 20,
        output: 8 << 20,
        checker_time: Duration::from_secs(60),
        checker_memory: validation_memory << 20,
        ..Limits::default()
    }
}

/// What reading the limits needs at every step: `problem.yaml`, the
/// package's format and folder, and the plan they fill in.
struct LimitsReader<'a> {
    spec: ProblemYaml<'a>,
    format: Format,
    pkg: &'a Path,
    plan: &'a mut Plan,
}

impl LimitsReader<'_> {
    /// `limits.{key}`, if a number.
    fn number(&self, key: &str) -> Option<f64> {
        let table = self.spec.value.get("limits");
        table.and_then(|t| t.get(key)).and_then(Value::as_f64)
    }

    /// The sizes, given in MiB.
    fn sizes(&mut self, limits: &mut Limits) {
        for (key, slot, scale) in [
            ("memory", &mut limits.memory, MIB),
            ("output", &mut limits.output, MIB),
            ("validation_memory", &mut limits.checker_memory, MIB),
        ] {
            if let Some(v) = self.number(key) {
                if v.is_finite() && v >= 1.0 {
                    *slot = (v * scale).round() as u64;
                } else {
                    self.plan.refused.push(Refusal::Invalid {
                        at: self.spec.at(&["limits", key]),
                        reason: format!("limits.{key}: {v} is not a size"),
                    });
                }
            }
        }
    }

    /// Times (and the factors that make them) a Duration can hold: a huge
    /// or infinite number is refused here rather than panicking where it
    /// is turned into time.
    fn seconds(&mut self, keys: &[&str], v: f64) -> bool {
        let ok = v.is_finite() && v > 0.0 && v <= 86_400.0;
        if !ok {
            self.plan.refused.push(Refusal::Invalid {
                at: self.spec.at(keys),
                reason: format!(
                    "{}: {v} is out of range (above 0, at most 86400)",
                    keys.join(".")
                ),
            });
        }
        ok
    }

    /// The time limit's rule: `limits.time_limit`, else where DOMjudge
    /// and contests keep it, else computed by the format's multipliers.
    fn time_rule(&mut self) -> Result<TimeRule, Refusal> {
        let pkg = self.pkg;
        let fixed = self.number("time_limit");
        // Where the limit comes from when problem.yaml gives none, in
        // DOMjudge's order (its ini file over `.timelimit`), then the
        // contest's problem set: see `given_elsewhere`.
        let elsewhere = match fixed {
            Some(_) => None,
            None => given_elsewhere(pkg, self.plan),
        };
        if let (Some(t), Ok(Some((contest, file)))) = (fixed, contest_time_limit(pkg, &id_of(pkg)))
            && (t - contest).abs() > 1e-9
        {
            self.plan.notes.push(format!(
                "{file} gives this problem {contest} s; problem.yaml's limits.time_limit {t} s is used"
            ));
        }
        match (fixed, elsewhere) {
            (Some(t), _) => {
                let rule = parse_seconds(&t.to_string())
                    .map(|d| TimeRule::Fixed(d, "limits.time_limit"))
                    .map_err(|e| Refusal::Invalid {
                        at: self.spec.at(&["limits", "time_limit"]),
                        reason: e.to_string(),
                    })?;
                self.on_resolution(t)?;
                Ok(rule)
            }
            (None, Some(given)) => given,
            (None, None) => Ok(self.computed()),
        }
    }

    /// A given `time_limit` must be a whole number of `time_resolution`
    /// steps (1 s unless said). 2025-09: "It is an error if `time_limit`
    /// is not an integer multiple of `time_resolution`", refused at the
    /// key; the 2023-07 drafts said the same less firmly (BAPCtools
    /// errs, problemtools warns of a fraction), so there a warning. The
    /// legacy format has neither key.
    fn on_resolution(&mut self, limit: f64) -> Result<(), Refusal> {
        if self.format == Format::Legacy {
            return Ok(());
        }
        let given = self.number("time_resolution");
        let step = self.factor(("time_resolution", given, 1.0));
        let steps = limit / step;
        if (steps - steps.round()).abs() <= 1e-6 {
            return Ok(());
        }
        let at = self.spec.at(&["limits", "time_limit"]);
        let what = format!(
            "limits.time_limit {limit} s is not an integer multiple of time_resolution {step} s{}",
            if given.is_none() {
                " (its default)"
            } else {
                ""
            }
        );
        match self.format {
            Format::V2025 => Err(Refusal::Invalid {
                at,
                reason: format!(
                    "{what}: 2025-09 says \"It is an error if `time_limit` is not an integer multiple of `time_resolution`\""
                ),
            }),
            _ => {
                (self.plan.notes)
                    .push(format!("warning: {at}: {what}; the limit is used as given"));
                Ok(())
            }
        }
    }

    /// The rule that computes the time limit from the accepted
    /// submissions, by the multipliers the package gives (under the
    /// names of its format) or the format's defaults.
    fn computed(&mut self) -> TimeRule {
        let multipliers = (self.spec.value)
            .get("limits")
            .and_then(|t| t.get("time_multipliers"));
        let m = |k: &str| multipliers.and_then(|t| t.get(k)).and_then(Value::as_f64);
        const D: Multipliers = Multipliers::DEFAULT;
        let (ac, tle, resolution) = match self.format {
            Format::Legacy => (
                ("time_multiplier", self.number("time_multiplier"), 5.0),
                ("time_safety_margin", self.number("time_safety_margin"), 2.0),
                ("", None, 1.0),
            ),
            _ => (
                (
                    "time_multipliers.ac_to_time_limit",
                    // BAPCtools reads the legacy names in every
                    // version (deprecated, not refused).
                    m("ac_to_time_limit").or(self.number("time_multiplier")),
                    D.ac_to_time_limit,
                ),
                (
                    "time_multipliers.time_limit_to_tle",
                    m("time_limit_to_tle").or(self.number("time_safety_margin")),
                    D.time_limit_to_tle,
                ),
                (
                    "time_resolution",
                    self.number("time_resolution"),
                    D.resolution,
                ),
            ),
        };
        TimeRule::Compute {
            ac_to_time_limit: self.factor(ac),
            time_limit_to_tle: self.factor(tle),
            resolution: self.factor(resolution),
        }
    }

    /// A factor or step of zero, below it or past a day makes no
    /// time limit (and would not fit a Duration): the default instead.
    fn factor(&mut self, (key, given, default): (&str, Option<f64>, f64)) -> f64 {
        let Some(v) = given else { return default };
        let mut keys = vec!["limits"];
        keys.extend(key.split('.'));
        match self.seconds(&keys, v) {
            true => v,
            false => default,
        }
    }
}

/// The time limit of a package whose `problem.yaml` gives none, from the
/// files DOMjudge and contest repositories keep it in, first found wins:
///
/// 1. `domjudge-problem.ini`'s `timelimit` (DOMjudge takes it over
///    `.timelimit`);
/// 2. `.timelimit`;
/// 3. the contest's `../problems.yaml` (or `problemset.yaml`) entry for
///    the package's folder name: the limit the contest's judge was given.
///
/// `None` leaves it to be computed from the accepted submissions. Each
/// choice is noted, so a report says where its limit came from.
fn given_elsewhere(pkg: &Path, plan: &mut Plan) -> Option<Result<TimeRule, Refusal>> {
    let ini = pkg.join(DOMJUDGE_INI);
    if let Ok(text) = std::fs::read_to_string(&ini) {
        match read_ini(&text) {
            Ok(Ini {
                timelimit: Some((t, at)),
                ..
            }) => {
                plan.notes.push(format!(
                    "time limit {t} s from {at} (DOMjudge's setting; problem.yaml gives none)"
                ));
                let other = std::fs::read_to_string(pkg.join(".timelimit")).ok();
                if let Some(d) = other.as_deref().and_then(|o| parse_seconds(o).ok())
                    && (d.as_secs_f64() - t).abs() > 1e-9
                {
                    plan.notes.push(format!(
                        "warning: .timelimit says {} s, {DOMJUDGE_INI} {t} s: DOMjudge refuses a package whose limits conflict; the ini's is used",
                        d.as_secs_f64()
                    ));
                }
                return Some(Ok(TimeRule::Fixed(
                    Duration::from_secs_f64(t),
                    DOMJUDGE_INI,
                )));
            }
            Ok(_) => {}
            Err(e) => return Some(Err(e)),
        }
    }
    if let Ok(text) = std::fs::read_to_string(pkg.join(".timelimit")) {
        let rule = parse_seconds(&text)
            .map(|d| TimeRule::Fixed(d, ".timelimit"))
            .map_err(|e| Refusal::Invalid {
                at: ".timelimit:1:1".into(),
                reason: e.to_string(),
            });
        if let Ok(TimeRule::Fixed(d, _)) = &rule {
            plan.notes.push(format!(
                "time limit {} s from .timelimit (problem.yaml gives none)",
                d.as_secs_f64()
            ));
        }
        return Some(rule);
    }
    match contest_time_limit(pkg, &id_of(pkg)) {
        Ok(Some((t, file))) => {
            plan.notes.push(format!(
                "time limit {t} s from the contest's {file} (the limit the contest ran with; the package gives none)"
            ));
            Some(Ok(TimeRule::Fixed(Duration::from_secs_f64(t), file)))
        }
        Ok(None) => None,
        Err(why) => {
            plan.notes
                .push(format!("{why}; its time limits are not used"));
            None
        }
    }
}

/// The package's id as a contest's problem set names it: its folder's
/// name.
fn id_of(pkg: &Path) -> String {
    std::fs::canonicalize(pkg)
        .ok()
        .as_deref()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The `time_resolution` a 2025-09 `problem.yaml` must give beside a
/// time limit of `seconds` (`None`: a whole number of seconds, which the
/// default of 1 s divides): the coarsest of the usual steps that divides
/// it, else the limit itself.
pub(crate) fn resolution_for(seconds: f64) -> Option<f64> {
    let whole = |x: f64| (x - x.round()).abs() <= 1e-6;
    if whole(seconds) {
        return None;
    }
    [0.5, 0.25, 0.2, 0.1, 0.05, 0.01, 0.001]
        .into_iter()
        .find(|step| whole(seconds / step))
        .or(Some(seconds))
}

/// A time limit that is no number of seconds above 0 and at most a day:
/// the text as written (trimmed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("time limit {text:?} is not a number of seconds")]
pub(crate) struct NotSeconds {
    pub text: String,
}

/// Parses `.timelimit` (or `limits.time_limit`): seconds, maybe fractional.
fn parse_seconds(text: &str) -> Result<Duration, NotSeconds> {
    let text = text.trim();
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| NotSeconds {
            text: text.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exported_limit_gets_a_resolution_that_divides_it() {
        assert_eq!(resolution_for(2.0), None);
        assert_eq!(resolution_for(1.5), Some(0.5));
        assert_eq!(resolution_for(0.3), Some(0.1));
        assert_eq!(resolution_for(1.25), Some(0.25));
        assert_eq!(resolution_for(0.0123), Some(0.0123));
        for t in [1.5, 0.3, 1.25, 0.0123, 2.7] {
            let step = resolution_for(t).unwrap();
            let steps = t / step;
            assert!((steps - steps.round()).abs() <= 1e-6, "{t} {step}");
        }
    }
}
