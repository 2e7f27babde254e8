//! Team colours that stay apart for every reader (issue 36): a simulation of the three
//! colour-vision deficiencies, a perceptual distance, and the adjustment that moves a team's
//! chosen colour to the nearest shade still distinct from the other teams' for all of them.
//!
//! - Simulation: Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
//!   Color Vision Deficiency", IEEE TVCG 15(6), 2009, the matrices of severity 1.0 (protanopia,
//!   deuteranopia, tritanopia) from the authors' supplementary table, applied to linear RGB
//!   (sRGB decoded), as the paper's model is linear in the cones' responses.
//! - Distance: CIEDE2000 (Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula:
//!   Implementation Notes, Supplementary Test Data, and Mathematical Observations", Color Research
//!   & Application 30(1), 2005) in CIELAB under D65, the few formulas written here rather than a
//!   colour crate for them.
//! - Adjustment: [`distinct_team_colours`], see its comment.

use image::Rgb;

use crate::palette::Colour;

/// The least CIEDE2000 distance between any two teams' colours, under normal vision and under
/// each simulated deficiency: see `docs/pictures.md` for why this much.
pub const MIN_DISTANCE: f64 = 15.0;

/// A way of seeing colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vision {
    Normal,
    /// No long-wavelength (red) cones.
    Protanopia,
    /// No medium-wavelength (green) cones: the most common form.
    Deuteranopia,
    /// No short-wavelength (blue) cones.
    Tritanopia,
}

impl Vision {
    pub const ALL: [Vision; 4] = [
        Vision::Normal,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    /// Machado et al. 2009, severity 1.0, for linear RGB.
    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Normal => None,
            Vision::Protanopia => Some([
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]),
            Vision::Deuteranopia => Some([
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]),
            Vision::Tritanopia => Some([
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]),
        }
    }
}

fn decode(v: f64) -> f64 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

fn encode(v: f64) -> f64 {
    if v <= 0.0031308 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

/// `c` in linear RGB, each channel 0 to 1.
fn linear(c: Colour) -> [f64; 3] {
    c.0.map(|v| decode(v as f64 / 255.0))
}

/// `c` as a reader with `vision` sees it, in linear RGB (clamped to the displayable range).
fn seen_linear(c: Colour, vision: Vision) -> [f64; 3] {
    let rgb = linear(c);
    match vision.matrix() {
        None => rgb,
        Some(m) => {
            m.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
        }
    }
}

/// `c` as a reader with `vision` sees it.
pub fn simulate(c: Colour, vision: Vision) -> Colour {
    let [r, g, b] = seen_linear(c, vision);
    let to_u8 = |v: f64| (encode(v) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb([to_u8(r), to_u8(g), to_u8(b)])
}

/// CIELAB (D65 white) of a linear RGB colour.
fn lab_of_linear([r, g, b]: [f64; 3]) -> Lab {
    // sRGB to XYZ (D65), IEC 61966-2-1.
    let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
    let (xn, yn, zn) = (0.95047, 1.0, 1.08883);
    let f = |t: f64| {
        let d: f64 = 6.0 / 29.0;
        if t > d * d * d {
            t.cbrt()
        } else {
            t / (3.0 * d * d) + 4.0 / 29.0
        }
    };
    let (fx, fy, fz) = (f(x / xn), f(y / yn), f(z / zn));
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

/// A linear RGB colour of a CIELAB one, or `None` outside sRGB's gamut.
fn linear_of_lab(lab: Lab) -> Option<[f64; 3]> {
    let fy = (lab.l + 16.0) / 116.0;
    let fx = fy + lab.a / 500.0;
    let fz = fy - lab.b / 200.0;
    let inv = |t: f64| {
        let d: f64 = 6.0 / 29.0;
        if t > d {
            t * t * t
        } else {
            3.0 * d * d * (t - 4.0 / 29.0)
        }
    };
    let (x, y, z) = (0.95047 * inv(fx), inv(fy), 1.08883 * inv(fz));
    let r = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
    let g = -0.9692660 * x + 1.8760108 * y + 0.0415560 * z;
    let b = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
    let ok = |v: f64| (-1e-9..=1.0 + 1e-9).contains(&v);
    (ok(r) && ok(g) && ok(b)).then_some([r.clamp(0.0, 1.0), g.clamp(0.0, 1.0), b.clamp(0.0, 1.0)])
}

/// A colour in CIELAB.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lab {
    pub l: f64,
    pub a: f64,
    pub b: f64,
}

impl Lab {
    pub fn of(c: Colour) -> Lab {
        lab_of_linear(linear(c))
    }

    fn chroma(self) -> f64 {
        self.a.hypot(self.b)
    }

    /// Hue angle in degrees, 0 to 360.
    fn hue(self) -> f64 {
        self.b.atan2(self.a).to_degrees().rem_euclid(360.0)
    }

    fn from_lch(l: f64, c: f64, h: f64) -> Lab {
        let h = h.to_radians();
        Lab {
            l,
            a: c * h.cos(),
            b: c * h.sin(),
        }
    }
}

/// The CIEDE2000 colour difference (kL = kC = kH = 1).
pub fn ciede2000(x: Lab, y: Lab) -> f64 {
    use std::f64::consts::PI;
    let c_bar = (x.chroma() + y.chroma()) / 2.0;
    let c7 = c_bar.powi(7);
    let g = 0.5 * (1.0 - (c7 / (c7 + 25f64.powi(7))).sqrt());
    let a1 = (1.0 + g) * x.a;
    let a2 = (1.0 + g) * y.a;
    let c1 = a1.hypot(x.b);
    let c2 = a2.hypot(y.b);
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).rem_euclid(2.0 * PI)
        }
    };
    let h1 = hue(x.b, a1);
    let h2 = hue(y.b, a2);
    let dl = y.l - x.l;
    let dc = c2 - c1;
    let dh = if c1 * c2 == 0.0 {
        0.0
    } else {
        let d = h2 - h1;
        if d > PI {
            d - 2.0 * PI
        } else if d < -PI {
            d + 2.0 * PI
        } else {
            d
        }
    };
    let dh_big = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).sin();
    let l_bar = (x.l + y.l) / 2.0;
    let c_bar2 = (c1 + c2) / 2.0;
    let h_bar = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= PI {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 2.0 * PI {
        (h1 + h2 + 2.0 * PI) / 2.0
    } else {
        (h1 + h2 - 2.0 * PI) / 2.0
    };
    let t = 1.0 - 0.17 * (h_bar - 30f64.to_radians()).cos()
        + 0.24 * (2.0 * h_bar).cos()
        + 0.32 * (3.0 * h_bar + 6f64.to_radians()).cos()
        - 0.20 * (4.0 * h_bar - 63f64.to_radians()).cos();
    let d_theta = 30f64.to_radians() * (-((h_bar.to_degrees() - 275.0) / 25.0).powi(2)).exp();
    let c7 = c_bar2.powi(7);
    let rc = 2.0 * (c7 / (c7 + 25f64.powi(7))).sqrt();
    let l50 = (l_bar - 50.0).powi(2);
    let sl = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let sc = 1.0 + 0.045 * c_bar2;
    let sh = 1.0 + 0.015 * c_bar2 * t;
    let rt = -(2.0 * d_theta).sin() * rc;
    let (l, c, h) = (dl / sl, dc / sc, dh_big / sh);
    (l * l + c * c + h * h + rt * c * h).sqrt()
}

/// The least CIEDE2000 distance between `x` and `y` over normal vision and the three simulated
/// deficiencies: how far apart the two colours look to the reader who sees them nearest.
pub fn distance(x: Colour, y: Colour) -> f64 {
    seen_distance(&Seen::of(x), &Seen::of(y))
}

/// A colour as each of the four readers sees it, in CIELAB: worked out once a colour, as
/// [`distinct_team_colours`] measures each shade against every settled colour.
struct Seen([Lab; 4]);

impl Seen {
    fn of(c: Colour) -> Seen {
        Seen(Vision::ALL.map(|v| lab_of_linear(seen_linear(c, v))))
    }
}

fn seen_distance(x: &Seen, y: &Seen) -> f64 {
    x.0.iter()
        .zip(&y.0)
        .map(|(a, b)| ciede2000(*a, *b))
        .fold(f64::INFINITY, f64::min)
}

/// The colours to draw the teams in, seat by seat, from the colours they chose (`chosen`, in
/// seat order): every two at least [`MIN_DISTANCE`] apart for every reader (see [`distance`]),
/// each as near its choice as that allows.
///
/// A team whose choice is already that far from every other team's choice keeps it exactly.
/// The others, in seat order, take the first shade in this order that is far enough from every
/// colour already settled: their own colour made lighter or darker (5 CIELAB lightness units at
/// a time, the nearer first), then turned round the hue circle (15° at a time, the nearer
/// first, each turn with the same lightness steps), a grey or white being given some colour
/// to turn; a shade outside sRGB loses chroma until it fits. A team no shade can keep far
/// enough (not met with the 16 named colours and up to eight teams, see the tests) takes the
/// shade farthest from the others.
pub fn distinct_team_colours(chosen: &[Colour]) -> Vec<Colour> {
    let seen: Vec<Seen> = chosen.iter().map(|c| Seen::of(*c)).collect();
    let keeps: Vec<bool> = (0..chosen.len())
        .map(|i| {
            (0..chosen.len())
                .filter(|j| *j != i)
                .all(|j| seen_distance(&seen[i], &seen[j]) >= MIN_DISTANCE)
        })
        .collect();
    let mut settled: Vec<Option<Colour>> = chosen
        .iter()
        .zip(&keeps)
        .map(|(c, keep)| keep.then_some(*c))
        .collect();
    for i in 0..chosen.len() {
        if settled[i].is_some() {
            continue;
        }
        let others: Vec<Seen> = settled.iter().flatten().map(|c| Seen::of(*c)).collect();
        let mut best: Option<(f64, Colour)> = None;
        let mut found = None;
        for shade in shades(chosen[i]) {
            let seen = Seen::of(shade);
            let nearest = others
                .iter()
                .map(|o| seen_distance(&seen, o))
                .fold(f64::INFINITY, f64::min);
            if nearest >= MIN_DISTANCE {
                found = Some(shade);
                break;
            }
            if best.is_none_or(|(d, _)| nearest > d) {
                best = Some((nearest, shade));
            }
        }
        settled[i] = found.or(best.map(|(_, c)| c)).or(Some(chosen[i]));
    }
    settled
        .into_iter()
        .map(|c| c.expect("every seat settled"))
        .collect()
}

/// The shades [`distinct_team_colours`] tries for `c`, nearest first: `c` itself, then lighter
/// and darker, then other hues.
fn shades(c: Colour) -> impl Iterator<Item = Colour> {
    let lab = Lab::of(c);
    let (l0, c0, h0) = (lab.l, lab.chroma(), lab.hue());
    // Lightness steps, nearest first: 0, +5, -5, +10, -10, ... within 8 to 97.
    let lightness: Vec<f64> = std::iter::once(0.0)
        .chain((1..=18).flat_map(|k| [5.0 * k as f64, -5.0 * k as f64]))
        .map(|d| l0 + d)
        .filter(|l| (8.0..=97.0).contains(l))
        .collect();
    let turns: Vec<f64> = (1..=12)
        .flat_map(|k| [15.0 * k as f64, -15.0 * k as f64])
        .collect();
    let by_lightness: Vec<(f64, f64, f64)> = lightness
        .iter()
        .filter(|l| **l != l0)
        .map(|l| (*l, c0, h0))
        .collect();
    // A grey has no hue to turn: it is given some colour first.
    let turned_chroma = c0.max(40.0);
    let by_hue = turns.into_iter().flat_map(move |dh| {
        lightness
            .clone()
            .into_iter()
            .map(move |l| (l, turned_chroma, h0 + dh))
    });
    // The first shade is the choice itself, exactly (no round trip through CIELAB).
    std::iter::once(c).chain(
        by_lightness
            .into_iter()
            .chain(by_hue)
            .map(|(l, c, h)| in_gamut(l, c, h)),
    )
}

/// The sRGB colour of lightness `l`, chroma `c` and hue `h` (CIELCh), its chroma lowered until
/// it fits in sRGB.
fn in_gamut(l: f64, c: f64, h: f64) -> Colour {
    let (mut lo, mut hi) = (0.0, c);
    if let Some(rgb) = linear_of_lab(Lab::from_lch(l, c, h)) {
        return to_colour(rgb);
    }
    // Bisection on chroma: chroma 0 (a grey) is always in gamut for 0 <= l <= 100.
    for _ in 0..20 {
        let mid = (lo + hi) / 2.0;
        if linear_of_lab(Lab::from_lch(l, mid, h)).is_some() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let rgb = linear_of_lab(Lab::from_lch(l, lo, h)).unwrap_or([0.5; 3]);
    to_colour(rgb)
}

fn to_colour(rgb: [f64; 3]) -> Colour {
    let to_u8 = |v: f64| (encode(v) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(rgb.map(to_u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sharma, Wu & Dalal 2005, Table 1: pairs 1, 7, 17, 25 and 34 of the test data.
    #[test]
    fn ciede2000_matches_the_published_test_data() {
        let pairs = [
            ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
            ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
            ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
            (
                (60.2574, -34.0099, 36.2677),
                (60.4626, -34.1751, 39.4387),
                1.2644,
            ),
            (
                (2.0776, 0.0795, -1.1350),
                (0.9033, -0.0636, -0.5514),
                0.9082,
            ),
        ];
        for ((l1, a1, b1), (l2, a2, b2), want) in pairs {
            let x = Lab {
                l: l1,
                a: a1,
                b: b1,
            };
            let y = Lab {
                l: l2,
                a: a2,
                b: b2,
            };
            let d = ciede2000(x, y);
            assert!((d - want).abs() < 1e-4, "{x:?} {y:?}: {d}, want {want}");
            assert!((ciede2000(y, x) - want).abs() < 1e-4);
        }
    }

    #[test]
    fn white_is_lightness_100_and_round_trips() {
        let white = Lab::of(Rgb([255, 255, 255]));
        assert!((white.l - 100.0).abs() < 0.01 && white.a.abs() < 0.01 && white.b.abs() < 0.01);
        for c in [Rgb([190, 20, 35]), Rgb([0, 114, 178]), Rgb([240, 228, 66])] {
            let back = to_colour(linear_of_lab(Lab::of(c)).expect("in gamut"));
            assert_eq!(back, c);
        }
    }

    #[test]
    fn deficiencies_confuse_the_colours_they_are_known_to() {
        // A red and a green of the same lightness: far apart for most, near for a deuteranope.
        let red = Rgb([200, 80, 60]);
        let green = Rgb([110, 140, 60]);
        let normal = ciede2000(Lab::of(red), Lab::of(green));
        let deutan = ciede2000(
            Lab::of(simulate(red, Vision::Deuteranopia)),
            Lab::of(simulate(green, Vision::Deuteranopia)),
        );
        assert!(normal > 30.0 && deutan < 10.0, "{normal} {deutan}");
        // Blue and green for a tritanope.
        let blue = Rgb([0, 140, 200]);
        let teal = Rgb([0, 160, 120]);
        let tritan = ciede2000(
            Lab::of(simulate(blue, Vision::Tritanopia)),
            Lab::of(simulate(teal, Vision::Tritanopia)),
        );
        assert!(tritan < ciede2000(Lab::of(blue), Lab::of(teal)), "{tritan}");
        // Greys stay grey for every reader.
        for v in Vision::ALL {
            let Rgb([r, g, b]) = simulate(Rgb([128, 128, 128]), v);
            assert!(r.abs_diff(g) <= 1 && g.abs_diff(b) <= 1, "{v:?}");
        }
    }
}
