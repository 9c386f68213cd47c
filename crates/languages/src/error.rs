//! Why a command of the language table, an entry of it, or a program's
//! files cannot be used.

/// A fault of the language table or of what it is applied to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A command with a quote left open.
    #[error("an unclosed {quote} quote in `{text}`")]
    UnclosedQuote { quote: char, text: String },
    /// A `{name}` no build gives a value.
    #[error("unknown placeholder {{{name}}} in `{word}`")]
    Placeholder { name: String, word: String },
    /// An entry of the table that cannot be taken as it is.
    #[error("languages.{id}: {reason}")]
    Entry { id: String, reason: String },
    /// A fault inside the commands of entry `id`.
    #[error("languages.{id}: {fault}")]
    Command { id: String, fault: Box<Error> },
    /// A key of `languages:` that is not an id.
    #[error("languages: a key is not a language id")]
    NotAnId,
    /// The table as shipped does not read (a bug of judge's).
    #[error("{0}")]
    Shipped(String),
    /// Several source files and none of them the entry point.
    #[error("{files} {language} files and none is the entry point: {language} needs {how}")]
    NoEntryPoint {
        files: usize,
        language: String,
        how: String,
    },
}

impl Error {
    /// The entry of the table at fault, if it is one.
    pub fn id(&self) -> Option<&str> {
        match self {
            Error::Entry { id, .. } | Error::Command { id, .. } => Some(id),
            _ => None,
        }
    }
}
