//! The game-notation parser: text → tokens → a small expression tree → canonical form.
//!
//! Accepted (the notation [`super::notation`] prints, and what CGSuite and cgt-tools write):
//! numbers `3`, `-1/2`, `3/8`; nimbers `*`, `*5`; ups and downs `^`, `^^`, `^3`, `v`, `vv`,
//! `v3`, combined as `1/2^^*3` or cgt-tools' `^2*`; `↑ ↓ ⇑ ⇓ ± −`; switches `+-1`, `±{2|1}`;
//! braces `{a,b|c}` with CGSuite's bars `{2|1||0}` (the longest run of bars splits first, and a
//! run of `n ≥ 2` bars needs a side holding `n − 1`); tinies and minies `Tiny(x)`, `Miny(x)`
//! (CGSuite's names, `{0||0|-x}` and `{x|0||0}`), with a number in front as in `2Tiny(1)`, and
//! Winning Ways' `+_x`, `-_x`; parentheses; sums and differences `G + H - K`.
//!
//! Every limit is checked before the store does any work that grows with it: text length
//! ([`MAX_NOTATION_LEN`]), nesting of braces and bars ([`MAX_NESTING`], so the parser's own
//! recursion stays shallow), and a bound on the depth of the game the text describes
//! ([`MAX_DEPTH`], so the store's recursions stay shallow: a sum of 50 copies of `^256` is
//! refused before anything is added).

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

/// The longest notation text the parser accepts.
pub const MAX_NOTATION_LEN: usize = 100_000;
/// The deepest nesting of braces, bars and parentheses the parser accepts.
pub const MAX_NESTING: usize = 24;
/// The largest `|n|` of an integer written in game notation.
pub const MAX_NAMED: i64 = 1_000_000_000;
/// The largest `k` in `^k`, `vk` and `*k` written in game notation (and named when printing).
pub const MAX_UPS: i64 = 256;
/// The largest depth (height of the game tree, numbers counting 0) a parsed game may have,
/// bounded from the text before anything is computed.
pub const MAX_DEPTH: u64 = 300;

/// A token of game notation.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Open,
    Close,
    LParen,
    RParen,
    Bars(usize),
    Comma,
    Plus,
    Minus,
    PlusMinus,
    Star,
    Up(i64),
    Int(i64),
    Slash,
    Tiny,
    Miny,
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Token::Open => f.write_str("{"),
            Token::Close => f.write_str("}"),
            Token::LParen => f.write_str("("),
            Token::RParen => f.write_str(")"),
            Token::Bars(n) => f.write_str(&"|".repeat(*n)),
            Token::Comma => f.write_str(","),
            Token::Plus => f.write_str("+"),
            Token::Minus => f.write_str("-"),
            Token::PlusMinus => f.write_str("+-"),
            Token::Star => f.write_str("*"),
            Token::Up(k) if *k > 0 => write!(f, "^{k}"),
            Token::Up(k) => write!(f, "v{}", -k),
            Token::Int(n) => write!(f, "{n}"),
            Token::Slash => f.write_str("/"),
            Token::Tiny => f.write_str("Tiny"),
            Token::Miny => f.write_str("Miny"),
        }
    }
}

/// The unit of an arrow character: `^ ↑` 1, `⇑` 2, `v ↓` −1, `⇓` −2.
fn arrow(c: char) -> Option<i64> {
    match c {
        '^' | '↑' => Some(1),
        '⇑' => Some(2),
        'v' | '↓' => Some(-1),
        '⇓' => Some(-2),
        _ => None,
    }
}

/// Splits notation into tokens; arrows in a row (`^^`, `vv`) become one `Up`.
fn tokenize(text: &str) -> Result<Vec<Token>, EngineError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        let next = chars.get(i).copied();
        let token = match c {
            c if c.is_whitespace() => continue,
            '{' => Token::Open,
            '}' => Token::Close,
            '(' => Token::LParen,
            ')' => Token::RParen,
            ',' => Token::Comma,
            '/' => Token::Slash,
            '*' => Token::Star,
            '±' => Token::PlusMinus,
            '+' | '-' | '−' if next == Some('_') => {
                i += 1;
                if c == '+' {
                    Token::Tiny
                } else {
                    Token::Miny
                }
            }
            '-' | '−' => Token::Minus,
            '+' if next == Some('-') => {
                i += 1;
                Token::PlusMinus
            }
            '+' => Token::Plus,
            '|' => {
                let mut n = 1;
                while chars.get(i) == Some(&'|') {
                    n += 1;
                    i += 1;
                }
                Token::Bars(n)
            }
            'T' | 't' | 'M' | 'm' => {
                let word: String = chars[i - 1..chars.len().min(i + 3)].iter().collect();
                let token = match word.to_ascii_lowercase().as_str() {
                    "tiny" => Token::Tiny,
                    "miny" => Token::Miny,
                    _ => return Err(unknown(c)),
                };
                i += 3;
                token
            }
            c if arrow(c).is_some() => {
                let mut k = arrow(c).unwrap_or(0);
                while let Some(u) = chars
                    .get(i)
                    .and_then(|&d| arrow(d))
                    .filter(|u| u.signum() == k.signum())
                {
                    k += u;
                    i += 1;
                }
                Token::Up(k)
            }
            d if d.is_ascii_digit() => {
                let start = i - 1;
                while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                Token::Int(integer(&chars[start..i].iter().collect::<String>())?)
            }
            other => return Err(unknown(other)),
        };
        tokens.push(token);
    }
    Ok(tokens)
}

fn unknown(c: char) -> EngineError {
    EngineError::Parse(format!(
        "'{c}' is not part of game notation (use {{ | }}, numbers, *, ^, v, +-, Tiny(x))"
    ))
}

/// A run of digits as an integer of at most [`MAX_NAMED`].
fn integer(digits: &str) -> Result<i64, EngineError> {
    digits
        .parse()
        .ok()
        .filter(|n| *n <= MAX_NAMED)
        .ok_or_else(|| {
            EngineError::OutOfRange(format!(
                "'{digits}' is too large for game notation (at most {MAX_NAMED})"
            ))
        })
}

/// A parsed expression, evaluated only once its depth bound is known to be small.
#[derive(Debug)]
enum Expr {
    /// `x + k·↑ + *m`.
    Named { x: Dyadic, k: i64, m: u32 },
    /// `{left | right}`.
    Braces(Vec<Expr>, Vec<Expr>),
    /// A sum of terms, each negated when its flag is set.
    Sum(Vec<(bool, Expr)>),
    /// `±G = {G | −G}`.
    Switch(Box<Expr>),
    /// `x + Tiny(G)` (`tiny` true) or `x + Miny(G)`.
    Tiny {
        x: Dyadic,
        sub: Box<Expr>,
        tiny: bool,
    },
}

impl Expr {
    /// An upper bound on the depth of the canonical form (numbers count 0): sums add depths,
    /// braces add one, `k·↑ + *m` is at most `|k| + m + 1` deep.
    fn bound(&self) -> u64 {
        match self {
            Expr::Named { k, m, .. } if *k == 0 && *m == 0 => 0,
            Expr::Named { k, m, .. } => k.unsigned_abs() + u64::from(*m) + 1,
            Expr::Braces(l, r) => 1 + l.iter().chain(r).map(Expr::bound).max().unwrap_or(0),
            Expr::Sum(terms) => terms
                .iter()
                .fold(0u64, |acc, (_, t)| acc.saturating_add(t.bound())),
            Expr::Switch(g) => g.bound().saturating_add(1),
            Expr::Tiny { sub, .. } => sub.bound().saturating_add(2),
        }
    }

    /// The canonical form. Recursion follows the expression's nesting (capped by the parser).
    fn eval(&self, store: &mut GameStore) -> Result<GameId, EngineError> {
        match self {
            Expr::Named { x, k, m } => {
                let up = store.up()?;
                let ups = store.multiple(*k, up)?;
                let star = store.nimber(*m)?;
                let number = store.number(*x)?;
                let infinitesimal = store.add(ups, star)?;
                store.add(number, infinitesimal)
            }
            Expr::Braces(left, right) => {
                let left = left
                    .iter()
                    .map(|e| e.eval(store))
                    .collect::<Result<_, _>>()?;
                let right = right
                    .iter()
                    .map(|e| e.eval(store))
                    .collect::<Result<_, _>>()?;
                store.canonical(left, right)
            }
            Expr::Sum(terms) => {
                // Numbers, ups and nimbers add in closed form (nimbers by XOR), so `*200 + *199`
                // is `*7` without a canonical sum of two large nimbers.
                let mut named = (Dyadic::integer(0), 0i64, 0u32);
                let mut rest = Vec::new();
                for (negated, term) in terms {
                    match term {
                        Expr::Named { x, k, m } => {
                            let (x, k) = if *negated {
                                (x.negated(), -k)
                            } else {
                                (*x, *k)
                            };
                            named = (named.0.checked_add(x)?, named.1 + k, named.2 ^ m);
                        }
                        other => rest.push((*negated, other)),
                    }
                }
                let (x, k, m) = named;
                let mut total = Expr::Named { x, k, m }.eval(store)?;
                for (negated, term) in rest {
                    let t = term.eval(store)?;
                    total = if negated {
                        store.sub(total, t)?
                    } else {
                        store.add(total, t)?
                    };
                }
                Ok(total)
            }
            Expr::Switch(g) => {
                let g = g.eval(store)?;
                store.switch(g)
            }
            Expr::Tiny { x, sub, tiny } => {
                let sub = sub.eval(store)?;
                let small = if *tiny {
                    store.tiny(sub)?
                } else {
                    store.miny(sub)?
                };
                let x = store.number(*x)?;
                store.add(x, small)
            }
        }
    }
}

impl GameStore {
    /// Parses a game in the usual notation (see the module documentation) into its canonical
    /// form; text beyond a limit is refused with a one-line error naming it.
    pub fn parse(&mut self, text: &str) -> Result<GameId, EngineError> {
        if text.chars().count() > MAX_NOTATION_LEN {
            return Err(EngineError::OutOfRange(format!(
                "game notation is longer than {MAX_NOTATION_LEN} characters"
            )));
        }
        let tokens = tokenize(text)?;
        if tokens.is_empty() {
            return Err(EngineError::Parse(
                "enter a game such as {1|*}, ^*, 1/2 or +-1".into(),
            ));
        }
        check_nesting(&tokens)?;
        let expr = Parser::new(&tokens).whole(0)?;
        let bound = expr.bound();
        if bound > MAX_DEPTH {
            return Err(EngineError::OutOfRange(format!(
                "this game could be {bound} moves deep; game notation allows games at most \
                 {MAX_DEPTH} deep (numbers count 0)"
            )));
        }
        expr.eval(self)
    }

    /// `±g = {g | −g}`.
    pub fn switch(&mut self, g: GameId) -> Result<GameId, EngineError> {
        let minus = self.neg(g)?;
        self.canonical(vec![g], vec![minus])
    }

    /// Tiny-`g`, `{0 || 0 | −g}` (Winning Ways ch. 5; CGSuite's `Tiny(g)`).
    pub fn tiny(&mut self, g: GameId) -> Result<GameId, EngineError> {
        let zero = self.zero();
        let minus = self.neg(g)?;
        let inner = self.canonical(vec![zero], vec![minus])?;
        self.canonical(vec![zero], vec![inner])
    }

    /// Miny-`g`, `{g | 0 || 0}`, the negative of tiny-`g`.
    pub fn miny(&mut self, g: GameId) -> Result<GameId, EngineError> {
        let tiny = self.tiny(g)?;
        self.neg(tiny)
    }
}

/// A recursive-descent parser over a token slice; recursion follows the nesting of braces,
/// bars and parentheses, which [`MAX_NESTING`] caps.
struct Parser<'t> {
    tokens: &'t [Token],
    at: usize,
}

fn nest(depth: usize) -> Result<usize, EngineError> {
    if depth >= MAX_NESTING {
        return Err(EngineError::OutOfRange(format!(
            "game notation is nested more than {MAX_NESTING} levels deep (braces, bars, parentheses)"
        )));
    }
    Ok(depth + 1)
}

/// Refuses braces and parentheses nested deeper than [`MAX_NESTING`] before parsing, closed
/// or not (so ten thousand `{` get the limit's message, not a missing `}`).
fn check_nesting(tokens: &[Token]) -> Result<(), EngineError> {
    let mut level = 0usize;
    for t in tokens {
        match t {
            Token::Open | Token::LParen => level += 1,
            Token::Close | Token::RParen => level = level.saturating_sub(1),
            _ => {}
        }
        if level > MAX_NESTING {
            return nest(MAX_NESTING).map(|_| ());
        }
    }
    Ok(())
}

fn unexpected(t: Option<&Token>) -> EngineError {
    match t {
        Some(t) => EngineError::Parse(format!("unexpected '{t}' in the game notation")),
        None => EngineError::Parse("the game notation ends too early".into()),
    }
}

impl<'t> Parser<'t> {
    fn new(tokens: &'t [Token]) -> Self {
        Parser { tokens, at: 0 }
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    /// A sum that must use every token.
    fn whole(mut self, depth: usize) -> Result<Expr, EngineError> {
        let e = self.sum(depth)?;
        if self.at != self.tokens.len() {
            return Err(unexpected(self.peek()));
        }
        Ok(e)
    }

    /// `term (('+' | '-') term)*`.
    fn sum(&mut self, depth: usize) -> Result<Expr, EngineError> {
        let mut terms = vec![(false, self.term(depth)?)];
        loop {
            let negated = match self.peek() {
                Some(Token::Plus) => false,
                Some(Token::Minus) => true,
                _ => break,
            };
            self.at += 1;
            terms.push((negated, self.term(depth)?));
        }
        Ok(if terms.len() == 1 && !terms[0].0 {
            terms.pop().map(|(_, t)| t).unwrap_or(Expr::Sum(Vec::new()))
        } else {
            Expr::Sum(terms)
        })
    }

    /// `'-' term | '+-' term | '{' … '}' | '(' sum ')' | named`. A minus before a number
    /// belongs to the number (`-1/2^` is `−1/2 + ↑`, as the printer means it).
    fn term(&mut self, depth: usize) -> Result<Expr, EngineError> {
        match self.peek() {
            Some(Token::Minus) if matches!(self.tokens.get(self.at + 1), Some(Token::Int(_))) => {
                self.at += 1;
                self.named(true, depth)
            }
            Some(Token::Minus) => {
                self.at += 1;
                let inner = self.prefixed(depth)?;
                Ok(Expr::Sum(vec![(true, inner)]))
            }
            Some(Token::PlusMinus) => {
                self.at += 1;
                Ok(Expr::Switch(Box::new(self.prefixed(depth)?)))
            }
            Some(Token::Tiny | Token::Miny) => self.named(false, depth),
            Some(Token::Open) => {
                let depth = nest(depth)?;
                self.at += 1;
                let end = self.matching_close()?;
                let g = self.braced(self.at, end, depth)?;
                self.at = end + 1;
                Ok(g)
            }
            Some(Token::LParen) => {
                let depth = nest(depth)?;
                self.at += 1;
                let e = self.sum(depth)?;
                if self.peek() != Some(&Token::RParen) {
                    return Err(EngineError::Parse("a '(' is never closed".into()));
                }
                self.at += 1;
                Ok(e)
            }
            _ => self.named(false, depth),
        }
    }

    /// The term after a prefix (`-`, `+-`), one nesting level deeper (prefixes can chain).
    fn prefixed(&mut self, depth: usize) -> Result<Expr, EngineError> {
        let depth = nest(depth)?;
        self.term(depth)
    }

    /// The index of the `}` closing the brace just opened.
    fn matching_close(&self) -> Result<usize, EngineError> {
        let mut level = 1usize;
        for (i, t) in self.tokens.iter().enumerate().skip(self.at) {
            match t {
                Token::Open => level += 1,
                Token::Close => {
                    level -= 1;
                    if level == 0 {
                        return Ok(i);
                    }
                }
                _ => {}
            }
        }
        Err(EngineError::Parse("a '{' is never closed".into()))
    }

    /// The runs of bars at brace level 0 of `tokens[start..end]`: `(index, length)`.
    fn top_bars(&self, start: usize, end: usize) -> Vec<(usize, usize)> {
        let mut level = 0usize;
        let mut bars = Vec::new();
        for i in start..end {
            match self.tokens[i] {
                Token::Open | Token::LParen => level += 1,
                Token::Close | Token::RParen => level = level.saturating_sub(1),
                Token::Bars(n) if level == 0 => bars.push((i, n)),
                _ => {}
            }
        }
        bars
    }

    /// The game written between braces in `tokens[start..end]`, split at its longest run of
    /// bars, which must be unique; a run of `n ≥ 2` bars needs a side holding `n − 1`.
    fn braced(&mut self, start: usize, end: usize, depth: usize) -> Result<Expr, EngineError> {
        let bars = self.top_bars(start, end);
        let Some(&(bar, n)) = bars.iter().max_by_key(|(_, n)| *n) else {
            return Err(EngineError::Parse("a game in braces needs a '|'".into()));
        };
        if bars.iter().filter(|(_, m)| *m == n).count() > 1 {
            return Err(EngineError::Parse(
                "ambiguous bars: write {a|b||c|d} with one longest run of bars".into(),
            ));
        }
        if n >= 2 && !bars.iter().any(|(_, m)| *m == n - 1) {
            return Err(EngineError::Parse(format!(
                "'{}' needs a game written with '{}' on one side, as in {{a{}b|c}}",
                "|".repeat(n),
                "|".repeat(n - 1),
                "|".repeat(n - 1)
            )));
        }
        let left = self.side(start, bar, depth)?;
        let right = self.side(bar + 1, end, depth)?;
        Ok(Expr::Braces(left, right))
    }

    /// One side of a brace: a comma-separated list, or a single game if it holds bars.
    fn side(&mut self, start: usize, end: usize, depth: usize) -> Result<Vec<Expr>, EngineError> {
        if start == end {
            return Ok(Vec::new());
        }
        if !self.top_bars(start, end).is_empty() {
            let depth = nest(depth)?;
            return Ok(vec![self.braced(start, end, depth)?]);
        }
        let mut level = 0usize;
        let mut cuts = vec![start];
        for i in start..end {
            match self.tokens[i] {
                Token::Open | Token::LParen => level += 1,
                Token::Close | Token::RParen => level = level.saturating_sub(1),
                Token::Comma if level == 0 => cuts.push(i + 1),
                _ => {}
            }
        }
        cuts.push(end + 1);
        let mut games = Vec::new();
        for pair in cuts.windows(2) {
            let (from, to) = (pair[0], pair[1] - 1);
            if from == to {
                return Err(EngineError::Parse("an empty option between commas".into()));
            }
            games.push(Parser::new(&self.tokens[from..to]).whole(depth)?);
        }
        Ok(games)
    }

    /// `[number] (Tiny|Miny) term`, or `[number] [ups] ['*' [n]]` with at least one part.
    fn named(&mut self, negative: bool, depth: usize) -> Result<Expr, EngineError> {
        let start = self.at;
        let mut x = self.number()?.unwrap_or(Dyadic::integer(0));
        if negative {
            x = x.negated();
        }
        if let Some(Token::Tiny | Token::Miny) = self.peek() {
            let tiny = self.peek() == Some(&Token::Tiny);
            self.at += 1;
            let sub = self.prefixed(depth)?;
            return Ok(Expr::Tiny {
                x,
                sub: Box::new(sub),
                tiny,
            });
        }
        let k = self.ups()?;
        let m = self.star()?;
        if self.at == start {
            return Err(unexpected(self.peek()));
        }
        Ok(Expr::Named { x, k, m })
    }

    /// An optional number `n` or `n/2^k`.
    fn number(&mut self) -> Result<Option<Dyadic>, EngineError> {
        let Some(Token::Int(n)) = self.peek().cloned() else {
            return Ok(None);
        };
        self.at += 1;
        if self.peek() != Some(&Token::Slash) {
            return Ok(Some(Dyadic::integer(n)));
        }
        self.at += 1;
        let Some(Token::Int(d)) = self.peek().cloned() else {
            return Err(EngineError::Parse("a fraction needs a denominator".into()));
        };
        self.at += 1;
        if d < 1 || d & (d - 1) != 0 {
            return Err(EngineError::Parse(format!(
                "{n}/{d} is not a short game: denominators are powers of 2"
            )));
        }
        Ok(Some(Dyadic::new(n, d.trailing_zeros())?))
    }

    /// An optional `^`, `^^`, `^k`, `v`, `vk` (0 when absent).
    fn ups(&mut self) -> Result<i64, EngineError> {
        let Some(Token::Up(mut k)) = self.peek().cloned() else {
            return Ok(0);
        };
        self.at += 1;
        if let Some(Token::Int(n)) = self.peek().cloned() {
            if k.abs() == 1 {
                self.at += 1;
                k *= n;
            }
        }
        if k.abs() > MAX_UPS {
            return Err(EngineError::OutOfRange(format!(
                "at most {MAX_UPS} ups or downs in game notation"
            )));
        }
        Ok(k)
    }

    /// An optional `*` or `*n` (0 when absent).
    fn star(&mut self) -> Result<u32, EngineError> {
        if self.peek() != Some(&Token::Star) {
            return Ok(0);
        }
        self.at += 1;
        let Some(Token::Int(n)) = self.peek().cloned() else {
            return Ok(1);
        };
        self.at += 1;
        if n > MAX_UPS {
            return Err(EngineError::OutOfRange(format!(
                "nimbers up to *{MAX_UPS} in game notation"
            )));
        }
        Ok(n as u32)
    }
}
