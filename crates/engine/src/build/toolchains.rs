//! `judge languages`: every language of the table as this machine sees
//! it: whether its toolchain is installed, which version and where, so a
//! missing one is found before a contest rather than during it. The
//! tools are found as builds find them, but run outside any sandbox:
//! these are the system's own.

use crate::config::Config;

/// One row: a language and its toolchain here.
pub struct Row {
    pub id: String,
    pub name: String,
    pub extensions: String,
    pub found: Found,
}

/// Whether a language can run here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Its main tool's path and version.
    Installed { exe: String, version: String },
    /// Why it cannot run, and what to install.
    Missing(String),
}

/// The first non-empty line `argv` prints (stdout, else stderr): its
/// version; `None` when it does not run or prints nothing. Run outside any
/// sandbox: these are the system's own tools.
pub(crate) fn version_line(argv: &[String]) -> Option<String> {
    let (exe, args) = argv.split_first()?;
    let out = std::process::Command::new(exe)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // JVM tools warn about their own flags before the version.
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.contains("warning:"))
        .map(str::to_string)
}

/// Finds `word`'s tool (`a|b`: the first installed), honouring
/// `tools.NAME` of the configuration.
fn find(config: &Config, word: &str) -> Option<String> {
    let chosen = config.tools.chosen();
    judge_languages::alternatives(word)
        .into_iter()
        .find_map(|name| {
            let pick = chosen
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, p)| p.display().to_string())
                .unwrap_or_else(|| name.to_string());
            crate::toolchain::resolve(&pick).map(|t| t.exe.display().to_string())
        })
}

/// The row of `spec`: its tools found as `config` chooses them, probed,
/// and the version of the main one.
pub fn row(config: &Config, spec: &judge_languages::Spec) -> Row {
    let mut found = Found::Missing(String::new());
    // A language judge runs itself is there wherever judge is.
    if spec.built_in() {
        found = Found::Installed {
            exe: std::env::current_exe()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| "judge".into()),
            version: format!("built into judge {}", env!("CARGO_PKG_VERSION")),
        };
    }
    let mut main = None;
    for word in spec.tools() {
        match find(config, &word) {
            Some(exe) => {
                main.get_or_insert(exe);
            }
            None => {
                found = Found::Missing(format!(
                    "{} not found: install {}",
                    judge_languages::alternatives(&word).join(" or "),
                    spec.install
                ));
                main = None;
                break;
            }
        }
    }
    if let (Some(probe), Some(_)) = (spec.probe_command(), &main)
        && !crate::toolchain::probe(&probe)
    {
        found = Found::Missing(format!(
            "`{}` fails: install {}",
            probe.join(" "),
            spec.install
        ));
        main = None;
    }
    if let Some(exe) = main {
        let mut argv = spec.version_command();
        if let Some(first) = argv.first_mut() {
            // The version of the tool found, not of another on PATH.
            *first = find(config, first).unwrap_or_else(|| exe.clone());
        }
        found = Found::Installed {
            version: version_line(&argv).unwrap_or_default(),
            exe,
        };
    }
    Row {
        id: spec.id.clone(),
        name: spec.name.clone(),
        extensions: spec
            .extensions
            .iter()
            .map(|e| format!(".{e}"))
            .collect::<Vec<_>>()
            .join(" "),
        found,
    }
}
