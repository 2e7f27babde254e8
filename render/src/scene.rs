//! The plain inputs of the pictures. The renderer takes these rather than engine types so that any
//! ruleset (or a test) can fill them; adapters from engine views live beside them.

use crate::palette::Colour;
use commissaire_engine::course::{Course, Pos};
use std::sync::Arc;

/// A team as the legend shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStyle {
    pub name: String,
    /// The team's colour: a game's adapter gives its seat's ([`crate::palette::team`]), and
    /// [`BoardScene::with_team_colours`] the one the tour draws it in (the colour its director
    /// chose, moved apart from the other teams' for colour-blind readers, see
    /// [`crate::vision::distinct_team_colours`]).
    pub colour: Colour,
    /// The team's mark in the legend chip: what its riders' tokens carry (an initial, or a
    /// number when two teams share an initial; Maillot Jaune, whose tokens carry each rider's
    /// own card code, lists its riders' codes, "RE·VA·AG"), so chip and tokens always match.
    pub mark: String,
}

/// Sets each team's colour to the one `colour_of` gives its name; a team it gives none keeps
/// the colour it had.
fn recolour(teams: &mut [TeamStyle], colour_of: &dyn Fn(&str) -> Option<Colour>) {
    for t in teams {
        if let Some(c) = colour_of(&t.name) {
            t.colour = c;
        }
    }
}

/// Something that happened to a rider, shown as a badge on its token. The ruleset's adapter
/// chooses which a token carries; the board draws each kind the same way in every game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// The card played this turn, as printed on it ("5", "2E"...).
    Card(String),
    /// The dice rolled this turn, face by face.
    Dice(Vec<u8>),
    /// Moved up by slipstream this turn.
    Slipstream,
    /// Took an exhaustion card this turn.
    Exhaustion,
    /// Fell this turn.
    Crashed,
    /// Punctured this turn.
    Punctured,
    /// Stopped at the roadside (waiting for a wheel, a team car, or out of the race).
    Roadside,
    /// Crossed the finish line this turn.
    Crossed,
    /// Already across the line before this turn: the token is drawn faded.
    Finished,
    /// Rides as the champion (Velo Master's white bike, VM-006).
    Champion,
    /// Attacked this turn (the card race's house rules B attack card).
    Attack,
    /// Holds a musette from a feed zone (house rules B), to open for 2 more cards.
    Musette,
    /// What the rider has left to spend: energy and form (Maillot Jaune's dial and form
    /// indicator), shown on the token for all to see.
    Reserves { energy: u8, form: u8 },
}

/// The kinds of [`Mark`], without what they carry: what the key explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkKind {
    Card,
    Dice,
    Slipstream,
    Exhaustion,
    Crashed,
    Punctured,
    Roadside,
    /// Across the line, this turn or before (faded).
    Crossed,
    Champion,
    Attack,
    Musette,
    Reserves,
}

impl MarkKind {
    /// Every kind, in the order the key lists them.
    pub const ALL: [MarkKind; 12] = [
        MarkKind::Card,
        MarkKind::Dice,
        MarkKind::Slipstream,
        MarkKind::Exhaustion,
        MarkKind::Crashed,
        MarkKind::Punctured,
        MarkKind::Roadside,
        MarkKind::Crossed,
        MarkKind::Champion,
        MarkKind::Attack,
        MarkKind::Musette,
        MarkKind::Reserves,
    ];
}

impl Mark {
    pub fn kind(&self) -> MarkKind {
        match self {
            Mark::Card(_) => MarkKind::Card,
            Mark::Dice(_) => MarkKind::Dice,
            Mark::Slipstream => MarkKind::Slipstream,
            Mark::Exhaustion => MarkKind::Exhaustion,
            Mark::Crashed => MarkKind::Crashed,
            Mark::Punctured => MarkKind::Punctured,
            Mark::Attack => MarkKind::Attack,
            Mark::Musette => MarkKind::Musette,
            Mark::Roadside => MarkKind::Roadside,
            Mark::Crossed | Mark::Finished => MarkKind::Crossed,
            Mark::Champion => MarkKind::Champion,
            Mark::Reserves { .. } => MarkKind::Reserves,
        }
    }
}

/// One rider on the board and what happened to it in the turn just played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiderToken {
    /// Short text on the token, e.g. "BR" (team initial + R/S); keep it to 2 or 3 characters.
    pub label: String,
    /// Index into [`BoardScene::teams`].
    pub team: usize,
    pub pos: Pos,
    /// What happened to the rider, as badges on its token.
    pub marks: Vec<Mark>,
    /// The rider's id in the stage ("T0R1"), so a tour can say which jersey he wears; empty
    /// in samples.
    pub rider: String,
    /// The classification jersey the rider wears, drawn on his token.
    pub jersey: Option<Jersey>,
}

impl RiderToken {
    /// A token with nothing happening this turn.
    pub fn new(label: impl Into<String>, team: usize, pos: Pos) -> Self {
        RiderToken {
            label: label.into(),
            team,
            pos,
            marks: Vec::new(),
            rider: String::new(),
            jersey: None,
        }
    }

    /// The token of the rider with this id.
    pub fn of(mut self, rider: impl Into<String>) -> Self {
        self.rider = rider.into();
        self
    }

    /// The token with one more mark.
    pub fn with(mut self, mark: Mark) -> Self {
        self.marks.push(mark);
        self
    }

    pub fn has(&self, mark: &Mark) -> bool {
        self.marks.contains(mark)
    }

    /// The card played this turn, if the token carries one.
    pub fn card(&self) -> Option<&str> {
        self.marks.iter().find_map(|m| match m {
            Mark::Card(c) => Some(c.as_str()),
            _ => None,
        })
    }

    /// Across the line before this turn: drawn faded, and hidden under a racing rider.
    pub fn finished(&self) -> bool {
        self.has(&Mark::Finished)
    }

    /// Across the line, this turn or before: no longer racing.
    pub fn across(&self) -> bool {
        self.has(&Mark::Finished) || self.has(&Mark::Crossed)
    }
}

/// Everything the board picture shows.
#[derive(Debug, Clone)]
pub struct BoardScene {
    pub course: Arc<Course>,
    pub stage_name: String,
    /// The turn just played (0 before the first).
    pub turn: u32,
    pub teams: Vec<TeamStyle>,
    pub riders: Vec<RiderToken>,
    /// The marks this ruleset uses, which the key always explains (so that a board's key does
    /// not change from turn to turn); a mark on a token is explained even when not listed.
    pub mark_kinds: Vec<MarkKind>,
    /// Candidate cells lettered on the picture (A, B, C...), so that a player chooses a
    /// destination by its letter.
    pub letters: Vec<(Pos, char)>,
    /// The weather and wind the race is ridden in, drawn beside the round (none by default).
    pub sky: Sky,
    /// Meteo tokens face up on the road (house rules A's weather): the first row of the tile
    /// each lies on, named above the strip with a band over the tile.
    pub road_signs: Vec<(u16, RoadSign)>,
    /// Turn 0 is a fictive start (the card race's house rules B): the roll-out behind the flag,
    /// so named in the heading rather than "before the start".
    pub fictive_start: bool,
    /// Cells held by a neutral pack that is not a rider (the card race's gruppetto, house
    /// rules A): drawn as one grey hatched block, explained in the key.
    pub packs: Vec<Pos>,
    /// The classification each jersey stands for ("General classification"), so that the key
    /// names the jerseys the tokens wear; a jersey it does not name is keyed as a leader's.
    pub jersey_names: Vec<(Jersey, String)>,
    /// Labels printed in cells, drawn small in a corner (a game whose board numbers its
    /// squares: Hulst's numbers along the numbered side, its lettered curve squares, its swap
    /// and chance squares). None by default.
    pub cell_labels: Vec<(Pos, String)>,
    /// Cells drawn shaded (Hulst's sheltered, numbered side). None by default.
    pub shaded: Vec<Pos>,
    /// Squares with a printed sign (Hulst's swap and chance squares), drawn as a dark chip in
    /// the cell's top right corner and explained in the key. None by default.
    pub signs: Vec<(Pos, SquareSign)>,
    /// What each team played in the turn just settled, once it is public (the card race's
    /// cards, revealed together at the round's close), drawn in a panel under the road, by
    /// team in team colours. None by default, and none before a turn's reveal: a card chosen
    /// face down is never here.
    pub played: Vec<Played>,
}

/// One thing a rider played in the turn just settled, as the panel of what was played shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Index into [`BoardScene::teams`].
    pub team: usize,
    /// The rider, by the label his token carries on the board ("BR"): one name everywhere.
    pub rider: String,
    /// What he played: a card as printed ([`Mark::Card`]) or the dice rolled ([`Mark::Dice`]).
    pub what: Mark,
}

impl BoardScene {
    /// Everything the board is drawn from but the course itself, which the caller names: two
    /// scenes with the same key and course give the same picture, so that a caller may keep a
    /// picture drawn and give it again (the bot's turn posts, edited with each choice while the
    /// board stays as it was). Every field is named here, so a field added later is not
    /// forgotten in the key.
    pub fn key(&self) -> String {
        let BoardScene {
            course,
            stage_name,
            turn,
            teams,
            riders,
            mark_kinds,
            letters,
            sky,
            road_signs,
            fictive_start,
            packs,
            jersey_names,
            cell_labels,
            shaded,
            signs,
            played,
        } = self;
        format!(
            "board|{:?}|{stage_name:?}|{turn}|{teams:?}|{riders:?}|{mark_kinds:?}|{letters:?}|\
             {sky:?}|{road_signs:?}|{fictive_start}|{packs:?}|{jersey_names:?}|{cell_labels:?}|\
             {shaded:?}|{signs:?}|{played:?}",
            course.name
        )
    }
}

/// A sign printed on a square that does something to a rider who stops there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareSign {
    /// "S": the team gives up cards and draws as many (Hulst, HT-023).
    Swap,
    /// "?": the rider draws a chance card (Hulst, HT-024).
    Chance,
}

impl SquareSign {
    /// What the chip on the square says.
    pub fn text(self) -> &'static str {
        match self {
            SquareSign::Swap => "S",
            SquareSign::Chance => "?",
        }
    }
}

/// A turned Meteo token that does something (blank ones are not drawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoadSign {
    Headwind,
    Tailwind,
    Crosswind,
    Rain,
}

/// The weather and wind of a race (the card race's house rules B, or A's six weathers), drawn
/// in the board's header and beside the profile's title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sky {
    /// The weather level, 1 (cold) to 5 (hot).
    pub weather: Option<u8>,
    pub wind: Option<WindFrom>,
    /// One weather for the whole stage, drawn as an icon and its word.
    pub outlook: Option<Outlook>,
}

/// The six weathers of the card race's house rules A.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlook {
    Fog,
    Storm,
    Windy,
    Overcast,
    Sunny,
    Heatwave,
}

/// Where the wind comes from, seen from a rider riding along the road (left to right on the
/// board, lane 0 the right-hand lane, drawn at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindFrom {
    Ahead,
    Behind,
    Left,
    Right,
}

impl BoardScene {
    /// A board with no letters, whose key explains only the marks the tokens carry.
    pub fn new(
        course: Arc<Course>,
        stage_name: impl Into<String>,
        turn: u32,
        teams: Vec<TeamStyle>,
        riders: Vec<RiderToken>,
    ) -> Self {
        BoardScene {
            course,
            stage_name: stage_name.into(),
            turn,
            teams,
            riders,
            mark_kinds: Vec::new(),
            letters: Vec::new(),
            sky: Sky::default(),
            road_signs: Vec::new(),
            fictive_start: false,
            packs: Vec::new(),
            jersey_names: Vec::new(),
            cell_labels: Vec::new(),
            shaded: Vec::new(),
            signs: Vec::new(),
            played: Vec::new(),
        }
    }

    /// The scene with each team in the colour it chose: see [`TeamStyle::colour`].
    pub fn with_team_colours(mut self, colour_of: &dyn Fn(&str) -> Option<Colour>) -> Self {
        recolour(&mut self.teams, colour_of);
        self
    }

    /// The scene with the jersey each rider wears, by rider id (the tour's leaders going into
    /// this stage). When the tour gives nobody a jersey, a jersey the game put on a token
    /// itself stays (Hulst's yellow on the stage's fastest rider, HT-070).
    pub fn with_jerseys(mut self, worn_by: &dyn Fn(&str) -> Option<Jersey>) -> Self {
        // A jersey the game itself shows (Maillot Jaune's yellow on its overall leader, Hulst's
        // on the stage's fastest) stays when the tour names none.
        let worn: Vec<Option<Jersey>> = self.riders.iter().map(|t| worn_by(&t.rider)).collect();
        if worn.iter().any(Option::is_some) {
            for (token, jersey) in self.riders.iter_mut().zip(worn) {
                token.jersey = jersey;
            }
        }
        self
    }

    /// The scene with the classification each jersey stands for, for the key.
    pub fn with_jersey_names(mut self, names: &[(Jersey, String)]) -> Self {
        self.jersey_names = names.to_vec();
        self
    }
}

/// A rider's dot on the stage profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileDot {
    pub team: usize,
    pub pos: Pos,
}

/// Everything the stage profile shows: the whole course and where every rider stands.
#[derive(Debug, Clone)]
pub struct ProfileScene {
    pub course: Arc<Course>,
    pub stage_name: String,
    pub teams: Vec<TeamStyle>,
    pub riders: Vec<ProfileDot>,
    /// The weather of the stage, beside the title (none by default).
    pub sky: Sky,
}

impl ProfileScene {
    /// Everything the profile is drawn from but the course itself: see [`BoardScene::key`].
    pub fn key(&self) -> String {
        let ProfileScene {
            course,
            stage_name,
            teams,
            riders,
            sky,
        } = self;
        format!(
            "profile|{:?}|{stage_name:?}|{teams:?}|{riders:?}|{sky:?}",
            course.name
        )
    }

    /// The scene with each team in the colour it chose: see [`TeamStyle::colour`].
    pub fn with_team_colours(mut self, colour_of: &dyn Fn(&str) -> Option<Colour>) -> Self {
        recolour(&mut self.teams, colour_of);
        self
    }

    /// The profile of the moment a board shows.
    pub fn from_board(board: &BoardScene) -> Self {
        ProfileScene {
            course: Arc::clone(&board.course),
            stage_name: board.stage_name.clone(),
            teams: board.teams.clone(),
            riders: board
                .riders
                .iter()
                .map(|r| ProfileDot {
                    team: r.team,
                    pos: r.pos,
                })
                .collect(),
            sky: board.sky,
        }
    }
}

/// The jersey of a classification, drawn in the standings header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jersey {
    /// General classification (time).
    Yellow,
    /// Points.
    Green,
    /// Mountains: white with red dots.
    PolkaDot,
    /// Youth.
    White,
    /// Velo Master's Maillot Or (time).
    Gold,
    /// Velo Master's Maillot Rouge (climbers).
    Red,
    /// Any other classification, by colour.
    Rgb([u8; 3]),
}

/// One line of a classification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsRow {
    pub rank: u32,
    pub rider: String,
    pub team: String,
    /// The team's colour, for a colour chip beside the team name.
    pub team_colour: Option<Colour>,
    /// Time ("12h 03' 20\"") or points ("42"), already formatted.
    pub value: String,
    /// Gap to the leader, already formatted ("+1' 05\"", "-12"); empty for the leader.
    pub gap: String,
    /// A word drawn small after the rider's name, which the name's cut never hides: the tour
    /// writes "repêché" for a rider brought back by a vote.
    pub note: Option<String>,
}

/// A classification table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsTable {
    pub title: String,
    pub jersey: Option<Jersey>,
    /// Header of the value column ("Time", "Points").
    pub value_header: String,
    pub rows: Vec<StandingsRow>,
    /// The line whose rider wears the jersey, drawn in its colour: the leader's, unless the
    /// game gives the jersey to another (Velo Master: one jersey a rider).
    pub holder: Option<usize>,
    /// When the table stands, drawn at the right of the header ("after stage 13"); none in a
    /// table that is not a tour's.
    pub subtitle: Option<String>,
}

impl StandingsTable {
    /// The table as it stands after stage `stage` of its tour, so said in its header.
    pub fn after_stage(mut self, stage: u32) -> Self {
        self.subtitle = Some(commissaire_messages::msg!(
            "standings-picture-after",
            stage = stage
        ));
        self
    }
}
