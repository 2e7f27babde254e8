//! Every colour the pictures use, in one place, so the board, the profile and the standings agree.
//!
//! A team is drawn in the colour its director chose when joining (red is red, purple is purple);
//! a team that chose none takes the next Okabe-Ito colour, a palette designed to stay distinct for
//! the common forms of colour blindness. Every token also carries a text label, so colour is
//! never the only cue, even when two teams chose the same colour. A tour's teams are drawn in
//! their choices moved apart for colour-blind readers ([`crate::vision`]): the colours here are
//! what they start from.
//! Terrain colours follow the board games: red climbs, blue descents, light grey flat road,
//! yellow supply zone, brown cobbles.

use commissaire_engine::course::Terrain;
use image::Rgb;

pub type Colour = Rgb<u8>;

/// The opaque page colour: a light warm grey that reads on Discord's dark and light themes alike
/// (a transparent picture would take the theme's background and lose its contrast).
pub const PAGE: Colour = Rgb([236, 233, 226]);
/// The verge beside the road, where a row is narrower than the widest row of its strip.
pub const VERGE: Colour = Rgb([196, 208, 178]);
pub const INK: Colour = Rgb([28, 28, 30]);
pub const SOFT_INK: Colour = Rgb([92, 92, 98]);
pub const WHITE: Colour = Rgb([255, 255, 255]);
/// Lines between cells: dark enough to see lanes, light enough not to fight the tokens.
pub const CELL_EDGE: Colour = Rgb([120, 120, 120]);
/// A steep (black) row of a climb, house rules B.
pub const STEEP: Colour = Rgb([34, 32, 36]);
/// The stripes of a yellow (neutral) row of the fictive start, house rules B: brighter and
/// greener than the supply zone's ochre.
pub const NEUTRAL: Colour = Rgb([255, 221, 0]);
pub const STRIP_BAND: Colour = Rgb([214, 209, 198]);

pub const SPRINT: Colour = Rgb([0, 140, 70]);
pub const SUMMIT: Colour = Rgb([200, 20, 30]);
pub const EXHAUSTION: Colour = Rgb([150, 20, 20]);
/// House rules B's attack badge: the colour of a rider going away.
pub const ATTACK: Colour = Rgb([226, 104, 0]);
/// House rules B's musette badge: the light blue of the feed zones in the seed's tiles.
pub const MUSETTE: Colour = Rgb([140, 200, 236]);
/// The gruppetto, a pack of no team: a mid grey no team colour comes near, hatched darker.
pub const PACK: Colour = Rgb([176, 176, 182]);
pub const PACK_HATCH: Colour = Rgb([132, 132, 140]);

/// Every team colour, by name. The first eight are Okabe-Ito, reordered so that the first teams
/// (the usual 2 to 4 players) get the most distinct hues and no early team colour matches a
/// terrain colour: a team that chose no colour takes its seat's. Okabe-Ito has no red, no
/// purple and no brown a player would recognise ("reddish purple" reads pink, "vermillion"
/// orange), so the names players choose from map to those hues where they read as the name,
/// and to colours of their own otherwise.
const TEAMS: [(&str, Colour); 16] = [
    ("blue", Rgb([0, 114, 178])),
    ("orange", Rgb([230, 159, 0])),
    ("green", Rgb([0, 158, 115])),
    ("pink", Rgb([204, 121, 167])),
    ("yellow", Rgb([240, 228, 66])),
    ("sky blue", Rgb([86, 180, 233])),
    ("vermillion", Rgb([213, 94, 0])),
    ("black", Rgb([40, 40, 40])),
    // Darker than the climbs' red, so a red token stands out on a climb.
    ("red", Rgb([190, 20, 35])),
    ("purple", Rgb([117, 66, 160])),
    ("white", Rgb([250, 250, 250])),
    ("brown", Rgb([130, 82, 45])),
    ("grey", Rgb([140, 140, 140])),
    ("teal", Rgb([0, 128, 128])),
    ("olive", Rgb([128, 128, 0])),
    ("navy", Rgb([28, 45, 110])),
];

/// The colour of team colour `index` (from [`team_index`], or a seat); past the palette's end
/// the colours repeat (labels still tell the teams apart).
pub fn team(index: usize) -> Colour {
    TEAMS[index % TEAMS.len()].1
}

/// The palette index of a colour by its name, as players choose it ("Red", "grey", "gray"), or
/// `None` for a name the palette does not know.
pub fn team_index(name: &str) -> Option<usize> {
    let name = name.trim().to_lowercase();
    let name = match name.as_str() {
        "gray" => "grey",
        "violet" => "purple",
        other => other,
    };
    TEAMS.iter().position(|(n, _)| *n == name)
}

/// Every colour players may choose, in palette order.
pub fn named() -> impl Iterator<Item = (&'static str, Colour)> {
    TEAMS.iter().copied()
}

pub fn terrain(t: Terrain) -> Colour {
    match t {
        Terrain::Flat => Rgb([212, 212, 208]),
        Terrain::Uphill => Rgb([222, 84, 72]),
        Terrain::Downhill => Rgb([84, 140, 220]),
        Terrain::Supply => Rgb([238, 204, 92]),
        Terrain::Cobbles => Rgb([150, 110, 70]),
    }
}

/// Black or white, whichever reads better on `bg` (by relative luminance).
pub fn ink_on(bg: Colour) -> Colour {
    if luminance(bg) > 0.45 { INK } else { WHITE }
}

fn luminance(c: Colour) -> f32 {
    let [r, g, b] = c.0;
    (0.2126 * r as f32 + 0.7152 * g as f32 + 0.0722 * b as f32) / 255.0
}

/// `c` mixed towards white by `t` (0 = unchanged, 1 = white): faded tokens of riders already in.
pub fn fade(c: Colour, t: f32) -> Colour {
    let mix = |v: u8| (v as f32 + (255.0 - v as f32) * t).round() as u8;
    Rgb([mix(c.0[0]), mix(c.0[1]), mix(c.0[2])])
}

/// `c` darkened by `t` (0 = unchanged, 1 = black): outlines and tile edges.
pub fn darken(c: Colour, t: f32) -> Colour {
    let mix = |v: u8| (v as f32 * (1.0 - t)).round() as u8;
    Rgb([mix(c.0[0]), mix(c.0[1]), mix(c.0[2])])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_on_every_team_colour() {
        // Yellow and sky blue take black labels, blue and black take white ones.
        assert_eq!(ink_on(team(4)), INK);
        assert_eq!(ink_on(team(0)), WHITE);
        assert_eq!(ink_on(team(7)), WHITE);
    }

    #[test]
    fn climbs_are_red_and_descents_blue() {
        let Rgb([r, g, b]) = terrain(Terrain::Uphill);
        assert!(r > g + 80 && r > b + 80);
        let Rgb([r, _, b]) = terrain(Terrain::Downhill);
        assert!(b > r);
    }
}
