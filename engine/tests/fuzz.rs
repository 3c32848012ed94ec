//! The fuzz suite of issue 21: random and hostile strings into every engine parser. Each must
//! return `Ok` or a typed error with a one-line, non-empty message; a panic fails the case.
//! Time is bounded by construction (inputs of at most a few hundred characters; the parsers
//! are linear). `PROPTEST_CASES` raises the count (`cargo xtask fuzz` does).

use heaplab_engine::cumulative_games::efg::Efg;
use heaplab_engine::cumulative_games::{spec, Preset, TieBreak};
use heaplab_engine::octal::code::Ruleset as OctalRules;
use heaplab_engine::period_map::Family;
use heaplab_engine::plane::MoveSet;
use heaplab_engine::ruleset::{parse_count, parse_range, NumberSet};
use heaplab_engine::scoring::{Rational, ScoringGame, ScoringRules};
use heaplab_engine::EngineError;
use proptest::prelude::*;

/// An error must be one line a person can read.
fn one_line<T>(result: Result<T, EngineError>) -> Result<(), TestCaseError> {
    if let Err(e) = result {
        let text = e.to_string();
        prop_assert!(!text.trim().is_empty(), "empty message");
        prop_assert!(!text.contains('\n'), "two lines: {text}");
    }
    Ok(())
}

/// Every parser on one text.
fn parse_everything(text: &str) -> Result<(), TestCaseError> {
    one_line(NumberSet::parse(text))?;
    one_line(NumberSet::parse_allow_empty(text))?;
    one_line(parse_count(text, "--n", 0, u64::MAX))?;
    one_line(parse_range(text, "--s1"))?;
    one_line(OctalRules::parse(text))?;
    one_line(Rational::parse(text))?;
    one_line(ScoringGame::parse(text))?;
    one_line(ScoringGame::parse_sum(text))?;
    one_line(ScoringRules::parse(text, text))?;
    one_line(ScoringRules::parse("0.33", text))?;
    one_line(MoveSet::parse(text))?;
    one_line(Family::from_name(text, 30))?;
    one_line(Preset::from_name(text))?;
    one_line(TieBreak::from_name(text))?;
    one_line(spec::parse_players(text))?;
    for players in [1, 2, 3] {
        one_line(spec::parse_sets(text, players))?;
        one_line(spec::parse_dynamic(text, players))?;
        one_line(spec::parse_turn(text, players))?;
        one_line(spec::parse_cumulations(text, players))?;
    }
    one_line(Efg::from_json(text))?;
    Ok(())
}

/// Texts made of the characters the notations use, so the parsers get deep, not just rejected
/// at the first character.
fn notation_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("|".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just(",".to_string()),
        Just(";".to_string()),
        Just(":".to_string()),
        Just("..".to_string()),
        Just(".".to_string()),
        Just("-".to_string()),
        Just("+".to_string()),
        Just("/".to_string()),
        Just(" ".to_string()),
        Just("·".to_string()),
        Just("next:".to_string()),
        Just("heap:".to_string()),
        Just("\"utility\":[".to_string()),
        Just("\"children\":[".to_string()),
        Just("\"players\":2".to_string()),
        Just("\"root\":".to_string()),
        "[0-9A-Fa-f]{1,3}",
        // CGSuite's generalized code digits and modifiers.
        "[G-Vg-w]{1,2}",
        "&[0-9]{0,7};?",
        "[!?=\\[\\]\u{0305}]",
        Just("18446744073709551616".to_string()),
        Just("9223372036854775807".to_string()),
        Just("-9223372036854775808".to_string()),
        Just("0".to_string()),
    ];
    prop::collection::vec(pieces, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn random_text_never_panics(text in any::<String>()) {
        parse_everything(&text)?;
    }

    #[test]
    fn notation_like_text_never_panics(text in notation_text()) {
        parse_everything(&text)?;
    }

    #[test]
    fn deep_nesting_is_an_error_or_a_value(depth in 0usize..2000, open in "[\\[{(]") {
        let text = open.repeat(depth);
        parse_everything(&text)?;
        let json = format!("{{\"players\":2,\"root\":{}}}", "[".repeat(depth));
        one_line(Efg::from_json(&json))?;
    }
}

#[test]
fn hostile_texts_get_one_line_errors() {
    let long = "9".repeat(100_000);
    let braces = "{".repeat(100_000);
    for text in [
        "",
        " ",
        "\0",
        "1,,2",
        "(2,6",
        "{2,3",
        "2,3}",
        "-1",
        "−1",
        "1e9",
        "NaN",
        "∞",
        "..",
        "5..3",
        "{|}",
        "{1|2|3|4}",
        "{{{{",
        "}}}}",
        "1/0",
        "0/0",
        "9223372036854775807/-1",
        "-9223372036854775808",
        "next:",
        "heap:",
        "3:1;3:2",
        "|||",
        ";;;",
        "\u{202e}12",
        &long,
        &braces,
    ] {
        parse_everything(text).unwrap();
    }
}

#[test]
fn parsers_reject_what_issue_21_found_accepted() {
    assert!(NumberSet::parse("1,,2").is_err());
    assert!(NumberSet::parse(",1").is_err());
    assert!(NumberSet::parse("1 2 3").is_ok());
    assert!(MoveSet::parse("(2,6").is_err());
    assert!(MoveSet::parse("((2,6))").is_err());
    assert!(MoveSet::parse("(2,6) (3,3)").is_ok());
    assert!(spec::parse_dynamic("3:1;3:2", 2).is_err());
    assert!(spec::parse_dynamic("2:2;3:1", 2).is_ok());
}
