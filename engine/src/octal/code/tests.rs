//! Unit tests of the octal code parser and ruleset (`super`), kept apart so the module stays one concern.

use super::*;

#[test]
fn spellings_of_one_code_agree() {
    let expected = Ruleset::parse("·137").unwrap();
    for text in [
        ".137",
        "0.137",
        "0·137",
        " .1370 ",
        "dawson's chess",
        "Dawsons-Chess",
    ] {
        assert_eq!(Ruleset::parse(text).unwrap(), expected, "{text}");
    }
    assert_eq!(expected.digits(), &[0, 1, 3, 7]);
    assert_eq!(expected.code(), "·137");
    assert_eq!(expected.name(), Some("Dawson's chess"));
}

#[test]
fn tails_and_d0() {
    let nim = Ruleset::parse(".(3)").unwrap();
    assert_eq!(Ruleset::parse("·3\u{0305}").unwrap(), nim);
    assert_eq!(nim.digit(1), 3);
    assert_eq!(nim.digit(1000), 3);
    assert!(!nim.is_finite());
    let lasker = Ruleset::parse("4.(3)").unwrap();
    assert_eq!(lasker.digit(0), 4);
    assert_eq!(lasker.name(), Some("Lasker's nim"));
    let duplicate = Ruleset::parse("·0\u{0305}3\u{0305}").unwrap();
    assert_eq!((duplicate.digit(1), duplicate.digit(2)), (0, 3));
    assert_eq!(duplicate.digit(4), 3);
    assert_eq!(Ruleset::parse("4.07").unwrap().digits(), &[4, 0, 7]);
}

#[test]
fn hexadecimal_codes_are_named_as_such() {
    let hex = Ruleset::parse(".a8f").unwrap();
    assert_eq!(hex.kind(), Kind::Hexadecimal);
    assert_eq!(hex.code(), "·A8F");
    assert_eq!(hex.max_heaps_left(), 3);
    assert_eq!(Ruleset::parse(".77").unwrap().kind(), Kind::Octal);
    assert_eq!(Ruleset::parse(".77").unwrap().max_heaps_left(), 2);
    assert_eq!(Ruleset::parse(".3").unwrap().max_heaps_left(), 1);
    assert_eq!(Ruleset::parse("grundy").unwrap().kind(), Kind::Grundy);
}

#[test]
fn bad_codes_give_one_line_errors() {
    for bad in [
        "",
        "137",
        ".1W",
        ".&16",
        ".&;",
        ".&99999999999;",
        "!4.0",
        "4!!.0",
        ".!3",
        "4.(!3)",
        ".{2+}",
        ".[3)",
        "44.0",
        "1.7",
        "45.1",
        ".(3",
        ".()",
        ".(3)4",
        ".0",
        ".000",
        "monopoly",
        "·3\u{0305}4",
        ".\u{0305}",
    ] {
        let err = Ruleset::parse(bad).unwrap_err().to_string();
        assert!(!err.is_empty() && !err.contains('\n'), "{bad}: {err}");
    }
    let long = format!(".{}", "7".repeat(MAX_CODE_DIGITS + 1));
    assert!(Ruleset::parse(&long).is_err());
}

#[test]
fn cgsuite_digits_and_modifiers() {
    // CGSuite's TBCode: base-32 digits, &n; for any digit, a modifier after its digit.
    let grundy = Ruleset::parse("4!.0").unwrap();
    assert_eq!(grundy, Ruleset::parse("grundy").unwrap());
    assert_eq!(
        grundy,
        Ruleset::parse("4?.").unwrap(),
        "? is ! for two heaps"
    );
    assert_eq!(grundy.kind(), Kind::Grundy);
    assert_eq!(grundy.name(), Some("Grundy's game"));
    assert_eq!(grundy.ascii(), "4!.0");
    assert!(grundy.unequal_split() && grundy.fast_method());
    let g = Ruleset::parse(".1g").unwrap();
    assert_eq!(g, Ruleset::parse(".1&16;").unwrap());
    assert_eq!(
        (g.digit(2), g.max_heaps_left(), g.kind()),
        (16, 4, Kind::Generalized)
    );
    let big = Ruleset::parse("&65536;.&32;=").unwrap();
    assert_eq!(big.ascii(), "&65536;.&32;=");
    assert_eq!(big.max_heaps_left(), 16);
    assert_eq!(big.modifier(1), Modifier::AllEqual);
    assert!(!big.fast_method());
    let three = Ruleset::parse("8?.0").unwrap();
    assert_eq!(three.modifier(0), Modifier::NotAllEqual);
    assert_eq!(
        Ruleset::parse("0.[3]").unwrap(),
        Ruleset::parse(".(3)").unwrap()
    );
    assert_eq!(
        Ruleset::parse(".3!").unwrap(),
        Ruleset::parse(".3").unwrap()
    );
    let tail = Ruleset::parse(".(7!3)").unwrap();
    assert_eq!(
        (tail.modifier(2), tail.modifier(4)),
        (Modifier::Plain, Modifier::Plain)
    );
    assert_eq!(
        (tail.modifier(1), tail.modifier(3)),
        (Modifier::Unequal, Modifier::Unequal)
    );
    assert!(
        Ruleset::parse(".&131072;").is_err(),
        "17 heaps is past the cap"
    );
}

#[test]
fn named_games_parse_to_their_codes() {
    let named = named_games();
    assert!(named.contains(&("Kayles", ".77".to_string())));
    assert!(named.contains(&("Treblecross", ".007".to_string())));
    assert!(named.contains(&("Guiles", ".15".to_string())));
    assert!(named.contains(&("Officers", ".6".to_string())));
    assert!(named.contains(&("Dawson's Kayles", ".07".to_string())));
}
