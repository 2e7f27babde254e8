//! From a tour preset to stages and back: which stages a tour rides, how each stage is set up
//! from the riders still in the race, what a finished stage reports to the classifications, and
//! what a rider keeps for the next stage.

use super::result::{
    LineResult, Outcome, RiderKey, RiderStage, StageKind, StageResult, SummitResult,
};
use crate::card_race::house_a::TimeTrial;
use crate::card_race::{Card, Options, RiderIdx, RiderSetup, Stage, StageSetup};
use crate::course::{Course, Marker, Terrain};
use crate::game::Seat;
use crate::registry::{
    self, Entrant, Rostered, Setup, card_race_attributes, card_race_attributes_of,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A tour preset, as written in `config/tours/*.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourPreset {
    pub name: String,
    /// The registered ruleset the tour plays (`card-race` when left out).
    #[serde(default = "card_race")]
    pub ruleset: String,
    /// One of the ruleset's named sets of rules (the card race: `house-b`); its first when
    /// left out.
    #[serde(default)]
    pub rules: Option<String>,
    /// The riders each team enters, in start-number order within the team, as the ruleset
    /// writes them (the card race: `"rouleur"`, `"sprinteur"`, `"grimpeur"`); the ruleset's
    /// usual team when left out.
    #[serde(default)]
    pub roster: Vec<serde_json::Value>,
    /// The ruleset's options, over those of `rules`.
    #[serde(default)]
    pub options: serde_json::Value,
    /// Minutes a director has for a decision only they owe (a game of turns: a slot), unless
    /// the tour is created with its own; the round's deadline when left out.
    #[serde(default)]
    pub decision_deadline: Option<u32>,
    #[serde(rename = "stage")]
    pub stages: Vec<StagePlan>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StagePlan {
    /// A course file of `config/courses/`, by file name or course name.
    pub course: String,
    pub kind: StageKind,
    /// How the stage is announced, e.g. "Stage 3: Firenze-Milano".
    #[serde(default)]
    pub name: Option<String>,
    /// A rest day comes before this stage (the ruleset may care: house rules A's weather).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rest_before: bool,
}

fn card_race() -> String {
    crate::registry::CARD_RACE.into()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct PresetError {
    pub file: String,
    pub message: String,
}

impl TourPreset {
    /// Reads a preset from TOML text; `file` names it in errors.
    pub fn from_toml(text: &str, file: &str) -> Result<Self, PresetError> {
        let preset: TourPreset = toml::from_str(text).map_err(|e| PresetError {
            file: file.into(),
            message: match e.span() {
                Some(span) => format!(
                    "line {}: {}",
                    text[..span.start].matches('\n').count() + 1,
                    e.message().trim()
                ),
                None => e.message().trim().to_string(),
            },
        })?;
        let fail = |message: String| {
            Err(PresetError {
                file: file.into(),
                message,
            })
        };
        let entry = match registry::ruleset(&preset.ruleset) {
            Ok(entry) => entry,
            Err(e) => return fail(e.to_string()),
        };
        if let Err(message) = preset.stage_options() {
            return fail(message);
        }
        if preset.decision_deadline == Some(0) {
            return fail(
                "decision_deadline is in minutes: give at least 1, or leave it out".into(),
            );
        }
        if preset.stages.is_empty() {
            return fail("a tour needs at least one [[stage]]".into());
        }
        match preset.entrants() {
            Err(message) => return fail(message),
            Ok(team) if team.is_empty() || team.len() > entry.max_team => {
                return fail(format!(
                    "a team of {} enters between 1 and {} riders",
                    entry.name, entry.max_team
                ));
            }
            Ok(_) => {}
        }
        // Every stage must be one the ruleset can ride under the tour's rules (a time trial
        // needs rules that have one); what a stage hands the next is not known yet.
        let options = preset.stage_options().unwrap_or_default();
        for (i, stage) in preset.stages.iter().enumerate() {
            let ctx = registry::StageContext {
                number: i as u32 + 1,
                kind: stage.kind,
                rest_before: stage.rest_before,
                previous: None,
                options: &options,
            };
            if let Err(message) = registry::prepare(&preset.ruleset, &ctx) {
                return fail(format!("stage on '{}': {message}", stage.course));
            }
        }
        Ok(preset)
    }

    /// The options every stage of the tour starts with: those of the named rules, with the
    /// preset's own over them. A sentence saying what to change when they do not fit.
    pub fn stage_options(&self) -> Result<serde_json::Value, String> {
        let entry = registry::ruleset(&self.ruleset).map_err(|e| e.to_string())?;
        let rules = match &self.rules {
            None => entry.rules.first(),
            Some(name) => entry.rules.iter().find(|r| r.name == name),
        };
        let Some(rules) = rules else {
            let known: Vec<&str> = entry.rules.iter().map(|r| r.name).collect();
            return Err(format!(
                "rules '{}' are not available for {}: use one of {}",
                self.rules.as_deref().unwrap_or_default(),
                entry.name,
                known.join(", ")
            ));
        };
        let mut options = (rules.options)();
        match (&mut options, &self.options) {
            (_, serde_json::Value::Null) => {}
            (serde_json::Value::Object(base), serde_json::Value::Object(over)) => {
                base.extend(over.clone());
            }
            (_, over) => options = over.clone(),
        }
        Ok(options)
    }

    /// The riders of one team, as the ruleset reads the roster.
    pub fn entrants(&self) -> Result<Vec<Rostered>, String> {
        let entry = registry::ruleset(&self.ruleset).map_err(|e| e.to_string())?;
        let options = self.stage_options()?;
        (entry.roster)(&self.roster, &options)
    }
}

/// A rider of a tour, between stages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TourRider {
    pub key: RiderKey,
    pub team: Seat,
    pub start_number: u32,
    pub abandoned: bool,
    /// What the ruleset keeps of the rider from stage to stage (the card race: its kind and
    /// the exhaustion cards it carries), as the ruleset's JSON.
    pub attributes: serde_json::Value,
}

/// The riders a team enters, with tour-wide keys and start numbers (team t's riders are numbered
/// from 10(t+1)+1, as in a road race's programme).
pub fn enter_teams(team_names: &[String], roster: &[Rostered]) -> Vec<TourRider> {
    let mut riders = Vec::new();
    for (t, name) in team_names.iter().enumerate() {
        for (k, rider) in roster.iter().enumerate() {
            riders.push(TourRider {
                key: RiderKey::new(format!("{name} {}", rider.label)),
                team: t as Seat,
                start_number: 10 * (t as u32 + 1) + k as u32 + 1,
                abandoned: false,
                attributes: rider.attributes.clone(),
            });
        }
    }
    riders
}

/// The stage setup of the registry for the riders still in the race, in grid order (the
/// ruleset lays them on its start cells front first).
pub fn entrants_setup(
    course: &Arc<Course>,
    team_names: &[String],
    riders: &[&TourRider],
    options: serde_json::Value,
) -> Setup {
    Setup {
        course: Arc::clone(course),
        teams: team_names.to_vec(),
        riders: riders
            .iter()
            .map(|r| Entrant {
                id: r.key.0.clone(),
                team: r.team,
                start: None,
                attributes: r.attributes.clone(),
            })
            .collect(),
        options,
        dice: Vec::new(),
    }
}

/// Sets up a stage for the riders still in the race, placed on the grid front first in the order
/// given (the caller passes the general classification's order, or start numbers for the first
/// stage). The start area grows backwards when the field needs it (QX-07).
pub fn stage_setup(course: &Course, team_names: &[String], riders: &[&TourRider]) -> StageSetup {
    let course = course.with_start_for(riders.len());
    let cells = course.start_cells();
    StageSetup {
        riders: riders
            .iter()
            .zip(cells)
            .map(|(r, start)| {
                let (kind, carried_exhaustion) = card_race_attributes_of(&r.attributes);
                RiderSetup {
                    id: r.key.0.clone(),
                    team: r.team,
                    kind,
                    start,
                    carried_exhaustion,
                }
            })
            .collect(),
        course: Arc::new(course),
        teams: team_names.to_vec(),
        // What the named rules `house-b` stand for, as a tour of the registry rides them.
        options: house_b_options(),
    }
}

/// The options the named rules `house-b` stand for, as a tour of the registry rides them.
fn house_b_options() -> Options {
    let json = registry::ruleset(crate::registry::CARD_RACE)
        .ok()
        .and_then(|r| r.rules.iter().find(|n| n.name == "house-b"))
        .map(|n| (n.options)())
        .expect("the card race names its rules house-b");
    serde_json::from_value(json).expect("the named rules house-b are options of the card race")
}

/// Exhaustion cards a rider holds (draw pile, hand, recycle pile), not counting the ones played.
pub fn exhaustion_held(stage: &Stage, rider: RiderIdx) -> u16 {
    let (deck, hand, recycle, _) = stage.piles(rider);
    [deck, hand, recycle]
        .iter()
        .flat_map(|pile| pile.iter())
        .filter(|c| **c == Card::Exhaustion)
        .count() as u16
}

/// What a finished stage reports to the classifications. `riders` are the tour riders, so
/// team names and start numbers come with each stage rider.
pub fn stage_result(
    stage: &Stage,
    number: u32,
    kind: StageKind,
    riders: &[TourRider],
) -> StageResult {
    let course = stage.course();
    let setup = stage.setup();
    let key = |i: RiderIdx| RiderKey::new(setup.riders[i as usize].id.clone());
    let order = stage.finish_order();
    let line = course.finish_row();
    let stage_riders = (0..setup.riders.len() as RiderIdx)
        .map(|i| {
            let tour = riders
                .iter()
                .find(|r| r.key.0 == setup.riders[i as usize].id)
                .expect("every stage rider is a tour rider");
            let outcome = match stage.crossed(i) {
                Some((_, at)) => Outcome::Crossed {
                    rows_past: at.row - line + 1,
                },
                None => {
                    let row = stage.position(i).row;
                    Outcome::Short {
                        own_row: course.terrain(row),
                        to_ride: (row + 1..line).map(|r| course.terrain(r)).collect(),
                    }
                }
            };
            RiderStage {
                rider: key(i),
                team: setup.teams[tour.team as usize].clone(),
                start_number: tour.start_number,
                cards_played: stage.cards_played(i).len() as u32,
                outcome,
                place: order.iter().position(|&o| o == i).map(|p| p as u32 + 1),
                exhaustion_start: card_race_attributes_of(&tour.attributes).1 as u32,
                exhaustion_end: exhaustion_held(stage, i) as u32,
            }
        })
        .collect();
    let stage_riders = house_a_team_times(stage, stage_riders);
    let stage_riders = quitters_times(stage, stage_riders);
    let mut sprints = Vec::new();
    let mut summits = Vec::new();
    for crossing in stage.line_crossings() {
        let order: Vec<RiderKey> = crossing.riders.iter().map(|&i| key(i)).collect();
        match &crossing.marker {
            Marker::Sprint { name } => sprints.push(LineResult {
                name: name.clone(),
                order,
            }),
            Marker::Summit { name, length } => summits.push(SummitResult {
                name: name.clone(),
                length: *length,
                steep: crossing.steep,
                order,
            }),
            _ => {}
        }
    }
    // A summit finish: the last climb tops out on the last row before the line.
    let summit_finish = line > 0 && course.terrain(line - 1) == Terrain::Uphill;
    StageResult {
        number,
        kind,
        summit_finish,
        riders: stage_riders,
        rejoined: Vec::new(),
        sprints,
        summits,
        carry: serde_json::Value::Null,
    }
}

/// HA-030 (QA-16): a domestique who quit the stage is credited with the gruppetto's time, a
/// rider crossing at the end of the sweep's round with no row past the line (QA-18); without a
/// gruppetto that swept (none in the stage, or the stage ended first) it takes the time of the
/// last rider classified, the slowest of the others. It keeps its place behind every rider.
fn quitters_times(stage: &Stage, mut riders: Vec<RiderStage>) -> Vec<RiderStage> {
    let quitters: Vec<usize> = (0..riders.len())
        .filter(|&i| stage.has_quit(i as RiderIdx))
        .collect();
    if quitters.is_empty() {
        return riders;
    }
    if let Some(minutes) = stage.gruppetto_minutes() {
        for i in quitters {
            riders[i].outcome = Outcome::Timed {
                minutes,
                across: true,
                climber_points: 0,
            };
        }
        return riders;
    }
    let time =
        |r: &RiderStage| super::time::ridden_time(r.cards_played, &r.outcome, Default::default());
    let last = (0..riders.len())
        .filter(|i| !quitters.contains(i))
        .max_by_key(|&i| (time(&riders[i]), riders[i].place));
    if let Some(last) = last {
        let (cards, outcome) = (riders[last].cards_played, riders[last].outcome.clone());
        for i in quitters {
            riders[i].cards_played = cards;
            riders[i].outcome = outcome.clone();
        }
    }
    riders
}

/// QA-25 (HA-049): in house rules A's team time trial every rider of a team takes the time of
/// its first rider across, the one that ended the trial for the team; places follow the team
/// times. Other stages are left as they are.
fn house_a_team_times(stage: &Stage, mut riders: Vec<RiderStage>) -> Vec<RiderStage> {
    if stage.setup().options.time_trial != Some(TimeTrial::Team) {
        return riders;
    }
    for seat in 0..stage.setup().teams.len() as Seat {
        let first = stage
            .team_riders(seat)
            .iter()
            .filter_map(|&r| stage.crossed(r).map(|(round, at)| (round, at, r)))
            .min_by_key(|&(round, at, _)| (round, std::cmp::Reverse(at.row), at.lane));
        let Some((_, _, first)) = first else { continue };
        let (cards, outcome) = {
            let f = &riders[first as usize];
            (f.cards_played, f.outcome.clone())
        };
        for &r in stage.team_riders(seat) {
            riders[r as usize].cards_played = cards;
            riders[r as usize].outcome = outcome.clone();
        }
    }
    let time = |r: &RiderStage| {
        super::time::ridden_time(r.cards_played, &r.outcome, Default::default()).unwrap_or(i64::MAX)
    };
    let mut order: Vec<usize> = (0..riders.len()).collect();
    order.sort_by_key(|&i| (time(&riders[i]), riders[i].place));
    for (place, &i) in order.iter().enumerate() {
        riders[i].place = Some(place as u32 + 1);
    }
    riders
}

/// After a stage, each rider keeps the exhaustion cards it still holds (house rules B,
/// `exhaustion_carry = all`, conformance table 5.2).
pub fn carry_over(stage: &Stage, riders: &mut [TourRider]) {
    for (i, r) in stage.setup().riders.iter().enumerate() {
        if let Some(tour) = riders.iter_mut().find(|t| t.key.0 == r.id) {
            let (kind, _) = card_race_attributes_of(&tour.attributes);
            tour.attributes = card_race_attributes(kind, exhaustion_held(stage, i as RiderIdx));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_race::bot::{SensibleBot, play_stage};
    use crate::course::CourseSpec;
    use crate::tour::{TourOptions, standings};

    fn teams() -> Vec<String> {
        ["Blue", "Red", "Green", "Black"].map(String::from).to_vec()
    }

    /// House rules B enter three riders a team (HB-058): the card race's usual team.
    fn house_b_roster() -> Vec<Rostered> {
        (registry::ruleset(registry::CARD_RACE).unwrap().roster)(&[], &serde_json::Value::Null)
            .unwrap()
    }

    #[test]
    fn qx_07_the_start_area_grows_to_hold_twelve_riders() {
        let course = CourseSpec {
            tiles: Some("abcdefghijklmnopqrstu".into()),
            ..Default::default()
        }
        .build()
        .unwrap();
        let riders = enter_teams(&teams(), &house_b_roster());
        let refs: Vec<&TourRider> = riders.iter().collect();
        let setup = stage_setup(&course, &teams(), &refs);
        assert_eq!(setup.course.start_cells().len(), 12);
        assert_eq!(
            setup.course.rows_to_line(setup.course.start_cells()[0].row),
            course.rows_to_line(course.start_cells()[0].row),
            "the front of the grid is as far from the line as before"
        );
        setup.validate().unwrap();
    }

    #[test]
    fn hb_058_a_stage_of_three_rider_teams_reports_a_consistent_result() {
        let course = CourseSpec {
            tiles: Some("abcfimetKGLHJsdopRQNU".into()),
            sprints: vec![crate::course::parse_sprint(20, "Km 40")],
            ..Default::default()
        }
        .build()
        .unwrap();
        let mut riders = enter_teams(&teams(), &house_b_roster());
        let refs: Vec<&TourRider> = riders.iter().collect();
        let mut stage = Stage::new(stage_setup(&course, &teams(), &refs), 9).unwrap();
        play_stage(&mut stage, &mut SensibleBot).unwrap();
        let result = stage_result(&stage, 1, StageKind::Mountain, &riders);
        assert_eq!(result.riders.len(), 12);
        assert!(result.summit_finish, "La Haute Montagne ends on a climb");
        assert_eq!(result.sprints.len(), 1);
        assert!(
            !result.sprints[0].order.is_empty(),
            "the field passed the sprint"
        );
        let lengths: Vec<u16> = result.summits.iter().map(|s| s.length).collect();
        assert_eq!(
            lengths,
            [7, 12],
            "K-G-L climbs 7 rows; R-Q-N-U climbs 12 to the line"
        );
        assert_eq!(
            result.summits[1].order.first(),
            result
                .riders
                .iter()
                .find(|r| r.place == Some(1))
                .map(|r| &r.rider),
            "on a summit finish the first over the top is the stage winner"
        );
        let mut places: Vec<u32> = result.riders.iter().filter_map(|r| r.place).collect();
        places.sort();
        assert_eq!(places, (1..=12).collect::<Vec<_>>());
        let winner = result.riders.iter().find(|r| r.place == Some(1)).unwrap();
        assert!(matches!(winner.outcome, Outcome::Crossed { .. }));
        let table = standings(&[result], &TourOptions::default()).unwrap();
        assert_eq!(table.general.len(), 12);
        carry_over(&stage, &mut riders);
        let held: u16 = (0..12).map(|i| exhaustion_held(&stage, i)).sum();
        assert_eq!(
            riders
                .iter()
                .map(|r| card_race_attributes_of(&r.attributes).1)
                .sum::<u16>(),
            held
        );
    }

    #[test]
    fn presets_are_checked_with_file_and_line() {
        let e = TourPreset::from_toml(
            "name = \"x\"\n[[stage]]\ncourse = \"a\"\nkind = \"flatish\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("t.toml: line 4"), "{e}");
        let e = TourPreset::from_toml("name = \"x\"\nstage = []\n", "t.toml").unwrap_err();
        assert!(e.message.contains("at least one"));
        let ok = TourPreset::from_toml(
            "name = \"x\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap();
        assert_eq!(ok.ruleset, "card-race");
        assert_eq!(ok.entrants().unwrap().len(), 3, "house rules B enter three");
        assert_eq!(
            ok.stage_options().unwrap(),
            serde_json::json!({
                "profiles": "house-b",
                "weather": "house-b",
                "wind": "house-b",
                "tiles": {"steep": true, "roundabout": true},
                "punctures": true,
                "crashes": "house-b",
                "fictive_start": true,
                "attack_card": true,
                "supply_zone": "feed-zone",
                "bots": "ghosts",
            })
        );
        let e = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"chess\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.contains("no ruleset 'chess'"), "{e}");
        let e = TourPreset::from_toml(
            "name = \"x\"\nrules = \"house-z\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.contains("use one of house-b"), "{e}");
        let e = TourPreset::from_toml(
            "name = \"x\"\nroster = [\"rouleur\", \"soigneur\"]\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.contains("soigneur"), "{e}");
    }

    #[test]
    fn a_preset_rides_time_trials_only_under_rules_that_have_them() {
        let preset = |rules: &str| {
            format!(
                "name = \"x\"\nrules = \"{rules}\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n\
                 [[stage]]\ncourse = \"b\"\nkind = \"time_trial\"\nrest_before = true\n"
            )
        };
        let a = TourPreset::from_toml(&preset("house-a"), "a.toml").unwrap();
        assert!(a.stages[1].rest_before && !a.stages[0].rest_before);
        TourPreset::from_toml(&preset("house-b"), "b.toml").unwrap();
        let base = preset("house-b").replacen(
            "[[stage]]",
            "options = {profiles = \"base\"}\n[[stage]]",
            1,
        );
        let e = TourPreset::from_toml(&base, "base.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("base.toml: stage on 'b': stage 2 is a time trial"),
            "{e}"
        );
    }
}
