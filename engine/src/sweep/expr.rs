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
//!
//! `evalexpr` parses and evaluates by recursion, so a hostile expression (thousands of nested
//! parentheses or chained operators) would overflow the stack and kill the process. Every
//! expression therefore passes [`check_size`], a cheap scan of its characters, before it is
//! parsed: at most [`MAX_CHARS`] characters, [`MAX_DEPTH`] nested parentheses and
//! [`MAX_OPERATORS`] operator characters. [`Predicate::parse`] is the one door of the CLI's
//! `sweep`, of `merge` reading a shard's spec, and of Python's `sweep`.

use crate::text::quote;
use crate::EngineError;
#[cfg(feature = "expr")]
use evalexpr::{ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node, Value};

/// The name the set itself has in an expression.
pub const SET_NAME: &str = "S";

/// The longest expression, in characters.
pub const MAX_CHARS: usize = 4000;

/// The deepest nesting of parentheses in an expression.
pub const MAX_DEPTH: usize = 64;

/// The most operator characters (`+-*/%^<>=!&|,`) in an expression.
pub const MAX_OPERATORS: usize = 256;

/// Refuses an expression longer or deeper than the caps, before any recursive parser sees it;
/// the message names the cap.
pub fn check_size(text: &str) -> Result<(), EngineError> {
    let too = |what: String| {
        Err(EngineError::OutOfRange(format!(
            "the expression `{}` {what}",
            quote(text)
        )))
    };
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return too(format!(
            "has {chars} characters; at most {MAX_CHARS} are allowed"
        ));
    }
    let (mut depth, mut deepest, mut operators) = (0usize, 0usize, 0usize);
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            '+' | '-' | '*' | '/' | '%' | '^' | '<' | '>' | '=' | '!' | '&' | '|' | ',' => {
                operators += 1
            }
            _ => {}
        }
    }
    if deepest > MAX_DEPTH {
        return too(format!(
            "nests parentheses {deepest} deep; at most {MAX_DEPTH} are allowed"
        ));
    }
    if operators > MAX_OPERATORS {
        return too(format!(
            "has {operators} operator characters; at most {MAX_OPERATORS} are allowed"
        ));
    }
    Ok(())
}

/// A parsed, checked predicate.
#[cfg(feature = "expr")]
#[derive(Debug, Clone)]
pub struct Predicate {
    node: Node<DefaultNumericTypes>,
}

#[cfg(feature = "expr")]
impl Predicate {
    /// Checks the size of `text` ([`check_size`]), parses it and checks that every variable
    /// it reads is one of `names` or `S`.
    pub fn parse(text: &str, names: &[&str]) -> Result<Self, EngineError> {
        check_size(text)?;
        let node = evalexpr::build_operator_tree::<DefaultNumericTypes>(text).map_err(|e| {
            EngineError::Parse(format!(
                "the expression `{}` does not parse: {e}",
                quote(text)
            ))
        })?;
        if let Some(bad) = node
            .iter_variable_identifiers()
            .find(|name| *name != SET_NAME && !names.contains(name))
        {
            return Err(EngineError::Parse(format!(
                "unknown name `{}` in `{}`; known names: {SET_NAME}, {}",
                quote(bad),
                quote(text),
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
        check_size(text)?;
        Err(EngineError::Parse(format!(
            "this build has no expression language (the engine's `expr` feature), so `{}` cannot be evaluated; use `heaplab sweep --where`",
            quote(text)
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

    /// Parses and evaluates `text` on a thread with a sweep worker's default stack.
    fn parse_and_eval(text: String) -> Result<bool, EngineError> {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || Predicate::parse(&text, NAMES)?.eval(NAMES, &[Some(5), Some(1)], &[1]))
            .unwrap()
            .join()
            .unwrap()
    }

    /// Just under each cap parses and evaluates; just over it is refused with the cap named.
    #[test]
    fn expressions_at_the_caps_work_and_past_them_are_refused() {
        let nested = |d: usize| format!("{}period{} > 1", "(".repeat(d), ")".repeat(d));
        assert_eq!(parse_and_eval(nested(MAX_DEPTH)), Ok(true));
        let err = parse_and_eval(nested(MAX_DEPTH + 1))
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("at most {MAX_DEPTH}")), "{err}");

        // `period > 1 + 1 + … + 1`: one `>` and the rest `+`.
        let chain = |ops: usize| format!("period > 1{}", "+1".repeat(ops - 1));
        assert_eq!(parse_and_eval(chain(MAX_OPERATORS)), Ok(false));
        let err = parse_and_eval(chain(MAX_OPERATORS + 1))
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("at most {MAX_OPERATORS}")), "{err}");

        let negated = |ops: usize| format!("{}period > 1", "-".repeat(ops - 1));
        assert!(parse_and_eval(negated(MAX_OPERATORS)).is_ok());
        assert!(parse_and_eval(negated(MAX_OPERATORS + 1)).is_err());

        let long = |n: usize| format!("period > 1{}", " ".repeat(n - 10));
        assert_eq!(parse_and_eval(long(MAX_CHARS)), Ok(true));
        let err = parse_and_eval(long(MAX_CHARS + 1)).unwrap_err().to_string();
        assert!(err.contains(&format!("at most {MAX_CHARS}")), "{err}");
        assert!(err.len() < 200, "the message quotes a cut input: {err}");
    }

    /// The fuzzer's inputs: far past every cap, refused without touching the stack.
    #[test]
    fn hostile_expressions_are_refused_not_crashed() {
        for text in [
            format!("{}period{} > 1", "(".repeat(50_000), ")".repeat(50_000)),
            format!("{}period > 1", "-".repeat(45_000)),
            format!("period > 1{}", "+1".repeat(14_000)),
        ] {
            assert!(parse_and_eval(text).is_err());
        }
    }
}
