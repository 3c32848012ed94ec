//! Typed errors: every way user input or a budget can stop a computation.

use std::fmt;

/// Why a computation did not produce a result. Each message is one line a person can act on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EngineError {
    /// The ruleset text could not be read; the message says which token and why.
    Parse(String),
    /// A number or size is outside what HeapLab accepts; the message names the cap.
    OutOfRange(String),
    /// The caller cancelled the computation through its [`crate::Budget`].
    Cancelled,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Parse(msg) | EngineError::OutOfRange(msg) => f.write_str(msg),
            EngineError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for EngineError {}
