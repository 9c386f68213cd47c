//! Invalid inputs that name their rule (issue #41): on a copy of each of
//! the five problems and of `testdata/kinds`, an invalid input declared
//! to break another rule than the one its validators give fails
//! `validate` with the declared rule and every validator's reason side by
//! side; declared back, it passes, and the rules table counts it.

use std::path::Path;

use crate::common::{copy_tree, judge_in, root};

/// `validate` of `problem` under the problems folder `dir`.
fn validate(dir: &Path, problem: &str) -> crate::common::Run {
    let dir = dir.display().to_string();
    let args = ["--problems", &dir, "validate", problem, "--sandbox", "off"];
    judge_in(Path::new("/"), &args, None)
}

/// The declarations of a recipe's `invalid:` map, in file order.
fn declared(recipe: &str) -> Vec<(String, String)> {
    let Some(map) = recipe.split("\ninvalid:\n").nth(1) else {
        return Vec::new();
    };
    map.lines()
        .take_while(|l| l.starts_with(' ') || l.is_empty())
        .filter_map(|l| l.trim().split_once(": "))
        .filter(|(name, _)| !name.starts_with('#'))
        .map(|(n, r)| (n.to_string(), r.trim().to_string()))
        .collect()
}

/// Declares `wrong` for `name`, checks validate fails naming both reasons,
/// puts `text` back and checks it passes.
fn wrong_then_right(dir: &Path, problem: &str, file: &Path, text: &str, wrong: &str, right: &str) {
    let declaration = format!("rule: {right}");
    assert!(text.contains(&declaration), "{text}");
    std::fs::write(
        file,
        text.replacen(&declaration, &format!("rule: {wrong}"), 1),
    )
    .unwrap();
    let run = validate(dir, problem);
    assert_eq!(run.code, 1, "{problem}: {}", run.all());
    let out = &run.stdout;
    assert!(
        out.contains(&format!(
            "declared to break `{wrong}`, but rejected for another reason"
        )) && out.contains(&format!("declared rule: {wrong}")),
        "{problem}: {}",
        run.all()
    );
    // Each validator's reason names the rule it really breaks.
    let reasons: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(&format!("rule {right})")))
        .collect();
    assert!(
        !reasons.is_empty(),
        "{problem}: no reason names {right}\n{out}"
    );
    std::fs::write(file, text).unwrap();
    let run = validate(dir, problem);
    assert_eq!(run.code, 0, "{problem}: {}", run.all());
    let table = out_line(&run.stdout, problem);
    assert!(table.contains(" of "), "{table}");
}

/// The rules table's line of `problem`.
fn out_line<'a>(out: &'a str, problem: &str) -> &'a str {
    let from = out
        .find("rules tested")
        .unwrap_or_else(|| panic!("no rules table\n{out}"));
    out[from..]
        .lines()
        .find(|l| l.starts_with(&format!("{problem} ")))
        .unwrap_or_else(|| panic!("{problem}: not in the rules table\n{out}"))
}

#[test]
fn each_of_the_five_problems_fails_a_wrong_rule_and_passes_the_right_one() {
    for problem in [
        "atoms",
        "four-in-a-row",
        "slink",
        "star-battle",
        "sudoku-checker",
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(problem);
        copy_tree(&root().join("problems").join(problem), &dir);
        let recipe = dir.join("recipe.yaml");
        let text = std::fs::read_to_string(&recipe).unwrap();
        let rules = declared(&text);
        assert!(rules.len() >= 20, "{problem}: {rules:?}");
        // The first declaration, made to say the rule of another one.
        let (name, right) = &rules[0];
        let wrong = &rules.iter().find(|(_, r)| r != right).unwrap().1;
        let line = format!("  {name}: {right}\n");
        assert!(text.contains(&line), "{problem}: {line}");
        let swapped = text.replacen(&line, &format!("  {name}: {wrong}\n"), 1);
        std::fs::write(&recipe, &swapped).unwrap();
        let run = validate(tmp.path(), problem);
        assert_eq!(run.code, 1, "{problem}: {}", run.all());
        assert!(
            run.stdout.contains(&format!("declared to break `{wrong}`")),
            "{problem}: {}",
            run.all()
        );
        // Both validators give their reason, each naming the real rule.
        for who in ["the strict validator: ", "validators/validate.cpp: "] {
            let reason = (run.stdout.lines())
                .find(|l| l.trim_start().starts_with(who))
                .unwrap_or_else(|| panic!("{problem}: no reason of {who}\n{}", run.all()));
            assert!(
                reason.contains(&format!("rule {right})")),
                "{problem}: {reason}"
            );
        }
        assert!(
            out_line(&run.stdout, problem).contains("untested")
                || run.stdout.contains(&format!("declared rule: {wrong}")),
            "{}",
            run.all()
        );
        std::fs::write(&recipe, &text).unwrap();
        let run = validate(tmp.path(), problem);
        assert_eq!(run.code, 0, "{problem}: {}", run.all());
        let line = out_line(&run.stdout, problem);
        let counts: Vec<&str> = line.split_whitespace().collect();
        // Every invalid input names a rule.
        assert_eq!(counts[1], counts[2], "{line}");
    }
}

#[test]
fn testdata_kinds_fails_a_wrong_rule_beside_the_input_and_passes_the_right_one() {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(&root().join("testdata/kinds"), tmp.path());
    let yaml = tmp.path().join("divisor-icpc/invalid/t-range.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    wrong_then_right(
        tmp.path(),
        "divisor-icpc",
        &yaml,
        &text,
        "n-range",
        "t-range",
    );
    // A third-party validator's phrase as the rule: a wrong phrase fails.
    let yaml = tmp.path().join("guess/invalid/x-above-n.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let phrase = text
        .lines()
        .find_map(|l| l.strip_prefix("rule: "))
        .unwrap()
        .trim_matches('"')
        .to_string();
    std::fs::write(&yaml, "rule: expected one line\n").unwrap();
    let run = validate(tmp.path(), "guess");
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout.contains("declared rule: expected one line"),
        "{}",
        run.all()
    );
    std::fs::write(&yaml, &text).unwrap();
    let run = validate(tmp.path(), "guess");
    assert_eq!(run.code, 0, "{phrase}: {}", run.all());
}

#[test]
fn a_2025_09_export_keeps_every_rule_in_the_formats_own_description() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pkgs/atoms");
    let out_s = out.display().to_string();
    let problems = root().join("problems").display().to_string();
    let args = [
        "--problems",
        &problems,
        "export",
        "atoms",
        "--format",
        "2025-09",
        "--out",
        &out_s,
    ];
    let run = judge_in(tmp.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let yaml = std::fs::read_to_string(out.join("data/invalid_input/n-is-8.yaml")).unwrap();
    assert_eq!(
        yaml,
        "description: \"invalid input: breaks (rule n-range)\"\n"
    );
    // Judged in place, the package holds its invalid inputs to the same
    // rules.
    let run = validate(&tmp.path().join("pkgs"), "atoms");
    assert_eq!(run.code, 0, "{}", run.all());
    let words: Vec<String> = out_line(&run.stdout, "atoms")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let recipe = std::fs::read_to_string(root().join("problems/atoms/recipe.yaml")).unwrap();
    let n = declared(&recipe).len().to_string();
    assert_eq!(words[1..3], [n.clone(), n], "{}", run.all());
}
