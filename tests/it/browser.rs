//! A report page as a person sees it: opened in headless Chromium, with
//! what its first screen holds, what it shows at all, whether its
//! pictures load and how long it takes to open, read from the page the
//! browser built. The report itself has no script; a copy of it gets one
//! that writes those facts into the page, and `--dump-dom` hands them
//! back.

use std::path::{Path, PathBuf};

/// What the browser saw of a page.
#[derive(Debug)]
pub(crate) struct Seen {
    /// Milliseconds from navigation to the end of the load event.
    pub(crate) load_ms: f64,
    /// The text of the first screen (what lies above the fold of a
    /// 1280×800 window).
    pub(crate) first_screen: String,
    /// Every picture of the page, and how many of them the browser drew
    /// (each is scrolled into view first: they load lazily).
    pub(crate) pictures: usize,
    pub(crate) pictures_drawn: usize,
}

/// The probe: once the page and its pictures are loaded, the facts as
/// JSON in `<pre id="judge-seen">`.
const PROBE: &str = r#"<script>
window.addEventListener('load', async () => {
  const nav = performance.getEntriesByType('navigation')[0];
  const load = nav ? nav.loadEventStart : performance.now();
  const fold = window.innerHeight;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const above = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent) continue;
    const box = parent.getBoundingClientRect();
    const style = getComputedStyle(parent);
    if (box.top < fold && box.bottom > 0 && box.height > 0 && style.visibility !== 'hidden') {
      above.push(node.textContent.trim());
    }
  }
  const images = [...document.images];
  for (const img of images) {
    img.loading = 'eager';
    if (!img.complete) await new Promise(done => { img.onload = img.onerror = done; });
  }
  const drawn = images.filter(i => i.complete && i.naturalWidth > 0).length;
  const out = document.createElement('pre');
  out.id = 'judge-seen';
  out.textContent = JSON.stringify({ load, above: above.join('\n'), images: images.length, drawn });
  document.body.appendChild(out);
});
</script>"#;

/// Opens report page `page` (its folder's pictures beside it) in
/// `chromium` as a 1280×800 window; `keep` receives the probed copy, the
/// browser's profile and a screenshot (`<name>.png`).
pub(crate) fn open(chromium: &Path, page: &Path, keep: &Path, name: &str) -> Seen {
    let html = std::fs::read_to_string(page).expect("the report page");
    let probed = page.with_file_name(format!(".{name}-probed.html"));
    let with_probe = match html.rfind("</body>") {
        Some(at) => format!("{}{PROBE}{}", &html[..at], &html[at..]),
        None => format!("{html}{PROBE}"),
    };
    std::fs::write(&probed, with_probe).unwrap();
    let url = format!("file://{}", probed.display());
    let run = |extra: &[&str]| {
        let mut args = vec!["--hide-scrollbars", "--window-size=1280,800"];
        args.extend(extra);
        headless(chromium, &keep.join("profile"), &args, &url)
    };
    let shot: PathBuf = keep.join(format!("{name}.png"));
    run(&[&format!("--screenshot={}", shot.display())]);
    let dom = run(&["--dump-dom", "--virtual-time-budget=10000"]);
    let _ = std::fs::remove_file(&probed);
    seen(&dom)
}

/// Runs headless `chromium` on `url` with `extra` arguments and the
/// profile in `profile`; what it printed (the DOM, with `--dump-dom`).
pub(crate) fn headless(chromium: &Path, profile: &Path, extra: &[&str], url: &str) -> String {
    let out = std::process::Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The facts the probe wrote into `dom`.
fn seen(dom: &str) -> Seen {
    let start = dom.find("<pre id=\"judge-seen\">").expect("the probe ran") + 21;
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = unescape(&dom[start..end]);
    let facts: serde_yaml::Value = serde_yaml::from_str(&json).expect("the probe's JSON");
    let number = |k: &str| facts[k].as_f64().unwrap_or(-1.0);
    Seen {
        load_ms: number("load"),
        first_screen: facts["above"].as_str().unwrap_or_default().to_string(),
        pictures: number("images") as usize,
        pictures_drawn: number("drawn") as usize,
    }
}

/// Text content as `--dump-dom` escapes it.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}
