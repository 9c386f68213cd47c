//! What a source's text says about how its contest ran it, read without
//! running anything: Python 2 written without a shebang, the class a JVM
//! language starts from, JavaScript written for SpiderMonkey's shell,
//! Objective-C that needs Foundation.
//!
//! Each rule here is a cheap scan that the build confirms or uses as a
//! tie-breaker; none of them alone turns a submission's fault into the
//! machine's. Python 2's syntax marks, for one, only count once Python 3's
//! parser has refused the file (see [`Python2::syntax`]), so a Python 3
//! file with a genuine syntax error stays a compile error.

/// Evidence that a Python file is Python 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Python2 {
    /// What was seen (`print statement`).
    pub what: &'static str,
    /// Its line, from 1.
    pub line: usize,
    /// Whether the mark is syntax Python 3 may also refuse for other
    /// reasons (then it counts only when Python 3's parser refused the
    /// file), rather than a call of a name only Python 2 has.
    pub syntax: bool,
}

/// Names only Python 2 has built in: a call of one that the file does
/// not define itself fails under Python 3 at run time (RE), however
/// valid its syntax.
const PY2_NAMES: [&str; 5] = ["raw_input", "xrange", "unichr", "iteritems", "has_key"];

/// The first sign that `text` is Python 2, if any. Lines inside
/// triple-quoted strings and comments are read past.
pub fn python2(text: &str) -> Option<Python2> {
    let defines = |name: &str| {
        text.contains(&format!("def {name}"))
            || text.contains(&format!("{name} ="))
            || text.contains(&format!("{name}="))
            || text.contains("NameError")
    };
    let mut in_string: Option<&str> = None;
    let mut syntax: Option<Python2> = None;
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        // Triple-quoted strings: skip their lines (roughly: a line that
        // opens and closes one is code).
        let quotes = ["\"\"\"", "'''"];
        if let Some(q) = in_string {
            if raw.contains(q) {
                in_string = None;
            }
            continue;
        }
        if let Some(q) = quotes.iter().find(|q| raw.matches(**q).count() % 2 == 1) {
            in_string = Some(q);
        }
        let code = strip_comment(raw);
        let trimmed = code.trim_start();
        for name in PY2_NAMES {
            if calls(code, name) && !defines(name) {
                return Some(Python2 {
                    what: match name {
                        "raw_input" => "raw_input()",
                        "xrange" => "xrange()",
                        "unichr" => "unichr()",
                        "iteritems" => "dict.iteritems()",
                        _ => "dict.has_key()",
                    },
                    line: line_no,
                    syntax: false,
                });
            }
        }
        if syntax.is_some() {
            continue;
        }
        let what = if print_statement(trimmed) {
            Some("print statement")
        } else if except_comma(trimmed) {
            Some("`except E, e:`")
        } else if code.contains('`') {
            Some("backticks")
        } else if trimmed.starts_with("exec \"") || trimmed.starts_with("exec '") {
            Some("exec statement")
        } else if code.contains("lambda (") || trimmed.starts_with("def ") && code.contains("((") {
            Some("tuple parameters")
        } else if code.contains("<>") {
            Some("`<>`")
        } else {
            None
        };
        syntax = what.map(|what| Python2 {
            what,
            line: line_no,
            syntax: true,
        });
    }
    syntax
}

/// `line` without a `#` comment (a `#` inside quotes is kept).
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return &line[..i],
            None => {}
        }
    }
    line
}

/// Whether `code` calls `name(` as a name of its own (`xrange(`, not
/// `my_xrange(`; `.iteritems(` as a method).
fn calls(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].trim_start();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.starts_with('(')
    })
}

/// `print x`, `print "a"`, `print >>f, x`: a print statement. `print(x)`
/// and `print (x)` are valid Python 3 and say nothing.
fn print_statement(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("print") else {
        return false;
    };
    let Some(first) = rest.chars().next() else {
        return false;
    };
    if !first.is_whitespace() {
        return false;
    }
    let rest = rest.trim_start();
    match rest.chars().next() {
        None | Some('(') | Some('=') | Some(')') | Some(',') | Some('.') | Some('[') => false,
        Some(_) => true,
    }
}

/// `except ValueError, e:`: a comma outside brackets before the colon.
fn except_comma(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("except") else {
        return false;
    };
    if !rest.starts_with(char::is_whitespace) {
        return false;
    }
    let mut depth = 0i32;
    for c in rest.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => return true,
            ':' if depth == 0 => return false,
            _ => {}
        }
    }
    false
}

/// The JVM class a source starts from: the class (or Scala `object`)
/// whose body declares `marker`, qualified with the file's `package`; a
/// nested class by its binary name (`Outer$Inner`). The braces decide, not
/// the nearest declaration above the marker: a helper class declared
/// before `main` (`static class Node { … }`) is closed by then. `None`
/// when the text does not say.
pub fn entry_class(text: &str, marker: &str) -> Option<String> {
    let text = &code_only(text);
    let at = text.find(marker)?;
    let before = &text[..at];
    // One entry per open brace: the class it opens, if it opens one.
    let mut open: Vec<Option<String>> = Vec::new();
    let mut pending: Option<String> = None;
    let mut prev: Option<char> = None;
    for (i, c) in before.char_indices() {
        let word_start = !prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '$');
        prev = Some(c);
        match c {
            '{' => open.push(pending.take()),
            '}' => {
                open.pop();
            }
            ';' => pending = None,
            _ if word_start => {
                if let Some(name) = declared_type(&before[i..]) {
                    pending = Some(name);
                }
            }
            _ => {}
        }
    }
    let nested: Vec<String> = open.into_iter().flatten().collect();
    if nested.is_empty() {
        return None;
    }
    Some(format!("{}{}", package(text), nested.join("$")))
}

/// The name a type declaration at the start of `code` declares
/// (`class Foo<T> extends …` gives `Foo`), if it is one.
fn declared_type(code: &str) -> Option<String> {
    let rest = ["class ", "object ", "interface ", "enum ", "record "]
        .iter()
        .find_map(|kw| code.strip_prefix(kw))?;
    let ident: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    (!ident.is_empty()).then_some(ident)
}

/// `text` (Java, Kotlin or Scala) with its comments and string literals
/// blanked out, lines kept: a comment's "two-class program" or a string's
/// "class X" declares nothing.
fn code_only(text: &str) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum At {
        Code,
        Line,
        Block,
        Quoted(char),
    }
    let mut at = At::Code;
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
        match at {
            At::Code => match (c, next) {
                ('/', Some('/')) => at = At::Line,
                ('/', Some('*')) => {
                    chars.next();
                    at = At::Block;
                    out.push(' ');
                }
                ('"' | '\'', _) => at = At::Quoted(c),
                _ => {}
            },
            At::Line if c == '\n' => at = At::Code,
            At::Block if c == '*' && next == Some('/') => {
                chars.next();
                out.push(' ');
                at = At::Code;
            }
            At::Quoted(_) if c == '\\' => {
                chars.next();
                out.push(' ');
            }
            At::Quoted(q) if c == q || c == '\n' => {
                at = At::Code;
                out.push(' ');
                continue;
            }
            _ => {}
        }
        out.push(if at == At::Code { c } else { blank(c) });
    }
    out
}

/// The `package a.b;` of a JVM source as a prefix (`a.b.`), or empty.
pub fn package(text: &str) -> String {
    for line in code_only(text).lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("package ") {
            let name: String = rest
                .trim()
                .trim_end_matches(';')
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            if !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || "._".contains(c))
            {
                return format!("{name}.");
            }
        }
    }
    String::new()
}

/// Whether JavaScript `text` was written for a shell that has
/// `readline()` and `print()` as globals (SpiderMonkey's, as Kattis' old
/// JavaScript and DOMjudge's `js` ran it) and does not define them or
/// load Node's modules itself.
pub fn spidermonkey(text: &str) -> bool {
    let uses = calls(text, "readline") || calls(text, "print");
    let own = ["function readline", "function print", "require(", "import "]
        .iter()
        .any(|w| text.contains(w))
        || ["readline =", "print =", "readline=", "print="]
            .iter()
            .any(|w| text.contains(w));
    uses && !own
}

/// Whether Objective-C `text` uses Foundation (GNUstep's, on Linux).
pub fn foundation(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        (l.starts_with("#import") || l.starts_with("#include")) && l.contains("Foundation/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_two_marks_are_found_with_their_line() {
        let p = python2("import sys\n\nprint x\n").unwrap();
        assert_eq!((p.what, p.line, p.syntax), ("print statement", 3, true));
        let p = python2("n = int(raw_input())\n").unwrap();
        assert_eq!((p.what, p.line, p.syntax), ("raw_input()", 1, false));
        assert_eq!(
            python2("for i in xrange(3): pass\n").unwrap().what,
            "xrange()"
        );
        assert_eq!(
            python2("try:\n  x\nexcept ValueError, e:\n  pass\n")
                .unwrap()
                .what,
            "`except E, e:`"
        );
        assert_eq!(python2("s = `x`\n").unwrap().what, "backticks");
        assert_eq!(
            python2("print >>sys.stderr, 'x'\n").unwrap().what,
            "print statement"
        );
        assert_eq!(
            python2("f = lambda (a, b): a\n").unwrap().what,
            "tuple parameters"
        );
    }

    #[test]
    fn python_three_says_nothing() {
        for text in [
            "print(1)\nprint (2)\nprint\n",
            "try:\n  x\nexcept (ValueError, KeyError):\n  pass\n",
            "# print x\ns = 'print x'\n",
            "\"\"\"\nprint x\n\"\"\"\nprint(1)\n",
            "try:\n  input = raw_input\nexcept NameError:\n  pass\nprint(input())\n",
            "def xrange(n):\n  return range(n)\nfor i in xrange(3): print(i)\n",
            "my_xrange(3)\n",
            "print = 3\n",
        ] {
            assert_eq!(python2(text), None, "{text}");
        }
    }

    #[test]
    fn the_entry_class_is_the_one_declaring_main_in_its_package() {
        let java = "package zoo.goo.moo.main;\nimport x;\npublic class Main {\n  public static void main(String[] a) {}\n}\n";
        assert_eq!(
            entry_class(java, "static void main").as_deref(),
            Some("zoo.goo.moo.main.Main")
        );
        let two = "class Helper { }\nclass Main { public static void main(String[] a) {} }\n";
        assert_eq!(
            entry_class(two, "static void main").as_deref(),
            Some("Main")
        );
        let commented = "// The entry point of a two-class program.\n/* class Not */\npublic class Relay {\n  String s = \"class X\";\n  public static void main(String[] a) {}\n}\n";
        assert_eq!(
            entry_class(commented, "static void main").as_deref(),
            Some("Relay")
        );
        let helper_first = "public class PaulGreedy {\n  static class Node {\n    int colour = -1;\n    boolean ok() { return true; }\n  }\n  public static void main(String[] a) {}\n}\n";
        assert_eq!(
            entry_class(helper_first, "static void main").as_deref(),
            Some("PaulGreedy")
        );
        let nested = "class Outer {\n  static class Inner {\n    public static void main(String[] a) {}\n  }\n}\n";
        assert_eq!(
            entry_class(nested, "static void main").as_deref(),
            Some("Outer$Inner")
        );
        let generic = "class Box<T> extends Base implements Runnable {\n  public static void main(String[] a) {}\n}\n";
        assert_eq!(
            entry_class(generic, "static void main").as_deref(),
            Some("Box")
        );
        let scala = "object Echo {\n  def main(args: Array[String]): Unit = {}\n}\n";
        assert_eq!(entry_class(scala, "def main").as_deref(), Some("Echo"));
        assert_eq!(entry_class("fun main() {}", "fun main"), None);
        assert_eq!(package("package a.b\n\nfun main() {}"), "a.b.");
    }

    #[test]
    fn spidermonkey_and_foundation_are_told_from_the_text() {
        assert!(spidermonkey(
            "var n = parseInt(readline());\nprint(n + 1);\n"
        ));
        assert!(!spidermonkey(
            "const readline = require('readline');\nconsole.log(1)\n"
        ));
        assert!(!spidermonkey("console.log(1)\n"));
        assert!(foundation(
            "#import <Foundation/Foundation.h>\nint main() {}\n"
        ));
        assert!(!foundation("#import <stdio.h>\n"));
    }
}
