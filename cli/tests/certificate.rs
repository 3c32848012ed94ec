//! `--certificate` and `--values`: the certificates HeapLab writes pass the independent
//! checker `heaplab-check` (thesis Table 3.2, Section 3.4.3, up to ·376), and every tampered
//! certificate fails it.

mod common;

use common::{error_contains, heaplab};
use heaplab_check::{check, packed_hash, Verdict};
use heaplab_engine::octal::catalogue::TABLE_3_2;
use serde_json::Value;
use std::path::PathBuf;

/// A scratch folder for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heaplab-cert-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `heaplab` with `args` plus `--certificate` and `--values` files in `dir`; returns the
/// certificate's text and the values' bytes.
fn certify(dir: &std::path::Path, args: &[&str]) -> (String, Vec<u8>) {
    let (cert, values) = (dir.join("c.json"), dir.join("v.bin"));
    let extra = ["--certificate", cert.to_str().unwrap()];
    let more = ["--values", values.to_str().unwrap()];
    let out = heaplab(&[args, &extra[..], &more[..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        std::fs::read_to_string(cert).unwrap(),
        std::fs::read(values).unwrap(),
    )
}

fn verdict(cert: &str, values: Option<&[u8]>) -> Verdict {
    match values {
        Some(mut bytes) => check(cert, Some(&mut bytes)),
        None => check(cert, None),
    }
}

/// Certifies `code` in `dir`, checks that the certificate states the published `period` and
/// `preperiod`, and that it passes the checker with its values.
fn certificate_passes(dir: &std::path::Path, (code, period, preperiod): (&str, u64, u64)) {
    let (cert, values) = certify(dir, &["octal", code, "--prove", "--terms", "1"]);
    let json: Value = serde_json::from_str(&cert).unwrap();
    assert_eq!(
        (json["period"].as_u64(), json["preperiod"].as_u64()),
        (Some(period), Some(preperiod)),
        "{code}"
    );
    assert_eq!(verdict(&cert, Some(&values)), Verdict::Valid, "{code}");
}

/// Table 3.2's rows before ·376 (the ones proven in seconds) and Kayles: the certificate
/// states the published period and preperiod, and passes the checker with its values.
#[test]
fn table_3_2_certificates_pass_the_checker() {
    let dir = scratch("table");
    let rows = TABLE_3_2.iter().take_while(|row| row.code != ".376");
    let mut games: Vec<(&str, u64, u64)> = vec![("kayles", 12, 71)];
    games.extend(rows.map(|row| (row.code, row.period, row.preperiod)));
    assert_eq!(games.len(), 10);
    for game in games {
        certificate_passes(&dir, game);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Table 3.2's ·376 (preperiod 2,268,248, period 4): about 5.2 million heaps, which the
/// checker recomputes by its own sparse-space method (the slowest check of the suite, about
/// a minute; the larger rows are checked by `cargo xtask records`).
#[test]
fn the_376_certificate_passes_the_checker() {
    let dir = scratch("376");
    let row = TABLE_3_2.iter().find(|row| row.code == ".376").unwrap();
    assert_eq!((row.period, row.preperiod), (4, 2_268_248));
    certificate_passes(&dir, (row.code, row.period, row.preperiod));
    std::fs::remove_dir_all(&dir).ok();
}

/// A subtraction certificate passes; with another set it fails.
#[test]
fn subtraction_certificate() {
    let dir = scratch("subtraction");
    let (cert, values) = certify(&dir, &["subtraction", "--set", "2,3,7", "--terms", "3"]);
    assert_eq!(verdict(&cert, Some(&values)), Verdict::Valid);
    let mut json: Value = serde_json::from_str(&cert).unwrap();
    json["ruleset"]["set"] = serde_json::json!([2, 4, 7]);
    assert!(matches!(
        verdict(&json.to_string(), None),
        Verdict::Invalid(_)
    ));
    std::fs::remove_dir_all(&dir).ok();
}

/// Sets `n0` and `p` with the window Theorem 3.73 gives for them (t = 2, k = 3 for ·156),
/// as a forger would.
fn retarget(cert: &Value, n0: u64, p: u64) -> String {
    let mut cert = cert.clone();
    cert["preperiod"] = n0.into();
    cert["period"] = p.into();
    cert["theorem"]["window"] = serde_json::json!([n0, 2 * n0.max(1) + p + 3]);
    cert.to_string()
}

/// Expects `Invalid` with `needle` in the reason.
fn refused(cert: &str, values: Option<&[u8]>, needle: &str) {
    match verdict(cert, values) {
        Verdict::Invalid(why) => assert!(why.contains(needle), "{needle}: {why}"),
        other => panic!("{needle}: {other:?}"),
    }
}

/// Every tampering is refused, each by the check made for it.
#[test]
fn tampered_certificates_fail() {
    let dir = scratch("tamper");
    let (text, values) = certify(&dir, &["octal", ".156", "--prove", "--terms", "1"]);
    let cert: Value = serde_json::from_str(&text).unwrap();
    let (n0, p) = (
        cert["preperiod"].as_u64().unwrap(),
        cert["period"].as_u64().unwrap(),
    );
    assert_eq!(verdict(&text, Some(&values)), Verdict::Valid);
    let mut flipped = values.clone();
    flipped[4 * 1000] ^= 1;
    refused(&text, Some(&flipped), "VALUES differs");
    refused(&text, Some(&values[..values.len() - 4]), "VALUES length");
    refused(&retarget(&cert, n0, p + 1), None, "needs");
    refused(&retarget(&cert, n0, p - 1), None, "not periodic");
    refused(&retarget(&cert, n0, 2 * p), None, "needs");
    refused(&retarget(&cert, n0 + 1, p), None, "needs");
    refused(&retarget(&cert, n0 - 1, p), None, "not periodic");
    // N one short, with the hash of those values: too few for the theorem.
    let g: Vec<u32> = values
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let mut short = cert.clone();
    short["heaps"] = (g.len() as u64 - 1).into();
    short["values_sha256"] = packed_hash(&g[..g.len() - 1]).into();
    refused(&short.to_string(), None, "the theorem needs");
    let edit = |key: &str, path: &[&str], value: Value| {
        let mut c = cert.clone();
        let mut at = &mut c;
        for step in path {
            at = &mut at[*step];
        }
        at[key] = value;
        refused(&c.to_string(), None, key);
    };
    edit("t", &["theorem"], 1.into());
    edit("k", &["theorem"], 2.into());
    edit("window", &["theorem"], serde_json::json!([n0, n0 + 10]));
    edit("values_sha256", &[], packed_hash(&g[1..]).into());
    edit("version", &[], 2.into());
    edit("rare_count", &["sparse"], 0.into());
    // A wrong mask is only a hint for the checker's method, but its counts are checked.
    let mut masked = cert.clone();
    masked["sparse"]["ignore_mask"] = (cert["sparse"]["ignore_mask"].as_u64().unwrap() ^ 1).into();
    refused(&masked.to_string(), None, "rare_count");
    std::fs::remove_dir_all(&dir).ok();
}

/// Unwritable certificate and values paths stop the run before any work (a run of minutes
/// was asked for), and --certificate needs a proof.
#[test]
fn bad_paths_fail_at_once() {
    let dir = scratch("paths");
    let missing = dir.join("no-such-folder").join("c.json");
    let missing = missing.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    error_contains(
        &["octal", ".454", "--prove", "--certificate", missing],
        "does not exist",
    );
    error_contains(
        &["octal", ".454", "--prove", "--certificate", folder],
        "folder",
    );
    let ok = dir.join("c.json");
    let args = [
        "octal",
        ".454",
        "--prove",
        "--certificate",
        ok.to_str().unwrap(),
    ];
    error_contains(&[&args[..], &["--values", missing]].concat(), "--values");
    error_contains(&["octal", ".454", "--certificate", folder], "--prove");
    error_contains(
        &["subtraction", "--set", "1,2", "--certificate", missing],
        "does not exist",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Kenyon's ·3F (period 6, saltus 3, proven by the Howse–Nowakowski test; thesis Section 3.5)
/// gets an arithmetic certificate, which the checker reports as unsupported, never valid.
#[test]
fn arithmetic_certificate_is_unsupported_by_the_checker() {
    let dir = scratch("arithmetic");
    let (cert, values) = certify(&dir, &["octal", ".3F", "--prove", "--terms", "1"]);
    let json: Value = serde_json::from_str(&cert).unwrap();
    assert_eq!(
        (json["period"].as_u64(), json["saltus"].as_u64()),
        (Some(6), Some(3))
    );
    assert_eq!(values.len() as u64, 4 * json["heaps"].as_u64().unwrap());
    assert!(matches!(
        verdict(&cert, Some(&values)),
        Verdict::Unsupported(_)
    ));
    std::fs::remove_dir_all(&dir).ok();
}
