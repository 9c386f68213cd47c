//! The languages judge builds and runs submissions in.
//!
//! Today a language is decided by a file's extension and named in reports;
//! how each is compiled and run lives in the harness (`judge-core`'s
//! `engine::build` and `engine::compile`). This crate is where the
//! language table grows: names, extensions, toolchains and their commands
//! as data.
//!
//! May depend on nothing of judge: the package reader, the limits and the
//! build step all need to name a language, and none of them may pull in
//! the others.

/// The languages judge builds or runs, decided by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Rust,
    Java,
    Python,
    Shell,
    /// A file that is executable as it is.
    Executable,
    /// A command line given with `--cmd`.
    Command,
}

impl Language {
    /// The language of a source file by its extension.
    pub fn from_extension(ext: &str) -> Option<Language> {
        Some(match ext {
            "c" => Language::C,
            "cpp" | "cc" | "cxx" | "c++" | "C" => Language::Cpp,
            "rs" => Language::Rust,
            "java" => Language::Java,
            "py" | "py3" => Language::Python,
            "sh" => Language::Shell,
            _ => return None,
        })
    }

    /// Short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "c",
            Language::Cpp => "c++",
            Language::Rust => "rust",
            Language::Java => "java",
            Language::Python => "python",
            Language::Shell => "shell",
            Language::Executable => "executable",
            Language::Command => "command",
        }
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn extensions_name_their_language_and_names_round_trip_for_people() {
        assert_eq!(Language::from_extension("cc"), Some(Language::Cpp));
        assert_eq!(Language::from_extension("py3"), Some(Language::Python));
        assert_eq!(Language::from_extension("txt"), None);
        assert_eq!(Language::Cpp.to_string(), "c++");
        assert_eq!(Language::Command.name(), "command");
    }
}
