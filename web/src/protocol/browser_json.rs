//! Imported games read through the browser's own `JSON.parse`, so the wasm module carries no
//! JSON parser: the engine's one reader ([`Efg::from_tree`]) walks the parsed value through
//! [`JsonTree`], as it walks serde_json's value in the CLI.
//!
//! JavaScript has one number type, so two texts the CLI tells apart read the same here: an
//! integer written `2.0` counts as `2`, and integers beyond 2^53 are rounded by the browser.

use heaplab_engine::cumulative_games::efg::{Efg, JsonTree};
use heaplab_engine::EngineError;
use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};

/// A value from `JSON.parse`.
struct BrowserJson(JsValue);

impl JsonTree for BrowserJson {
    fn member(&self, key: &str) -> Option<Self> {
        if !self.0.is_object() || Array::is_array(&self.0) {
            return None;
        }
        Reflect::get(&self.0, &JsValue::from_str(key))
            .ok()
            .filter(|value| !value.is_undefined())
            .map(BrowserJson)
    }

    fn as_count(&self) -> Option<u64> {
        // 2^64 as f64; `as` saturates, so the bound keeps the conversion exact.
        let limit = 18_446_744_073_709_551_616.0;
        self.0
            .as_f64()
            .filter(|x| x.fract() == 0.0 && (0.0..limit).contains(x))
            .map(|x| x as u64)
    }

    fn as_text(&self) -> Option<String> {
        self.0.as_string()
    }

    fn elements(&self) -> Option<Vec<Self>> {
        Array::is_array(&self.0).then(|| Array::from(&self.0).iter().map(BrowserJson).collect())
    }

    fn number_text(&self) -> Option<String> {
        self.0.as_f64().map(|x| x.to_string())
    }
}

/// [`Efg::from_json`] for the page: the same caps and the same reader, with the browser's
/// `JSON.parse` as the parser.
pub fn efg_from_json(text: &str) -> Result<Efg, EngineError> {
    Efg::check_json_text(text)?;
    let value = JSON::parse(text).map_err(|error| {
        let reason = error
            .dyn_into::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|_| "the browser could not read it".into());
        // The browser quotes part of the text, which may hold line breaks: keep one line.
        let reason: Vec<&str> = reason.split_whitespace().collect();
        EngineError::Parse(format!("the game is not valid JSON: {}", reason.join(" ")))
    })?;
    Efg::from_tree(BrowserJson(value))
}
