//! The six PEBBLES situations of Section 1 and Example 4's auction by rewards, as games.

use serde::Serialize;

use super::{Ending, Game, HeapRule, HeapUtility, Moves, Rational, Reward, TieBreak, Turn};
use crate::EngineError;

/// The six PEBBLES situations of Section 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Preset {
    /// P1: the player who cannot move loses.
    Normal,
    /// P2: the player who cannot move wins.
    Misere,
    /// P3: a common score, Alice adds, Bob subtracts (zero-sum).
    Scoring,
    /// P4: each squirrel keeps what it takes (self-interest).
    Squirrel,
    /// P5: bids for an item of value `v` (default 4).
    Auction,
    /// P6: removals bounded by the mover's own pocket; normal play.
    Wealth,
    /// Example 4: Auction Pebbles with self-interest utility, the auction's utility moved
    /// into the rewards ([`Reward::AuctionSettlement`]); same play as [`Preset::Auction`].
    AuctionRewards,
}

impl Preset {
    /// All presets in the paper's order.
    pub const ALL: [Preset; 7] = [
        Preset::Normal,
        Preset::Misere,
        Preset::Scoring,
        Preset::Squirrel,
        Preset::Auction,
        Preset::Wealth,
        Preset::AuctionRewards,
    ];

    /// The name used in URLs and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Normal => "normal",
            Preset::Misere => "misere",
            Preset::Scoring => "scoring",
            Preset::Squirrel => "squirrel",
            Preset::Auction => "auction",
            Preset::Wealth => "wealth",
            Preset::AuctionRewards => "auction-rewards",
        }
    }

    /// The name as the paper prints it.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Normal => "P1 Normal Pebbles",
            Preset::Misere => "P2 Misère Pebbles",
            Preset::Scoring => "P3 Scoring Pebbles",
            Preset::Squirrel => "P4 Squirrel Pebbles",
            Preset::Auction => "P5 Auction Pebbles",
            Preset::Wealth => "P6 Wealth Pebbles",
            Preset::AuctionRewards => "Example 4 Auction Pebbles by rewards",
        }
    }

    /// Whether the preset has an item value `v` (the two auctions).
    pub fn uses_value(self) -> bool {
        matches!(self, Preset::Auction | Preset::AuctionRewards)
    }

    /// Reads a preset name.
    pub fn from_name(name: &str) -> Result<Self, EngineError> {
        let name = name.trim();
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name || (name == "misère" && *p == Preset::Misere))
            .ok_or_else(|| {
                let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                EngineError::Parse(format!(
                    "unknown preset '{name}': use one of {}",
                    names.join(", ")
                ))
            })
    }

    /// The two-player, one-heap game of this preset with subtraction sets `sets` (one shared
    /// set or one per player; ignored by Wealth) and, for the auction, item value `value`.
    pub fn game(self, sets: Vec<Vec<u64>>, value: Rational, tie: TieBreak) -> Game {
        self.game_with(2, Moves::Fixed(sets), value, tie)
    }

    /// The one-heap game of this preset for `players` players with subtraction maps `moves`
    /// (fixed or heap-size dynamic; ignored by Wealth) and, for the auction, item value
    /// `value`. Alternating (cyclic) turns; set [`Game::turn`] for another turn function.
    pub fn game_with(self, players: usize, moves: Moves, value: Rational, tie: TieBreak) -> Game {
        let take = Reward::Take;
        let (moves, reward, utility, ending) = match self {
            Preset::Normal => (moves, take, HeapUtility::Nothing, Ending::Normal),
            Preset::Misere => (moves, take, HeapUtility::Nothing, Ending::Misere),
            Preset::Scoring => (moves, take, HeapUtility::ZeroSum, Ending::Scoring),
            Preset::Squirrel => (moves, take, HeapUtility::SelfInterest, Ending::Scoring),
            Preset::Auction => (moves, take, HeapUtility::Auction { value }, Ending::Scoring),
            Preset::Wealth => (Moves::Wealth, take, HeapUtility::Nothing, Ending::Normal),
            Preset::AuctionRewards => (
                moves,
                Reward::AuctionSettlement { value },
                HeapUtility::SelfInterest,
                Ending::Scoring,
            ),
        };
        Game {
            players,
            heaps: vec![HeapRule {
                moves,
                reward,
                utility,
            }],
            turn: Turn::Cyclic,
            ending,
            tie,
        }
    }
}
