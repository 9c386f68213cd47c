//! A small XML well-formedness check for the pictures' SVG, and the count
//! of the places a picture marks (for [`crate::testing::pictures_hold`]
//! and each problem's own tests).
//!
//! Hand-written markup is only safe if something parses it: a stray `&`
//! or an unescaped `<` from a received output makes a browser show
//! nothing. The check follows XML 1.0's rules for what these pictures
//! use (elements, attributes, text, entity and character references,
//! comments, one root); a DTD or CDATA is reported as not allowed.

/// Ok when `xml` is one well-formed element (with only blanks around
/// it); else where and why not.
pub fn well_formed(xml: &str) -> Result<(), String> {
    let mut rest = xml.trim_start();
    let mut open: Vec<&str> = Vec::new();
    let mut roots = 0;
    while !rest.is_empty() {
        let at = xml.len() - rest.len();
        let fail = |why: &str| Err(format!("byte {at}: {why}"));
        if let Some(after) = rest.strip_prefix("<!--") {
            let Some(end) = after.find("-->") else {
                return fail("an unclosed comment");
            };
            rest = &after[end + 3..];
        } else if let Some(after) = rest.strip_prefix("</") {
            let (name, tail) = name(after).ok_or_else(|| format!("byte {at}: a bad end tag"))?;
            let tail = tail.trim_start();
            let Some(tail) = tail.strip_prefix('>') else {
                return fail("an end tag without its >");
            };
            if open.pop() != Some(name) {
                return fail(&format!("</{name}> closes nothing open by that name"));
            }
            rest = tail;
        } else if rest.starts_with("<!") || rest.starts_with("<?") {
            return fail("a declaration, DTD or CDATA section (not allowed here)");
        } else if let Some(after) = rest.strip_prefix('<') {
            if open.is_empty() {
                roots += 1;
                if roots > 1 {
                    return fail("a second root element");
                }
            }
            let (tag, tail, empty) = start_tag(after).map_err(|e| format!("byte {at}: {e}"))?;
            if !empty {
                open.push(tag);
            }
            rest = tail;
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let text = &rest[..end];
            if open.is_empty() && !text.trim().is_empty() {
                return fail("text outside the root element");
            }
            chars_ok(text).map_err(|e| format!("byte {at}: {e}"))?;
            rest = &rest[end..];
        }
    }
    match (roots, open.last()) {
        (0, _) => Err("no element".into()),
        (_, Some(name)) => Err(format!("<{name}> is never closed")),
        _ => Ok(()),
    }
}

/// A name at the start of `s`, and what follows it.
fn name(s: &str) -> Option<(&str, &str)> {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | ':' | '-' | '.')))
        .unwrap_or(s.len());
    let first = s.chars().next()?;
    (end > 0 && (first.is_alphabetic() || first == '_' || first == ':')).then(|| s.split_at(end))
}

/// A start tag after its `<`: its name, what follows it, and whether it
/// is empty (`/>`).
fn start_tag(s: &str) -> Result<(&str, &str, bool), String> {
    let (tag, mut rest) = name(s).ok_or("a bad tag name")?;
    let mut seen: Vec<&str> = Vec::new();
    loop {
        let trimmed = rest.trim_start();
        let spaced = trimmed.len() < rest.len();
        if let Some(after) = trimmed.strip_prefix("/>") {
            return Ok((tag, after, true));
        }
        if let Some(after) = trimmed.strip_prefix('>') {
            return Ok((tag, after, false));
        }
        if !spaced {
            return Err(format!("<{tag}>: attributes must be separated by blanks"));
        }
        let (attr, after) = name(trimmed).ok_or(format!("<{tag}>: a bad attribute name"))?;
        if seen.contains(&attr) {
            return Err(format!("<{tag}>: attribute {attr} given twice"));
        }
        seen.push(attr);
        let after = after.trim_start().strip_prefix('=').ok_or("= expected")?;
        let after = after.trim_start();
        let quote = after.chars().next().filter(|q| matches!(q, '"' | '\''));
        let quote = quote.ok_or(format!("<{tag} {attr}>: an unquoted value"))?;
        let body = &after[1..];
        let end = body.find(quote).ok_or("an unclosed attribute value")?;
        let value = &body[..end];
        if value.contains('<') {
            return Err(format!("<{tag} {attr}>: < in a value"));
        }
        chars_ok(value)?;
        rest = &body[end + 1..];
    }
}

/// Text or an attribute value: every `&` starts a reference XML knows, and
/// no character XML forbids.
fn chars_ok(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        let after = &rest[i + 1..];
        let end = after.find(';').ok_or("& without ;")?;
        let entity = &after[..end];
        let known = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos")
            || entity
                .strip_prefix("#x")
                .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
            || entity
                .strip_prefix('#')
                .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()));
        if !known {
            return Err(format!("unknown reference &{entity};"));
        }
        rest = &after[end + 1..];
    }
    let bad = text
        .chars()
        .find(|&c| (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'));
    match bad {
        Some(c) => Err(format!(
            "character U+{:04X} is not allowed in XML",
            c as u32
        )),
        None => Ok(()),
    }
}

/// How many places a picture marks as differing.
pub fn marks(svg: &str) -> usize {
    svg.matches(r#"class="differs""#).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_tells_well_formed_markup_from_broken() {
        let good = r#"<svg a="1" b='&amp;'><!-- c --><g><text>x &lt; y &#38; &#x26;</text></g><rect/></svg>"#;
        well_formed(good).unwrap();
        for bad in [
            "<svg>",
            "<svg></g>",
            "<svg><g></svg></g>",
            "<svg>a & b</svg>",
            "<svg>&nbsp;</svg>",
            r#"<svg a="1" a="2"/>"#,
            r#"<svg a=1/>"#,
            r#"<svg a="<"/>"#,
            r#"<svg a="1"b="2"/>"#,
            "<svg/><svg/>",
            "text<svg/>",
            "<svg>\u{1}</svg>",
            "<!DOCTYPE x><svg/>",
            "",
        ] {
            assert!(well_formed(bad).is_err(), "{bad:?} passed");
        }
        assert_eq!(marks(r#"<a class="differs"/><b class="differs"/>"#), 2);
    }
}
