//! Printing canonical forms in the usual notation, the names papers and CGSuite print; the
//! parser for the same notation is [`super::parse`] (every printed name parses back to the
//! same game).
//!
//! Names: numbers `0`, `3`, `1/2`, `-3/4`; nimbers `*`, `*2`; ups `^`, `^^`, `^3` (`k·↑`, the
//! thesis's `↑k`) and downs `v`, `vv`, `v3`, combined with a number and a nimber as in `^*`,
//! `v*`, `1/2^^*3`; switches `+-1` and `+-{2|1}` (`{G | −G}`); tinies and minies `Tiny(2)`,
//! `1Miny(1/2)` (CGSuite's names for `x + {0||0|−s}` and its negative); everything else
//! `{L1,L2|R1}`, where a side holding a single braced game is written with bars as papers and
//! CGSuite do: `{2|1||0}` is `{{2|1}|0}` (at most [`MAX_BARS`] bars, then braces).

use super::game::{GameId, GameStore};
use super::number::Dyadic;
use super::parse::MAX_UPS;
use crate::EngineError;

/// The longest name the printer writes before it abbreviates a game as `{…}`.
pub const MAX_NAME_LEN: usize = 200_000;
/// The longest run of bars the printer writes (CGSuite's limit too); deeper sides keep braces.
pub const MAX_BARS: usize = 4;

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

    /// The game with braces only: numbers, `x^k*m` (ups as `^`, `^2`, `v3`, the spelling
    /// cgt-tools reads) and otherwise `{L1,L2|R1}` with every option written out the same way —
    /// no bars, `+-` or `Tiny`, for programs that read only braces. Parses back to `g`.
    pub fn display_braces(&mut self, g: GameId) -> Result<String, EngineError> {
        if let Some(x) = self.as_number(g) {
            return Ok(x.to_string());
        }
        if let Some(m) = self.nim_value(g) {
            return Ok(star_name(m));
        }
        if let Some(name) = self.braces_memo.get(&g) {
            return Ok(name.clone());
        }
        let name = self.braces_uncached(g)?;
        self.braces_memo.insert(g, name.clone());
        Ok(name)
    }

    /// [`GameStore::display_braces`] of a non-number, non-nimber form, not yet remembered.
    fn braces_uncached(&mut self, g: GameId) -> Result<String, EngineError> {
        let (ls, rs) = self.stops(g)?;
        if ls == rs {
            let x = self.number(ls)?;
            let rest = self.sub(g, x)?;
            if let Some((k, m)) = self.ups_and_star(rest)? {
                let number = if ls == Dyadic::integer(0) && (k, m) != (0, 0) {
                    String::new()
                } else {
                    ls.to_string()
                };
                let ups = match k {
                    0 => String::new(),
                    1 => "^".into(),
                    -1 => "v".into(),
                    k if k > 0 => format!("^{k}"),
                    k => format!("v{}", -k),
                };
                return Ok(format!("{number}{ups}{}", star_name(m)));
            }
        }
        let mut sides = Vec::with_capacity(2);
        for side in [self.left(g)?, self.right(g)?] {
            let mut names = Vec::with_capacity(side.len());
            for o in side {
                names.push(self.display_braces(o)?);
            }
            sides.push(names.join(","));
        }
        let text = format!("{{{}|{}}}", sides[0], sides[1]);
        Ok(if text.len() > MAX_NAME_LEN {
            "{…}".into()
        } else {
            text
        })
    }

    /// `x + k·↑ + *m`, a switch `±G`, or a tiny or miny, when `g` is one of them.
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
        let ([l], [r]) = (&left[..], &right[..]) else {
            return Ok(None);
        };
        if self.neg(*l)? == *r {
            return Ok(Some(format!("+-{}", self.display(*l)?)));
        }
        self.tiny_name(*l, *r)
    }

    /// `xTiny(s)` for `{x || x | x − s}` and `xMiny(s)` for `{x + s | x || x}` (CGSuite's
    /// test: `x` a number and the far option's mean beyond `x`).
    fn tiny_name(&mut self, l: GameId, r: GameId) -> Result<Option<String>, EngineError> {
        for tiny in [true, false] {
            let (near, far) = if tiny { (l, r) } else { (r, l) };
            let Some(x) = self.as_number(near) else {
                continue;
            };
            let (fl, fr) = (self.left(far)?, self.right(far)?);
            let (toward, away) = if tiny { (fl, fr) } else { (fr, fl) };
            let ([t], [a]) = (&toward[..], &away[..]) else {
                continue;
            };
            let mean = self.mean_temperature(*a)?.0;
            let beyond = if tiny { mean < x } else { mean > x };
            if *t != near || !beyond {
                continue;
            }
            let s = if tiny {
                self.sub(near, *a)?
            } else {
                self.sub(*a, near)?
            };
            let number = if x == Dyadic::integer(0) {
                String::new()
            } else {
                x.to_string()
            };
            let word = if tiny { "Tiny" } else { "Miny" };
            return Ok(Some(format!("{number}{word}({})", self.display(s)?)));
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

    /// `{L1,L2|R1}` with each option named; a side holding one braced game drops its braces
    /// and the separator grows to one bar more than that game's own.
    fn braces(&mut self, g: GameId) -> Result<String, EngineError> {
        let (left, right) = (self.left(g)?, self.right(g)?);
        let (left, lbars) = self.side_text(&left)?;
        let (right, rbars) = self.side_text(&right)?;
        let bars = "|".repeat(1 + lbars.max(rbars));
        let text = format!("{{{left}{bars}{right}}}");
        Ok(if text.len() > MAX_NAME_LEN {
            "{…}".into()
        } else {
            text
        })
    }

    /// One side's text and the bars of the game written without braces (0 if none is).
    fn side_text(&mut self, side: &[GameId]) -> Result<(String, usize), EngineError> {
        let mut names = Vec::with_capacity(side.len());
        for &o in side {
            names.push(self.display(o)?);
        }
        if let [only] = &names[..] {
            if let Some(inner) = unbraced(only) {
                let bars = top_bars(inner);
                if bars < MAX_BARS {
                    return Ok((inner.to_string(), bars));
                }
            }
        }
        Ok((names.join(","), 0))
    }
}

/// The text inside `name`'s braces when the whole name is one brace group `{…}`.
fn unbraced(name: &str) -> Option<&str> {
    let inner = name.strip_prefix('{')?.strip_suffix('}')?;
    let mut level = 0i64;
    for c in inner.chars() {
        match c {
            '{' | '(' => level += 1,
            '}' | ')' => level -= 1,
            _ => {}
        }
        if level < 0 {
            return None;
        }
    }
    Some(inner)
}

/// The longest run of bars outside braces and parentheses.
fn top_bars(text: &str) -> usize {
    let (mut level, mut run, mut best) = (0i64, 0usize, 0usize);
    for c in text.chars() {
        match c {
            '{' | '(' => level += 1,
            '}' | ')' => level -= 1,
            _ => {}
        }
        run = if c == '|' && level == 0 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
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
