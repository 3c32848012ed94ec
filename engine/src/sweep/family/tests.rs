//! The family registry: parsing, refused options and families, the serialized form.

use super::*;

#[test]
fn bad_families_are_refused() {
    assert!(Subsets::new(0, None, false, false).is_err());
    assert!(Subsets::new(MAX_SET_BOUND + 1, None, false, false).is_err());
    assert!(Subsets::new(5, Some(6), false, false).is_err());
    assert!(Subsets::new(5, Some(0), false, false).is_err());
    let options = FamilyOptions {
        bound: Some(5),
        ..FamilyOptions::default()
    };
    assert!(Family::parse("nope", &options).is_err());
    assert!(Family::parse("octal", &options).is_err(), "needs --digits");
    let octal = FamilyOptions {
        digits: Some(2),
        ..options.clone()
    };
    let err = Family::parse("octal", &octal).unwrap_err().to_string();
    assert!(err.contains("--max-move does not apply"), "{err}");
    let sets = FamilyOptions {
        fixed: Some(30),
        ..options.clone()
    };
    assert!(
        Family::parse("subtraction", &sets).is_err(),
        "--fixed is not a set option"
    );
    let three = Subsets::new(3, None, false, false).unwrap();
    assert!(Family::Subtraction(SubtractionSets(three)).get(7).is_err());
}

/// The largest families: `--max-move 32` fits, 33 and 40 are refused with the flag named
/// (before anything is allocated), unless `--size` cuts them; a forged family is refused by
/// [`Family::validate`].
#[test]
fn families_past_the_cap_are_refused_with_the_flag_named() {
    assert_eq!(
        Subsets::new(32, None, false, false).unwrap().len(),
        MAX_RULESETS - 1
    );
    for m in [33, 40] {
        let err = Subsets::new(m, None, false, false).unwrap_err().to_string();
        assert!(
            err.contains("--max-move") && err.contains("4,294,967,296"),
            "{err}"
        );
    }
    assert!(Subsets::new(40, Some(3), false, false).is_ok());
    let forged = |bound, allow_empty| Subsets {
        bound,
        size: None,
        exact_max: false,
        allow_empty,
    };
    let subtraction = |sets| Family::Subtraction(SubtractionSets(sets));
    assert!(subtraction(forged(40, false)).validate().is_err());
    assert!(subtraction(forged(64, false)).validate().is_err());
    assert!(subtraction(forged(5, true)).validate().is_err());
    assert!(Family::AllBut(AllButSets(forged(5, true)))
        .validate()
        .is_ok());
    let codes = |digits, base| Family::Codes(OctalCodes(Codes { digits, base }));
    assert!(codes(9, 8).validate().is_err());
    assert!(codes(8, 16).validate().is_ok());
    let scoring = Family::ScoringOctal(ScoringCodes(Codes { digits: 2, base: 8 }));
    assert!(scoring.validate().is_err());
}

/// Every registered name parses to a family that knows it, in the order the error lists.
#[test]
fn the_names_are_the_registered_families() {
    assert_eq!(
        Family::names(),
        [
            "subtraction",
            "all-but",
            "cumulative-subtraction",
            "octal",
            "hexadecimal",
            "scoring-octal",
            "3move",
            "4move",
            "maxsym5",
            #[cfg(feature = "rules")]
            "rules",
        ]
    );
    let err = Family::parse("nope", &FamilyOptions::default())
        .unwrap_err()
        .to_string();
    assert!(err.ends_with(&Family::names().join(", ")), "{err}");
    assert_eq!(kind_name(SubjectKind::Octal), "octal");
    assert_eq!(kind_name(SubjectKind::Subtraction), "subtraction");
}

/// Shard and resume files keep their JSON: `{"family": "<kebab-case variant>", fields…}`.
#[test]
fn the_serialized_form_is_the_tagged_fields() {
    let sets = Subsets::new(4, Some(2), false, true).unwrap();
    let cases = [
        (
            Family::AllBut(AllButSets(sets)),
            r#"{"family":"all-but","bound":4,"size":2,"exact_max":false,"allow_empty":true}"#,
        ),
        (
            Family::Codes(OctalCodes(Codes {
                digits: 2,
                base: 16,
            })),
            r#"{"family":"codes","digits":2,"base":16}"#,
        ),
        (
            Family::ScoringOctal(ScoringCodes(Codes { digits: 3, base: 4 })),
            r#"{"family":"scoring-octal","digits":3,"base":4}"#,
        ),
    ];
    for (family, json) in cases {
        assert_eq!(serde_json::to_string(&family).unwrap(), json);
        assert_eq!(serde_json::from_str::<Family>(json).unwrap(), family);
    }
    let options = FamilyOptions {
        fixed: Some(30),
        window: Some(Window {
            x0: 1,
            x1: 4,
            y0: 2,
            y1: 5,
        }),
        ..FamilyOptions::default()
    };
    let map = Family::parse("3move", &options).unwrap();
    let json = serde_json::to_string(&map).unwrap();
    assert!(
        json.starts_with(r#"{"family":"period-map","map":"#),
        "{json}"
    );
    assert!(json.contains(r#","window":{"#), "{json}");
    assert_eq!(serde_json::from_str::<Family>(&json).unwrap(), map);
}

#[test]
fn shards_tile_the_range() {
    for len in [0u64, 1, 7, 100] {
        for count in 1..6 {
            let mut next = 0;
            for i in 0..count {
                let r = shard_range(len, i, count).unwrap();
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, len);
        }
    }
    assert!(shard_range(10, 5, 4).is_err());
    assert!(shard_range(10, 0, 0).is_err());
}
