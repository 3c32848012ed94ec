//! The `heaplab-check` binary's verdicts and exit codes on hand-written certificates of the
//! subtraction game S = {1, 2}, whose nim-values are `n mod 3` (Berlekamp, Conway and Guy,
//! Winning Ways, Ch. 4: the subtraction game S(1, 2)).

use std::path::PathBuf;
use std::process::Command;

/// The certificate of S = {1, 2}: period 3 from 0, N = 0 + 3 + 2 heaps, window [0, 1];
/// `edit` changes its JSON first.
fn certificate(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let values: Vec<u32> = (0..5).map(|n| n % 3).collect();
    let mut cert = serde_json::json!({
        "format": "heaplab-certificate",
        "version": 1,
        "game": "subtraction",
        "ruleset": {"typed": "1,2", "set": [1, 2]},
        "theorem": {"name": "subtraction-periodicity", "source": "thesis", "max_move": 2,
                    "window": [0, 1]},
        "preperiod": 0,
        "period": 3,
        "heaps": 5,
        "values_packing": "u32le",
        "values_sha256": heaplab_check::packed_hash(&values),
    });
    edit(&mut cert);
    cert.to_string()
}

/// Runs the checker on `cert` written to a scratch file; its exit code and first line.
fn run(tag: &str, cert: &str) -> (i32, String) {
    let dir: PathBuf = std::env::temp_dir().join(format!("heaplab-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{tag}.json"));
    std::fs::write(&file, cert).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_heaplab-check"))
        .arg(&file)
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    (out.status.code().unwrap_or(-1), line)
}

#[test]
fn exit_codes() {
    assert_eq!(run("good", &certificate(|_| {})), (0, "VALID".into()));
    let (code, line) = run("version", &certificate(|c| c["version"] = 2.into()));
    assert_eq!(code, 2, "{line}");
    assert!(line.starts_with("INVALID: version"), "{line}");
    let (code, line) = run("period", &certificate(|c| c["period"] = 6.into()));
    assert_eq!(code, 2, "{line}");
    let twice = certificate(|c| {
        c["period"] = 6.into();
        c["heaps"] = 8.into();
        c["values_sha256"] = heaplab_check::packed_hash(&[0, 1, 2, 0, 1, 2, 0, 1]).into();
    });
    let (code, line) = run("twice", &twice);
    assert_eq!(
        (code, line.as_str()),
        (2, "INVALID: the period is not least: 3 is a period too")
    );
    let late = certificate(|c| {
        c["preperiod"] = 1.into();
        c["heaps"] = 6.into();
        c["theorem"]["window"] = serde_json::json!([1, 2]);
        c["values_sha256"] = heaplab_check::packed_hash(&[0, 1, 2, 0, 1, 2]).into();
    });
    let (code, line) = run("late", &late);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("preperiod is not least"), "{line}");
    let arithmetic = certificate(|c| c["theorem"]["name"] = "arithmetic-periodicity".into());
    let (code, line) = run("arithmetic", &arithmetic);
    assert_eq!(
        (code, line.as_str()),
        (3, "UNSUPPORTED: arithmetic periodicity")
    );
    assert_eq!(run("garbage", "{ not json").0, 1);
    let missing = Command::new(env!("CARGO_BIN_EXE_heaplab-check"))
        .arg("/no/such/file.json")
        .status()
        .unwrap();
    assert_eq!(missing.code(), Some(1));
}
