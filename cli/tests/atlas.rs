//! `heaplab atlas octal`: the JSON a reader scripts against, the text, and bad input.

mod common;
use common::{error_contains, heaplab};

#[test]
fn the_one_digit_atlas_in_json() {
    let out = heaplab(&[
        "atlas",
        "octal",
        "--digits",
        "1",
        "--max-heaps",
        "20000",
        "--format",
        "json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let classes = v["classes"].as_array().unwrap();
    let codes: usize = classes
        .iter()
        .map(|c| c["codes"].as_array().unwrap().len())
        .sum();
    assert_eq!(codes, 15, "2·8 codes but .0, which allows no move");
    let class_of = |code: &str| {
        classes
            .iter()
            .find(|c| c["codes"].as_array().unwrap().iter().any(|x| x == code))
            .unwrap()
    };
    // ·4: period 34 (Winning Ways); ·6 (Officers) unsolved, with its rare statistics.
    assert_eq!(class_of(".4")["status"], "proven");
    assert_eq!(class_of(".4")["period"], 34);
    let officers = class_of(".6");
    assert_eq!(officers["status"], "unsolved");
    assert_eq!(officers["period"], serde_json::Value::Null);
    assert_eq!(officers["computed"], 20000);
    assert!(officers["rare_count"].as_u64().unwrap() > 0);
    assert!(officers["last_rare_heap"].as_u64().is_some());
    let facts = v["catalogue"].as_array().unwrap();
    assert_eq!(facts[0]["first_difference"], 519);
    assert_eq!(facts[1]["first_difference"], 2);
}

#[test]
fn the_text_names_classes_and_errata() {
    let out = heaplab(&["atlas", "octal", "--digits", "1", "--max-heaps", "5000"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(".3 = .5 = .7: proven: n0 0, p 2"), "{text}");
    assert!(text.contains(".161 = .36") && text.contains("first differ at heap 519"));
}

#[test]
fn bad_input_is_refused() {
    error_contains(&["atlas", "hexadecimal"], "family `octal`");
    error_contains(&["atlas", "octal", "--digits", "0"], "--digits");
    error_contains(&["atlas", "octal", "--digits", "9"], "--digits");
    error_contains(&["atlas", "octal", "--max-heaps", "0"], "--max-heaps");
    error_contains(&["atlas", "octal", "--threads", "0"], "--threads");
}

/// Three shards merged are the one-process atlas, byte for byte; a missing or edited shard is
/// refused.
#[test]
fn shards_merge_into_the_one_process_atlas() {
    let dir = std::env::temp_dir().join(format!("heaplab-atlas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let base = ["atlas", "octal", "--digits", "2", "--max-heaps", "2048"];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        assert!(heaplab(&args).status.success(), "{args:?}");
    };
    let single = path("single.json");
    run(&["--format", "json", "--out", &single]);
    let parts: Vec<String> = (0..3).map(|i| path(&format!("part-{i}.json"))).collect();
    for (i, part) in parts.iter().enumerate() {
        run(&["--shard", &format!("{i}/3"), "--out", part]);
    }
    let merged = path("merged.json");
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--out", &merged]);
    assert!(heaplab(&args).status.success());
    assert_eq!(
        std::fs::read(&single).unwrap(),
        std::fs::read(&merged).unwrap()
    );
    error_contains(&["merge", &parts[0], &parts[2]], "3 shards, 2 were given");
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    std::fs::write(
        &parts[1],
        text.replacen("\"computed\":2048", "\"computed\":2047", 1),
    )
    .unwrap();
    error_contains(&["merge", &parts[0], &parts[1], &parts[2]], "checksum");
    std::fs::remove_dir_all(&dir).ok();
}
