//! Pictures of a case: a board drawn by judge for its own problems, or an
//! image a package's visualizer made. A failing board is read at a glance
//! as a picture where its text diff has to be read cell by cell.
//!
//! A picture is named by its content (`pictures/<blake3>.<ext>` inside the
//! report folder): the same input drawn for ten submissions that fail on
//! it is one file, and a report read back (merge, diff) still points at
//! its files although their bytes are not in the YAML.

use std::path::Path;
use std::sync::Arc;

use maud::{Markup, html};
use serde::{Deserialize, Serialize};

/// One image of a case, with what it shows and who drew it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Picture {
    /// What it shows: `input`, `expected`, `received`, or a visualizer's
    /// own name for it.
    pub caption: String,
    /// Who drew it: `judge` for the built-in pictures, else the package's
    /// program (`input_visualizer`, `output_visualizer`, `visualizer`).
    pub by: String,
    /// Where it is, relative to the report folder.
    pub file: String,
    /// The image until the report is written; never in the YAML (the file
    /// is).
    #[serde(skip)]
    pub bytes: Option<Arc<[u8]>>,
}

/// The image formats a browser shows, by their first bytes; anything else
/// is not a picture judge puts in a page.
pub fn format_of(bytes: &[u8]) -> Option<&'static str> {
    let text = || {
        let head = &bytes[..bytes.len().min(512)];
        String::from_utf8_lossy(head).to_ascii_lowercase()
    };
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("png")
    } else if bytes.starts_with(b"\xff\xd8\xff") {
        Some("jpg")
    } else if bytes.starts_with(b"GIF8") {
        Some("gif")
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        Some("webp")
    } else if text().contains("<svg") {
        Some("svg")
    } else {
        None
    }
}

impl Picture {
    /// A picture of `bytes` (a format [`format_of`] knows), or `None`
    /// when they are no image a page can show.
    pub fn new(caption: &str, by: &str, bytes: Vec<u8>) -> Option<Picture> {
        let ext = format_of(&bytes)?;
        let hash = blake3::hash(&bytes).to_hex();
        Some(Picture {
            caption: caption.into(),
            by: by.into(),
            file: format!("pictures/{}.{ext}", &hash.as_str()[..24]),
            bytes: Some(bytes.into()),
        })
    }

    /// Writes the image into report folder `dir` unless its file is there
    /// already (same name, same content).
    pub(crate) fn write_into(&self, dir: &Path) -> std::io::Result<()> {
        let Some(bytes) = &self.bytes else {
            return Ok(());
        };
        let path = dir.join(&self.file);
        if path.exists() {
            return Ok(());
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        crate::fsutil::write_atomic(&path, bytes)
    }
}

pub(crate) const CSS: &str = r#"
.pictures { display: flex; gap: 14px; flex-wrap: wrap; margin: 6px 0 10px; }
.pictures figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 6px; background: #fff; }
.pictures img { display: block; max-width: 420px; max-height: 420px; }
.pictures figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; text-align: center; }
"#;

/// The pictures side by side, each with its caption and a link to it at
/// full size (a large board is shown small); lazy, so a page with many
/// failing cases opens at once.
pub(crate) fn gallery(pictures: &[Picture]) -> Markup {
    html! {
        @if !pictures.is_empty() {
            div.pictures { @for p in pictures {
                figure {
                    a href=(p.file) title="open full size" { img src=(p.file) alt=(p.caption) loading="lazy"; }
                    figcaption { (p.caption) @if p.by != "judge" { " · " (p.by) } }
                }
            } }
        }
    }
}

/// The pictures of passing cases (drawn with `--pictures`), folded under
/// the failures: looked at when wanted, never in the way.
pub(crate) fn passing(cases: &[crate::CaseReport]) -> Markup {
    let drawn: Vec<&crate::CaseReport> = (cases.iter())
        .filter(|c| c.verdict.is_pass() && !c.pictures.is_empty())
        .collect();
    html! {
        @if !drawn.is_empty() {
            details.all.drawn {
                summary { "Pictures of the passing cases (" (drawn.len()) ")" }
                @for c in &drawn {
                    div.failure { div.title { (c.id()) } (gallery(&c.pictures)) }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_named_by_its_content_and_only_images_are_pictures() {
        let svg = b"<svg xmlns='http://www.w3.org/2000/svg'></svg>".to_vec();
        let a = Picture::new("input", "judge", svg.clone()).unwrap();
        let b = Picture::new("expected", "judge", svg).unwrap();
        assert_eq!(a.file, b.file);
        assert!(a.file.starts_with("pictures/") && a.file.ends_with(".svg"));
        let png = b"\x89PNG\r\n\x1a\nrest".to_vec();
        assert!(Picture::new("x", "v", png).unwrap().file.ends_with(".png"));
        assert!(Picture::new("x", "v", b"hello".to_vec()).is_none());
    }

    #[test]
    fn a_picture_is_written_once_into_the_report_folder() {
        let dir = tempfile::tempdir().unwrap();
        let p = Picture::new("input", "judge", b"<svg/>".to_vec()).unwrap();
        p.write_into(dir.path()).unwrap();
        let written = std::fs::read(dir.path().join(&p.file)).unwrap();
        assert_eq!(written, b"<svg/>");
        let read_back = Picture {
            bytes: None,
            ..p.clone()
        };
        read_back.write_into(dir.path()).unwrap();
        assert!(dir.path().join(&p.file).exists());
    }
}
