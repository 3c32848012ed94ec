//! The cumulative games page's URL state: [`CgQuery`] read from and written to the hash. The
//! state itself and its validation live in [`crate::protocol::cumulative_games`], which the
//! worker job shares.

use heaplab_engine::cumulative_games::{spec, Preset};

use super::{format_query, parse_query};
use crate::protocol::cumulative_games::zeros;
pub use crate::protocol::cumulative_games::*;

impl CgQuery {
    /// Reads the query part of the hash; missing keys take the defaults (missing cumulations
    /// are zero for every player).
    pub fn from_query(query: &str) -> CgQuery {
        let mut q = CgQuery::default();
        let mut has_cums = false;
        for (key, value) in parse_query(query) {
            match key.as_str() {
                "preset" => q.preset = value,
                "players" => q.players = value,
                "S" => q.set = value,
                "S2" => q.set2 = value,
                "moves" => q.moves = value,
                "D" => q.dynamic = value,
                "x" => q.heap = value,
                "C" => {
                    q.cums = value;
                    has_cums = true;
                }
                "start" => q.start = value,
                "tie" => q.tie = value,
                "turn" => q.turn = value,
                "view" => q.view = value,
                "n" => q.terms = value,
                "v" => q.value = value,
                "efg" => q.efg = value,
                _ => {}
            }
        }
        if !has_cums {
            if let Ok(n) = spec::parse_players(&q.players) {
                q.cums = zeros(n);
            }
        }
        q
    }

    /// The query string, canonical order; defaults of the newer keys are left out.
    pub fn to_query(&self) -> String {
        let mut pairs = vec![("preset", self.preset.as_str())];
        if self.players.trim() != "2" {
            pairs.push(("players", self.players.as_str()));
        }
        pairs.push(("S", self.set.as_str()));
        if !self.set2.trim().is_empty() {
            pairs.push(("S2", self.set2.as_str()));
        }
        if self.moves != "fixed" {
            pairs.push(("moves", self.moves.as_str()));
            pairs.push(("D", self.dynamic.as_str()));
        }
        pairs.extend([
            ("x", self.heap.as_str()),
            ("C", self.cums.as_str()),
            ("start", self.start.as_str()),
            ("tie", self.tie.as_str()),
        ]);
        if !matches!(self.turn.trim(), "" | "cyclic") {
            pairs.push(("turn", self.turn.as_str()));
        }
        pairs.extend([("view", self.view.as_str()), ("n", self.terms.as_str())]);
        if Preset::from_name(&self.preset).is_ok_and(Preset::uses_value) {
            pairs.push(("v", self.value.as_str()));
        }
        if self.preset == "efg" {
            pairs.push(("efg", self.efg.as_str()));
        }
        format_query(&pairs)
    }

    /// The full hash `#/cumulative-games?...`.
    pub fn to_hash(&self) -> String {
        format!("#/cumulative-games?{}", self.to_query())
    }
}

#[cfg(test)]
mod tests {
    use super::CgQuery;

    #[test]
    fn messages_name_their_fields() {
        let x = CgQuery::named_fields("x must be a whole number, not 'abc'");
        assert_eq!(x, ["x"]);
        assert_eq!(CgQuery::named_fields("S, S2: they overlap"), ["S", "S2"]);
        let errors = CgQuery::from_query("x=abc").validate().unwrap_err();
        assert!(
            errors.iter().any(|e| CgQuery::named_fields(e) == ["x"]),
            "{errors:?}"
        );
    }
}
