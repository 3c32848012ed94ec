//! Reading bracket notation (`{2,{11|4|-3}|3|4,{9|2|-5}}`) into a [`ScoringGame`](super::ScoringGame)'s node
//! arena: a recursive-descent parser whose errors name the character position. Apart from the
//! game's algorithms because it is only about text.

use super::{too_many_nodes, Node, MAX_DEPTH, MAX_NODES};
use crate::scoring::Rational;
use crate::EngineError;

/// A recursive-descent parser for bracket notation, writing the arena in preorder.
pub(super) struct Parser<'t> {
    /// The text, minus signs normalised.
    pub(super) chars: &'t [char],
    /// The next character to read.
    pub(super) at: usize,
    /// The arena written so far, in preorder.
    pub(super) nodes: Vec<Node>,
}

impl Parser<'_> {
    pub(super) fn error(&self, what: &str) -> EngineError {
        EngineError::Parse(format!("{what} (at character {})", self.at + 1))
    }

    pub(super) fn skip_space(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// Parses one game at the cursor and returns its node index.
    pub(super) fn game(&mut self, depth: usize) -> Result<usize, EngineError> {
        if depth > MAX_DEPTH {
            return Err(EngineError::OutOfRange(format!(
                "the game is nested more than {MAX_DEPTH} levels deep"
            )));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(too_many_nodes());
        }
        self.skip_space();
        let v = self.nodes.len();
        self.nodes.push(Node {
            score: Rational::ZERO,
            left: Vec::new(),
            right: Vec::new(),
        });
        match self.peek() {
            Some('{') => {
                self.at += 1;
                let left = self.options(depth, '|')?;
                self.expect('|', "'|' after Left's options")?;
                let score = self.number()?;
                self.skip_space();
                self.expect('|', "'|' after the score")?;
                let right = self.options(depth, '}')?;
                self.expect('}', "'}' to close the game")?;
                let n = &mut self.nodes[v];
                n.score = score;
                n.left = left;
                n.right = right;
            }
            Some(_) => self.nodes[v].score = self.number()?,
            None => return Err(self.error("the text ends where a game was expected")),
        }
        Ok(v)
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), EngineError> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&match self.peek() {
                Some(found) => format!("expected {what}, found '{found}'"),
                None => format!("expected {what}, but the text ends"),
            }))
        }
    }

    /// A comma-separated list of games up to (not including) `end`; empty, or `.`, is `∅`.
    fn options(&mut self, depth: usize, end: char) -> Result<Vec<usize>, EngineError> {
        self.skip_space();
        if self.peek() == Some('.') {
            let after = self.chars.get(self.at + 1).copied();
            if !after.is_some_and(|c| c.is_ascii_digit()) {
                self.at += 1;
                self.skip_space();
                return Ok(Vec::new());
            }
        }
        if self.peek() == Some(end) || (end == '}' && self.peek() == Some('|')) {
            return Ok(Vec::new());
        }
        let mut out = vec![self.game(depth + 1)?];
        loop {
            self.skip_space();
            if self.peek() != Some(',') {
                return Ok(out);
            }
            self.at += 1;
            out.push(self.game(depth + 1)?);
        }
    }

    /// A score: an integer, a decimal or a fraction.
    fn number(&mut self) -> Result<Rational, EngineError> {
        self.skip_space();
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | '/') {
                self.at += 1;
            } else {
                break;
            }
        }
        let text: String = self.chars[start..self.at].iter().collect();
        if text.is_empty() {
            self.at = start;
            return Err(self.error(&match self.peek() {
                Some(c) => format!("expected a score (a number), found '{c}'"),
                None => "expected a score (a number), but the text ends".into(),
            }));
        }
        Rational::parse(text.trim_start_matches('+')).map_err(|e| {
            self.at = start;
            self.error(&e.to_string())
        })
    }
}
