//! Unit tests of `statement`: each construct of the subset, and the
//! errors (with their line and column) for what is outside it.

use super::*;

fn tex(md: &str) -> String {
    to_latex(Path::new("s.md"), "P", md).unwrap()
}

/// The body after the `\problemname` line.
fn body(md: &str) -> String {
    let t = tex(md);
    t.strip_prefix("\\problemname{P}\n\n")
        .unwrap()
        .trim_end()
        .to_string()
}

/// `(line, col, reason)` of the error `md` gives.
fn fault(md: &str) -> (usize, usize, String) {
    match to_latex(Path::new("s.md"), "P", md) {
        Err(Error::Statement {
            line,
            col,
            reason,
            path,
        }) => {
            assert_eq!(path, Path::new("s.md"));
            (line, col, reason)
        }
        other => panic!("{md:?} gave {other:?}"),
    }
}

#[test]
fn the_name_comes_first_escaped() {
    let t = to_latex(Path::new("s.md"), "A & B_1", "Hi.\n").unwrap();
    assert_eq!(t, "\\problemname{A \\& B\\_1}\n\nHi.\n");
}

#[test]
fn headings_and_paragraphs() {
    assert_eq!(
        body("Some text\nover two lines.\n\n## Input\n\nMore.\n\n### Note ##\n"),
        "Some text\nover two lines.\n\n\\section*{Input}\n\nMore.\n\n\\subsection*{Note}"
    );
}

#[test]
fn emphasis_bold_and_code() {
    assert_eq!(
        body("a *stable* _cell_ is **not** snake_case, 2 * 3"),
        "a \\emph{stable} \\emph{cell} is \\textbf{not} snake\\_case, 2 * 3"
    );
    assert_eq!(
        body("print `Case k: valid` or `Game #n: ` or `-------` or `a_b{}%$&~^\\'`"),
        "print \\texttt{Case k: valid} or \\texttt{Game \\#n:\\ } or \
         \\texttt{-{}-{}-{}-{}-{}-{}-} or \
         \\texttt{a\\_b\\{\\}\\%\\$\\&\\textasciitilde{}\\textasciicircum{}\\textbackslash{}\\textquotesingle{}}"
    );
    assert_eq!(
        body("``a ` b`` and `x  y`"),
        "\\texttt{a \\textasciigrave{} b} and \\texttt{x \\ y}"
    );
}

#[test]
fn math_passes_through_untouched() {
    assert_eq!(
        body("cells $N \\times N$, $|v| \\le 9$, $a_1*b_2$ and\n$$\\sum_{i} x_i$$ costs \\$5"),
        "cells $N \\times N$, $|v| \\le 9$, $a_1*b_2$ and\n\\[\\sum_{i} x_i\\] costs \\$5"
    );
}

#[test]
fn text_specials_are_escaped_and_punctuation_is_smart() {
    assert_eq!(
        body("50% & #1 {x} a < b > c | d \\\\ \\* \\_ \\^ \\~ \\[x\\]"),
        "50\\% \\& \\#1 \\{x\\} a \\textless{} b \\textgreater{} c \\textbar{} d \
         \\textbackslash{} * \\_ \\textasciicircum{} \\textasciitilde{} [x]"
    );
    assert_eq!(
        body("\"Four in a row\" and 'this' don't... (\"x\")"),
        "``Four in a row'' and `this' don't\\ldots{} (``x'')"
    );
}

#[test]
fn bullet_lists_nest_and_numbered_lists_enumerate() {
    let md =
        "Text:\n\n- one\n  more\n- two\n  - sub *a*\n  - sub b\n\n1. first\n   more\n2. second\n";
    assert_eq!(
        body(md),
        "Text:\n\n\\begin{itemize}\n\\item one\n  more\n\\item two\n  \\begin{itemize}\n  \
         \\item sub \\emph{a}\n  \\item sub b\n  \\end{itemize}\n\\end{itemize}\n\n\
         \\begin{enumerate}\n\\item first\n  more\n\\item second\n\\end{enumerate}"
    );
    assert_eq!(
        body("* a\n\n  second paragraph\n* b"),
        "\\begin{itemize}\n\\item a\n\n  second paragraph\n\\item b\n\\end{itemize}"
    );
}

#[test]
fn fenced_code_is_verbatim_even_in_a_list() {
    assert_eq!(
        body("Picture:\n\n```\n# +-+ #\n\n  |x|\n```\n"),
        "Picture:\n\n\\begin{verbatim}\n# +-+ #\n\n  |x|\n\\end{verbatim}"
    );
    assert_eq!(
        body("- item\n\n  ```\n  a  b\n  ```\n"),
        "\\begin{itemize}\n\\item item\n\n  \\begin{verbatim}\na  b\n\\end{verbatim}\n\\end{itemize}"
    );
}

#[test]
fn what_is_outside_the_subset_is_an_error_with_its_place() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("a [link](x) b", (1, 3), "link"),
        ("![img](a.png)", (1, 2), "link"),
        ("x\n\n| a | b |\n|---|---|\n", (3, 1), "table"),
        ("a | b\n--|--\n", (2, 1), "table"),
        ("text <b>bold</b>", (1, 6), "HTML"),
        ("    code\n", (1, 5), "indented code"),
        ("```rust\nx\n```", (1, 4), "language"),
        ("```\nx\n", (1, 1), "never closed"),
        ("# Title\n", (1, 1), "`##`"),
        ("a\n## B\n", (2, 1), "blank line"),
        ("a\n- b\n", (2, 1), "blank line"),
        ("> quote", (1, 1), "block quote"),
        ("---\n", (1, 1), "rule"),
        ("a) one", (1, 1), "list marker"),
        ("3. three", (1, 1), "starting at 3"),
        ("- a\nlazy", (2, 1), "column 3"),
        ("x \\emph{y}", (1, 3), "raw LaTeX"),
        ("x^2^", (1, 2), "superscript"),
        ("a *b", (1, 3), "never closed"),
        ("a `b", (1, 3), "never closed"),
        ("costs $ 5", (1, 7), "dollar"),
        ("x $a", (1, 3), "never closed"),
        ("line  \nnext", (1, 5), "hard line break"),
        ("\tx", (1, 1), "tab"),
        ("ok\n\n- a\n  - b [c]\n", (4, 7), "link"),
    ];
    for (md, (line, col), why) in cases {
        let (l, c, reason) = fault(md);
        assert_eq!((l, c), (*line, *col), "{md:?}: {reason}");
        assert!(reason.contains(why), "{md:?}: {reason}");
    }
}

#[test]
fn latex_names() {
    assert_eq!(
        latex_name("problem.en.md").as_deref(),
        Some("problem.en.tex")
    );
    assert_eq!(latex_name("problem.md").as_deref(), Some("problem.tex"));
    assert_eq!(latex_name("notes.md"), None);
    assert_eq!(latex_name("problem.en.tex"), None);
    assert_eq!(latex_name("problems.md"), None);
}
