//! Every key of each format version known (#48): an unknown key refused
//! in 2025-09 at its `file:line:col` with the nearest known key, warned
//! about in legacy and 2023-07 packages; what is read without effect and
//! what judge forgave that problemtools refuses said in the reports of
//! `check` and `validate`.

use std::path::{Path, PathBuf};

use judge::package::Refusal;
use judge::package::plan::Plan;

use crate::common::{copy_tree, root};

/// The package at `pkg`, read.
fn plan(pkg: &Path) -> Plan {
    let yaml = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    judge::package::read::read(pkg, &yaml)
}

/// A copy of fixture package `name` in a temp dir, `edit` applied to its
/// problem.yaml.
fn fixture(name: &str, edit: impl Fn(&str) -> String) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join(name);
    copy_tree(&root().join("testdata/packages").join(name), &pkg);
    let yaml = pkg.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, edit(&text)).unwrap();
    (dir, pkg)
}

/// Every line of `plan` that speaks of a key no format defines.
fn unknown_keys(plan: &Plan) -> Vec<String> {
    let refused = (plan.refused.iter())
        .filter(|r| matches!(r, Refusal::UnknownKey { .. }))
        .map(Refusal::to_string);
    let noted = (plan.notes.iter()).filter(|n| n.contains("unknown key"));
    refused.chain(noted.cloned()).collect()
}

/// Every package judge's tests keep.
fn fixture_packages() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for top in [
        "testdata/packages",
        "testdata/checktestdata",
        "testdata/dialects",
    ] {
        for entry in walkdir::WalkDir::new(root().join(top)).sort_by_file_name() {
            let entry = entry.unwrap();
            let dir = entry.path();
            if entry.file_type().is_dir() && judge::package::in_place::is_package(dir) {
                out.push(dir.to_path_buf());
            }
        }
    }
    out
}

#[test]
fn every_fixture_package_reads_without_an_unknown_key() {
    let packages = fixture_packages();
    assert!(packages.len() >= 15, "{packages:?}");
    for pkg in packages {
        let plan = plan(&pkg);
        assert_eq!(
            unknown_keys(&plan),
            Vec::<String>::new(),
            "{}",
            pkg.display()
        );
    }
}

/// `file:line:col` of the first line of `text` that writes key `key`.
fn place_of(file: &str, text: &str, key: &str) -> String {
    let (line, l) = (text.lines().enumerate())
        .find(|(_, l)| l.trim_start().starts_with(&format!("{key}:")))
        .unwrap_or_else(|| panic!("{key} in {text}"));
    let col = l.len() - l.trim_start().len() + 1;
    format!("{file}:{}:{col}", line + 1)
}

/// `limits:` of a problem.yaml with `extra` (indented) as its first key.
fn with_limit(text: &str, extra: &str) -> String {
    assert!(text.contains("\nlimits:\n"), "{text}");
    text.replacen("\nlimits:\n", &format!("\nlimits:\n  {extra}\n"), 1)
}

#[test]
fn a_misspelled_limit_refuses_a_2025_09_package_at_its_place_with_the_key_meant() {
    let (_dir, pkg) = fixture("v2025-scoring", |t| with_limit(t, "time_limt: 2"));
    let text = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let at = place_of("problem.yaml", &text, "time_limt");
    let refused: Vec<String> = (plan(&pkg).refused.iter())
        .filter(|r| matches!(r, Refusal::UnknownKey { .. }))
        .map(Refusal::to_string)
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].starts_with(&format!("{at}: unknown key `limits.time_limt`")));
    assert!(
        refused[0].ends_with("did you mean `time_limit`?"),
        "{refused:?}"
    );
    // Far from every key: no guess.
    let (_dir, pkg) = fixture("v2025-scoring", |t| format!("{t}wall_clock: 5\n"));
    let refused: Vec<String> = unknown_keys(&plan(&pkg));
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(!refused[0].contains("did you mean"), "{refused:?}");
}

#[test]
fn unknown_keys_of_test_groups_cases_and_submissions_are_refused_in_2025_09() {
    let (_dir, pkg) = fixture("v2025-scoring", str::to_string);
    let group = pkg.join("data/secret/group1/test_group.yaml");
    let text = std::fs::read_to_string(&group).unwrap() + "max_scor: 40\n";
    std::fs::write(&group, &text).unwrap();
    let case = pkg.join("data/secret/group2/02.yaml");
    std::fs::write(&case, "description: two coins\nhnit: try greedy\n").unwrap();
    let subs = pkg.join("submissions/submissions.yaml");
    let subs_text =
        std::fs::read_to_string(&subs).unwrap() + "accepted/dp.cpp:\n  permited: [AC]\n";
    std::fs::write(&subs, &subs_text).unwrap();
    let lines = unknown_keys(&plan(&pkg));
    let expect = [
        (
            place_of("data/secret/group1/test_group.yaml", &text, "max_scor"),
            "max_score",
        ),
        ("data/secret/group2/02.yaml:2:1".to_string(), "hint"),
        (
            format!(
                "submissions/submissions.yaml:{}:3",
                subs_text.lines().count()
            ),
            "permitted",
        ),
    ];
    for (at, meant) in expect {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&at) && l.contains(&format!("did you mean `{meant}`"))),
            "{at} {meant}: {lines:?}"
        );
    }
    assert_eq!(lines.len(), 3, "{lines:?}");
}

#[test]
fn unknown_keys_of_legacy_and_2023_07_packages_are_warnings() {
    let (_dir, pkg) = fixture("legacy-float", |t| with_limit(t, "time_limt: 2"));
    let testdata = pkg.join("data/secret/tight/testdata.yaml");
    let text = std::fs::read_to_string(&testdata).unwrap() + "on_rejct: continue\n";
    std::fs::write(&testdata, &text).unwrap();
    let plan = plan(&pkg);
    assert!(plan.refused.is_empty(), "{:?}", plan.refused);
    let lines = unknown_keys(&plan);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("unknown key `limits.time_limt`, read past (not a key of the legacy format; verifyproblem refuses it); did you mean `time_limit`?"), "{lines:?}");
    assert!(
        lines[1].contains("data/secret/tight/testdata.yaml:")
            && lines[1].contains("did you mean `on_reject`?"),
        "{lines:?}"
    );
    // 2023-07: a warning as well.
    let (_dir, pkg) = fixture("modern-scoring", |t| format!("{t}licence: cc0\n"));
    let plan = self::plan(&pkg);
    assert!(plan.refused.is_empty(), "{:?}", plan.refused);
    let lines = unknown_keys(&plan);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("not a key of the 2023-07-draft format")
            && lines[0].contains("did you mean `license`?"),
        "{lines:?}"
    );
}

#[test]
fn a_legacy_packages_unknown_key_is_a_warning_in_checks_report() {
    if !crate::common::sandbox("a_legacy_packages_unknown_key_is_a_warning_in_checks_report") {
        return;
    }
    let (dir, pkg) = fixture("legacy-float", |t| with_limit(t, "time_limt: 2"));
    let text = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let at = place_of("problem.yaml", &text, "time_limt");
    let reports = dir.path().join("reports");
    let run = crate::in_place::judge_on(dir.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let notes = crate::common::read_report(&reports).meta.notes;
    let warned: Vec<&String> = (notes.iter())
        .filter(|n| n.contains("unknown key `limits.time_limt`"))
        .collect();
    assert_eq!(warned.len(), 1, "{notes:?}");
    assert!(
        warned[0].contains(&at) && warned[0].contains("did you mean `time_limit`?"),
        "{notes:?}"
    );
}

#[test]
fn a_2025_09_packages_unknown_key_stops_validate_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("echo");
    crate::in_place::memory_package(&pkg);
    let yaml = pkg.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml)
        .unwrap()
        .replace("memory:", "memroy:");
    std::fs::write(&yaml, &text).unwrap();
    let at = place_of("problem.yaml", &text, "memroy");
    let reports = dir.path().join("reports");
    let run = crate::in_place::judge_on(dir.path(), &pkg, "validate", &reports);
    assert_ne!(run.code, 0, "{}", run.all());
    assert!(
        run.all()
            .contains(&format!("{at}: unknown key `limits.memroy`")),
        "{}",
        run.all()
    );
    assert!(
        run.all().contains("did you mean `memory`?"),
        "{}",
        run.all()
    );
}

/// The notes of the report `command` writes for the package at `pkg`.
fn report_notes(dir: &Path, pkg: &Path, command: &str) -> Vec<String> {
    let reports = dir.join(format!("reports-{command}"));
    let run = crate::in_place::judge_on(dir, pkg, command, &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    crate::common::read_report(&reports).meta.notes
}

#[test]
fn what_is_read_without_effect_is_listed_once_by_check_and_validate() {
    if !crate::common::sandbox("what_is_read_without_effect_is_listed_once_by_check_and_validate") {
        return;
    }
    // Legacy `grading.objective: min`: judge grades every legacy score
    // as one to maximise.
    let (dir, pkg) = fixture("legacy-float", |t| {
        format!("{t}grading:\n  objective: min\n")
    });
    for name in ["01.desc", "02.desc", "03.desc", "04.desc", "picture.png"] {
        std::fs::write(pkg.join("data/secret").join(name), "x\n").unwrap();
    }
    let text = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let at = place_of("problem.yaml", &text, "objective");
    for command in ["check", "validate"] {
        let notes = report_notes(dir.path(), &pkg, command);
        let without: Vec<&String> = (notes.iter())
            .filter(|n| n.contains("read without effect"))
            .collect();
        assert_eq!(without.len(), 1, "{command}: {notes:?}");
        assert!(
            without[0].starts_with(&format!(
                "legacy-float: read without effect: {at}: grading.objective"
            )),
            "{command}: {notes:?}"
        );
        // Skipped files: one line per reason, a few named, stably ordered.
        let skipped: Vec<&String> = (notes.iter()).filter(|n| n.contains("skipped: ")).collect();
        assert_eq!(
            skipped,
            [
                "legacy-float: skipped: data/secret/01.desc, data/secret/02.desc, data/secret/03.desc and 1 more (notes for judges and contestants, not test data)",
                "legacy-float: skipped: data/secret/picture.png (an illustration of the case)",
            ],
            "{command}: {notes:?}"
        );
    }
}

/// The notes of `plan` that say what judge forgave.
fn forgiven(plan: &Plan) -> Vec<String> {
    (plan.notes.iter())
        .filter(|n| n.starts_with("forgiven: "))
        .cloned()
        .collect()
}

#[test]
fn what_judge_forgives_and_verifyproblem_refuses_is_said_at_its_place() {
    let (_dir, pkg) = fixture("legacy-float", |t| {
        let t = t
            .replace("name: Average Speed", "name:\n  sv: Medelfart")
            .replace("uuid: 376374b3-6e0d-4860-a83e-71f68de311d9", "uuid: A");
        with_limit(&t, "time_limit: 2")
    });
    let text = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let plan = plan(&pkg);
    assert!(plan.refused.is_empty(), "{:?}", plan.refused);
    // Read all the same: the name, and the time limit.
    assert_eq!(plan.spec.as_ref().unwrap().name, "Medelfart");
    assert!(
        matches!(plan.time, Some(judge::origin::TimeRule::Fixed(d, _)) if d.as_secs_f64() == 2.0),
        "{:?}",
        plan.time
    );
    let notes = forgiven(&plan);
    for (key, what) in [
        ("name", "`name` is a map of languages"),
        ("uuid", "`uuid: A` is not a UUID"),
        (
            "time_limit",
            "`limits.time_limit` is not a key of the legacy format",
        ),
    ] {
        let at = place_of("problem.yaml", &text, key);
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with(&format!("forgiven: {at}: {what}"))
                    && n.ends_with("verifyproblem refuses this legacy package")),
            "{key}: {notes:?}"
        );
    }
    assert_eq!(notes.len(), 3, "{notes:?}");
    // 2023-07: a name map that leaves out the statement's language.
    let (_dir, pkg) = fixture("modern-scoring", |t| {
        t.replace("name:\n  en: Walking Distance", "name:\n  sv: Promenad")
    });
    let notes = forgiven(&self::plan(&pkg));
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains(
            "`name` gives no name in en (a statement is written in it); judge took the `sv` one"
        ) && notes[0].ends_with("verifyproblem refuses this 2023-07-draft package"),
        "{notes:?}"
    );
}

#[test]
fn a_2025_09_package_is_forgiven_by_the_specifications_word() {
    let (_dir, pkg) = fixture("v2025-scoring", |t| {
        t.replace("uuid: 8c4bd729-d821-491d-b570-39a972ab5753", "uuid: A")
            .replace("license: cc by-sa", "license: MIT")
    });
    let notes = forgiven(&plan(&pkg));
    assert_eq!(notes.len(), 2, "{notes:?}");
    // A licence whose rights owner is missing, or given where none is.
    let (_dir, owned) = fixture("legacy-custom", |t| {
        t.replace("license: cc by-sa", "license: public domain")
    });
    let owner = forgiven(&plan(&owned));
    assert!(
        owner.len() == 1
            && owner[0].contains("`rights_owner` is given for a problem in the public domain"),
        "{owner:?}"
    );
    let (_dir, unowned) = fixture("legacy-custom", |t| {
        (t.lines())
            .filter(|l| {
                !["author:", "source:", "rights_owner:"]
                    .iter()
                    .any(|k| l.starts_with(k))
            })
            .map(|l| format!("{l}\n"))
            .collect()
    });
    let owner = forgiven(&plan(&unowned));
    assert!(
        owner.len() == 1 && owner[0].contains("`license: cc by-sa` needs a rights owner"),
        "{owner:?}"
    );
    assert!(
        notes
            .iter()
            .all(|n| n.ends_with("the 2025-09 specification does not allow it")),
        "{notes:?}"
    );
    assert!(notes[0].contains("`uuid: A` is not a UUID"), "{notes:?}");
    assert!(notes[1].contains("`license: MIT` is none of"), "{notes:?}");
}

#[test]
fn the_fixture_packages_forgiven_values_are_the_ones_they_mean_to_have() {
    // legacy-domjudge keeps DOMjudge's name map on purpose; the contest's
    // parts package and generated-sum are BAPCtools drafts without a
    // uuid. Nothing else of the fixtures is forgiven.
    let mut seen = Vec::new();
    for pkg in fixture_packages() {
        for note in forgiven(&plan(&pkg)) {
            let name = pkg.file_name().unwrap().to_string_lossy().into_owned();
            seen.push(format!("{name}: {note}"));
        }
    }
    let expected = [
        "legacy-domjudge: forgiven: problem.yaml:4:1: `name` is a map of languages",
        "parts: forgiven: problem.yaml:1:1: no `uuid`",
        "generated-sum: forgiven: problem.yaml:1:1: no `uuid`",
    ];
    for e in expected {
        assert!(seen.iter().any(|s| s.starts_with(e)), "{e}: {seen:?}");
    }
    assert_eq!(seen.len(), expected.len(), "{seen:?}");
}

/// A legacy echo package that gives no memory limit, with an accepted
/// echo and a C program that fills 1200 MiB (between problemtools' 1024
/// MiB and the specification's typical 2048) before echoing, promised a
/// run-time error; `.timelimit` gives time enough to fill it.
fn legacy_memory_package(dir: &Path) {
    let hog = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  for (int i = 0; i < 1200; i++) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, 1, 1 << 20); }\n  int n; if (scanf(\"%d\", &n) != 1) return 4; printf(\"%d\\n\", n); return 0;\n}\n";
    let files = [
        ("problem.yaml", "name: Echo\nsource: judge's tests\n"),
        (".timelimit", "5\n"),
        ("data/sample/1.in", "7\n"),
        ("data/sample/1.ans", "7\n"),
        ("data/secret/a.in", "12\n"),
        ("data/secret/a.ans", "12\n"),
        ("submissions/accepted/echo.py", "print(input())\n"),
        ("submissions/run_time_error/hog.c", hog),
    ];
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

#[test]
fn a_legacy_package_without_limits_gets_problemtools_system_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("echo");
    legacy_memory_package(&pkg);
    let limits = plan(&pkg).spec.unwrap().limits;
    assert_eq!(
        (limits.memory, limits.output, limits.checker_memory),
        (1024 << 20, 8 << 20, 1024 << 20)
    );
    assert_eq!(limits.checker_time.as_secs(), 60);
    // The newer formats keep their specification's typical defaults.
    let (_dir, modern) = fixture("v2025-scoring", |t| t.replace("  memory: 256\n", ""));
    assert_eq!(plan(&modern).spec.unwrap().limits.memory, 2048 << 20);
    if !crate::common::sandbox("a_legacy_package_without_limits_gets_problemtools_system_defaults")
    {
        return;
    }
    let reports = dir.path().join("reports");
    let run = crate::in_place::judge_on(dir.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = crate::common::read_report(&reports);
    let hog = crate::common::submission(&report, "hog.c");
    assert_eq!(
        hog.got,
        Some(judge::verdict::Verdict::MemoryLimit),
        "{hog:?}"
    );
    assert!(hog.ok, "{hog:?}");
}

#[test]
fn a_2025_09_time_limit_is_a_multiple_of_its_time_resolution() {
    use judge::origin::TimeRule;
    let limit = |limits: &str| {
        let (dir, pkg) = fixture("v2025-scoring", |t| {
            t.replace("  time_resolution: 1.0\n", &format!("  {limits}\n"))
        });
        let text = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
        (dir, plan(&pkg), text)
    };
    // Not a multiple of the default 1 s: refused at the key, in the
    // specification's words.
    let (_d, p, text) = limit("time_limit: 1.5");
    let at = place_of("problem.yaml", &text, "time_limit");
    let refused: Vec<String> = p.refused.iter().map(Refusal::to_string).collect();
    assert!(
        refused.iter().any(|r| r.starts_with(&format!(
            "{at}: limits.time_limit 1.5 s is not an integer multiple of time_resolution 1 s (its default)"
        )) && r.contains("It is an error if `time_limit` is not an integer multiple of `time_resolution`")),
        "{refused:?}"
    );
    // A multiple of the resolution given: taken as it is.
    let (_d, p, _) = limit("time_limit: 1.5\n  time_resolution: 0.5");
    assert!(
        !p.refused
            .iter()
            .any(|r| r.to_string().contains("time_resolution")),
        "{:?}",
        p.refused
    );
    assert!(
        matches!(p.time, Some(TimeRule::Fixed(d, _)) if d.as_secs_f64() == 1.5),
        "{:?}",
        p.time
    );
    // Inferred: rounded up to a multiple of the resolution.
    let (_d, p, _) = limit("time_resolution: 0.5");
    let Some(TimeRule::Compute {
        resolution,
        ac_to_time_limit,
        ..
    }) = p.time
    else {
        panic!("{:?}", p.time)
    };
    assert_eq!(resolution, 0.5);
    let slowest = std::time::Duration::from_millis(320);
    assert_eq!(
        TimeRule::limit_for(ac_to_time_limit, resolution, slowest).as_secs_f64(),
        1.0
    );
    // The 2023-07 drafts: a warning, the limit used as given.
    let (_d, pkg) = fixture("modern-interactive", |t| {
        t.replace("time_limit: 1", "time_limit: 1.5")
    });
    let p = plan(&pkg);
    assert!(p.refused.is_empty(), "{:?}", p.refused);
    assert!(
        p.notes
            .iter()
            .any(|n| n.starts_with("warning: problem.yaml:")
                && n.contains("is not an integer multiple of time_resolution")),
        "{:?}",
        p.notes
    );
}
