//! The checker's own values: the sparse method against the plain mex, and known values.

use heaplab_check::games::{plain_values, sparse_values, subtraction_values, Code};

/// The sparse method equals the plain mex for every functional and with self-chosen ones,
/// on every code `.d1d2` and `4.d1` (past the first review at 4096 heaps for a few).
#[test]
fn sparse_equals_plain() {
    for text in (1..64)
        .map(|x| format!(".{}{}", x / 8, x % 8))
        .chain((0..8).map(|d| format!("4.{d}")))
    {
        let code = Code::parse(&text).unwrap();
        let plain = plain_values(&code, 300);
        for mask in [0, 1, 2, 5, 0x7fff_ffff, u32::MAX] {
            assert_eq!(
                sparse_values(&code, 300, Some(mask)),
                plain,
                "{text} {mask}"
            );
        }
    }
    for text in [".77", ".137", ".16", ".156", "4.07", ".127"] {
        let code = Code::parse(text).unwrap();
        assert_eq!(
            sparse_values(&code, 9000, None),
            plain_values(&code, 9000),
            "{text}"
        );
    }
}

/// Kayles' first values (Guy and Smith 1956) and Nim with moves {1, 2}: `n mod 3`.
#[test]
fn known_values() {
    let kayles = Code::parse(".77").unwrap();
    assert_eq!(plain_values(&kayles, 8), [0, 1, 2, 3, 1, 4, 3, 2]);
    assert_eq!((kayles.t(), kayles.k()), (2, 2));
    assert_eq!(subtraction_values(&[1, 2], 5), [0, 1, 2, 0, 1]);
}
