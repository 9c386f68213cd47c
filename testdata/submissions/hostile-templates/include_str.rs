// Compiles an expected output into the binary (include_str!) and prints
// it: AC when compiled outside a sandbox, CE in it.
// The test replaces @ANSWER@ with the answer file's absolute path.
const STOLEN: &str = include_str!("@ANSWER@");
fn main() {
    print!("{STOLEN}");
}
