//! Palettes: colour-blind-safe categories (Okabe–Ito), grey for print, and a perceptual map
//! (viridis) for values.

use serde::{Deserialize, Serialize};
/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour as `#rrggbb`, as SVG writes it.
    pub fn hex(self) -> String {
        format!("#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

/// How a figure is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Palette {
    /// Okabe–Ito categories and the viridis value map: safe for colour-blind readers.
    #[default]
    ColourBlind,
    /// Grey levels only, for print.
    Grey,
}

/// Okabe and Ito's eight colours, black last.
const OKABE_ITO: [Rgb; 8] = [
    Rgb(0xE6, 0x9F, 0x00),
    Rgb(0x56, 0xB4, 0xE9),
    Rgb(0x00, 0x9E, 0x73),
    Rgb(0xF0, 0xE4, 0x42),
    Rgb(0x00, 0x72, 0xB2),
    Rgb(0xD5, 0x5E, 0x00),
    Rgb(0xCC, 0x79, 0xA7),
    Rgb(0x00, 0x00, 0x00),
];

/// Viridis at nine even stops (its published table, every 32nd entry).
const VIRIDIS: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (71, 44, 122),
    (59, 81, 139),
    (44, 113, 142),
    (33, 144, 141),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
];

/// How many colours a colour bar shows; value cells are drawn in these same colours, so every
/// colour of the picture is one of the bar's.
pub const BAR_STEPS: usize = 32;

impl Palette {
    /// A palette by name: `colour` (default) or `grey`.
    pub fn from_name(name: &str) -> Option<Palette> {
        match name {
            "colour" | "color" | "okabe-ito" => Some(Palette::ColourBlind),
            "grey" | "gray" => Some(Palette::Grey),
            _ => None,
        }
    }

    /// The colour of category or series `i` (cycling after eight, or six greys).
    pub fn category(self, i: usize) -> Rgb {
        match self {
            Palette::ColourBlind => OKABE_ITO[i % OKABE_ITO.len()],
            Palette::Grey => {
                let level = [0x20, 0x70, 0xA8, 0x48, 0xC8, 0x90][i % 6];
                Rgb(level, level, level)
            }
        }
    }

    /// The colour of step `i` of [`BAR_STEPS`] on the value map, dark (low) to light (high).
    pub fn step(self, i: usize) -> Rgb {
        let t = i.min(BAR_STEPS - 1) as f64 / (BAR_STEPS - 1) as f64;
        match self {
            Palette::Grey => {
                let level = (30.0 + t * 200.0).round() as u8;
                Rgb(level, level, level)
            }
            Palette::ColourBlind => {
                let x = t * (VIRIDIS.len() - 1) as f64;
                let k = (x.floor() as usize).min(VIRIDIS.len() - 2);
                let f = x - k as f64;
                let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
                let (a, b) = (VIRIDIS[k], VIRIDIS[k + 1]);
                Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
            }
        }
    }

    /// The bar step of a value at fraction `t` (0 = low end, 1 = high end) of the bar.
    pub fn step_of(t: f64) -> usize {
        ((t.clamp(0.0, 1.0) * BAR_STEPS as f64) as usize).min(BAR_STEPS - 1)
    }

    /// The colour of `v` on the value map spanning `lo..hi` (from [`value_span`]): its colour
    /// bar step. Figures' value cells and the pages' canvases both colour values with this.
    pub fn value(self, v: f64, (lo, hi): (f64, f64)) -> Rgb {
        self.step(Palette::step_of((v - lo) / (hi - lo)))
    }
}

/// The low and high ends of a colour bar over `values`: their least and greatest (the high
/// end one above the low when all are equal), or `None` when there are no finite values.
pub fn value_span(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    lo.is_finite()
        .then_some((lo, if hi > lo { hi } else { lo + 1.0 }))
}

/// RGBA pixels of a `width × height` field of values on `palette`'s value map over `span`,
/// `value(x, y)` with `x` to the right and `y` upwards (row `y = 0` is the last row of
/// pixels): the pages' canvases and the CLI's raw PNGs, in the colours of the figures.
pub fn value_pixels(
    palette: Palette,
    (width, height): (usize, usize),
    span: (f64, f64),
    value: impl Fn(usize, usize) -> f64,
) -> Vec<u8> {
    let mut rgba = vec![255u8; width * height * 4];
    for (row, line) in rgba.chunks_exact_mut(width.max(1) * 4).enumerate() {
        let y = height - 1 - row;
        for (x, pixel) in line.chunks_exact_mut(4).enumerate() {
            let Rgb(r, g, b) = palette.value(value(x, y), span);
            pixel[..3].copy_from_slice(&[r, g, b]);
        }
    }
    rgba
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viridis_runs_from_purple_to_yellow_and_greys_are_grey() {
        let p = Palette::ColourBlind;
        assert_eq!(p.step(0), Rgb(68, 1, 84));
        assert_eq!(p.step(BAR_STEPS - 1), Rgb(253, 231, 37));
        let g = Palette::Grey.step(7);
        assert!(g.0 == g.1 && g.1 == g.2);
        assert_eq!(Palette::step_of(1.0), BAR_STEPS - 1);
        assert_eq!(Palette::step_of(0.0), 0);
    }

    #[test]
    fn values_take_their_bar_step_and_pixels_run_bottom_up() {
        let p = Palette::ColourBlind;
        let span = value_span([3.0, 7.0, f64::NAN, 5.0].into_iter()).unwrap();
        assert_eq!(span, (3.0, 7.0));
        assert_eq!(value_span([2.0, 2.0].into_iter()), Some((2.0, 3.0)));
        assert_eq!(value_span(std::iter::empty()), None);
        assert_eq!(p.value(3.0, span), p.step(0));
        assert_eq!(p.value(7.0, span), p.step(BAR_STEPS - 1));
        assert_eq!(p.value(5.0, span), p.step(BAR_STEPS / 2));
        // A 2 × 3 field whose value is its row y: the top pixel row is y = 2.
        let rgba = value_pixels(p, (2, 3), (0.0, 2.0), |_, y| y as f64);
        assert_eq!(rgba.len(), 2 * 3 * 4);
        let at = |i: usize| Rgb(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]);
        assert_eq!(
            (at(0), at(1)),
            (p.step(BAR_STEPS - 1), p.step(BAR_STEPS - 1))
        );
        assert_eq!(at(4), p.step(0));
        assert!(rgba.chunks_exact(4).all(|px| px[3] == 255));
    }
}
