//! Fuzzing every page's URL state: random and hostile query strings go through
//! every page in the registry (`for_each_page!`, so a new page is fuzzed without a line here):
//! `PageQuery::parse`, `check` and `field_errors`, and back through `hash` and `Route::parse`.
//! Each case must not panic, must give non-empty one-line messages when it is invalid, and the
//! link written from it must read back as the same state. Cases are built by a small seeded
//! generator (proptest needs an OS random source that wasm32 in the browser lacks), so a
//! failure names its seed.
//!
//! `cargo xtask test` runs [`DEFAULT_CASES`] cases per page; `cargo xtask fuzz [CASES]` builds
//! this test with `HEAPLAB_FUZZ_CASES=CASES` for a longer run.

use heaplab_web::route::registry::FieldError;
use heaplab_web::route::{parse_query, PageQuery, Route, CARDS};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Cases per page in the ordinary test run (nine pages: a few thousand in all).
const DEFAULT_CASES: u64 = 300;

/// Cases per page: `HEAPLAB_FUZZ_CASES` at build time (set by `cargo xtask fuzz`), else
/// [`DEFAULT_CASES`].
fn cases() -> u64 {
    option_env!("HEAPLAB_FUZZ_CASES")
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// A splitmix64 generator: tiny, seeded, and the same sequence in every browser.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Fragments a hostile value is made of: numbers at and past every integer width, signs,
/// separators, brackets, broken percent escapes, control and wide characters, markup.
const PIECES: &[&str] = &[
    "0",
    "1",
    "2",
    "7",
    "-1",
    "+3",
    "40",
    "1000000",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775807",
    "-9223372036854775808",
    "1e9",
    "0x10",
    "3.5",
    ",",
    ",,",
    ";",
    "..",
    ".",
    "·",
    "|",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "=",
    "&",
    "?",
    "#",
    "/",
    "%",
    "%2",
    "%ZZ",
    "%00",
    "%0A",
    "%E2%80%AE",
    "%F0%9F",
    "+",
    " ",
    "\t",
    "\n",
    "\u{202e}",
    "\u{0}",
    "😀",
    "ℕ",
    "∖",
    "≤",
    "<script>",
    "\"",
    "'",
    "\\",
    ".77",
    ".16",
    "4.07",
    ".A8F",
    ".(3)",
    "0.26",
    "3333",
    "squirrel",
    "auction",
    "3move",
    "4move",
    "maxsym5",
    "class",
    "period",
    "grundy",
    "outcome",
    "game",
    "octal",
    "subtraction",
    "breaking",
    "cgt",
    "dag",
    "true",
    "none",
    "NaN",
    "inf",
];

/// Keys no page knows, mixed in with each page's own.
const STRAY_KEYS: &[&str] = &["", "x", "zzz", "S[]", "n%00", "&", "tab", "family", "code"];

/// The keys a page's example links use (its real parameters).
fn keys_of(links: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = links
        .iter()
        .filter_map(|link| link.split_once('?'))
        .flat_map(|(_, query)| parse_query(query).into_iter().map(|(k, _)| k))
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// A random value: a few pieces, sometimes one piece repeated into a long or deeply nested
/// run.
fn value(rng: &mut Rng) -> String {
    match rng.below(40) {
        0 => rng.pick(PIECES).repeat(1 + rng.below(20_000)),
        1 => "{".repeat(rng.below(3_000)) + "}".repeat(rng.below(3_000)).as_str(),
        2..=5 => rng.pick(PIECES).repeat(1 + rng.below(200)),
        _ => (0..rng.below(8)).map(|_| rng.pick(PIECES)).collect(),
    }
}

/// One random query for a page with `keys`: either a mutated example, or key=value pairs.
fn query(rng: &mut Rng, keys: &[String], links: &[&str]) -> String {
    if rng.below(4) == 0 && !links.is_empty() {
        let link = links[rng.below(links.len())];
        let mut text = link.split_once('?').map_or("", |(_, q)| q).to_string();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len() + 1);
            let at = (0..=at)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            text.insert_str(at, &value(rng));
        }
        return text;
    }
    let pairs: Vec<String> = (0..rng.below(6))
        .map(|_| {
            let key = if rng.below(5) == 0 || keys.is_empty() {
                rng.pick(STRAY_KEYS).to_string()
            } else {
                keys[rng.below(keys.len())].clone()
            };
            format!("{key}={}", value(rng))
        })
        .collect();
    pairs.join("&")
}

/// Every message is non-empty and one line.
fn assert_one_line(errors: &[FieldError], seed: u64, text: &str) {
    assert!(
        !errors.is_empty(),
        "seed {seed}: an invalid state with no message: {text:?}"
    );
    for e in errors {
        let m = e.message.trim();
        assert!(!m.is_empty(), "seed {seed}: an empty message for {text:?}");
        assert!(
            !m.contains('\n') && !m.contains('\r'),
            "seed {seed}: a message of several lines for {text:?}: {m:?}"
        );
    }
}

/// Runs `cases()` random queries through page `Q` (route variant `wrap`), seeded from
/// `page_seed`; returns how many were valid and the slowest case in milliseconds. It yields to
/// the browser now and then, so the test runner's driver is never locked out.
async fn fuzz_page<Q: PageQuery + Clone>(
    page_seed: u64,
    links: &[&str],
    wrap: impl Fn(Q) -> Route,
) -> (u64, f64) {
    let keys = keys_of(links);
    let (mut valid, mut slowest) = (0, 0.0_f64);
    for case in 0..cases() {
        if case % 50 == 0 {
            yew::platform::time::sleep(std::time::Duration::ZERO).await;
        }
        let start = js_sys::Date::now();
        let seed = page_seed.wrapping_mul(1_000_003).wrapping_add(case);
        let mut rng = Rng(seed);
        let text = query(&mut rng, &keys, links);
        let state = Q::parse(&text);
        match state.check() {
            Ok(_) => valid += 1,
            Err(errors) => assert_one_line(&Q::field_errors(&errors), seed, &text),
        }
        // A written link reads back as the state it was written from.
        let hash = state.hash();
        let again = Q::parse(hash.split_once('?').map_or("", |(_, q)| q));
        assert!(
            again.hash() == hash && Route::parse(&hash) == wrap(again),
            "seed {seed}: {text:?} does not read back from its hash {hash:?}"
        );
        slowest = slowest.max(js_sys::Date::now() - start);
    }
    (valid, slowest)
}

/// Expands the registry into one [`fuzz_page`] call per page.
macro_rules! fuzz_every_page {
    ($($(#[$doc:meta])* $variant:ident($($query:ident)::+ at $path:literal -> $params:ty, $errors:ty; $check:ident, $fields:expr)
        $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
        $summary:literal [$(($example:literal, $link:literal)),*];)*) => {{
        let mut pages = Vec::new();
        $(
            let seed = pages.len() as u64 + 1;
            let result = fuzz_page::<heaplab_web::route::$($query)::+>(seed, &[$($link),*], Route::$variant).await;
            pages.push((stringify!($variant), result));
        )*
        pages
    }};
}

#[wasm_bindgen_test]
async fn every_page_query_survives_hostile_text() {
    let pages = heaplab_web::for_each_page!(fuzz_every_page);
    assert_eq!(pages.len(), CARDS.len(), "every page was fuzzed: {pages:?}");
    // Some cases are valid states (mutated examples often are), so both branches ran.
    let valid: u64 = pages.iter().map(|(_, (v, _))| v).sum();
    assert!(valid > 0, "no random case was valid: {pages:?}");
    // Timings are reported, not asserted (the machine may be loaded).
    console_log!(
        "{} cases per page; (valid, slowest ms) per page: {pages:?}",
        cases()
    );
}
