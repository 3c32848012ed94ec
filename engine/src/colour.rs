//! Colour scales shared by the families' own pictures and by [`crate::figure`]: the ramp of
//! the period map's log colourings and the categorical nim-value colours of strips. A leaf
//! module, so no family has to import `figure`. (Value fields such as the plane's nim-values
//! are coloured by the figure layer's perceptual map, `heaplab_figures::Palette::value`.)

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

/// Categorical colours for nim-values `1..=16`, in order: Sasha Trubetskoy's "20 simple,
/// distinct colours" without the near-white beige, navy (too close to the black of value 0),
/// apricot and grey. Every pair, black included, is at least 25 apart in CIELAB (CIE76 ΔE;
/// the test below checks it), so no two of the first 17 values look alike.
pub const NIM_PALETTE: [[u8; 3]; 16] = [
    [230, 25, 75],   // red
    [60, 180, 75],   // green
    [255, 225, 25],  // yellow
    [67, 99, 216],   // blue
    [245, 130, 49],  // orange
    [145, 30, 180],  // purple
    [66, 212, 244],  // cyan
    [240, 50, 230],  // magenta
    [191, 239, 69],  // lime
    [250, 190, 212], // pink
    [70, 153, 144],  // teal
    [220, 190, 255], // lavender
    [154, 99, 36],   // brown
    [128, 0, 0],     // maroon
    [170, 255, 195], // mint
    [128, 128, 0],   // olive
];

/// The one colour of nim-value `value` in every strip, legend and export: 0 is black (the
/// P-positions, read back from pixels exactly), `1..=16` the [`NIM_PALETTE`], and larger
/// values repeat the palette every 16 values (legends say so).
pub fn nim_value_rgb(value: u64) -> [u8; 3] {
    match value {
        0 => [0, 0, 0],
        v => NIM_PALETTE[((v - 1) % NIM_PALETTE.len() as u64) as usize],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CIELAB (D65) of an sRGB colour, the textbook formulas.
    fn lab([r, g, b]: [u8; 3]) -> [f64; 3] {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (lin(r), lin(g), lin(b));
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
        let f = |t: f64| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    fn delta_e(a: [u8; 3], b: [u8; 3]) -> f64 {
        let (a, b) = (lab(a), lab(b));
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
    }

    #[test]
    fn lab_of_known_colours() {
        let white = lab([255, 255, 255]);
        assert!(
            (white[0] - 100.0).abs() < 0.01 && white[1].abs() < 0.01,
            "{white:?}"
        );
        assert_eq!(lab([0, 0, 0]), [0.0, 0.0, 0.0]);
        // sRGB red is L* 53.2, a* 80.1, b* 67.2 (the usual published value).
        let red = lab([255, 0, 0]);
        assert!(
            (red[0] - 53.24).abs() < 0.1 && (red[1] - 80.09).abs() < 0.2,
            "{red:?}"
        );
    }

    #[test]
    fn the_first_values_are_far_apart() {
        for a in 0..=16 {
            for b in a + 1..=16 {
                let d = delta_e(nim_value_rgb(a), nim_value_rgb(b));
                assert!(d >= 25.0, "values {a} and {b} are only ΔE {d:.1} apart");
            }
        }
    }

    #[test]
    fn zero_alone_is_black_and_the_palette_repeats() {
        assert_eq!(nim_value_rgb(0), [0, 0, 0]);
        for v in 1..1_000 {
            assert_ne!(nim_value_rgb(v), [0, 0, 0], "{v}");
            assert_eq!(nim_value_rgb(v), nim_value_rgb(v + 16), "{v}");
        }
        assert_eq!(nim_value_rgb(u64::MAX), nim_value_rgb(u64::MAX - 16));
    }
}
