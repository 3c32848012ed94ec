//! A [`Summary`] as one string, for passing it between threads that share no memory (the web
//! page's Web Workers): numbers in decimal, each followed by a space, and every text as its
//! length in bytes, a space, then the text itself. [`decode`] is the exact inverse of
//! [`encode`], and refuses anything else with a clear error, never a panic.
//!
//! Why not serde: a message type of its own costs the web module the serializer and
//! deserializer code of every field type (about 16 KB before `wasm-opt`); a string crosses
//! the worker boundary with code the module already holds.

use super::aggregate::{CheckTally, Found, Record, Row, Summary};
use crate::EngineError;
use std::fmt::Write;

/// `summary` as one string; [`decode`] gives it back.
pub fn encode(summary: &Summary) -> String {
    let mut w = Writer(String::new());
    w.num(summary.rulesets);
    w.num(summary.matched);
    w.num(summary.errors);
    w.list(&summary.first_errors, Writer::found);
    w.list(&summary.groups, |w, (key, count)| {
        w.option(*key);
        w.num(*count);
    });
    w.list(&summary.top, |w, r| {
        w.num(r.value as u64);
        w.num(r.index);
        w.text(&r.ruleset);
    });
    w.list(&summary.sequences, |w, h| w.num(*h));
    w.list(&summary.checks, |w, t| {
        w.text(&t.name);
        for n in [t.holds, t.fails, t.not_applicable, t.errors] {
            w.num(n);
        }
        w.list(&t.first_failures, Writer::found);
    });
    w.list(&summary.rows, |w, r| {
        w.num(r.index);
        w.text(&r.ruleset);
        w.list(&r.values, |w, v| w.option(*v));
        match &r.error {
            Some(e) => {
                w.num(1);
                w.text(e);
            }
            None => w.num(0),
        }
    });
    w.0
}

/// The summary [`encode`] wrote into `text`, or an error naming what is malformed.
pub fn decode(text: &str) -> Result<Summary, EngineError> {
    let mut r = Reader(text);
    let summary = Summary {
        rulesets: r.num()?,
        matched: r.num()?,
        errors: r.num()?,
        first_errors: r.list(Reader::found)?,
        groups: r.list(|r| Ok((r.option()?, r.num()?)))?,
        top: r.list(|r| {
            Ok(Record {
                value: r.num()? as i64,
                index: r.num()?,
                ruleset: r.text()?,
            })
        })?,
        sequences: r.list(Reader::num)?,
        checks: r.list(|r| {
            Ok(CheckTally {
                name: r.text()?,
                holds: r.num()?,
                fails: r.num()?,
                not_applicable: r.num()?,
                errors: r.num()?,
                first_failures: r.list(Reader::found)?,
            })
        })?,
        rows: r.list(|r| {
            Ok(Row {
                index: r.num()?,
                ruleset: r.text()?,
                values: r.list(Reader::option)?,
                error: match r.num()? {
                    0 => None,
                    _ => Some(r.text()?),
                },
            })
        })?,
    };
    match r.0.is_empty() {
        true => Ok(summary),
        false => Err(malformed("text after its end")),
    }
}

fn malformed(what: &str) -> EngineError {
    EngineError::Parse(format!("malformed sweep summary: {what}"))
}

struct Writer(String);

impl Writer {
    fn num(&mut self, n: u64) {
        let _ = write!(self.0, "{n} ");
    }

    /// `None` as 0; `Some(v)` as 1 and `v`'s two's-complement bits.
    fn option(&mut self, v: Option<i64>) {
        match v {
            Some(v) => {
                self.num(1);
                self.num(v as u64);
            }
            None => self.num(0),
        }
    }

    fn text(&mut self, t: &str) {
        self.num(t.len() as u64);
        self.0.push_str(t);
    }

    fn list<T>(&mut self, items: &[T], item: fn(&mut Self, &T)) {
        self.num(items.len() as u64);
        for x in items {
            item(self, x);
        }
    }

    fn found(&mut self, f: &Found) {
        self.num(f.index);
        self.text(&f.ruleset);
        self.text(&f.detail);
    }
}

struct Reader<'a>(&'a str);

impl Reader<'_> {
    fn num(&mut self) -> Result<u64, EngineError> {
        let (n, rest) = self
            .0
            .split_once(' ')
            .ok_or_else(|| malformed("a number is missing"))?;
        self.0 = rest;
        n.parse().map_err(|_| malformed("a number does not parse"))
    }

    fn option(&mut self) -> Result<Option<i64>, EngineError> {
        Ok(match self.num()? {
            0 => None,
            _ => Some(self.num()? as i64),
        })
    }

    fn text(&mut self) -> Result<String, EngineError> {
        let len = usize::try_from(self.num()?).map_err(|_| malformed("a text is too long"))?;
        if !self.0.is_char_boundary(len.min(self.0.len())) || len > self.0.len() {
            return Err(malformed("a text is cut short"));
        }
        let (t, rest) = self.0.split_at(len);
        self.0 = rest;
        Ok(t.to_string())
    }

    /// A list: its length, then its items. The length is checked against the text left
    /// (every item takes at least two bytes), so a forged length allocates nothing absurd.
    /// A plain loop (no `collect` into a `Result`): fewer generic instances in the module.
    fn list<T>(
        &mut self,
        item: fn(&mut Self) -> Result<T, EngineError>,
    ) -> Result<Vec<T>, EngineError> {
        let len = self.num()?;
        if len > self.0.len() as u64 / 2 {
            return Err(malformed("a list is longer than the text"));
        }
        let mut items = Vec::with_capacity(len as usize);
        for _ in 0..len {
            items.push(item(self)?);
        }
        Ok(items)
    }

    fn found(&mut self) -> Result<Found, EngineError> {
        Ok(Found {
            index: self.num()?,
            ruleset: self.text()?,
            detail: self.text()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(index: u64, detail: &str) -> Found {
        Found {
            index,
            ruleset: format!("{index}, 7"),
            detail: detail.to_string(),
        }
    }

    /// A summary with every field filled, negative values, unknown keys, texts holding
    /// spaces, digits, multi-byte characters and line breaks, and empty texts.
    fn full() -> Summary {
        Summary {
            rulesets: 1 << 40,
            matched: 17,
            errors: 2,
            first_errors: vec![found(3, "no period in 2 000 heaps"), found(9, "")],
            groups: vec![(None, 4), (Some(-3), 1), (Some(i64::MAX), 12)],
            top: vec![Record {
                value: i64::MIN,
                index: 5,
                ruleset: "∅".into(),
            }],
            sequences: vec![0, 7, u64::MAX],
            checks: vec![CheckTally {
                name: "survey-guy".into(),
                holds: 10,
                fails: 1,
                not_applicable: 5,
                errors: 1,
                first_failures: vec![found(4, "heap 12: 3 ≠ 2\nline two")],
            }],
            rows: vec![
                Row {
                    index: 0,
                    ruleset: "1".into(),
                    values: vec![Some(1), None, Some(-1)],
                    error: None,
                },
                Row {
                    index: 1,
                    ruleset: "2 3".into(),
                    values: Vec::new(),
                    error: Some("12 34".into()),
                },
            ],
        }
    }

    #[test]
    fn decode_inverts_encode() {
        for summary in [Summary::default(), Summary::new(&["a".into()]), full()] {
            assert_eq!(decode(&encode(&summary)).unwrap(), summary);
        }
    }

    /// Every proper prefix of an encoding, and the encoding with text after it, is refused
    /// with an error (never a panic); so are forged numbers and lengths.
    #[test]
    fn malformed_text_is_an_error() {
        let text = encode(&full());
        for cut in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            assert!(decode(&text[..cut]).is_err(), "prefix of {cut} bytes");
        }
        assert!(decode(&format!("{text}0 ")).is_err());
        for bad in [
            "x ",
            "1 2 3 99999999999999999999 ",
            "0 0 0 18446744073709551615 ",
        ] {
            let err = decode(bad).unwrap_err().to_string();
            assert!(err.starts_with("malformed sweep summary"), "{err}");
        }
    }
}
