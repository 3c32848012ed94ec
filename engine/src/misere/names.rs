//! Names of the small misère quotients the papers name.
//!
//! * `trivial`: the one-element quotient (no heap has a move).
//! * `T2`: `⟨a | a² = 1⟩` with `P = {a}`, the quotient of misère nim on heaps of size 0 and 1
//!   (it is misère nim's quotient below, with `m = 1`).
//! * `R8`: Siegel, "The structure and classification of misère quotients" (arXiv
//!   math/0703070, abstract), proves there is exactly one misère quotient of order 8, so any
//!   quotient of order 8 is it; `R8` is the name it goes by in the misère-quotient literature
//!   (the name, unlike the uniqueness, was not read in a source here).
//! * misère nim of heaps below `2^m`: Siegel, "Misère games and misère quotients" (Games of No
//!   Chance 5), describes misère nim's quotient as `(A × {1}) ∪ (A₀ × {0})` in `A × B`, with
//!   `A` the group of nim-values under xor, `A₀ = {0, 1}`, `B = ({0, 1}, ∨)` and
//!   `P = {(0, 1), (1, 0)}`; its heaps below `2^m` give order `2^m + 2`. A quotient is named so
//!   when it is isomorphic to that one (checked by an explicit isomorphism, orders up to 18).

use super::monoid::Monoid;
use super::quotient::Quotient;

/// The misère nim quotient of heaps below `2^m`: `(monoid, P)`.
pub fn nim_quotient(m: u32) -> (Monoid, Vec<bool>) {
    let big = 1usize << m;
    // Elements: 0 = (0,0), 1 = (1,0), then 2 + v = (v,1).
    let pair = |x: usize| if x < 2 { (x, 0) } else { (x - 2, 1) };
    let index = |(v, s): (usize, usize)| if s == 0 { v } else { v + 2 };
    let n = big + 2;
    let table = (0..n * n)
        .map(|ab| {
            let ((va, sa), (vb, sb)) = (pair(ab / n), pair(ab % n));
            index((va ^ vb, sa | sb)) as u32
        })
        .collect();
    let p = (0..n).map(|x| x == 1 || x == 2).collect();
    (Monoid::from_table(n, table), p)
}

/// True when some bijection sending the quotient's generators to elements of `(target, tp)`
/// is an isomorphism of monoids that keeps P.
pub fn isomorphic(q: &Quotient, target: &Monoid, tp: &[bool]) -> bool {
    let n = q.monoid.order();
    if target.order() != n
        || tp.iter().filter(|&&p| p).count() != q.p.iter().filter(|&&p| p).count()
    {
        return false;
    }
    let k = q.generator_heaps.len();
    let mut images = vec![0u32; k];
    search(q, target, tp, &mut images, 0)
}

fn search(q: &Quotient, target: &Monoid, tp: &[bool], images: &mut [u32], i: usize) -> bool {
    if i == images.len() {
        return is_isomorphism(q, target, tp, images);
    }
    for t in 0..target.order() as u32 {
        images[i] = t;
        if search(q, target, tp, images, i + 1) {
            return true;
        }
    }
    false
}

fn is_isomorphism(q: &Quotient, target: &Monoid, tp: &[bool], images: &[u32]) -> bool {
    let map: Vec<u32> = q
        .presentation
        .normal_forms
        .iter()
        .map(|w| target.eval(images, w))
        .collect();
    let mut hit = vec![false; target.order()];
    for &y in &map {
        if std::mem::replace(&mut hit[y as usize], true) {
            return false;
        }
    }
    let n = q.monoid.order() as u32;
    (0..n).all(|a| tp[map[a as usize] as usize] == q.p[a as usize])
        && (0..n).all(|a| {
            (0..n).all(|b| {
                map[q.monoid.mul(a, b) as usize] == target.mul(map[a as usize], map[b as usize])
            })
        })
}

/// The name of a quotient the papers name, if it is one.
pub fn name(q: &Quotient) -> Option<String> {
    let n = q.monoid.order();
    match n {
        1 => return Some("trivial".into()),
        2 if q.p[1] && q.monoid.mul(1, 1) == 0 => return Some("T2".into()),
        8 => return Some("R8".into()),
        _ => {}
    }
    let m = (2..=4).find(|&m| (1usize << m) + 2 == n)?;
    let (target, tp) = nim_quotient(m);
    isomorphic(q, &target, &tp).then(|| format!("misère nim, heaps below {} (tame)", 1 << m))
}
