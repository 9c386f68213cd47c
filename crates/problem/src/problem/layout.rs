//! The names and order of a problem folder's groups: which group is the
//! sample, where invalid inputs and the checker's tests are filed, the
//! order cases are judged in. Plain functions of names, used by the
//! loader, the groups' settings and every later stage alike.

use std::path::Path;

/// Whether `group` is the sample group or inside it.
pub fn is_sample(group: &str) -> bool {
    group == SAMPLE_GROUP || group.starts_with("sample/")
}

/// The group people read first and contestants see.
pub const SAMPLE_GROUP: &str = "sample";

/// The order cases are judged and reported in: the sample first, then the
/// rest, cases and sub-groups of a group together by name. It is the ICPC
/// package order (`data/sample` before `data/secret`, lexicographic
/// within, a sub-group where its name sorts), so the first
/// failure judge reports for a submission is the one problemtools and
/// DOMjudge report for the exported package, and a test set can put slow
/// groups last (a name sorting late) so wrong submissions fail cheaply.
/// Compares two `(group, name)` pairs path part by path part, without
/// allocating: it runs inside sorts of every case.
pub fn case_order(a: (&str, &str), b: (&str, &str)) -> std::cmp::Ordering {
    fn parts<'a>((group, name): (&'a str, &'a str)) -> impl Iterator<Item = &'a str> {
        group.split('/').filter(|p| !p.is_empty()).chain([name])
    }
    let later = |(group, _): (&str, &str)| !is_sample(group);
    later(a).cmp(&later(b)).then_with(|| parts(a).cmp(parts(b)))
}

/// The folder of inputs that must be rejected, beside `cases/`.
pub const INVALID_DIR: &str = "invalid";
/// The group reports file them under (the ICPC package's name).
pub const INVALID_GROUP: &str = "invalid_input";

/// The groups reports file a package's output checks under (its folder
/// names): outputs the checker must accept, and outputs it must reject.
pub const VALID_OUTPUT_GROUP: &str = "valid_output";
pub const INVALID_OUTPUT_GROUP: &str = "invalid_output";

/// Whether reports file `group` among the tests of the validators (an
/// invalid input, a test of the checker, an answer to reject) rather than
/// the test data: such a case is never part of a score.
pub fn is_validation_group(group: &str) -> bool {
    let top = group.split('/').next().unwrap_or(group);
    [
        INVALID_GROUP,
        VALID_OUTPUT_GROUP,
        INVALID_OUTPUT_GROUP,
        "invalid_answer",
    ]
    .contains(&top)
}

/// The group path of folder `dir` below `cases_dir` (`/` separators).
pub(crate) fn group_of(cases_dir: &Path, dir: &Path) -> String {
    dir.strip_prefix(cases_dir)
        .map(|g| {
            g.components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/")
        })
        .unwrap_or_default()
}
