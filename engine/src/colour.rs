//! Colour scales shared by the families' own pictures (the plane's nim-value grid) and by
//! [`crate::figure`]; a leaf module, so no family has to import `figure`.

/// A perceptually ordered ramp (dark blue → teal → yellow) for `t` in `[0, 1]`.
pub fn ramp(t: f64) -> [u8; 3] {
    const STOPS: [[f64; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let scaled = t * (STOPS.len() - 1) as f64;
    let i = (scaled.floor() as usize).min(STOPS.len() - 2);
    let f = scaled - i as f64;
    let mut rgb = [0u8; 3];
    for (c, out) in rgb.iter_mut().enumerate() {
        *out = (STOPS[i][c] + (STOPS[i + 1][c] - STOPS[i][c]) * f).round() as u8;
    }
    rgb
}

/// Categorical colours for nim-values `1..=9` (value 0 is black).
const NIM_COLOURS: [[u8; 3]; 9] = [
    [31, 119, 180],
    [255, 127, 14],
    [44, 160, 44],
    [214, 39, 40],
    [148, 103, 189],
    [140, 86, 75],
    [227, 119, 194],
    [188, 189, 34],
    [23, 190, 207],
];

/// The colour of nim-value `value` in a picture whose largest value is `max`: 0 is black (the
/// P-positions, as in the outcome pictures), `1..=9` distinct categorical colours when
/// `max <= 9`, else the [`ramp`] from 1 to `max`.
pub fn nim_colour(value: u16, max: u16) -> [u8; 3] {
    match value {
        0 => [0, 0, 0],
        v if max as usize <= NIM_COLOURS.len() => NIM_COLOURS[usize::from(v - 1).min(8)],
        v => ramp(f64::from(v - 1) / f64::from(max.max(2) - 1)),
    }
}
