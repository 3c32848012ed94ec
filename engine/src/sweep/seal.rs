//! A checksum over a JSON document, so a sweep's shard and resume files that were edited or
//! damaged are refused instead of merged or resumed silently wrong.
//!
//! [`seal`] adds a field `"checksum"`: the xxh3-64 (hex) of the document's canonical text
//! without that field (`serde_json`'s compact form, object keys sorted). [`unseal`] parses,
//! recomputes and compares, and removes the field. A checksum guards against accidents
//! (an edited count, a file cut short, a relabelled shard), not against a forger, who can
//! recompute it: the sweep's consistency checks ([`super::Summary::validate`]) cover that.

use crate::text::quote;
use crate::EngineError;
use serde_json::Value;

/// The name of the checksum field.
pub const FIELD: &str = "checksum";

/// xxh3-64 of the compact text of `value` (keys sorted: `serde_json`'s default map is sorted).
fn digest(value: &Value) -> String {
    format!(
        "{:016x}",
        xxhash_rust::xxh3::xxh3_64(value.to_string().as_bytes())
    )
}

/// `value` (a JSON object) with its checksum field set.
pub fn seal(mut value: Value) -> Value {
    if let Some(map) = value.as_object_mut() {
        map.remove(FIELD);
        let sum = digest(&Value::Object(map.clone()));
        map.insert(FIELD.into(), Value::String(sum));
    }
    value
}

/// The document `text` (from `what`, named in errors) without its checksum, once the
/// checksum matches; an error when it does not parse, has no checksum or was changed.
pub fn unseal(text: &str, what: &str) -> Result<Value, EngineError> {
    let mut value: Value = serde_json::from_str(text)
        .map_err(|e| EngineError::Parse(format!("{} is not JSON: {e}", quote(what))))?;
    let Some(map) = value.as_object_mut() else {
        return Err(EngineError::Parse(format!(
            "{} is not a JSON object",
            quote(what)
        )));
    };
    let Some(Value::String(stored)) = map.remove(FIELD) else {
        return Err(EngineError::Parse(format!(
            "{} has no checksum: it was written by an older HeapLab or by hand; write it again with this version",
            quote(what)
        )));
    };
    if digest(&value) != stored {
        return Err(EngineError::Parse(format!(
            "{} fails its checksum: it was edited or damaged after it was written; write it again",
            quote(what)
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sealed_document_unseals_and_any_edit_is_refused() {
        let doc = json!({ "format": "x", "counts": [1, 2, 3], "name": "é" });
        let sealed = seal(doc.clone()).to_string();
        assert_eq!(unseal(&sealed, "f").unwrap(), doc);
        let pretty = serde_json::to_string_pretty(&seal(doc.clone())).unwrap();
        assert_eq!(unseal(&pretty, "f").unwrap(), doc, "layout does not matter");
        let edited = sealed.replace("[1,2,3]", "[1,2,4]");
        assert!(unseal(&edited, "f")
            .unwrap_err()
            .to_string()
            .contains("fails its checksum"));
        let err = unseal(&doc.to_string(), "f").unwrap_err().to_string();
        assert!(err.contains("has no checksum"), "{err}");
        assert!(unseal("[1]", "f").is_err() && unseal("{", "f").is_err());
    }
}
