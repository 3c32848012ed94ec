//! Figures of HeapLab's results (feature `engine`): one builder per kind of picture, from the
//! engine's own types, so that the CLI's `--figure`, the web pages' exports, Python and the
//! gallery (`cargo xtask figures`) draw each figure the same way.

pub mod cumulative;
pub mod explore;
pub mod heaps;
pub mod partizan;
pub mod period_map;
pub mod plane;
#[cfg(feature = "rules")]
pub mod rules;
pub mod thermograph;
pub mod tree;

/// A page link `#/{page}?key=value&…` with the values percent-encoded as the web app's router
/// writes them (letters, digits and `,;-_.~` kept), so a figure's provenance reopens its view.
pub fn page_link(page: &str, pairs: &[(&str, &str)]) -> String {
    let encode = |text: &str| {
        text.bytes()
            .map(|b| match b {
                b'A'..=b'Z'
                | b'a'..=b'z'
                | b'0'..=b'9'
                | b','
                | b';'
                | b'-'
                | b'_'
                | b'.'
                | b'~' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    };
    let query: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    format!("#/{page}?{}", query.join("&"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_encode_like_the_router() {
        assert_eq!(
            super::page_link("octal", &[("code", "·16"), ("max", "100")]),
            "#/octal?code=%C2%B716&max=100"
        );
        assert_eq!(
            super::page_link("plane", &[("moves", "1,2;2,1")]),
            "#/plane?moves=1,2;2,1"
        );
    }
}
