//! Short partizan games in canonical form (thesis Sections 2.2.1–2.2.6), hash-consed.
//!
//! A [`GameStore`] interns every canonical form once, so two games are equal exactly when
//! their [`GameId`]s are (thesis Theorem 2.42). Numbers are kept as [`Dyadic`] values and use
//! number translation (`G + x = {G^L + x | G^R + x}` for a non-number `G`) and the simplicity
//! theorem, so integers with large birthdays never unfold into long chains. Sums, negations and
//! comparisons are memoised; the store has a node cap so a runaway computation stops with an
//! error instead of exhausting memory.

use super::number::Dyadic;
use crate::EngineError;
use rustc_hash::FxHashMap as HashMap;

/// A canonical form interned in a [`GameStore`]. Equal ids ⇔ equal games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The id as its number (ids are the store's node indices; same order as `GameId`'s).
    pub(crate) fn index(self) -> u32 {
        self.0
    }

    /// The id of number `index`, for ids packed by [`GameId::index`] (never a new game).
    pub(crate) fn from_index(index: u32) -> GameId {
        GameId(index)
    }
}

/// The default cap on distinct canonical forms one store may hold.
pub const DEFAULT_MAX_NODES: usize = 2_000_000;
/// How deep a canonical form may nest (forms within forms; numbers are leaves). Sums,
/// comparisons and stops recurse once per level of each operand, so this bounds their stack,
/// with room to spare in a browser worker's call stack.
pub const MAX_DEPTH: u32 = 512;
/// The default cap on comparisons one store may compute (about a minute of work natively).
pub const DEFAULT_MAX_WORK: u64 = 100_000_000;
/// The most remembered comparisons; the cache is emptied when it reaches this (memory bound).
const MAX_REMEMBERED: usize = 8_000_000;

/// The outcome class of a game: who wins with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The second player wins (`G = 0`).
    P,
    /// The first player wins (`G ‖ 0`).
    N,
}

impl Outcome {
    /// The one-letter name `L`, `R`, `P` or `N`.
    pub fn letter(self) -> char {
        match self {
            Outcome::L => 'L',
            Outcome::R => 'R',
            Outcome::P => 'P',
            Outcome::N => 'N',
        }
    }
}

/// Left's and Right's options of a form, the key under which it is interned.
type OptionLists = (Box<[GameId]>, Box<[GameId]>);

/// One interned canonical form: a number, or options with no dominated or reversible ones.
#[derive(Debug, Clone)]
enum Node {
    Number(Dyadic),
    Form {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
        /// 1 + the deepest option's depth (numbers have depth 0).
        depth: u32,
        /// The height of the game tree (a number `x` counts `x`'s birthday).
        birthday: u64,
        /// `Some(n)` when the form is the nimber `*n`.
        nim: Option<u32>,
    },
}

/// The interning table of canonical forms with memoised arithmetic and comparison.
pub struct GameStore {
    nodes: Vec<Node>,
    forms: HashMap<OptionLists, GameId>,
    numbers: HashMap<Dyadic, GameId>,
    ge_memo: HashMap<(GameId, GameId), bool>,
    sum_memo: HashMap<(GameId, GameId), GameId>,
    neg_memo: HashMap<GameId, GameId>,
    pub(super) stop_memo: HashMap<GameId, (Dyadic, Dyadic)>,
    pub(super) rcf_memo: HashMap<GameId, GameId>,
    pub(super) name_memo: HashMap<GameId, String>,
    pub(super) braces_memo: HashMap<GameId, String>,
    pub(super) thermo_memo: HashMap<GameId, super::thermograph::Thermograph>,
    /// `k·↑ + *m` for the `(k, m)` built so far, to name infinitesimals.
    pub(super) ups: HashMap<GameId, (i64, u32)>,
    /// The largest `|k|` in `ups`.
    pub(super) ups_reach: i64,
    max_nodes: usize,
    /// Comparisons computed (not remembered) so far: the measure of work.
    work: u64,
    /// When set, computing more comparisons than this is an error (see [`WORK_CAP`]).
    work_limit: Option<u64>,
    /// Computing more comparisons than this in all is an error that names the cap.
    max_work: u64,
}

/// The message of the error a store gives when its work limit is reached.
pub const WORK_CAP: &str = "the computation reached its work cap";

impl Default for GameStore {
    fn default() -> Self {
        GameStore::new(DEFAULT_MAX_NODES)
    }
}

impl GameStore {
    /// An empty store that refuses to hold more than `max_nodes` canonical forms.
    pub fn new(max_nodes: usize) -> Self {
        let mut store = GameStore {
            nodes: Vec::new(),
            forms: HashMap::default(),
            numbers: HashMap::default(),
            ge_memo: HashMap::default(),
            sum_memo: HashMap::default(),
            neg_memo: HashMap::default(),
            stop_memo: HashMap::default(),
            rcf_memo: HashMap::default(),
            name_memo: HashMap::default(),
            braces_memo: HashMap::default(),
            thermo_memo: HashMap::default(),
            ups: HashMap::default(),
            ups_reach: -1,
            work: 0,
            work_limit: None,
            max_work: DEFAULT_MAX_WORK,
            max_nodes: max_nodes.max(16),
        };
        store.number(Dyadic::integer(0)).expect("room for zero");
        store
    }

    /// Comparisons computed so far (a measure of work done).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Makes comparisons beyond `limit` total work fail with [`WORK_CAP`] (`None`: no limit).
    pub fn set_work_limit(&mut self, limit: Option<u64>) {
        self.work_limit = limit;
    }

    /// Makes computing more than `max` comparisons in all an error naming the cap.
    pub fn set_max_work(&mut self, max: u64) {
        self.max_work = max;
    }

    /// How many canonical forms the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the store holds only zero (it always holds zero).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    fn push(&mut self, node: Node) -> Result<GameId, EngineError> {
        if self.nodes.len() >= self.max_nodes {
            return Err(EngineError::OutOfRange(format!(
                "more than {} distinct canonical forms; HeapLab stops there",
                self.max_nodes
            )));
        }
        self.nodes.push(node);
        Ok(GameId((self.nodes.len() - 1) as u32))
    }

    /// The game `0 = { | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number `x` in canonical form.
    pub fn number(&mut self, x: Dyadic) -> Result<GameId, EngineError> {
        if let Some(&id) = self.numbers.get(&x) {
            return Ok(id);
        }
        let id = self.push(Node::Number(x))?;
        self.numbers.insert(x, id);
        Ok(id)
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Result<GameId, EngineError> {
        self.number(Dyadic::new(n, 0)?)
    }

    /// The number `g` equals, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        match self.nodes[g.0 as usize] {
            Node::Number(x) => Some(x),
            Node::Form { .. } => None,
        }
    }

    /// Interns options that are already canonical (no dominated or reversible options).
    pub(super) fn intern_form(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId, EngineError> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.forms.get(&key) {
            return Ok(id);
        }
        let (mut depth, mut birthday) = (0, 0);
        for &o in key.0.iter().chain(key.1.iter()) {
            let (d, b) = self.heights(o);
            depth = depth.max(d + 1);
            birthday = birthday.max(b + 1);
        }
        if depth > MAX_DEPTH {
            return Err(EngineError::OutOfRange(format!(
                "a canonical form nested more than {MAX_DEPTH} levels deep; HeapLab stops there"
            )));
        }
        let nim = self.nimber_of(&key.0, &key.1);
        let id = self.push(Node::Form {
            left: key.0.clone(),
            right: key.1.clone(),
            depth,
            birthday,
            nim,
        })?;
        self.forms.insert(key, id);
        Ok(id)
    }

    /// The nesting depth and the birthday of `g` (see [`Node::Form`]).
    fn heights(&self, g: GameId) -> (u32, u64) {
        match &self.nodes[g.0 as usize] {
            Node::Number(x) => (0, x.birthday()),
            Node::Form {
                depth, birthday, ..
            } => (*depth, *birthday),
        }
    }

    /// Left's options of the canonical form of `g`.
    pub fn left(&mut self, g: GameId) -> Result<Vec<GameId>, EngineError> {
        match &self.nodes[g.0 as usize] {
            Node::Form { left, .. } => Ok(left.to_vec()),
            Node::Number(x) => match x.options().0 {
                Some(o) => Ok(vec![self.number(o)?]),
                None => Ok(Vec::new()),
            },
        }
    }

    /// Right's options of the canonical form of `g`.
    pub fn right(&mut self, g: GameId) -> Result<Vec<GameId>, EngineError> {
        match &self.nodes[g.0 as usize] {
            Node::Form { right, .. } => Ok(right.to_vec()),
            Node::Number(x) => match x.options().1 {
                Some(o) => Ok(vec![self.number(o)?]),
                None => Ok(Vec::new()),
            },
        }
    }

    /// The `i`-th Left (or Right) option of a non-number `g`; `None` past the end and for
    /// numbers (whose options number translation makes unnecessary in comparisons).
    pub(super) fn form_option(&self, g: GameId, left: bool, i: usize) -> Option<GameId> {
        match &self.nodes[g.0 as usize] {
            Node::Form { left: l, .. } if left => l.get(i).copied(),
            Node::Form { right: r, .. } => r.get(i).copied(),
            Node::Number(_) => None,
        }
    }

    /// `g ≥ h`: Left, playing second in `g − h`, wins.
    pub fn ge(&mut self, g: GameId, h: GameId) -> Result<bool, EngineError> {
        if g == h {
            return Ok(true);
        }
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            return Ok(x >= y);
        }
        if let Some(&known) = self.ge_memo.get(&(g, h)) {
            return Ok(known);
        }
        self.work += 1;
        if self.work > self.max_work {
            return Err(EngineError::OutOfRange(format!(
                "more than {} comparisons of games (the work cap); HeapLab stops there",
                crate::text::grouped(self.max_work)
            )));
        }
        if self.work_limit.is_some_and(|limit| self.work > limit) {
            return Err(EngineError::OutOfRange(WORK_CAP.into()));
        }
        // Stops decide many comparisons at once: g ≥ h needs both stops of g at least those
        // of h, and R(g) > L(h) gives R(g − h) > 0, so g > h.
        let ((gl, gr), (hl, hr)) = (self.stops(g)?, self.stops(h)?);
        if gl < hl || gr < hr {
            self.remember((g, h), false);
            return Ok(false);
        }
        if gr > hl {
            self.remember((g, h), true);
            return Ok(true);
        }
        // g ≥ h ⇔ no g^R ≤ h and no h^L ≥ g. For a number on one side, number translation
        // makes its own options irrelevant (g − x = {g^L − x | g^R − x} for non-number g).
        let mut answer = true;
        let mut i = 0;
        while let Some(r) = self.form_option(g, false, i) {
            if self.ge(h, r)? {
                answer = false;
                break;
            }
            i += 1;
        }
        i = 0;
        while let Some(l) = self.form_option(h, true, i).filter(|_| answer) {
            if self.ge(l, g)? {
                answer = false;
            }
            i += 1;
        }
        self.remember((g, h), answer);
        Ok(answer)
    }

    /// Stores a comparison, emptying the cache first when it is full.
    fn remember(&mut self, pair: (GameId, GameId), answer: bool) {
        if self.ge_memo.len() >= MAX_REMEMBERED {
            self.ge_memo.clear();
        }
        self.ge_memo.insert(pair, answer);
    }

    /// `g ≤ h`.
    pub fn le(&mut self, g: GameId, h: GameId) -> Result<bool, EngineError> {
        self.ge(h, g)
    }

    /// The outcome class of `g` (its comparison with 0).
    pub fn outcome(&mut self, g: GameId) -> Result<Outcome, EngineError> {
        let zero = self.zero();
        Ok(match (self.ge(g, zero)?, self.le(g, zero)?) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        })
    }

    /// `−g`.
    pub fn neg(&mut self, g: GameId) -> Result<GameId, EngineError> {
        if let Some(x) = self.as_number(g) {
            return self.number(x.negated());
        }
        if let Some(&known) = self.neg_memo.get(&g) {
            return Ok(known);
        }
        let (left, right) = (self.left(g)?, self.right(g)?);
        let mut new_left = Vec::with_capacity(right.len());
        for r in right {
            new_left.push(self.neg(r)?);
        }
        let mut new_right = Vec::with_capacity(left.len());
        for l in left {
            new_right.push(self.neg(l)?);
        }
        // The negative of a canonical form is canonical.
        let id = self.intern_form(new_left, new_right)?;
        self.neg_memo.insert(g, id);
        self.neg_memo.insert(id, g);
        Ok(id)
    }

    /// `g + h`, in canonical form.
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, EngineError> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let (g, h) = if g <= h { (g, h) } else { (h, g) };
        if let Some(&known) = self.sum_memo.get(&(g, h)) {
            return Ok(known);
        }
        let id = match (self.as_number(g), self.as_number(h)) {
            (Some(x), Some(y)) => self.number(x.checked_add(y)?)?,
            (Some(_), None) => self.translate(h, g)?,
            (None, Some(_)) => self.translate(g, h)?,
            (None, None) => {
                let mut left = Vec::new();
                let mut right = Vec::new();
                for l in self.left(g)? {
                    left.push(self.add(l, h)?);
                }
                for l in self.left(h)? {
                    left.push(self.add(g, l)?);
                }
                for r in self.right(g)? {
                    right.push(self.add(r, h)?);
                }
                for r in self.right(h)? {
                    right.push(self.add(g, r)?);
                }
                self.canonical(left, right)?
            }
        };
        self.sum_memo.insert((g, h), id);
        Ok(id)
    }

    /// `g + x` for a non-number `g` and a number `x`: `{g^L + x | g^R + x}`.
    fn translate(&mut self, g: GameId, x: GameId) -> Result<GameId, EngineError> {
        let mut left = Vec::new();
        for l in self.left(g)? {
            left.push(self.add(l, x)?);
        }
        let mut right = Vec::new();
        for r in self.right(g)? {
            right.push(self.add(r, x)?);
        }
        self.canonical(left, right)
    }

    /// `g − h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, EngineError> {
        let minus = self.neg(h)?;
        self.add(g, minus)
    }

    /// The sum of many games (0 for none).
    pub fn sum(&mut self, games: &[GameId]) -> Result<GameId, EngineError> {
        let mut total = self.zero();
        for &g in games {
            total = self.add(total, g)?;
        }
        Ok(total)
    }

    /// `k · g` for an integer `k` (a sum of `|k|` copies of `g` or of `−g`).
    pub fn multiple(&mut self, k: i64, g: GameId) -> Result<GameId, EngineError> {
        let unit = if k < 0 { self.neg(g)? } else { g };
        let mut total = self.zero();
        for _ in 0..k.unsigned_abs() {
            total = self.add(total, unit)?;
        }
        Ok(total)
    }

    /// The nimber `*n` = `{0, *, …, *(n−1) | 0, *, …, *(n−1)}`.
    pub fn nimber(&mut self, n: u32) -> Result<GameId, EngineError> {
        let mut below = vec![self.zero()];
        for _ in 0..n {
            let next = self.intern_form(below.clone(), below.clone())?;
            below.push(next);
        }
        Ok(below[n as usize])
    }

    /// `↑ = {0 | *}`.
    pub fn up(&mut self) -> Result<GameId, EngineError> {
        let (zero, star) = (self.zero(), self.nimber(1)?);
        self.intern_form(vec![zero], vec![star])
    }

    /// The birthday of `g`: the height of its canonical game tree.
    pub fn birthday(&mut self, g: GameId) -> Result<u64, EngineError> {
        Ok(self.heights(g).1)
    }

    /// True when `g` is impartial (a nimber): its canonical form has equal option lists that
    /// are themselves nimbers. Returns the `n` of `*n` (kept per form, so O(1)).
    pub fn nim_value(&self, g: GameId) -> Option<u32> {
        match &self.nodes[g.0 as usize] {
            Node::Number(x) => (*x == Dyadic::integer(0)).then_some(0),
            Node::Form { nim, .. } => *nim,
        }
    }

    /// The `n` of a new form `{left | right}` that is `*n`: both sides the nimbers `*0..*(n−1)`.
    fn nimber_of(&self, left: &[GameId], right: &[GameId]) -> Option<u32> {
        if left != right {
            return None;
        }
        // Each of *0..*(n−1) once (a table, not a sort: one sort instantiation less in the
        // wasm module).
        let n = left.len();
        let mut seen = vec![false; n];
        for &o in left {
            let v = self.nim_value(o)? as usize;
            if v >= n || std::mem::replace(&mut seen[v], true) {
                return None;
            }
        }
        Some(n as u32)
    }
}
