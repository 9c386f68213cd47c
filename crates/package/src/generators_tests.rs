//! Tests of `generators`.

use super::*;

#[test]
fn list_folders_number_their_cases_across_the_recipe_and_count_expands() {
    let r = parse(
        "solution: /submissions/accepted/a.py\ndata:\n  sample:\n    data:\n      - '': {in: '1 2'}\n  secret:\n    test_group.yaml: {score: 10}\n    data:\n      - small:\n          generate: gen.py {seed} {count}\n          count: 2\n      - g:\n          data:\n            - x: gen.py 5\n    visualizer: vis.py\n",
    )
    .unwrap();
    let paths: Vec<&str> = r.cases.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "sample/1",
            "secret/2-small-1",
            "secret/3-small-2",
            "secret/1-g/4-x"
        ]
    );
    assert_eq!(r.cases[0].inline["in"], "1 2\n");
    let Source::Generate { args, seed, .. } = &r.cases[1].source else {
        panic!()
    };
    assert_eq!(args[1], "1");
    assert_eq!(seed.map(|s| s.to_string()).as_ref(), Some(&args[0]));
    assert_eq!(
        r.cases[1].solution,
        Some(PathBuf::from("submissions/accepted/a.py"))
    );
    assert!(r.skipped[0].0.contains("visualizer"), "{:?}", r.skipped);
    assert!(r.folders.iter().any(|(f, s)| f == "secret" && s.is_some()));
    let root = parse("test_group.yaml: {output_validator_args: [case_sensitive]}\ndata:\n  sample:\n    data:\n      - '': {in: '1'}\n").unwrap();
    let (folder, settings) = &root.folders[0];
    assert_eq!(folder, "");
    assert!(
        settings.as_deref().unwrap().contains("case_sensitive"),
        "{settings:?}"
    );
}

#[test]
fn errors_name_their_place() {
    let e = parse("data:\n  - x: gen.py\n").unwrap_err();
    assert!(
        matches!(
            e,
            crate::error::Error::Recipe(RecipeError::At {
                line: 1,
                col: 1,
                fault: RecipeFault::NumberedRoot
            })
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "generators/generators.yaml:1:1: the root folder must not be numbered"
    );
    let e = parse("[1]\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "generators/generators.yaml:1:1: not a mapping"
    );
    let e = parse("data: [\n").unwrap_err();
    assert!(
        matches!(e, crate::error::Error::Recipe(RecipeError::Yaml(_))),
        "{e:?}"
    );
    assert!(
        e.to_string().starts_with("generators/generators.yaml:"),
        "{e}"
    );
}

#[test]
fn seed_placeholders_are_filled() {
    assert_eq!(fill_seed("{seed}", 7), "7");
    assert_eq!(fill_seed("--s={seed:2}", 7), "--s=7");
    assert_eq!(fill_seed("{name}", 7), "{name}");
}
