//! The nim-values a certificate names, computed from the rules alone: octal codes (moves that
//! leave at most two heaps) by the mex over their options, and subtraction sets.

/// A finite code `d0.d1…dk` whose digits are below 8 (each move leaves at most two heaps).
pub struct Code {
    /// `digits[j]` is `d_j`: bit 1 allows taking `j` tokens as a whole heap, bit 2 taking `j`
    /// and leaving one heap, bit 4 taking `j` and splitting the rest into two heaps.
    pub digits: Vec<u32>,
}

impl Code {
    /// Parses `.d1d2…`, `·d1…` or `d0.d1…` with hexadecimal digits `0`–`F`.
    pub fn parse(text: &str) -> Result<Code, String> {
        let text = text.replace('·', ".");
        let (before, after) = text.split_once('.').ok_or("code without a point")?;
        let digit = |c: char| c.to_digit(16).ok_or(format!("bad digit {c:?} in {text}"));
        let mut digits = vec![match before {
            "" => 0,
            d if d.chars().count() == 1 => digit(d.chars().next().unwrap_or('?'))?,
            _ => return Err(format!("bad d0 in {text}")),
        }];
        for c in after.chars() {
            digits.push(digit(c)?);
        }
        if digits[0] & 3 != 0 {
            return Err(format!("d0 may only split: {text}"));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(format!("{text} allows no move"));
        }
        Ok(Code { digits })
    }

    /// Theorem 3.73's `k`: the index of the last non-zero digit.
    pub fn k(&self) -> u64 {
        self.digits.len() as u64 - 1
    }

    /// Theorem 3.73's `t`: the most heaps a move leaves, `⌊log2(d0 | d1 | …)⌋`, at least 1.
    pub fn t(&self) -> u64 {
        let all = self.digits.iter().fold(0, |a, &d| a | d);
        u64::from(31 - all.leading_zeros()).max(1)
    }

    /// The removals `j` of the moves that split into two heaps.
    fn splits(&self) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&j| self.digits[j] & 4 != 0)
            .collect()
    }
}

/// Marks `v` in `seen` for heap `n` (stamp `n + 1`), growing the table when needed.
fn mark(seen: &mut Vec<usize>, v: u32, n: usize) {
    let v = v as usize;
    if v >= seen.len() {
        seen.resize(2 * v + 2, 0);
    }
    seen[v] = n + 1;
}

fn marked(seen: &[usize], v: u32, n: usize) -> bool {
    seen.get(v as usize) == Some(&(n + 1))
}

/// The options that leave no heap or one heap, marked for heap `n`.
fn mark_simple(code: &Code, g: &[u32], n: usize, seen: &mut Vec<usize>) {
    for (j, &d) in code.digits.iter().enumerate() {
        if d & 1 != 0 && n == j {
            mark(seen, 0, n);
        }
        if d & 2 != 0 && n > j {
            mark(seen, g[n - j], n);
        }
    }
}

/// The reference: `G(0..len)` by the mex over every option.
pub fn plain_values(code: &Code, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = Vec::new();
    for n in 0..len {
        mark_simple(code, &g, n, &mut seen);
        for j in code.splits().into_iter().filter(|&j| n >= j + 2) {
            let m = n - j;
            for a in 1..=m / 2 {
                mark(&mut seen, g[a] ^ g[m - a], n);
            }
        }
        g.push((0..).find(|&v| !marked(&seen, v, n)).unwrap_or(0));
    }
    g
}

/// Whether `popcount((2v + parity mod 2) & w)` is odd. Heap `a` is common when this holds for
/// `(G(a), a)` (or fails, with `flip`: when `w` reads the parity and the splits take an odd
/// number, so the heap `n` and its options `m = n − j` differ in parity); two common heaps
/// `a + b = m` then give an option `v` for which it fails with parity `m`: a "rare" option.
fn is_common(v: u32, parity: usize, w: u32) -> bool {
    (((v << 1) | (parity as u32 & 1)) & w).count_ones() % 2 == 1
}

/// `G(0..len)` by the sparse-space method over functional `w` (`hint`: the certificate's
/// ignore mask, `w = !mask << 1`), else chosen from the values at every doubling. Exact for
/// every `w` (README.md, "Why a hint cannot make a check pass"); `w` decides only the time.
pub fn sparse_values(code: &Code, len: usize, hint: Option<u32>) -> Vec<u32> {
    let splits = code.splits();
    let one_parity = splits.iter().all(|&j| j % 2 == splits[0] % 2);
    let odd = one_parity && splits.first().is_some_and(|&j| j % 2 == 1);
    let (mut w, mut flip) = (hint.map_or(0, |mask| !mask << 1), false);
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut common: Vec<bool> = Vec::with_capacity(len);
    let mut rare: Vec<usize> = Vec::new();
    let (mut seen, mut cand) = (Vec::new(), Vec::new());
    let mut review = 1 << 12;
    for n in 0..len {
        if n == review && hint.is_none() {
            review *= 2;
            w = choose(&g, one_parity, odd);
            flip = odd && w & 1 == 1;
            common = (0..n).map(|a| is_common(g[a], a, w) != flip).collect();
            rare = (1..n).filter(|&a| !common[a]).collect();
        }
        mark_simple(code, &g, n, &mut seen);
        for &j in splits.iter().filter(|&&j| n >= j + 2) {
            let m = n - j;
            for &r in rare.iter().take_while(|&&r| r < m) {
                mark(&mut seen, g[r] ^ g[m - r], n);
            }
        }
        let v = if w >> 1 == 0 {
            (0..).find(|&v| !marked(&seen, v, n)).unwrap_or(0)
        } else {
            let safe = |v: u32| splits.iter().all(|&j| is_common(v, n.wrapping_sub(j), w));
            let c = (0..)
                .find(|&v| !marked(&seen, v, n) && safe(v))
                .unwrap_or(0);
            let mut left: Vec<u32> = (0..c).filter(|&v| !marked(&seen, v, n)).collect();
            strike(&splits, (&g, &common), n, &mut left, &mut cand);
            left.first().copied().unwrap_or(c)
        };
        g.push(v);
        common.push(is_common(v, n, w) != flip);
        if n > 0 && !common[n] {
            rare.push(n);
        }
    }
    g
}

/// Removes from `left` (candidates, increasing) every value of a split of heap `n` into two
/// common heaps, stopping once none is left.
fn strike(
    splits: &[usize],
    (g, common): (&[u32], &[bool]),
    n: usize,
    left: &mut Vec<u32>,
    cand: &mut Vec<usize>,
) {
    for &v in left.iter() {
        mark(cand, v, n);
    }
    let mut count = left.len();
    for &j in splits.iter().filter(|&&j| n >= j + 2) {
        let m = n - j;
        for a in 1..=m / 2 {
            if count == 0 {
                break;
            }
            if common[a] && common[m - a] && marked(cand, g[a] ^ g[m - a], n) {
                cand[(g[a] ^ g[m - a]) as usize] = 0;
                count -= 1;
            }
        }
    }
    left.retain(|&v| marked(cand, v, n));
}

/// The functional with the fewest rare heaps among `g` (labels of at most 12 bits; with the
/// heap's parity only when every split removes tokens of one parity, `odd` or even).
fn choose(g: &[u32], one_parity: bool, odd: bool) -> u32 {
    let bits = 33 - g.iter().max().copied().unwrap_or(0).leading_zeros();
    if bits > 12 {
        return 0;
    }
    let mut counts = vec![0usize; 1 << bits];
    for (a, &v) in g.iter().enumerate().skip(1) {
        counts[((v << 1) | (a as u32 & 1)) as usize] += 1;
    }
    let rare = |w: u32| -> usize {
        let flip = u32::from(odd && w & 1 == 1);
        let labels = counts.iter().enumerate().filter(|(_, &c)| c > 0);
        labels
            .filter(|&(l, _)| ((l as u32 & w).count_ones() + flip).is_multiple_of(2))
            .map(|(_, &c)| c)
            .sum()
    };
    (2..1u32 << bits)
        .filter(|&w| one_parity || w & 1 == 0)
        .min_by_key(|&w| (rare(w), w & 1))
        .unwrap_or(0)
}

/// `G(0..len)` of the subtraction game with moves `set`: the mex of `G(n − s)`, `s <= n`.
pub fn subtraction_values(set: &[u64], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = Vec::new();
    for n in 0..len {
        for &s in set.iter().filter(|&&s| s as usize <= n) {
            mark(&mut seen, g[n - s as usize], n);
        }
        g.push((0..).find(|&v| !marked(&seen, v, n)).unwrap_or(0));
    }
    g
}
