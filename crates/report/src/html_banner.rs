//! The banner on top of the HTML page of an unfinished run: before any
//! figure, so no reader takes the problems it holds for the whole run.

use maud::{Markup, html};

use crate::Meta;

/// The banner, or nothing for a run that finished.
pub(crate) fn interrupted(meta: &Meta) -> Markup {
    html! {
        @if let Some(i) = &meta.interrupted {
            div.interrupted role="alert" style="border:2px solid #b45309;background:#fef3c7;color:#78350f;padding:.6em 1em;margin:.6em 0;font-weight:600" {
                (capitalised(&i.sentence())) "."
            }
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
