//! What `judge new` writes: one small problem ("add two numbers") that
//! passes `judge check` at once, in judge's layout or as a 2025-09
//! package, with its reference in the language asked for.
//!
//! The problem is deliberately trivial: the files show where everything
//! goes (statement, cases, validator, generator, reference, submissions),
//! and a setter replaces their contents, keeping the layout.

/// A reference program and an accepted submission in one language.
pub struct Template {
    /// The language table's id.
    pub language: &'static str,
    pub extension: &'static str,
    /// Reads `a b`, prints `a + b`.
    pub reference: &'static str,
    /// The same answer computed another way (a second opinion that the
    /// test set's answers do not depend on one program).
    pub accepted: &'static str,
}

/// The languages `--reference` takes, by the names people type.
pub fn template(name: &str) -> Option<&'static Template> {
    let id = match name {
        "py" | "python" | "python3" => "python3",
        "cpp" | "c++" | "cc" => "cpp",
        "c" => "c",
        "rs" | "rust" => "rust",
        "java" => "java",
        _ => return None,
    };
    TEMPLATES.iter().find(|t| t.language == id)
}

/// The names `--reference` takes, for the error message.
pub const NAMES: &str = "py, cpp, c, rust, java";

const TEMPLATES: [Template; 5] = [
    Template {
        language: "python3",
        extension: "py",
        reference: "a, b = map(int, input().split())\nprint(a + b)\n",
        accepted: "import sys\n\nprint(sum(int(x) for x in sys.stdin.read().split()))\n",
    },
    Template {
        language: "cpp",
        extension: "cpp",
        reference: "#include <iostream>\n\nint main() {\n    long long a, b;\n    std::cin >> a >> b;\n    std::cout << a + b << '\\n';\n}\n",
        accepted: "#include <cstdio>\n\nint main() {\n    long long a, b;\n    if (std::scanf(\"%lld %lld\", &a, &b) != 2) return 1;\n    std::printf(\"%lld\\n\", b + a);\n}\n",
    },
    Template {
        language: "c",
        extension: "c",
        reference: "#include <stdio.h>\n\nint main(void) {\n    long long a, b;\n    if (scanf(\"%lld %lld\", &a, &b) != 2) return 1;\n    printf(\"%lld\\n\", a + b);\n    return 0;\n}\n",
        accepted: "#include <stdio.h>\n\nint main(void) {\n    long long a, b, sum;\n    if (scanf(\"%lld %lld\", &a, &b) != 2) return 1;\n    sum = b;\n    sum += a;\n    printf(\"%lld\\n\", sum);\n    return 0;\n}\n",
    },
    Template {
        language: "rust",
        extension: "rs",
        reference: "use std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!(\"{}\", v[0] + v[1]);\n}\n",
        accepted: "fn main() {\n    let mut line = String::new();\n    std::io::stdin().read_line(&mut line).unwrap();\n    let sum: i64 = line.split(' ').map(|x| x.trim().parse::<i64>().unwrap()).sum();\n    println!(\"{sum}\");\n}\n",
    },
    Template {
        language: "java",
        extension: "java",
        reference: "import java.util.Scanner;\n\nclass reference {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        long a = in.nextLong(), b = in.nextLong();\n        System.out.println(a + b);\n    }\n}\n",
        accepted: "import java.io.*;\n\nclass sum {\n    public static void main(String[] args) throws IOException {\n        String[] p = new BufferedReader(new InputStreamReader(System.in)).readLine().split(\" \");\n        System.out.println(Long.parseLong(p[0]) + Long.parseLong(p[1]));\n    }\n}\n",
    },
];

/// The cases: `(group, name, input)`; answers are computed, not typed.
pub const CASES: [(&str, &str, &str); 5] = [
    ("sample", "1", "1 2\n"),
    ("sample", "2", "-5 5\n"),
    ("secret", "zeros", "0 0\n"),
    ("secret", "largest", "1000000000 1000000000\n"),
    ("secret", "smallest", "-1000000000 -1000000000\n"),
];

/// Inputs the validator must reject, one rule broken each.
pub const INVALID: [(&str, &str, &str); 4] = [
    ("out-of-range", "1000000001 0\n", "a-range"),
    ("b-below-range", "0 -1000000001\n", "b-range"),
    ("three-numbers", "1 2 3\n", "field-count"),
    ("no-newline", "1 2", "final-newline"),
];

/// The answer to one of [`CASES`].
pub fn answer(input: &str) -> String {
    let sum: i64 = input
        .split_whitespace()
        .map(|x| x.parse::<i64>().unwrap_or(0))
        .sum();
    format!("{sum}\n")
}

pub const STATEMENT: &str = "Given two integers, print their sum.

## Input

One line with two integers $a$ and $b$ ($-10^9 \\le a, b \\le 10^9$),
separated by a single space.

## Output

One line with the integer $a + b$.
";

/// An ICPC input validator (exit 42 valid, 43 invalid) that also prints
/// `bound` lines, so `judge validate` shows how far the cases reach.
pub const VALIDATOR: &str = r#""""Input validator (exit 42: valid, 43: invalid): one line `a b`,
-10^9 <= a, b <= 10^9, single space, canonical integers, a final newline.
A rejection ends with `(rule NAME)`: an input of invalid/ declares the rule
it breaks in its .yaml, and `judge validate` checks it is rejected for it.
It prints `bound NAME VALUE MIN MAX` lines: `judge validate` shows how far
the cases go towards each end of each range."""
import re
import sys

LIMIT = 10**9


def reject(message, rule):
    print(f"{message} (rule {rule})", file=sys.stderr)
    sys.exit(43)


data = sys.stdin.buffer.read()
try:
    text = data.decode("utf-8")
except UnicodeDecodeError:
    reject("the file is not valid UTF-8 text", "utf-8")
if not text:
    reject("the file is empty", "empty-file")
for char, rule in (("\r", "crlf"), ("\t", "tab")):
    if char in text:
        reject(f"a {rule} character", rule)
if not text.endswith("\n"):
    reject("the last line has no final newline", "final-newline")
lines = text[:-1].split("\n")
line = lines[0]
if not line:
    reject("unexpected blank line", "blank-line")
if line.startswith(" "):
    reject("leading space", "leading-space")
if line.endswith(" "):
    reject("trailing space", "trailing-space")
if "  " in line:
    reject("two spaces in a row", "double-space")
fields = line.split(" ")
if len(fields) != 2:
    reject(f"expected 2 integers a and b, found {len(fields)}", "field-count")
for name, field in zip("ab", fields):
    if not re.fullmatch(r"[+-]?[0-9]+", field):
        reject(f"{name} is not an integer: {field!r}", "integer")
    if not re.fullmatch(r"-?(0|[1-9][0-9]*)", field) or field == "-0":
        reject(f"{name} is not written in canonical form: {field!r}", "canonical-integer")
    value = int(field)
    print(f"bound {name} {value} {-LIMIT} {LIMIT}")
    if not -LIMIT <= value <= LIMIT:
        reject(f"{name} = {value} is outside [-10^9, 10^9]", f"{name}-range")
if len(lines) > 1:
    rule = "blank-line" if not lines[1] else "extra-data"
    reject("something after the line of a and b", rule)
sys.exit(42)
"#;

/// A generator program: `generator.py SEED SIZE` prints one valid input.
pub const GENERATOR: &str = r#""""Prints one valid input: `generator.py SEED SIZE`, SIZE in 1..10 (larger
sizes give larger numbers). The same SEED and SIZE give the same input."""
import random
import sys

seed, size = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
top = 10 ** size if size < 10 else 10**9
print(rng.randint(-top, top), rng.randint(-top, top))
"#;

/// judge-config.yaml of a new repository.
pub const CONFIG: &str = "# judge's configuration (docs/grading-and-sandbox.md). judge finds it
# from any folder below this one, with problems/ beside it.
#
# tools:                      # pin the programs languages run
#   python3: /usr/bin/python3
# sandbox:
#   allow: []                 # more folders a sandboxed program may read
";

/// .gitignore of a new repository.
pub const GITIGNORE: &str = "reports/\ntarget/\n";

/// The in-crate solver's `Cargo.toml` (`{id}` replaced).
pub const CRATE_TOML: &str = "[package]
name = \"judge-{id}\"
description = \"Reference solver of the problem {id}\"
version.workspace = true
edition.workspace = true
rust-version.workspace = true
license.workspace = true
publish = false

[dependencies]
judge-solver.workspace = true
judge-text.workspace = true
";

/// The in-crate solver (`{id}` and `{Type}` replaced): strict validation
/// with located errors, the solution, bounds and a generator.
pub const CRATE_LIB: &str = r#"//! {id}: add two numbers. The reference solver, strict validator and
//! generator of the problem, in the crate (see docs/reference-programs.md
//! for when that pays off against a reference program).

use judge_solver::{Bound, Reached};
use judge_text::rng::Rng;
use judge_text::scan::InputError;
use judge_text::strict;

const A: Bound = Bound::new("a", -1_000_000_000, 1_000_000_000);
const B: Bound = Bound::new("b", -1_000_000_000, 1_000_000_000);

pub struct {Type};

impl judge_solver::Solver for {Type} {
    fn id(&self) -> &'static str {
        "{id}"
    }

    fn solve(&self, input: &str) -> Result<String, InputError> {
        let [a, b] = read(input, &mut Reached::default())?;
        Ok(format!("{}\n", a + b))
    }

    fn validate_noting(&self, input: &str, reached: &mut Reached) -> Result<(), InputError> {
        read(input, reached).map(|_| ())
    }

    fn bounds(&self) -> &'static [Bound] {
        &[A, B]
    }

    fn rules(&self) -> Vec<String> {
        // Every shared layout rule but a required blank line: the
        // format has one line.
        let layout = judge_text::rule::LINES_OF_FIELDS;
        judge_solver::rules_of(&layout, self.bounds(), &[])
    }

    fn generate(&self, rng: &mut Rng, size: u32) -> String {
        let top = 10i64.pow(size.min(9));
        format!("{} {}\n", rng.range(-top, top), rng.range(-top, top))
    }
}

/// One line of two integers within the bounds, exactly.
fn read(input: &str, reached: &mut Reached) -> Result<[i64; 2], InputError> {
    let lines = strict::lines(input)?;
    let line = strict::line(&lines, 0, "a and b")?;
    // Count and form first, then each number against its own bound, so a
    // range error names the rule of `a` or of `b`.
    let values = line.ints(2, "integers a and b", i64::MIN..=i64::MAX)?;
    for ((bound, value), field) in [A, B].iter().zip(&values).zip(line.fields()?) {
        reached.note(bound, *value);
        bound.named(field.int(bound.name, bound.range()))?;
    }
    strict::expect_no_more(&lines, 1)?;
    Ok([values[0], values[1]])
}

#[cfg(test)]
mod tests {
    use judge_solver::Solver;

    #[test]
    fn sums_and_refuses_a_third_number() {
        assert_eq!(super::{Type}.solve("1 2\n").unwrap(), "3\n");
        assert!(super::{Type}.validate("1 2 3\n").is_err());
    }
}
"#;
