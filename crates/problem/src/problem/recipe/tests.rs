use std::path::Path;

use super::entry::{EntryError, Form, checked};
use super::file::GroupError;
use super::*;
use crate::problem::ProblemError;

const EXAMPLE: &str = "\
# How every case under cases/ is made.
groups:
  sample:
    - manual: all            # every file of the group
      from: \"the statement\"
  generated:
    - gen: {seed: 400, count: 6, size: 1, prefix: tiny}
      skip: [tiny-003, tiny-005]
  hardened:
    - case: h-001
      gen: {seed: 7, index: 12, size: 3}
      catches: [\"crates/slink/src/solve.rs:383:9: replace < with <= in Search::choose\"]
";

fn located(text: &str) -> (usize, usize, String) {
    match parse(Path::new("recipe.yaml"), text).unwrap_err() {
        ProblemError::BadSpec {
            line, col, reason, ..
        } => (line, col, reason),
        other => panic!("not located: {other}"),
    }
}

#[test]
fn the_documented_example_reads_as_its_cases() {
    let recipe = parse(Path::new("recipe.yaml"), EXAMPLE).unwrap();
    let names: Vec<String> = recipe.groups["generated"][0].names();
    assert_eq!(names, ["tiny-001", "tiny-002", "tiny-004", "tiny-006"]);
    let draws = recipe.groups["generated"][0].draws();
    assert_eq!(
        draws[2],
        (
            "tiny-004".to_string(),
            Draw {
                seed: 400,
                index: 3,
                size: 1
            }
        )
    );
    let all = recipe.draws();
    assert_eq!(all.len(), 5);
    assert_eq!(all[0].0, "generated");
    assert_eq!(all[4].0, "hardened");
    assert_eq!(
        all[4].2,
        Draw {
            seed: 7,
            index: 12,
            size: 3
        }
    );
    assert_eq!(
        recipe.groups["generated"][0].command("slink").unwrap(),
        "judge gen slink --seed 400 --count 6 --size 1 --prefix tiny"
    );
    assert_eq!(
        all[4].3.command("slink").unwrap(),
        "judge gen slink --seed 7 --index 12 --size 3"
    );
    // `manual: all` takes what no other entry names.
    let manual = recipe.entry_for("sample", "anything").unwrap();
    assert!(
        matches!(manual, Entry::Manual { cases: Manual::All, from: Some(f) } if f == "the statement")
    );
    assert!(recipe.entry_for("generated", "tiny-003").is_none());
    assert!(recipe.entry_for("nowhere", "x").is_none());
}

#[test]
fn every_fault_is_placed_at_its_line_and_column() {
    // An unknown key of an entry.
    let (line, col, why) = located("groups:\n  g:\n    - manual: all\n      form: typo\n");
    assert_eq!((line, col), (4, 7), "{why}");
    assert!(why.contains("form"), "{why}");
    // An unknown key inside `gen:`.
    let (line, _, why) =
        located("groups:\n  g:\n    - gen: {seed: 1, count: 2, size: 3, prefx: a}\n");
    assert_eq!(line, 3, "{why}");
    // Rules between keys: the entry's line.
    let (line, _, why) =
        located("groups:\n  a:\n    - manual: all\n  b:\n    - gen: {seed: 1, size: 3}\n");
    assert_eq!(line, 5, "{why}");
    assert!(why.contains(&EntryError::RunArgs.to_string()), "{why}");
    let (line, _, why) = located("groups:\n  g:\n    - manual: some\n");
    assert_eq!(line, 3, "{why}");
    let (line, _, why) =
        located("groups:\n  g:\n    - gen: {seed: 1, count: 2, size: 11, prefix: a}\n");
    assert_eq!(line, 3, "{why}");
    assert!(
        why.contains(&EntryError::Size { size: 11 }.to_string()),
        "{why}"
    );
    let (line, _, why) = located(
        "groups:\n  g:\n    - gen: {seed: 1, count: 2, size: 1, prefix: a}\n      skip: [a-003]\n",
    );
    assert_eq!(line, 3, "{why}");
    let stray = EntryError::StraySkip {
        name: "a-003".into(),
    };
    assert!(why.contains(&stray.to_string()), "{why}");
    let (line, _, why) =
        located("groups:\n  g:\n    - case: x\n      gen: {seed: 1, count: 2, size: 1}\n");
    assert_eq!(line, 3, "{why}");
    let (line, _, why) = located("groups:\n  g:\n    - manual: [a]\n      catches: [b]\n");
    assert_eq!(line, 3, "{why}");
    let misplaced = EntryError::Misplaced {
        key: "catches",
        form: Form::Manual,
    };
    assert!(why.contains(&misplaced.to_string()), "{why}");
    // Across entries: the group's line.
    let (line, col, why) = located(
        "groups:\n  ok:\n    - manual: all\n  twice:\n    - manual: [a-001]\n    - gen: {seed: 1, count: 2, size: 1, prefix: a}\n",
    );
    assert_eq!((line, col), (4, 3), "{why}");
    let twice = GroupError::NamedTwice {
        group: "twice".into(),
        name: "a-001".into(),
    };
    assert_eq!(why, twice.to_string());
    let (line, _, why) = located("groups:\n  ../up:\n    - manual: all\n");
    assert_eq!(line, 2, "{why}");
    // The file must say `groups:`.
    let (line, _, why) = located("# nothing\n");
    assert_eq!(line, 2, "{why}");
}

#[test]
fn a_problem_without_a_recipe_has_none() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(load(dir.path()).unwrap(), None);
    std::fs::write(dir.path().join(RECIPE_FILE), EXAMPLE).unwrap();
    assert!(load(dir.path()).unwrap().is_some());
}

fn draw(index: usize) -> Draw {
    Draw {
        seed: 7,
        index,
        size: 3,
    }
}

fn read(dir: &Path) -> (String, Recipe) {
    let text = std::fs::read_to_string(dir.join(RECIPE_FILE)).unwrap();
    let recipe = parse(Path::new("recipe.yaml"), &text).unwrap();
    (text, recipe)
}

#[test]
fn appending_keeps_every_line_and_adds_the_entry() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(RECIPE_FILE), EXAMPLE).unwrap();
    let catches = vec!["a: \"quoted\" mutant".to_string()];
    append_case(dir.path(), "hardened", "h-002", draw(40), &catches).unwrap();
    append_case(dir.path(), "secret/new", "n-1", draw(1), &[]).unwrap();
    let (text, recipe) = read(dir.path());
    // Nothing that was there changed, comments included.
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| EXAMPLE.lines().any(|e| e == *l))
        .collect();
    assert_eq!(kept, EXAMPLE.lines().collect::<Vec<_>>(), "{text}");
    let mut expected = parse(Path::new("recipe.yaml"), EXAMPLE).unwrap();
    expected
        .groups
        .get_mut("hardened")
        .unwrap()
        .push(Entry::Single {
            case: "h-002".into(),
            draw: draw(40),
            catches,
        });
    expected.groups.insert(
        "secret/new".into(),
        vec![Entry::Single {
            case: "n-1".into(),
            draw: draw(1),
            catches: Vec::new(),
        }],
    );
    assert_eq!(recipe, expected, "{text}");
    // h-002 sits right after h-001, inside its group.
    let at = |s: &str| text.find(s).unwrap();
    assert!(at("case: h-001") < at("case: h-002") && at("case: h-002") < at("secret/new"));
}

#[test]
fn appending_makes_the_file_and_refuses_a_name_twice() {
    let dir = tempfile::tempdir().unwrap();
    append_case(dir.path(), "hardened", "h-001", draw(3), &[]).unwrap();
    append_case(dir.path(), "hardened", "h-002", draw(4), &["x".into()]).unwrap();
    let (text, recipe) = read(dir.path());
    assert!(text.starts_with("# How every case"), "{text}");
    assert_eq!(recipe.groups["hardened"].len(), 2, "{text}");
    let e = append_case(dir.path(), "hardened", "h-001", draw(5), &[]).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists, "{e}");
    let e = append_case(dir.path(), "hardened", "bad/name", draw(5), &[]).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData, "{e}");
    let bad_size = Draw { size: 0, ..draw(5) };
    assert!(append_case(dir.path(), "hardened", "h-003", bad_size, &[]).is_err());
    assert_eq!(read(dir.path()).0, text, "a refused entry changes nothing");
    // A broken recipe is not overwritten.
    std::fs::write(dir.path().join(RECIPE_FILE), "groups: [\n").unwrap();
    let e = append_case(dir.path(), "g", "a", draw(1), &[]).unwrap_err();
    assert!(e.to_string().contains("recipe.yaml:"), "{e}");
}

#[test]
fn other_layouts_keep_their_header_and_read_back_with_the_entry() {
    let dir = tempfile::tempdir().unwrap();
    for text in [
        "# Mine.\n\ngroups: {g: [{manual: all}]}\n",
        // Items at their key's indentation (serde_yaml's own style).
        "# Mine.\ngroups:\n  g:\n  - manual: all\n  hardened:\n  - case: a\n    gen: {seed: 1, index: 2, size: 3}\n",
    ] {
        std::fs::write(dir.path().join(RECIPE_FILE), text).unwrap();
        append_case(dir.path(), "hardened", "h-1", draw(9), &[]).unwrap();
        let (new, recipe) = read(dir.path());
        assert!(new.starts_with("# Mine.\n"), "{new}");
        assert!(matches!(
            recipe.groups["g"][0],
            Entry::Manual {
                cases: Manual::All,
                ..
            }
        ));
        assert_eq!(recipe.groups["hardened"].last().unwrap().names(), ["h-1"]);
    }
}

#[test]
fn rendering_reads_back_the_same() {
    let recipe = parse(Path::new("recipe.yaml"), EXAMPLE).unwrap();
    let text = append::render(&recipe);
    assert_eq!(parse(Path::new("r"), &text).unwrap(), recipe, "{text}");
    // Names YAML would read as something else are quoted.
    let mut odd = Recipe::default();
    for name in ["123", "true", "a b", "-x", "é"] {
        odd.groups
            .entry(name.to_string())
            .or_default()
            .push(Entry::Single {
                case: name.to_string(),
                draw: draw(0),
                catches: vec![name.to_string()],
            });
    }
    let text = append::render(&odd);
    assert_eq!(parse(Path::new("r"), &text).unwrap(), odd, "{text}");
}

/// Entries made in code obey the rules a parsed one does, and each
/// refusal names its rule and the value at fault.
#[test]
fn an_entry_breaking_a_rule_is_refused_with_the_value_at_fault() {
    let run = |count: usize, prefix: &str, skip: &[&str]| Entry::Batch {
        run: Batch {
            seed: 1,
            count,
            size: 1,
            prefix: prefix.into(),
        },
        skip: skip.iter().map(|s| s.to_string()).collect(),
    };
    assert!(checked(run(2, "a", &["a-002"])).is_ok());
    assert_eq!(checked(run(0, "a", &[])), Err(EntryError::ZeroCount));
    assert_eq!(
        checked(run(2, "a/b", &[])),
        Err(EntryError::NotACaseName { name: "a/b".into() })
    );
    assert_eq!(
        checked(run(2, "a", &["a-003"])),
        Err(EntryError::StraySkip {
            name: "a-003".into()
        })
    );
    let single = |case: &str, size: u32| Entry::Single {
        case: case.into(),
        draw: Draw {
            seed: 1,
            index: 0,
            size,
        },
        catches: Vec::new(),
    };
    assert_eq!(
        checked(single("x", MAX_SIZE + 1)),
        Err(EntryError::Size { size: MAX_SIZE + 1 })
    );
    assert!(matches!(
        checked(single(".hidden", 1)),
        Err(EntryError::NotACaseName { name }) if name == ".hidden"
    ));
    let empty = Entry::Manual {
        cases: Manual::Named(Vec::new()),
        from: None,
    };
    assert_eq!(checked(empty), Err(EntryError::ManualEmpty));
}

#[test]
fn rules_across_entries_name_the_group() {
    let recipe = |group: &str, entries: Vec<Entry>| Recipe {
        groups: [(group.to_string(), entries)].into(),
        ..Recipe::default()
    };
    let all = || Entry::Manual {
        cases: Manual::All,
        from: None,
    };
    let e = recipe("a//b", vec![all()]).check().unwrap_err();
    assert_eq!(
        e,
        GroupError::NotAFolder {
            group: "a//b".into()
        }
    );
    let e = recipe("g", vec![all(), all()]).check().unwrap_err();
    assert_eq!(e.group(), "g");
    assert_eq!(e.to_string(), "g: `manual: all` twice");
}
