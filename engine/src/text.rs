//! Number text shared by the CLI's progress line and the web pages.

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The longest piece of user input an error message quotes, in characters.
pub const QUOTE_CHARS: usize = 80;

/// User input as an error message quotes it: whole when short, else its first
/// [`QUOTE_CHARS`] characters and `…`, so a 100 KB argument never floods the terminal.
pub fn quote(input: &str) -> String {
    match input.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &input[..cut]),
        None => input.to_string(),
    }
}

/// The longest message [`shorten`] leaves whole, in characters.
pub const MESSAGE_CHARS: usize = 480;

/// An error message as it is shown (the CLI's `heaplab: …` line, Python's `ValueError`):
/// every run of more than [`QUOTE_CHARS`] non-blank characters (an echoed argument) cut by
/// [`quote`], and a message still longer than [`MESSAGE_CHARS`] cut in its middle, keeping
/// its start and its end (where the cap or the hint is).
pub fn shorten(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MESSAGE_CHARS));
    let mut rest = message;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push_str(&quote(&rest[..end]));
        rest = &rest[end..];
    }
    out.push_str(rest);
    let chars: Vec<char> = out.chars().collect();
    if chars.len() <= MESSAGE_CHARS {
        return out;
    }
    let head: String = chars[..MESSAGE_CHARS - QUOTE_CHARS].iter().collect();
    let tail: String = chars[chars.len() - QUOTE_CHARS..].iter().collect();
    format!("{head} … {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_cuts_long_input_at_a_character_boundary() {
        assert_eq!(quote("2,3"), "2,3");
        let exact = "é".repeat(QUOTE_CHARS);
        assert_eq!(quote(&exact), exact);
        let long = "é".repeat(QUOTE_CHARS + 1);
        assert_eq!(quote(&long), format!("{}…", "é".repeat(QUOTE_CHARS)));
    }

    #[test]
    fn shorten_cuts_echoed_arguments_and_keeps_short_messages() {
        let plain = "--terms must be between 1 and 100, not 0";
        assert_eq!(shorten(plain), plain);
        let huge = "9".repeat(120_000);
        let message = shorten(&format!(
            "--terms must be a whole number, not '{huge}' (see --help)"
        ));
        assert!(
            message.starts_with("--terms must be a whole number, not '9999"),
            "{message}"
        );
        assert!(message.ends_with("… (see --help)"), "{message}");
        assert!(message.chars().count() <= MESSAGE_CHARS + 3, "{message}");
        let spaced = format!("bad set '{}'; at most 64", "1 ".repeat(60_000));
        let message = shorten(&spaced);
        assert!(message.chars().count() <= MESSAGE_CHARS + 3 && message.ends_with("at most 64"));
    }
}
