//! The text forms of a cumulative game that people type, shared by the page's URL and the CLI's
//! flags, so both read the same games and reject the same input with the same messages:
//!
//! * players: `3` (1..=[`MAX_PLAYERS`]);
//! * fixed subtraction sets ([`parse_sets`]): `2,3` for everyone, or one per player separated by
//!   `;`, e.g. `2,3;1,4;1,2`;
//! * heap-size dynamic maps ([`parse_dynamic`]): entries `sizes:moves` separated by `;`, where
//!   `sizes` is a list `3,5` or a half-open range `4..10` and `moves` a set (or `-` for none);
//!   sizes not listed have no moves, a single size may replace what an earlier range gave it
//!   (a size listed singly twice is an error); one map for everyone or one per player
//!   separated by `|`. The paper's example `S(2) = {2}, S(3) = {1}` is `2:2;3:1`;
//! * turn functions ([`parse_turn`]): `cyclic`, `next:2,3,1` (after player p moves, player
//!   `next[p]` does; 1-based) or `heap:1,2,2,1` (after a move to total heap size `x`, player
//!   `table[x]` moves; larger sizes: player 1);
//! * cumulations ([`parse_cumulations`]): one exact rational per player, `0,1/2,-1`.

use super::{Moves, Rational, Turn, MAX_PLAYERS};
use crate::ruleset::{parse_count, parse_range, NumberSet};
use crate::EngineError;

/// Largest heap size a dynamic map lists.
pub const MAX_DYNAMIC_SIZE: u64 = 100_000;
/// Largest size of a `heap:` turn table.
pub const MAX_TURN_TABLE: usize = 100_000;
/// Largest absolute numerator of a typed cumulation.
pub const MAX_CUMULATION: i64 = 1_000_000;

/// Reads a number of players, 1..=[`MAX_PLAYERS`].
pub fn parse_players(text: &str) -> Result<usize, EngineError> {
    Ok(parse_count(text, "the number of players", 1, MAX_PLAYERS as u64)? as usize)
}

fn set_of(text: &str) -> Result<Vec<u64>, EngineError> {
    Ok(NumberSet::parse(text)?
        .elements()
        .iter()
        .map(|&e| u64::from(e))
        .collect())
}

fn one_or_each<T>(parts: Vec<T>, players: usize, what: &str) -> Result<Vec<T>, EngineError> {
    if parts.len() == 1 || parts.len() == players {
        Ok(parts)
    } else {
        Err(EngineError::OutOfRange(format!(
            "give one {what} for everyone or one per player ({players}), not {}",
            parts.len()
        )))
    }
}

/// Reads fixed subtraction sets: one for everyone, or one per player separated by `;`.
pub fn parse_sets(text: &str, players: usize) -> Result<Vec<Vec<u64>>, EngineError> {
    let sets = text
        .split(';')
        .map(|part| {
            set_of(part).map_err(|e| match text.contains(';') {
                true => EngineError::Parse(format!("in '{}': {e}", part.trim())),
                false => e,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    one_or_each(sets, players, "subtraction set")
}

/// Reads one heap-size dynamic map: `sizes:moves` entries separated by `;`.
fn parse_map(text: &str) -> Result<Vec<Vec<u64>>, EngineError> {
    let mut table: Vec<Vec<u64>> = Vec::new();
    let mut given: Vec<bool> = Vec::new();
    let entries: Vec<&str> = text
        .split(';')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect();
    if entries.is_empty() {
        return Err(EngineError::Parse(
            "the dynamic map is empty: give entries like 2:2;3:1 (heap size : moves)".into(),
        ));
    }
    for entry in entries {
        let Some((sizes, moves)) = entry.split_once(':') else {
            return Err(EngineError::Parse(format!(
                "'{entry}' needs a colon: heap sizes, then the moves there, e.g. 3:1,2"
            )));
        };
        let ranged = sizes.contains("..");
        let sizes: Vec<u64> = if ranged {
            let (a, b) = parse_range(sizes, "a range of heap sizes")?;
            (u64::from(a)..u64::from(b)).collect()
        } else {
            set_of(sizes).map_err(|e| EngineError::Parse(format!("in '{entry}': {e}")))?
        };
        let moves = match moves.trim() {
            "-" | "" => Vec::new(),
            m => set_of(m).map_err(|e| EngineError::Parse(format!("in '{entry}': {e}")))?,
        };
        for x in sizes {
            if x > MAX_DYNAMIC_SIZE {
                return Err(EngineError::OutOfRange(format!(
                    "a dynamic map lists heap sizes up to {MAX_DYNAMIC_SIZE}, not {x}"
                )));
            }
            let x = x as usize;
            if table.len() <= x {
                table.resize(x + 1, Vec::new());
                given.resize(x + 1, false);
            }
            if given[x] && !ranged {
                return Err(EngineError::Parse(format!(
                    "heap size {x} is listed twice in the dynamic map: list each size once (a \
                     single size may only override a range)"
                )));
            }
            given[x] = !ranged;
            table[x] = moves.clone();
        }
    }
    Ok(table)
}

/// Reads heap-size dynamic maps: one for everyone, or one per player separated by `|`.
pub fn parse_dynamic(text: &str, players: usize) -> Result<Moves, EngineError> {
    let maps = text
        .split('|')
        .map(parse_map)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Moves::Dynamic(one_or_each(maps, players, "dynamic map")?))
}

fn players_list(text: &str, players: usize, what: &str) -> Result<Vec<usize>, EngineError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            parse_count(t, what, 1, players as u64)
                .map(|p| p as usize - 1)
                .map_err(|_| {
                    EngineError::OutOfRange(format!(
                        "{what} lists '{t}': players are numbered 1..={players}"
                    ))
                })
        })
        .collect()
}

/// Reads a turn function: `cyclic`, `next:…` or `heap:…` (see the module documentation).
pub fn parse_turn(text: &str, players: usize) -> Result<Turn, EngineError> {
    let t = text.trim();
    if t.is_empty() || t == "cyclic" || t == "alternating" {
        return Ok(Turn::Cyclic);
    }
    if let Some(rest) = t.strip_prefix("next:") {
        let next = players_list(rest, players, "the next-player table")?;
        if next.len() != players {
            return Err(EngineError::OutOfRange(format!(
                "the next-player table needs one entry per player ({players}), e.g. next:2,3,1"
            )));
        }
        return Ok(Turn::Next(next));
    }
    if let Some(rest) = t.strip_prefix("heap:") {
        let table = players_list(rest, players, "the heap-size turn table")?;
        if table.is_empty() || table.len() > MAX_TURN_TABLE {
            return Err(EngineError::OutOfRange(format!(
                "the heap-size turn table needs 1..={MAX_TURN_TABLE} entries, e.g. heap:1,2,2,1"
            )));
        }
        return Ok(Turn::ByHeap(table));
    }
    Err(EngineError::Parse(format!(
        "unknown turn function '{t}': use cyclic, next:2,3,1 or heap:1,2,2,1"
    )))
}

/// The text form of a turn function, read back by [`parse_turn`].
pub fn turn_text(turn: &Turn) -> String {
    let list = |v: &[usize]| {
        v.iter()
            .map(|p| (p + 1).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    match turn {
        Turn::Cyclic => "cyclic".into(),
        Turn::Next(next) => format!("next:{}", list(next)),
        Turn::ByHeap(table) => format!("heap:{}", list(table)),
    }
}

/// Reads one cumulation per player (exact rationals, numerators up to 10^6 in size).
pub fn parse_cumulations(text: &str, players: usize) -> Result<Vec<Rational>, EngineError> {
    let values = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(Rational::parse)
        .collect::<Result<Vec<_>, _>>()?;
    if values.len() != players {
        return Err(EngineError::Parse(format!(
            "give {players} cumulations, one per player, e.g. {}",
            vec!["0"; players].join(",")
        )));
    }
    if values
        .iter()
        .any(|c| c.numer().unsigned_abs() > MAX_CUMULATION.unsigned_abs())
    {
        return Err(EngineError::OutOfRange(format!(
            "cumulations are at most {MAX_CUMULATION} in size"
        )));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_maps_turns_and_cumulations_read_back() {
        assert_eq!(parse_sets("2,3", 3).unwrap(), vec![vec![2, 3]]);
        assert_eq!(
            parse_sets("2,3; 1,4 ;5", 3).unwrap(),
            vec![vec![2, 3], vec![1, 4], vec![5]]
        );
        let Moves::Dynamic(maps) = parse_dynamic("2:2;3:1", 2).unwrap() else {
            panic!("dynamic")
        };
        assert_eq!(maps, vec![vec![vec![], vec![], vec![2], vec![1]]]);
        let Moves::Dynamic(maps) = parse_dynamic("1..4:1,2; 3:-|5:1", 2).unwrap() else {
            panic!("dynamic")
        };
        assert_eq!(maps[0], vec![vec![], vec![1, 2], vec![1, 2], vec![]]);
        assert_eq!(
            maps[1],
            vec![vec![], vec![], vec![], vec![], vec![], vec![1]]
        );
        for t in ["cyclic", "next:2,3,1", "heap:1,2,2,1"] {
            assert_eq!(turn_text(&parse_turn(t, 3).unwrap()), t);
        }
        assert_eq!(parse_turn("", 3).unwrap(), Turn::Cyclic);
        assert_eq!(
            parse_turn("next:2 3 1", 3).unwrap(),
            Turn::Next(vec![1, 2, 0])
        );
        assert_eq!(
            parse_cumulations("0, 1/2 -1", 3).unwrap(),
            vec![
                Rational::ZERO,
                Rational::new(1, 2).unwrap(),
                Rational::int(-1)
            ]
        );
        assert_eq!(parse_players("3").unwrap(), 3);
    }

    #[test]
    fn bad_text_is_one_line_message() {
        let errors = [
            parse_players("0").unwrap_err(),
            parse_players("9").unwrap_err(),
            parse_players("two").unwrap_err(),
            parse_sets("2,3;1,4", 3).unwrap_err(),
            parse_sets("2,3;0", 2).unwrap_err(),
            parse_sets("", 2).unwrap_err(),
            parse_dynamic("", 2).unwrap_err(),
            parse_dynamic("2;3", 2).unwrap_err(),
            parse_dynamic("x:2", 2).unwrap_err(),
            parse_dynamic("2:y", 2).unwrap_err(),
            parse_dynamic("5..2:1", 2).unwrap_err(),
            parse_dynamic("200000:1", 2).unwrap_err(),
            parse_dynamic("0..200000:1", 2).unwrap_err(),
            parse_dynamic("2:1|2:1|2:1", 2).unwrap_err(),
            parse_turn("spiral", 3).unwrap_err(),
            parse_turn("next:2,3", 3).unwrap_err(),
            parse_turn("next:2,3,4", 3).unwrap_err(),
            parse_turn("heap:", 3).unwrap_err(),
            parse_turn("heap:1,x", 3).unwrap_err(),
            parse_cumulations("0,0", 3).unwrap_err(),
            parse_cumulations("a,b", 2).unwrap_err(),
            parse_cumulations("9999999,0", 2).unwrap_err(),
        ];
        for e in errors {
            let m = e.to_string();
            assert!(!m.is_empty() && !m.contains('\n'), "{m:?}");
        }
        assert!(parse_sets("2,3;1,4", 3)
            .unwrap_err()
            .to_string()
            .contains("one per player (3)"));
        assert!(parse_dynamic("2;3", 2)
            .unwrap_err()
            .to_string()
            .contains("colon"));
    }
}
