//! `--where EXPR`: a user predicate over a ruleset's metrics, in the `evalexpr` language.
//!
//! The names an expression may use are the family's metric names ([`super::metrics::names`])
//! and `S`, the ruleset's set as a tuple, so `period > 2 * max(S)` or `size == 3 && period > 10`
//! work. [`Predicate::parse`] refuses a parse error or an unknown name before a sweep starts;
//! a value that is unknown for one ruleset (no period within the search) is `()` there, and an
//! expression that then cannot be evaluated is that ruleset's error, not the sweep's.
//!
//! The language is the engine's `expr` feature (on by default, for the CLI and Python); the
//! web build leaves it out to keep its one wasm module small, and there [`Predicate::parse`]
//! refuses every expression with a message that says so.

use crate::EngineError;
#[cfg(feature = "expr")]
use evalexpr::{ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node, Value};

/// The name the set itself has in an expression.
pub const SET_NAME: &str = "S";

/// A parsed, checked predicate.
#[cfg(feature = "expr")]
#[derive(Debug, Clone)]
pub struct Predicate {
    node: Node<DefaultNumericTypes>,
}

#[cfg(feature = "expr")]
impl Predicate {
    /// Parses `text` and checks that every variable it reads is one of `names` or `S`.
    pub fn parse(text: &str, names: &[&str]) -> Result<Self, EngineError> {
        let node = evalexpr::build_operator_tree::<DefaultNumericTypes>(text).map_err(|e| {
            EngineError::Parse(format!("the expression `{text}` does not parse: {e}"))
        })?;
        if let Some(bad) = node
            .iter_variable_identifiers()
            .find(|name| *name != SET_NAME && !names.contains(name))
        {
            return Err(EngineError::Parse(format!(
                "unknown name `{bad}` in `{text}`; known names: {SET_NAME}, {}",
                names.join(", ")
            )));
        }
        Ok(Predicate { node })
    }

    /// Evaluates the predicate for one ruleset: `values[i]` is metric `names[i]`, `set` is `S`.
    pub fn eval(
        &self,
        names: &[&str],
        values: &[Option<i64>],
        set: &[u32],
    ) -> Result<bool, EngineError> {
        let mut context = HashMapContext::<DefaultNumericTypes>::new();
        let tuple = set.iter().map(|&s| Value::Int(i64::from(s))).collect();
        let mut bind = |name: &str, value| {
            context
                .set_value(name.to_string(), value)
                .map_err(|e| EngineError::Parse(e.to_string()))
        };
        bind(SET_NAME, Value::Tuple(tuple))?;
        for (name, value) in names.iter().zip(values) {
            bind(name, value.map_or(Value::Empty, Value::Int))?;
        }
        self.node
            .eval_boolean_with_context(&context)
            .map_err(|e| EngineError::Parse(format!("--where: {e}")))
    }
}

/// A build without the `expr` feature: no expression parses.
#[cfg(not(feature = "expr"))]
#[derive(Debug, Clone)]
pub struct Predicate;

#[cfg(not(feature = "expr"))]
impl Predicate {
    /// Refuses `text`: this build has no expression language.
    pub fn parse(text: &str, _names: &[&str]) -> Result<Self, EngineError> {
        Err(EngineError::Parse(format!(
            "this build has no expression language (the engine's `expr` feature), so `{text}` cannot be evaluated; use `heaplab sweep --where`"
        )))
    }

    /// Never called: [`Predicate::parse`] gives no predicate.
    pub fn eval(&self, _: &[&str], _: &[Option<i64>], _: &[u32]) -> Result<bool, EngineError> {
        Err(EngineError::Parse(
            "no expression language in this build".into(),
        ))
    }
}

#[cfg(all(test, feature = "expr"))]
mod tests {
    use super::*;

    const NAMES: &[&str] = &["period", "size"];

    #[test]
    fn evaluates_over_metrics_and_the_set() {
        let p = Predicate::parse("period > 2 * max(S)", NAMES).unwrap();
        assert!(p.eval(NAMES, &[Some(9), Some(2)], &[1, 4]).unwrap());
        assert!(!p.eval(NAMES, &[Some(8), Some(2)], &[1, 4]).unwrap());
    }

    #[test]
    fn bad_expressions_name_the_problem() {
        let err = Predicate::parse("perod > 3", NAMES)
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown name `perod`"), "{err}");
        let err = Predicate::parse("period > (", NAMES)
            .unwrap_err()
            .to_string();
        assert!(err.contains("does not parse"), "{err}");
    }

    #[test]
    fn an_unknown_value_is_an_error_for_that_ruleset_only() {
        let p = Predicate::parse("period > 3", NAMES).unwrap();
        assert!(p.eval(NAMES, &[None, Some(1)], &[1]).is_err());
        let p = Predicate::parse("period + 1", NAMES).unwrap();
        assert!(p.eval(NAMES, &[Some(1), Some(1)], &[1]).is_err());
    }
}
