//! The usual notation of partizan games: printing canonical forms with their recognised names
//! and parsing the same notation back, with caps on length and nesting.
//!
//! Names: numbers `0`, `3`, `1/2`, `-3/4`; nimbers `*`, `*2`; ups `^`, `^^`, `^3` (`k·↑`, the
//! thesis's `↑k`) and downs `v`, `vv`, `v3`, combined with a number and a nimber as in `^*`,
//! `v*`, `1/2^^*3`; switches `+-1` (`{1|-1}`); everything else `{L1,L2|R1}` with nested braces.
//! The parser also reads `{a|b||c}` (the longest run of bars splits first, as CGSuite does),
//! `↑`, `↓`, `⇑`, `⇓`, `±`, `−` and sums and differences `G + H - K`.

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use crate::EngineError;

/// The longest notation text the parser accepts.
pub const MAX_NOTATION_LEN: usize = 100_000;
/// The deepest brace nesting the parser accepts.
pub const MAX_NESTING: usize = 200;
/// The longest name the printer writes before it abbreviates a game as `{…}`.
pub const MAX_NAME_LEN: usize = 200_000;
/// The largest `|n|` of an integer written in game notation.
pub const MAX_NAMED: i64 = 1_000_000_000;
/// The largest `k` in `^k`, `vk` and `*k` written in game notation (and named when printing).
pub const MAX_UPS: i64 = 256;

impl GameStore {
    /// The game in the usual notation (see the module documentation).
    pub fn display(&mut self, g: GameId) -> Result<String, EngineError> {
        if let Some(x) = self.as_number(g) {
            return Ok(x.to_string());
        }
        if let Some(name) = self.name_memo.get(&g) {
            return Ok(name.clone());
        }
        let name = match self.short_name(g)? {
            Some(name) => name,
            None => self.braces(g)?,
        };
        self.name_memo.insert(g, name.clone());
        Ok(name)
    }

    /// `x + k·↑ + *m` or a switch `±x`, when `g` is one of them.
    fn short_name(&mut self, g: GameId) -> Result<Option<String>, EngineError> {
        if let Some(m) = self.nim_value(g) {
            return Ok(Some(star_name(m)));
        }
        let (ls, rs) = self.stops(g)?;
        if ls == rs {
            let x = self.number(ls)?;
            let rest = self.sub(g, x)?;
            if let Some((k, m)) = self.ups_and_star(rest)? {
                let number = if ls == Dyadic::integer(0) {
                    String::new()
                } else {
                    ls.to_string()
                };
                return Ok(Some(format!("{number}{}{}", up_name(k), star_name(m))));
            }
        }
        let (left, right) = (self.left(g)?, self.right(g)?);
        if let ([l], [r]) = (&left[..], &right[..]) {
            if let (Some(a), Some(b)) = (self.as_number(*l), self.as_number(*r)) {
                if a == b.negated() && a > Dyadic::integer(0) {
                    return Ok(Some(format!("+-{a}")));
                }
            }
        }
        Ok(None)
    }

    /// `(k, m)` with `g = k·↑ + *m` (`m < 4`), if there is one.
    fn ups_and_star(&mut self, g: GameId) -> Result<Option<(i64, u32)>, EngineError> {
        let reach = self.birthday(g)? as i64;
        if reach > MAX_UPS + 2 {
            return Ok(None);
        }
        while self.ups_reach < reach {
            let k = self.ups_reach + 1;
            let up = self.up()?;
            for sign in [1, -1] {
                let ups = self.multiple(sign * k, up)?;
                for m in 0..4 {
                    let star = self.nimber(m)?;
                    let id = self.add(ups, star)?;
                    self.ups.entry(id).or_insert((sign * k, m));
                }
            }
            self.ups_reach = k;
        }
        Ok(self.ups.get(&g).copied())
    }

    /// `{L1,L2|R1}` with each option named.
    fn braces(&mut self, g: GameId) -> Result<String, EngineError> {
        let mut text = String::from("{");
        let (left, right) = (self.left(g)?, self.right(g)?);
        for (i, o) in left.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&self.display(*o)?);
        }
        text.push('|');
        for (i, o) in right.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&self.display(*o)?);
        }
        text.push('}');
        if text.len() > MAX_NAME_LEN {
            text = "{…}".into();
        }
        Ok(text)
    }

    /// Parses a game in the usual notation into its canonical form.
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
        let mut parser = Parser {
            tokens: &tokens,
            at: 0,
            store: self,
        };
        let g = parser.sum(0)?;
        if parser.at != tokens.len() {
            return Err(EngineError::Parse(format!(
                "unexpected '{}' in the game notation",
                tokens[parser.at]
            )));
        }
        Ok(g)
    }
}

/// `*m`: empty for 0, `*` for 1.
fn star_name(m: u32) -> String {
    match m {
        0 => String::new(),
        1 => "*".into(),
        _ => format!("*{m}"),
    }
}

/// `k·↑`: `^`, `^^`, `^3`, …, `v`, `vv`, `v3`, … (empty for 0).
fn up_name(k: i64) -> String {
    let arrow = if k > 0 { "^" } else { "v" };
    match k.unsigned_abs() {
        0 => String::new(),
        1 => arrow.into(),
        2 => arrow.repeat(2),
        n => format!("{arrow}{n}"),
    }
}

/// A token of game notation.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Open,
    Close,
    Bars(usize),
    Comma,
    Plus,
    Minus,
    PlusMinus,
    Star,
    Up(i64),
    Int(i64),
    Slash,
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Token::Open => f.write_str("{"),
            Token::Close => f.write_str("}"),
            Token::Bars(n) => f.write_str(&"|".repeat(*n)),
            Token::Comma => f.write_str(","),
            Token::Plus => f.write_str("+"),
            Token::Minus => f.write_str("-"),
            Token::PlusMinus => f.write_str("+-"),
            Token::Star => f.write_str("*"),
            Token::Up(k) => f.write_str(&up_name(*k)),
            Token::Int(n) => write!(f, "{n}"),
            Token::Slash => f.write_str("/"),
        }
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
        let token = match c {
            c if c.is_whitespace() => continue,
            '{' => Token::Open,
            '}' => Token::Close,
            ',' => Token::Comma,
            '/' => Token::Slash,
            '*' => Token::Star,
            '±' => Token::PlusMinus,
            '-' | '−' => Token::Minus,
            '+' if chars.get(i) == Some(&'-') => {
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
            '^' | '↑' | '⇑' | 'v' | '↓' | '⇓' => {
                let unit = |c: char| match c {
                    '^' | '↑' => Some(1),
                    '⇑' => Some(2),
                    'v' | '↓' => Some(-1),
                    '⇓' => Some(-2),
                    _ => None,
                };
                let mut k: i64 = unit(c).unwrap_or(0);
                while let Some(u) = chars
                    .get(i)
                    .and_then(|&d| unit(d))
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
                let digits: String = chars[start..i].iter().collect();
                let n: i64 = digits
                    .parse()
                    .ok()
                    .filter(|n| *n <= MAX_NAMED)
                    .ok_or_else(|| {
                        EngineError::OutOfRange(format!(
                            "'{digits}' is too large for game notation (at most {MAX_NAMED})"
                        ))
                    })?;
                Token::Int(n)
            }
            other => {
                return Err(EngineError::Parse(format!(
                    "'{other}' is not part of game notation (use {{ | }}, numbers, *, ^, v, +-)"
                )))
            }
        };
        tokens.push(token);
    }
    Ok(tokens)
}

/// A recursive-descent parser whose depth is capped at [`MAX_NESTING`].
struct Parser<'t, 's> {
    tokens: &'t [Token],
    at: usize,
    store: &'s mut GameStore,
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn nest(depth: usize) -> Result<usize, EngineError> {
        if depth >= MAX_NESTING {
            return Err(EngineError::OutOfRange(format!(
                "game notation is nested more than {MAX_NESTING} deep"
            )));
        }
        Ok(depth + 1)
    }

    /// `term (('+' | '-') term)*`
    fn sum(&mut self, depth: usize) -> Result<GameId, EngineError> {
        let depth = Self::nest(depth)?;
        let mut total = self.term(depth)?;
        loop {
            match self.peek() {
                Some(Token::Plus) => {
                    self.at += 1;
                    let t = self.term(depth)?;
                    total = self.store.add(total, t)?;
                }
                Some(Token::Minus) => {
                    self.at += 1;
                    let t = self.term(depth)?;
                    total = self.store.sub(total, t)?;
                }
                _ => return Ok(total),
            }
        }
    }

    /// `'-' term | '+-' term | '{' braces '}' | named`
    fn term(&mut self, depth: usize) -> Result<GameId, EngineError> {
        let depth = Self::nest(depth)?;
        match self.peek() {
            Some(Token::Minus) => {
                self.at += 1;
                let t = self.term(depth)?;
                self.store.neg(t)
            }
            Some(Token::PlusMinus) => {
                self.at += 1;
                let t = self.term(depth)?;
                let minus = self.store.neg(t)?;
                self.store.canonical(vec![t], vec![minus])
            }
            Some(Token::Open) => {
                self.at += 1;
                let end = self.matching_close()?;
                let g = self.braced(self.at, end, depth)?;
                self.at = end + 1;
                Ok(g)
            }
            _ => self.named(),
        }
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

    /// The game written between braces in `tokens[start..end]`, split at its longest run of
    /// bars (which must be unique).
    fn braced(&mut self, start: usize, end: usize, depth: usize) -> Result<GameId, EngineError> {
        let depth = Self::nest(depth)?;
        let mut level = 0usize;
        let mut split: Option<(usize, usize)> = None;
        let mut ties = 0;
        for i in start..end {
            match self.tokens[i] {
                Token::Open => level += 1,
                Token::Close => level = level.saturating_sub(1),
                Token::Bars(n) if level == 0 => match split {
                    Some((_, best)) if best > n => {}
                    Some((_, best)) if best == n => ties += 1,
                    _ => {
                        split = Some((i, n));
                        ties = 0;
                    }
                },
                _ => {}
            }
        }
        let Some((bar, _)) = split else {
            return Err(EngineError::Parse("a game in braces needs a '|'".into()));
        };
        if ties > 0 {
            return Err(EngineError::Parse(
                "ambiguous bars: write {a|b||c|d} with one longest run of bars".into(),
            ));
        }
        let left = self.side(start, bar, depth)?;
        let right = self.side(bar + 1, end, depth)?;
        self.store.canonical(left, right)
    }

    /// One side of a brace: a comma-separated list, or a single game if it holds bars.
    fn side(&mut self, start: usize, end: usize, depth: usize) -> Result<Vec<GameId>, EngineError> {
        let mut level = 0usize;
        let mut has_bars = false;
        let mut cuts = vec![start];
        for i in start..end {
            match self.tokens[i] {
                Token::Open => level += 1,
                Token::Close => level = level.saturating_sub(1),
                Token::Bars(_) if level == 0 => has_bars = true,
                Token::Comma if level == 0 => cuts.push(i + 1),
                _ => {}
            }
        }
        if start == end {
            return Ok(Vec::new());
        }
        if has_bars {
            return Ok(vec![self.braced(start, end, depth)?]);
        }
        cuts.push(end + 1);
        let mut games = Vec::new();
        for pair in cuts.windows(2) {
            let (from, to) = (pair[0], pair[1] - 1);
            if from == to {
                return Err(EngineError::Parse("an empty option between commas".into()));
            }
            let mut sub = Parser {
                tokens: &self.tokens[from..to],
                at: 0,
                store: self.store,
            };
            games.push(sub.sum(depth)?);
            if sub.at != to - from {
                return Err(EngineError::Parse(format!(
                    "unexpected '{}' in the game notation",
                    self.tokens[from + sub.at]
                )));
            }
        }
        Ok(games)
    }

    /// `[number] [ups] ['*' [n]]`, at least one part.
    fn named(&mut self) -> Result<GameId, EngineError> {
        let start = self.at;
        let mut total = self.store.zero();
        if let Some(Token::Int(n)) = self.peek().cloned() {
            self.at += 1;
            let mut x = Dyadic::integer(n);
            if self.peek() == Some(&Token::Slash) {
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
                x = Dyadic::new(n, d.trailing_zeros())?;
            }
            total = self.store.number(x)?;
        }
        if let Some(Token::Up(k)) = self.peek().cloned() {
            self.at += 1;
            let mut k = k;
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
            let up = self.store.up()?;
            let ups = self.store.multiple(k, up)?;
            total = self.store.add(total, ups)?;
        }
        if self.peek() == Some(&Token::Star) {
            self.at += 1;
            let mut m = 1;
            if let Some(Token::Int(n)) = self.peek().cloned() {
                self.at += 1;
                if n > MAX_UPS {
                    return Err(EngineError::OutOfRange(format!(
                        "nimbers up to *{MAX_UPS} in game notation"
                    )));
                }
                m = n as u32;
            }
            let star = self.store.nimber(m)?;
            total = self.store.add(total, star)?;
        }
        if self.at == start {
            return Err(match self.peek() {
                Some(t) => EngineError::Parse(format!("unexpected '{t}' in the game notation")),
                None => EngineError::Parse("the game notation ends too early".into()),
            });
        }
        Ok(total)
    }
}
