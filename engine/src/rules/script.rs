//! The ruleset language: a Rhai script, sandboxed, read in two passes.
//!
//! Pass one runs the script's top level once with three extra functions, `name(text)`,
//! `convention("normal" | "misere")` and `param(name, default)`, to learn the ruleset's name,
//! play convention and parameters. Pass two binds each parameter (its default, or the value the
//! caller gives) as a variable every function sees, and calls the move functions for each
//! position: `fn options(n)` for one heap, `fn options(a, b)` (or `fn rays` / `fn steps`) for a
//! pair, `fn options(a, b, c)` and so on for t heaps, `fn left(n)` and `fn right(n)` for a
//! partizan heap, `fn proposals(n)` for a comply game ([`Shape`] says which). The script can do no
//! I/O, and every call is capped in operations, call depth, expression depth, string and array
//! size, so a runaway rule stops with a one-line message.

use std::cell::RefCell;
use std::fmt::Display;
use std::rc::Rc;

use rhai::{Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Module, Position, Scope, AST};

use super::pairs::MAX_T;
use super::solve;
use crate::EngineError;

/// The most operations one call of a ruleset's function (or its top level) may take.
pub const MAX_OPERATIONS: u64 = 2_000_000;
/// The deepest chain of function calls a ruleset may make.
pub const MAX_CALL_LEVELS: usize = 48;
/// The longest string a ruleset may build.
pub const MAX_STRING: usize = 100_000;
/// The longest array a ruleset may build (and so the most options of one position). Rhai
/// measures a growing array at every step, so building one costs time quadratic in its length:
/// the cap keeps a runaway array to about a second.
pub const MAX_ARRAY: usize = 20_000;
/// The longest ruleset text HeapLab reads.
pub const MAX_TEXT: usize = 100_000;
/// The largest heap an option may name: beyond it a rule is refused as runaway.
pub const MAX_HEAP: u64 = 1 << 40;

/// A parameter's value: a whole number, a list of whole numbers, or a text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// A whole number, such as `t = 3`.
    Int(i64),
    /// A list of whole numbers, such as `S = 1,2`.
    List(Vec<i64>),
    /// A text, such as an octal code `".77"`.
    Text(String),
}

impl ParamValue {
    fn to_dynamic(&self) -> Dynamic {
        match self {
            ParamValue::Int(v) => Dynamic::from(*v),
            ParamValue::List(items) => {
                Dynamic::from_array(items.iter().map(|&v| Dynamic::from(v)).collect())
            }
            ParamValue::Text(text) => Dynamic::from(text.clone()),
        }
    }

    fn from_dynamic(value: &Dynamic) -> Option<Self> {
        if let Ok(v) = value.as_int() {
            return Some(ParamValue::Int(v));
        }
        if let Some(text) = value.clone().try_cast::<String>() {
            return Some(ParamValue::Text(text));
        }
        let array = value.clone().try_cast::<Array>()?;
        let items: Option<Vec<i64>> = array.iter().map(|v| v.as_int().ok()).collect();
        items.map(ParamValue::List)
    }

    /// Reads `text` as a value of the same kind as `self` (a parameter's default).
    pub fn parse_like(&self, name: &str, text: &str) -> Result<Self, EngineError> {
        let bad = |what: &str| {
            EngineError::Parse(format!(
                "parameter {name}: '{text}' is not {what}",
                text = text.trim()
            ))
        };
        let int = |t: &str| t.trim().parse::<i64>().map_err(|_| bad("a whole number"));
        match self {
            ParamValue::Int(_) => int(text).map(ParamValue::Int),
            ParamValue::Text(_) => Ok(ParamValue::Text(text.trim().to_string())),
            ParamValue::List(_) => {
                let inner = text
                    .trim()
                    .trim_matches(|c| matches!(c, '[' | ']' | '{' | '}'));
                let items = inner
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse::<i64>().map_err(|_| bad("a list of whole numbers")))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(ParamValue::List(items))
            }
        }
    }

    /// The value as the URL and the CLI write it (`3`, `1,2`, `.77`).
    pub fn text(&self) -> String {
        match self {
            ParamValue::Int(v) => v.to_string(),
            ParamValue::List(items) => items
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            ParamValue::Text(text) => text.clone(),
        }
    }
}

/// The play convention a ruleset declares: the last player to move wins (normal) or loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// What a position is and how a move is made, detected from the functions a ruleset defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// One heap (`fn options(n)`); an option is a list of heaps (a breaking move leaves several).
    Heap,
    /// A pair `(a, b)` (`fn options(a, b)`, `fn rays`, `fn steps`); an option is a pair.
    Pair,
    /// A t-tuple of heaps, `3 ≤ t ≤` [`super::pairs::MAX_T`] (`fn options(a, b, c)`, or
    /// `fn rays` / `fn steps` giving t-vectors): a t-vector subtraction game (Golomb 1966).
    Vector(usize),
    /// One heap, partizan (`fn left(n)` and `fn right(n)`): each player's options, each a list
    /// of heaps; solved to canonical forms.
    Partizan,
    /// One heap of a comply game (`fn proposals(n)`): the player to move proposes a set of
    /// amounts, the other chooses which is taken; solved to outcomes only.
    Comply,
}

/// What pass one learns from a ruleset's top level.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Header {
    /// The ruleset's name (`name("MARK")`), or `"ruleset"`.
    pub name: String,
    /// The convention (`convention("misere")`), normal by default.
    pub convention: Convention,
    /// The parameters in the order declared, each with its value in this run.
    pub params: Vec<(String, ParamValue)>,
    /// Whether the top level says `star()`: play G*, the ruleset's moves plus taking any
    /// non-zero P-position of G (thesis, Section 3.3.7).
    #[serde(default)]
    pub star: bool,
}

/// A ruleset ready to answer `options` calls: the compiled script with its parameters bound.
pub struct Script {
    engine: Engine,
    ast: AST,
    /// Name, convention and bound parameters.
    pub header: Header,
    /// One heap or a pair.
    pub shape: Shape,
    /// How a pair ruleset says its moves (for one heap: [`PairForm::Options`], or `fn steps()`).
    pub form: PairForm,
    /// A one-heap ruleset's `fn steps()`, read once: a subtraction set, increasing (then the
    /// options of every heap follow from it, with no call per heap).
    pub heap_steps: Option<Vec<u64>>,
}

/// The most tokens [`Splits`] may divide: a position with more options than this is refused.
pub const MAX_SPLIT: u64 = 1 << 22;

/// `splits(m)`, `splits(m, least)` and `unequal_splits(m)`: every way to leave `m` tokens as
/// at most two heaps `[a, m − a]`, `a` from `least` to `m / 2` (with `unequal`, never
/// `a = m − a`). A breaking move has about `m / 2` options; building them natively, rather than
/// by a script loop pushing each pair, is what keeps Kayles-like rulesets fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Splits {
    total: u64,
    least: u64,
    unequal: bool,
}

impl Splits {
    fn new(total: i64, least: i64, unequal: bool) -> Result<Splits, Box<EvalAltResult>> {
        let call = if unequal { "unequal_splits" } else { "splits" };
        if total < 0 || least < 0 {
            return Err(format!("{call}({total}): the number of tokens is negative").into());
        }
        if total as u64 > MAX_SPLIT {
            return Err(format!("{call}({total}): at most {MAX_SPLIT} tokens are split").into());
        }
        Ok(Splits {
            total: total as u64,
            least: least as u64,
            unequal,
        })
    }

    /// The options, each a list of its non-empty heaps.
    fn options(self) -> impl Iterator<Item = Vec<u64>> {
        let Splits {
            total,
            least,
            unequal,
        } = self;
        (least..=total / 2)
            .filter(move |&a| !(unequal && 2 * a == total))
            .map(move |a| [a, total - a].into_iter().filter(|&h| h > 0).collect())
    }
}

impl Display for Splits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.unequal, self.least) {
            (true, _) => write!(f, "unequal_splits({})", self.total),
            (false, 0) => write!(f, "splits({})", self.total),
            (false, least) => write!(f, "splits({}, {least})", self.total),
        }
    }
}

/// How a pair (or t-vector) ruleset says its moves: `fn options(a, b)`, or directions
/// (`fn rays`, `fn steps`, each taking no arguments, the same at every position, or the
/// position's t coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairForm {
    /// `fn options(a, b)` (or `fn options(n)` for one heap).
    Options,
    /// `fn rays` and/or `fn steps`: each `Some(arity)` when defined, the arity 0 or t.
    Directions {
        /// The arity of `fn rays`, if defined.
        rays: Option<usize>,
        /// The arity of `fn steps`, if defined.
        steps: Option<usize>,
    },
}

/// A sandboxed Rhai engine with HeapLab's limits.
fn sandbox() -> Engine {
    let mut engine = Engine::new();
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(MAX_CALL_LEVELS);
    engine.set_max_expr_depths(64, 32);
    engine.set_max_string_size(MAX_STRING);
    engine.set_max_array_size(MAX_ARRAY);
    engine.set_max_map_size(10_000);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine
        .register_type_with_name::<Splits>("Splits")
        .register_fn("splits", |m: i64| Splits::new(m, 0, false))
        .register_fn("splits", |m: i64, least: i64| Splits::new(m, least, false))
        .register_fn("unequal_splits", |m: i64| Splits::new(m, 1, true))
        .register_fn("to_string", |s: &mut Splits| s.to_string());
    engine
}

/// One line for a Rhai error: what went wrong, and where (line and column) when known.
pub fn message(error: &EvalAltResult) -> String {
    let position = error.position();
    let text = match error {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "the ruleset took more than {MAX_OPERATIONS} operations in one call (an endless loop?)"
        ),
        EvalAltResult::ErrorStackOverflow(_) => format!(
            "the ruleset's calls nest deeper than {MAX_CALL_LEVELS} levels (endless recursion?)"
        ),
        EvalAltResult::ErrorDataTooLarge(what, _) => {
            format!("the ruleset built a value too large: {what}")
        }
        other => {
            let mut text = other.to_string();
            if let Some(cut) = text.find(" (line ") {
                text.truncate(cut);
            }
            text
        }
    };
    with_position(text, position)
}

fn with_position(text: String, position: Position) -> String {
    match (position.line(), position.position()) {
        (Some(line), Some(column)) => format!("{text} (line {line}, column {column})"),
        (Some(line), None) => format!("{text} (line {line})"),
        _ => text,
    }
}

/// Compiles `text`, learns its header, binds the parameters (`overrides` by name, as text)
/// and checks it defines `options` with one or two arguments.
pub fn compile(text: &str, overrides: &[(String, String)]) -> Result<Script, EngineError> {
    if text.len() > MAX_TEXT {
        return Err(EngineError::OutOfRange(format!(
            "the ruleset text is {} bytes; at most {MAX_TEXT} are read",
            text.len()
        )));
    }
    let header = read_header(text)?;
    let header = bind(header, overrides)?;
    let mut engine = sandbox();
    let mut module = Module::new();
    for (name, value) in &header.params {
        module.set_var(name.as_str(), value.to_dynamic());
    }
    engine.register_global_module(module.into());
    let ast = engine
        .compile(text)
        .map_err(|e| EngineError::Parse(syntax_message(&e)))?;
    let (shape, form) = shape_of(&ast)?;
    let mut script = Script {
        engine,
        ast,
        header,
        shape,
        form,
        heap_steps: None,
    };
    if let PairForm::Directions {
        rays: None | Some(0),
        steps: None | Some(0),
    } = form
    {
        script.shape = match script.fixed_dimension()? {
            1 => {
                script.heap_steps = Some(script.subtraction_set()?);
                Shape::Heap
            }
            t @ 3.. => Shape::Vector(t),
            _ => Shape::Pair,
        };
    }
    Ok(script)
}

fn syntax_message(error: &rhai::ParseError) -> String {
    let text = format!("syntax error: {}", error.err_type());
    with_position(text, error.position())
}

fn shape_of(ast: &AST) -> Result<(Shape, PairForm), EngineError> {
    let arity = |name: &str| -> Vec<usize> {
        ast.iter_functions()
            .filter(|f| f.name == name)
            .map(|f| f.params.len())
            .collect()
    };
    let direction = |name: &str| -> Result<Option<usize>, EngineError> {
        match arity(name).as_slice() {
            [] => Ok(None),
            [n] if *n == 0 || (2..=MAX_T).contains(n) => Ok(Some(*n)),
            _ => Err(EngineError::Parse(format!(
                "the ruleset defines {name} wrongly: write fn {name}() (the same at every position) or fn {name}(a, b) (one argument a heap, 2 to {MAX_T}), once"
            ))),
        }
    };
    let (rays, steps) = (direction("rays")?, direction("steps")?);
    if let (Some(r @ 2..), Some(s @ 2..)) = (rays, steps) {
        if r != s {
            return Err(EngineError::Parse(format!(
                "fn rays takes {r} heaps and fn steps {s}: a position has one number of heaps"
            )));
        }
    }
    let directions = rays.is_some() || steps.is_some();
    let defined = |name: &str| !arity(name).is_empty();
    let others = defined("options") || directions;
    if defined("left") || defined("right") {
        return partizan_shape(
            &arity("left"),
            &arity("right"),
            others || defined("proposals"),
        );
    }
    if defined("proposals") {
        return match (arity("proposals").as_slice(), others) {
            ([1], false) => Ok((Shape::Comply, PairForm::Options)),
            (_, true) => Err(EngineError::Parse(
                "the ruleset defines both proposals and options (or rays or steps): a comply game gives fn proposals(n) alone".into(),
            )),
            _ => Err(EngineError::Parse(
                "the ruleset defines proposals wrongly: write fn proposals(n), once".into(),
            )),
        };
    }
    match (arity("options").as_slice(), directions) {
        ([1], false) => Ok((Shape::Heap, PairForm::Options)),
        ([2], false) => Ok((Shape::Pair, PairForm::Options)),
        ([t], false) if (3..=MAX_T).contains(t) => Ok((Shape::Vector(*t), PairForm::Options)),
        ([], true) => {
            let t = rays.max(steps).unwrap_or(0);
            let shape = if t > 2 { Shape::Vector(t) } else { Shape::Pair };
            Ok((shape, PairForm::Directions { rays, steps }))
        }
        ([_], true) => Err(EngineError::Parse(
            "the ruleset defines both options and rays or steps: a pair ruleset gives fn options(a, b), or fn rays and fn steps".into(),
        )),
        ([_], false) => Err(EngineError::Parse(format!(
            "fn options takes one argument per heap: 1 to {MAX_T} heaps"
        ))),
        ([], false) => Err(EngineError::Parse(
            "the ruleset defines no options: write fn options(n) for one heap, or fn options(a, b) (or fn rays) for a pair".into(),
        )),
        _ => Err(EngineError::Parse(
            "the ruleset defines options more than once: keep one, fn options(n) or fn options(a, b)".into(),
        )),
    }
}

/// The shape of a ruleset defining `left` or `right` (with the arities given): both, each
/// with one argument, and nothing else.
fn partizan_shape(
    left: &[usize],
    right: &[usize],
    others: bool,
) -> Result<(Shape, PairForm), EngineError> {
    if others {
        return Err(EngineError::Parse(
            "the ruleset defines both left/right and options (or proposals, rays or steps): a partizan ruleset gives fn left(n) and fn right(n) alone".into(),
        ));
    }
    match (left, right) {
        ([1], [1]) => Ok((Shape::Partizan, PairForm::Options)),
        _ => Err(EngineError::Parse(
            "a partizan ruleset defines fn left(n) and fn right(n), each once with one argument"
                .into(),
        )),
    }
}

/// Pass one: runs the top level with `name`, `convention` and `param` recording the header.
fn read_header(text: &str) -> Result<Header, EngineError> {
    let header = Rc::new(RefCell::new(Header {
        name: "ruleset".into(),
        ..Header::default()
    }));
    let mut engine = sandbox();
    let h = header.clone();
    engine.register_fn("name", move |name: &str| {
        h.borrow_mut().name = name.chars().take(80).collect();
    });
    let h = header.clone();
    engine.register_fn(
        "convention",
        move |c: &str| -> Result<(), Box<EvalAltResult>> {
            h.borrow_mut().convention = match c {
                "normal" => Convention::Normal,
                "misere" | "misère" => Convention::Misere,
                other => {
                    return Err(
                        format!("convention '{other}': write \"normal\" or \"misere\"").into(),
                    )
                }
            };
            Ok(())
        },
    );
    let h = header.clone();
    engine.register_fn("star", move || h.borrow_mut().star = true);
    let h = header.clone();
    engine.register_fn(
        "param",
        move |name: &str, default: Dynamic| -> Result<Dynamic, Box<EvalAltResult>> {
            let value = ParamValue::from_dynamic(&default).ok_or_else(|| {
                format!("param {name}: the default must be a whole number, a list of whole numbers or a text")
            })?;
            let mut h = h.borrow_mut();
            if h.params.iter().any(|(n, _)| n == name) {
                return Err(format!("param {name} is declared twice").into());
            }
            h.params.push((name.to_string(), value));
            Ok(default)
        },
    );
    let ast = engine
        .compile(text)
        .map_err(|e| EngineError::Parse(syntax_message(&e)))?;
    engine
        .run_ast(&ast)
        .map_err(|e| EngineError::Parse(message(&e)))?;
    let header = header.borrow().clone();
    Ok(header)
}

/// Replaces defaults by the caller's values; an unknown parameter name is an error.
fn bind(mut header: Header, overrides: &[(String, String)]) -> Result<Header, EngineError> {
    for (name, text) in overrides {
        let Some((_, value)) = header.params.iter_mut().find(|(n, _)| n == name) else {
            let known: Vec<&str> = header.params.iter().map(|(n, _)| n.as_str()).collect();
            let known = if known.is_empty() {
                "it declares none".to_string()
            } else {
                format!("it declares {}", known.join(", "))
            };
            return Err(EngineError::Parse(format!(
                "the ruleset has no parameter '{name}' ({known})"
            )));
        };
        *value = value.parse_like(name, text)?;
    }
    Ok(header)
}

impl Script {
    /// Calls `options` with `args`; `at` names the position in messages (formatted only then).
    fn call(&self, args: impl rhai::FuncArgs, at: &dyn Display) -> Result<Array, EngineError> {
        self.call_named("options", args, at).map_err(|e| match e {
            Some(e) => e,
            None => EngineError::Parse(format!(
                "options({at}) must return a list of options, such as [n - 1, [a, b]]"
            )),
        })
    }

    /// Calls `name(args)` for a list; `None` when the result is not a list.
    fn call_named(
        &self,
        name: &str,
        args: impl rhai::FuncArgs,
        at: &dyn Display,
    ) -> Result<Array, Option<EngineError>> {
        let result: Dynamic = self
            .engine
            .call_fn_with_options(
                CallFnOptions::new().eval_ast(false),
                &mut Scope::new(),
                &self.ast,
                name,
                args,
            )
            .map_err(|e| Some(EngineError::Parse(format!("{name}({at}): {}", message(&e)))))?;
        result.try_cast::<Array>().ok_or(None)
    }

    /// How many heaps a position has: 1 for one heap, 2 for a pair, t for a t-vector game.
    pub fn dimension(&self) -> usize {
        match self.shape {
            Shape::Pair => 2,
            Shape::Vector(t) => t,
            Shape::Heap | Shape::Partizan | Shape::Comply => 1,
        }
    }

    /// The length of the first vector `fn rays()` or `fn steps()` (no arguments) gives, so a
    /// ruleset of fixed directions says its number of heaps by writing them: 1 when `fn steps()`
    /// gives whole numbers (a subtraction set, with no `fn rays()` giving vectors); 2 when
    /// neither gives a vector (the solver then reports what is wrong).
    fn fixed_dimension(&self) -> Result<usize, EngineError> {
        for name in ["rays", "steps"] {
            if let Ok(list) = self.call_named(name, (), &"") {
                let Some(first) = list.first() else { continue };
                if first.is_int() && name == "steps" {
                    return Ok(1);
                }
                if let Some(first) = first.read_lock::<Array>() {
                    if (3..=MAX_T).contains(&first.len()) {
                        return Ok(first.len());
                    }
                    return Ok(2);
                }
            }
        }
        Ok(2)
    }

    /// A one-heap ruleset's `fn steps()`: whole numbers, each at least 1, as a set.
    fn subtraction_set(&self) -> Result<Vec<u64>, EngineError> {
        let list = self.call_named("steps", (), &"").map_err(|e| {
            e.unwrap_or_else(|| EngineError::Parse("steps() must return a list".into()))
        })?;
        let mut set = list
            .iter()
            .map(|s| match heap_in(s, &"steps()")? {
                0 => Err(solve::loopy(0)),
                s => Ok(s),
            })
            .collect::<Result<Vec<u64>, _>>()?;
        set.sort_unstable();
        set.dedup();
        Ok(set)
    }

    /// The directions `fn rays` or `fn steps` (`name`) gives at `at` (`None`: the function
    /// takes no arguments), each a vector of [`Script::dimension`] non-negative whole numbers.
    pub fn directions(&self, name: &str, at: Option<&[u64]>) -> Result<Vec<Vec<u64>>, EngineError> {
        let (shown, list) = match at {
            Some(at) => {
                let shown = listed(at);
                (shown.clone(), self.call_named(name, as_args(at), &shown))
            }
            None => (String::new(), self.call_named(name, (), &"")),
        };
        let list = list.map_err(|e| {
            e.unwrap_or_else(|| {
                EngineError::Parse(format!(
                    "{name}({shown}) must return a list of directions, such as [[1, 0], [1, 1]]"
                ))
            })
        })?;
        let at = format!("{name}({shown})");
        let t = self.dimension();
        list.iter().map(|d| coords_of(d, t, &at)).collect()
    }

    /// The options of heap `n`: each a list of heaps (zeros dropped). Called once per heap, so
    /// it reads the script's lists in place and formats no text unless it reports an error.
    pub fn heap_options(&self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        if let Some(steps) = &self.heap_steps {
            let left = steps.iter().take_while(|&&s| s <= n).map(|&s| n - s);
            return Ok(left
                .map(|h| if h == 0 { vec![] } else { vec![h] })
                .collect());
        }
        let list = self.call((n as i64,), &n)?;
        heaps_of(&list, "options", n)
    }

    /// One player's options of heap `n` in a partizan ruleset (`fn left(n)` when `left`, else
    /// `fn right(n)`), read as [`Script::heap_options`] reads options.
    pub fn player_options(&self, left: bool, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        let name = if left { "left" } else { "right" };
        let list = self.call_named(name, (n as i64,), &n).map_err(|e| {
            e.unwrap_or_else(|| {
                EngineError::Parse(format!(
                    "{name}({n}) must return a list of options, such as [n - 1, [a, b]]"
                ))
            })
        })?;
        heaps_of(&list, name, n)
    }

    /// The proposals of heap `n` in a comply game: each a non-empty list of amounts to take,
    /// every amount from 1 to `n`.
    pub fn proposals(&self, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
        let at = format!("proposals({n})");
        let list = self.call_named("proposals", (n as i64,), &n).map_err(|e| {
            e.unwrap_or_else(|| {
                EngineError::Parse(format!(
                    "{at} must return a list of sets of amounts, such as [[1, 2], [3]]"
                ))
            })
        })?;
        list.iter().map(|set| proposal_of(set, n, &at)).collect()
    }

    /// The options of the position `at` (a pair or a t-vector): each a position of as many
    /// heaps.
    pub fn point_options(&self, at: &[u64]) -> Result<Vec<Vec<u64>>, EngineError> {
        let shown = listed(at);
        let list = self.call(as_args(at), &shown)?;
        let call = format!("options({shown})");
        list.iter()
            .map(|option| coords_of(option, at.len(), &call))
            .collect()
    }
}

/// Coordinates as a message writes them: `3, 4`.
fn listed(at: &[u64]) -> String {
    at.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// Coordinates as a script function's arguments.
fn as_args(at: &[u64]) -> Vec<i64> {
    at.iter().map(|&x| x as i64).collect()
}

/// One proposal of heap `n`: a non-empty list of amounts, each in `1..=n` (`at` names the call).
fn proposal_of(set: &Dynamic, n: u64, at: &str) -> Result<Vec<u64>, EngineError> {
    let Some(amounts) = set.read_lock::<Array>() else {
        return Err(EngineError::Parse(format!(
            "{at}: each proposal must be a list of amounts, not {set}"
        )));
    };
    if amounts.is_empty() {
        return Err(EngineError::Parse(format!("{at}: a proposal is empty")));
    }
    amounts
        .iter()
        .map(|a| match heap_in(a, &at)? {
            0 => Err(solve::loopy(n)),
            s if s > n => Err(EngineError::Parse(format!(
                "{at}: the proposal {set} takes {s}, more than the heap's {n}"
            ))),
            s => Ok(s),
        })
        .collect()
}

/// A call as messages name it, `options(7)`, formatted only when a message is.
struct Call<'a>(&'a str, u64);

impl Display for Call<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({})", self.0, self.1)
    }
}

/// A script's list of heap options at heap `n` from `fn name(n)`: each a heap or a list of
/// heaps, zeros dropped.
fn heaps_of(list: &Array, name: &str, n: u64) -> Result<Vec<Vec<u64>>, EngineError> {
    let at = Call(name, n);
    let mut out = Vec::with_capacity(list.len());
    for option in list {
        if let Some(splits) = option.read_lock::<Splits>() {
            out.extend(splits.options());
            continue;
        }
        out.push(match option.read_lock::<Array>() {
            Some(parts) => parts
                .iter()
                .map(|p| heap_in(p, &at))
                .filter(|h| !matches!(h, Ok(0)))
                .collect::<Result<_, _>>()?,
            None => match heap_in(option, &at)? {
                0 => Vec::new(),
                h => vec![h],
            },
        });
    }
    Ok(out)
}

/// A position or direction `[x, y, …]` of `t` heap sizes from a script value (`at` names the
/// call in messages).
fn coords_of(value: &Dynamic, t: usize, at: &str) -> Result<Vec<u64>, EngineError> {
    let items = value.read_lock::<Array>();
    match items.as_deref() {
        Some(items) if items.len() == t => items.iter().map(|x| heap_in(x, &at)).collect(),
        _ if t == 2 => Err(EngineError::Parse(format!(
            "{at}: each item must be a pair [x, y], not {value}"
        ))),
        _ => Err(EngineError::Parse(format!(
            "{at}: each item must be a list of {t} heap sizes, not {value}"
        ))),
    }
}

/// One heap size from a script value: a whole number in `0..=MAX_HEAP` (`at` names the
/// whole call in messages: `options(3, 4)`, `rays()`).
fn heap_in(value: &Dynamic, at: &dyn Display) -> Result<u64, EngineError> {
    let Ok(v) = value.as_int() else {
        return Err(EngineError::Parse(format!(
            "{at}: the option {value} is not a whole number"
        )));
    };
    if v < 0 {
        return Err(EngineError::Parse(format!(
            "{at}: the option {v} is negative"
        )));
    }
    if v as u64 > MAX_HEAP {
        return Err(EngineError::OutOfRange(format!(
            "{at}: the option {v} is larger than {MAX_HEAP}"
        )));
    }
    Ok(v as u64)
}
