//! The language end to end: programs parsed and run on inputs, the
//! places of complaints, and random programs and inputs that must never
//! panic.

use super::*;

fn program(src: &str) -> Program {
    Program::parse("t.ctd", src.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
}

fn accepts(src: &str, input: &str) -> bool {
    match program(src).check(input.as_bytes()) {
        Ok(()) => true,
        Err(Failure::Rejected(_)) => false,
        Err(Failure::Program(e)) => panic!("program error: {e}"),
    }
}

fn rejection(src: &str, input: &str) -> Rejection {
    match program(src).check(input.as_bytes()) {
        Err(Failure::Rejected(r)) => *r,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

fn parse_error(src: &str) -> String {
    match Program::parse("t.ctd", src.as_bytes()) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{src:?} parsed"),
    }
}

#[test]
fn integers_are_read_exactly() {
    let p = "INT(-5, 10^20) NEWLINE";
    for ok in ["0\n", "-5\n", "100000000000000000000\n", "7\n"] {
        assert!(accepts(p, ok), "{ok:?}");
    }
    for bad in [
        "07\n",
        "-0\n",
        "-\n",
        "+7\n",
        " 7\n",
        "7 \n",
        "7",
        "7\r\n",
        "7\n\n",
        "-6\n",
        "100000000000000000001\n",
        "",
    ] {
        assert!(!accepts(p, bad), "{bad:?}");
    }
}

#[test]
fn floats_follow_their_notation_and_decimals() {
    let any = "FLOAT(-1, 1000) NEWLINE";
    for ok in [
        "0\n",
        "-0\n",
        "1.5\n",
        "1e2\n",
        "1.25E+2\n",
        "-0.5\n",
        "1e-2\n",
    ] {
        assert!(accepts(any, ok), "{ok:?}");
    }
    for bad in [
        "01\n", "1.\n", ".5\n", "1e\n", "1e01\n", "1e4\n", "-1.5\n", "nan\n",
    ] {
        assert!(!accepts(any, bad), "{bad:?}");
    }
    let fixed = "FLOAT(0, 10, x, FIXED) NEWLINE";
    assert!(accepts(fixed, "2.5\n"));
    assert!(!accepts(fixed, "2e0\n"));
    let sci = "FLOAT(0, 10, x, SCIENTIFIC) NEWLINE";
    assert!(accepts(sci, "2.5e0\n"));
    assert!(!accepts(sci, "2.5\n"));
    let p = "FLOATP(0, 1, 1, 3, p) NEWLINE ASSERT(p > 0.25)";
    assert!(accepts(p, "0.5\n"));
    assert!(accepts(p, "0.375\n"));
    assert!(!accepts(p, "0.3750\n"));
    assert!(!accepts(p, "1\n"));
    assert!(!accepts(p, "0.25\n"));
    let p = "FLOATP(0, 100, 0, 2) NEWLINE";
    assert!(accepts(p, "1.5e1\n"));
    assert!(!accepts(p, "15e0\n"));
    assert!(!accepts(p, "0.5e1\n"));
}

#[test]
fn whitespace_strings_and_regexes_are_exact() {
    assert!(accepts("STRING(\"ab c\") SPACE NEWLINE", "ab c \n"));
    assert!(!accepts("STRING(\"ab c\") NEWLINE", "ab  c\n"));
    let p = "REGEX(\"[a-z]+\", s) NEWLINE ASSERT(STRLEN(s) == 3 && s == \"abc\")";
    assert!(accepts(p, "abc\n"));
    assert!(!accepts(p, "abcd\n"));
    // The longest match, not the first alternative.
    assert!(accepts("REGEX(\"a|ab\") NEWLINE", "ab\n"));
    assert!(accepts("REGEX(\"[^\\n]*\") NEWLINE", "any thing\n"));
    assert!(accepts("", ""));
    assert!(!accepts("", "x"));
}

#[test]
fn loops_separators_and_loop_variables() {
    let p = "INT(1, 5, n) NEWLINE REPI(i, n, SPACE) INT(0, 9, a[i]) END NEWLINE ASSERT(i == n)";
    assert!(accepts(p, "3\n1 2 3\n"));
    assert!(!accepts(p, "3\n1 2 3 \n"));
    assert!(!accepts(p, "3\n1 2\n"));
    assert!(accepts("REP(0, SPACE) INT(0, 1) END", ""));
    let w = "SET(s = 0) WHILEI(i, !ISEOF, NEWLINE) INT(1, 9, x) SET(s = s + x) END ASSERT(s == 6 && i == 3)";
    assert!(accepts(w, "1\n2\n3"));
    assert!(!accepts(w, "1\n2\n3\n"));
    let m = "WHILE(MATCH(\"ab\")) REGEX(\"[ab]\") END NEWLINE";
    assert!(accepts(m, "abba\n"));
    assert!(!accepts(m, "abca\n"));
}

#[test]
fn if_else_arrays_unique_and_inarray() {
    let p = "INT(0, 9, x) IF(x % 2 == 0) SPACE ELSE NEWLINE END";
    assert!(accepts(p, "4 "));
    assert!(accepts(p, "3\n"));
    assert!(!accepts(p, "3 "));
    let u = "INT(1, 9, n) NEWLINE REPI(i, n) INT(0, 9, x[i]) SPACE INT(0, 9, y[i]) NEWLINE END ASSERT(UNIQUE(x, y))";
    assert!(accepts(u, "2\n1 2\n2 1\n"));
    let r = rejection(u, "3\n1 2\n2 1\n1 2\n");
    assert!(
        r.message.contains("(1,2) at index [0] again at index [2]"),
        "{r}"
    );
    let a = "REPI(i, 3, SPACE) INT(0, 9, x[i]) END NEWLINE INT(0, 9, y) ASSERT(INARRAY(y, x))";
    assert!(accepts(a, "1 5 7\n5"));
    assert!(!accepts(a, "1 5 7\n6"));
    // A value overwritten is no longer in the array.
    let o = "SET(x[0] = 1) SET(x[0] = 2) ASSERT(!INARRAY(1, x)) UNSET(x) SET(x = 3) ASSERT(x == 3)";
    assert!(accepts(o, ""));
}

#[test]
fn expressions_follow_checktestdata_precedence() {
    for (test, holds) in [
        ("2^3^2 == 64", true),
        ("-2^2 == -4", true),
        ("7/2 == 3 && -7/2 == -3 && -7%3 == -1", true),
        ("7/2.0 == 3.5", true),
        ("1 + 2 * 3 == 7", true),
        ("(1 + 2) * 3 == 9", true),
        ("10^30 + 1 > 10^30", true),
        // && and || bind equally, left to right: (1 || 0) && 0.
        ("1 == 1 || 1 == 0 && 1 == 0", false),
        // ! takes the whole test after it.
        ("!1 == 0 && 1 == 0", true),
        ("(1 < 2) && (2 + 1) > 2", true),
        ("\"abc\" < \"abd\"", true),
        ("010 == 8", true),
        ("1.0 == 1", true),
    ] {
        let p = format!("ASSERT({test})");
        assert_eq!(accepts(&p, ""), holds, "{test}");
    }
}

#[test]
fn a_rejection_names_the_input_byte_and_the_command() {
    let p = "# two numbers\nINT(1, 9, n) SPACE INT(1, n)\nNEWLINE\n";
    let r = rejection(p, "5 7\n");
    assert_eq!((r.at, r.offset), (Pos { line: 1, col: 3 }, 2));
    assert_eq!(r.program.pos, Pos { line: 2, col: 20 });
    assert_eq!(r.command, "INT(1, n)");
    assert_eq!(
        r.to_string(),
        "input line 1 column 3 (byte 2): integer 7 out of range [1, 5] [t.ctd:2:20: INT(1, n)]"
    );
    let r = rejection(p, "5  3\n");
    assert_eq!((r.at, r.offset), (Pos { line: 1, col: 3 }, 2));
    assert_eq!(r.message, "expected an integer, found a space");
    let r = rejection("INT(0, 9) NEWLINE INT(0, 9) NEWLINE", "1\n2 \n");
    assert_eq!((r.at, r.offset), (Pos { line: 2, col: 2 }, 3));
    assert_eq!(r.message, "expected a newline, found a space");
    let r = rejection("INT(0, 9) NEWLINE\n", "1\nx");
    assert_eq!((r.at, r.offset), (Pos { line: 2, col: 1 }, 2));
    assert!(r.message.contains("end of the input"), "{r}");
    assert_eq!(r.program.pos, Pos { line: 2, col: 1 }, "{r}");
    assert!(
        r.to_string()
            .ends_with("[t.ctd:2:1: the implicit EOF at the end of the program]"),
        "{r}"
    );
}

#[test]
fn program_mistakes_name_their_place() {
    assert_eq!(
        parse_error("INT(1, 2)\n  SPCE"),
        "t.ctd:2:3: unknown command SPCE"
    );
    assert_eq!(parse_error("INT(1 2)"), "t.ctd:1:7: expected `,`, found 2");
    assert_eq!(
        parse_error("SPACE\nEND"),
        "t.ctd:2:1: END without a loop or IF to close"
    );
    assert_eq!(
        parse_error("REP(3)\nSPACE"),
        "t.ctd:1:1: REP is not closed by END"
    );
    assert_eq!(
        parse_error("REP(3) ELSE END"),
        "t.ctd:1:8: ELSE inside REP, which is no IF"
    );
    assert!(
        parse_error("REP(3, REP(2) END) END").starts_with("t.ctd:1:8: REP cannot be a separator")
    );
    assert!(parse_error("ASSERT(1)").contains("expected a comparison"));
    assert!(parse_error(&format!("ASSERT({}", "(".repeat(10_000))).contains("nested more than"));
    assert!(
        parse_error(&format!("ASSERT({}1 == 1)", "-".repeat(10_000))).contains("nested more than")
    );
    assert!(parse_error(&"IF(ISEOF) ".repeat(10_000)).contains("nested more than"));
    assert!(
        parse_error(&format!("ASSERT(1{} == 1)", "+1".repeat(10_000))).contains("nested more than")
    );
    assert!(
        parse_error(&format!("ASSERT(ISEOF{})", "&& ISEOF".repeat(10_000)))
            .contains("nested more than")
    );
    // What real programs write is far from the limit.
    let sum = format!("ASSERT(0{} == 50)", "+1".repeat(50));
    assert!(accepts(&sum, ""));
    let undefined = program("SPACE\nINT(0, m)").check(b" 1");
    match undefined {
        Err(Failure::Program(e)) => assert_eq!(
            e.to_string(),
            "t.ctd:2:1: INT(0, m): variable m is undefined"
        ),
        other => panic!("{other:?}"),
    }
    assert!(
        parse_error("SPACE\n REGEX(\"[a-\")").starts_with("t.ctd:2:8: invalid regular expression")
    );
    // A pattern made while running is compiled when it is used.
    let e = program("SET(p = \"[a-\") REGEX(p)")
        .check(b"a")
        .unwrap_err();
    assert!(matches!(e, Failure::Program(_)), "{e}");
}

/// The message a program's mistake at run time gives, placed.
fn mistake(src: &str, input: &str) -> String {
    match program(src).check(input.as_bytes()) {
        Err(Failure::Program(e)) => e.to_string(),
        other => panic!("{src:?}: expected a program error, got {other:?}"),
    }
}

#[test]
fn mistakes_at_run_time_name_the_command_and_the_cause() {
    assert_eq!(
        mistake("SET(i = 1) SET(a[i, 2] = 0) ASSERT(a[2, 2] == 0)", ""),
        "t.ctd:1:29: ASSERT(a[2, 2] == 0): variable a[2,2] is undefined"
    );
    assert_eq!(
        mistake("SET(s = \"x\") ASSERT(s + 1 == 2)", ""),
        "t.ctd:1:14: ASSERT(s + 1 == 2): cannot compute a string + an integer"
    );
    assert_eq!(
        mistake("SET(z = 0) ASSERT(1 / z == 0)", ""),
        "t.ctd:1:12: ASSERT(1 / z == 0): division by zero"
    );
    assert_eq!(
        mistake("SET(n = 1.5) REP(n) SPACE END", ""),
        "t.ctd:1:14: REP(n): the count must be an integer, not a float"
    );
    assert_eq!(
        mistake("SET(n = -1) REP(n) SPACE END", ""),
        "t.ctd:1:13: REP(n): the count -1 is negative or too large"
    );
    assert_eq!(
        mistake("SET(b = \"x\") INT(0, b)", "1"),
        "t.ctd:1:14: INT(0, b): a bound of INT must be an integer, not a string"
    );
    assert_eq!(
        mistake("SET(s = \"x\") ASSERT(s < 1)", ""),
        "t.ctd:1:14: ASSERT(s < 1): cannot compare a string with an integer"
    );
    assert_eq!(
        mistake("SET(i = \"x\") SET(a[i] = 1)", ""),
        "t.ctd:1:14: SET(a[i] = 1): an index of a must be an integer, not a string"
    );
    assert_eq!(
        mistake("SET(p = \"a\\\\\") REGEX(p)", "a"),
        "t.ctd:1:16: REGEX(p): invalid regular expression \"a\\\\\": \
         regular expression ends in a backslash"
    );
}

/// xorshift: random enough to shake the parser and interpreter, and the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const PIECES: [&str; 40] = [
    "INT(",
    "FLOAT(",
    "FLOATP(",
    "REGEX(",
    "STRING(",
    "ASSERT(",
    "SET(",
    "UNSET(",
    "REP(",
    "REPI(",
    "WHILE(",
    "WHILEI(",
    "IF(",
    "ELSE",
    "END",
    "SPACE",
    "NEWLINE",
    "EOF",
    "ISEOF",
    "MATCH(",
    "UNIQUE(",
    "INARRAY(",
    "STRLEN(",
    "x",
    "y[",
    "]",
    ")",
    ",",
    "=",
    "0",
    "-1",
    "10^9",
    "2.5",
    "\"[a-z]*\"",
    "+",
    "*",
    "/",
    "%",
    "<",
    "!",
];

#[test]
fn random_programs_and_inputs_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let inputs: Vec<Vec<u8>> = (0..8)
        .map(|_| {
            (0..rng.below(40))
                .map(|_| b"0123456789 -.e\nab"[rng.below(17)])
                .collect()
        })
        .collect();
    for round in 0..3000 {
        let src: Vec<u8> = if round % 3 == 0 {
            (0..rng.below(60)).map(|_| rng.next() as u8).collect()
        } else {
            let n = rng.below(30);
            (0..n)
                .map(|_| PIECES[rng.below(PIECES.len())])
                .collect::<Vec<_>>()
                .join(" ")
                .into_bytes()
        };
        if let Ok(p) = Program::parse("fuzz.ctd", &src) {
            for input in &inputs {
                let _ = p.check(input);
            }
        }
    }
    // A fixed program against random bytes.
    let p = program("WHILE(!ISEOF) INT(-10, 10, x) REGEX(\"[ \\n]+\") FLOAT(0, 1) NEWLINE END");
    for _ in 0..2000 {
        let input: Vec<u8> = (0..rng.below(30)).map(|_| rng.next() as u8).collect();
        let _ = p.check(&input);
    }
}
