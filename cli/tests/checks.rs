//! `heaplab checks` end to end: the list of named checks as JSON and text.

mod common;

use common::{heaplab, json};

/// Every check is listed once with its citation, families and stated range.
#[test]
fn checks_are_listed_with_citations() {
    let v = json(&["checks", "--format", "json"]);
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), heaplab_engine::checks::all().len());
    let c17 = list
        .iter()
        .find(|c| c["name"] == "cs-conjecture-17")
        .unwrap();
    assert!(c17["citation"].as_str().unwrap().contains("Conjecture 17"));
    assert_eq!(c17["applies_to"][0], "cumulative-subtraction");
    assert!(!c17["stated_range"].as_str().unwrap().is_empty());
    let out = heaplab(&["checks"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("survey-appendix-a10 [all-but]"), "{text}");
}
