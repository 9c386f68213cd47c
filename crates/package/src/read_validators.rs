//! A package's validators as `read` places them: the output validator
//! (one program, several that must all accept, or the default validator
//! with the package's flags) and the input validators, each with the
//! headers beside it. Apart from `read`, which reads the rest.

use std::path::{Path, PathBuf};

use serde_yaml::Value;

use judge_languages::is_header;

use super::{Declared, Reader};
use crate::Refusal;
use crate::checkers;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel, sorted_entries};
use crate::problem::{CheckerSpec, Interface};
use crate::validator_dirs::{self, Kind};

impl Declared {
    /// What declares a custom validator: legacy `validation: custom …`, or
    /// a type no default validator can judge; with the key that says so.
    fn custom_validator(&self) -> Option<(&'static str, String)> {
        if self.validation.custom() {
            Some((
                "validation",
                format!("validation: {}", self.validation.words.join(" ")),
            ))
        } else {
            ["interactive", "multi-pass"]
                .into_iter()
                .find(|t| self.has(t))
                .map(|t| ("type", format!("type {t}")))
        }
    }
}

impl Reader<'_> {
    /// Output validation, from either spelling of its folder.
    pub(super) fn checker(&mut self, declared: &Declared) -> Option<CheckerSpec> {
        let validator_dir = validator_dirs::find(self.pkg, self.format, Kind::Output, self.plan);
        let programs = validator_dir
            .as_deref()
            .map(validator_dirs::programs)
            .unwrap_or_default();
        let flags = match self.field("validator_flags") {
            Some(Value::String(s)) => s.split_whitespace().map(String::from).collect(),
            _ => Vec::new(),
        };
        if programs.is_empty() {
            self.refuse_missing_validator(declared);
            self.default_validator(flags)
        } else if self.format == Format::Legacy && declared.custom_validator().is_none() {
            self.unused_validators(validator_dir.as_deref());
            self.default_validator(flags)
        } else if self.format == Format::Legacy
            && programs.len() > 1
            && programs.iter().any(|p| p.is_dir())
        {
            // Only legacy packages keep several validators side by side:
            // from 2023-07 on `output_validator/` is the one program, its
            // subfolders part of it (a library, test data of its own).
            self.several_validators(validator_dir.as_deref(), &programs, flags, declared)
        } else {
            let validator_dir = validator_dir.unwrap_or_default();
            Some(self.one_validator(&validator_dir, &programs, flags))
        }
    }

    /// A legacy package that says `validation: default` (or nothing, which
    /// is the same) but ships output validators, as a tool's skeleton
    /// leaves them: problemtools warns and grades with the default
    /// validator, so judge does too, and says so (grading with the folder's
    /// program would take wrong answers that only pass its shape check).
    fn unused_validators(&mut self, dir: Option<&Path>) {
        let Some(dir) = dir else { return };
        let at = format!("{}/", rel(self.pkg, dir));
        let why = "problem.yaml says validation: default: problemtools warns and grades with the default validator, and so does judge";
        self.plan.notes.push(format!("{at}: not used: {why}"));
        self.plan.skipped.push((at, why.into()));
    }

    /// A custom validator declared but shipped nowhere: the package's
    /// fault, refused at the key that declares it.
    fn refuse_missing_validator(&mut self, declared: &Declared) {
        let Some((key, declared)) = declared.custom_validator() else {
            return;
        };
        let looked = Kind::Output
            .spellings(self.format)
            .iter()
            .map(|d| format!("{d}/"))
            .collect::<Vec<_>>()
            .join(", ");
        self.plan.refused.push(Refusal::NoValidator {
            at: self.spec.at(&[key]),
            declared,
            looked,
        });
    }

    /// No validator program: the default validator, with the package's
    /// `validator_flags` (refused at the key when it cannot take them).
    fn default_validator(&mut self, flags: Vec<String>) -> Option<CheckerSpec> {
        match checkers::DefaultValidatorFlags::parse(&flags) {
            Ok(_) => Some(CheckerSpec {
                builtin: Some("icpc-default".parse().expect("registered")),
                program: None,
                interface: Interface::Icpc,
                args: flags,
                also: Vec::new(),
            }),
            Err(e) => {
                self.plan.refused.push(Refusal::Invalid {
                    at: self.spec.at(&["validator_flags"]),
                    reason: format!("validator_flags: {e}"),
                });
                None
            }
        }
    }

    /// Legacy packages keep each validator in a folder of its own, or
    /// a file of its own beside the folders: several validators, each
    /// a program, all of which must accept (problemtools' rule).
    fn several_validators(
        &mut self,
        dir: Option<&Path>,
        programs: &[PathBuf],
        flags: Vec<String>,
        declared: &Declared,
    ) -> Option<CheckerSpec> {
        let plan = &mut *self.plan;
        let mut placed = programs.iter().map(|one| {
            let to = PathBuf::from("checker").join(name_of(one));
            plan.copies.push((one.clone(), to.clone()));
            to
        });
        let program = placed.next();
        let also: Vec<PathBuf> = placed.collect();
        if let Some(dir) = dir {
            copy_headers(dir, Path::new("checker"), self.plan);
        }
        if declared.has("interactive") || declared.has("multi-pass") {
            let dir = dir.map(name_of).unwrap_or_default();
            self.plan.refused.push(Refusal::Unsupported {
                at: format!("{dir}/"),
                what: format!(
                    "{} validators for an interactive or multi-pass problem",
                    programs.len()
                ),
            });
            return None;
        }
        // problemtools ran them all when these packages were written;
        // its releases since 2025 warn and use only the first. A
        // validator that rejects cannot be ignored safely.
        let names: Vec<String> = programs.iter().map(|p| name_of(p)).collect();
        self.plan.notes.push(format!(
            "{} output validators ({}): each must accept, the first that rejects decides (as problemtools judged before it dropped all but the first)",
            names.len(),
            names.join(", ")
        ));
        Some(CheckerSpec {
            builtin: None,
            program,
            interface: Interface::Icpc,
            args: flags,
            also,
        })
    }

    /// One validator program in `dir`: a folder program, a file program
    /// (with the headers beside it), or the folder's files as one program.
    fn one_validator(
        &mut self,
        dir: &Path,
        programs: &[PathBuf],
        flags: Vec<String>,
    ) -> CheckerSpec {
        let one = &programs[0];
        let program = if programs.len() == 1 && one.is_dir() {
            self.plan
                .copies
                .push((one.clone(), PathBuf::from("checker")));
            PathBuf::from("checker")
        } else if programs.len() == 1 {
            let to = PathBuf::from("checker").join(name_of(one));
            self.plan.copies.push((one.clone(), to.clone()));
            copy_headers(dir, Path::new("checker"), self.plan);
            to
        } else {
            self.plan
                .copies
                .push((dir.to_path_buf(), PathBuf::from("checker")));
            PathBuf::from("checker")
        };
        CheckerSpec {
            builtin: None,
            program: Some(program),
            interface: Interface::Icpc,
            args: flags,
            also: Vec::new(),
        }
    }

    /// Input validators, one program each.
    pub(super) fn input_validators(&mut self) -> Vec<PathBuf> {
        let (pkg, plan) = (self.pkg, &mut *self.plan);
        let mut validators = Vec::new();
        let vdir = validator_dirs::find(pkg, self.format, Kind::Input, plan);
        if let Some(d) = &vdir {
            copy_headers(d, Path::new("validators"), plan);
        }
        for v in vdir.iter().flat_map(|d| validator_dirs::programs(d)) {
            let ext = v.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ext == "viva" {
                plan.skipped.push((
                    rel(pkg, &v),
                    format!("a .{ext} validator needs its tool, which judge does not have"),
                ));
                continue;
            }
            let to = PathBuf::from("validators").join(name_of(&v));
            plan.copies.push((v.clone(), to.clone()));
            validators.push(to);
        }
        if validators.is_empty() {
            plan.ignored
                .push("no input validator program: judge validate only checks case hygiene".into());
        }
        validators
    }
}

/// The headers of `dir` go to `to` too, beside the programs that include
/// them.
fn copy_headers(dir: &Path, to: &Path, plan: &mut Plan) {
    for h in sorted_entries(dir).into_iter().filter(|p| is_header(p)) {
        let name = name_of(&h);
        plan.copies.push((h, to.join(name)));
    }
}
