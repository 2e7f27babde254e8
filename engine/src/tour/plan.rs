//! From a tour preset to stages and back: which stages a tour rides, how each stage is set up
//! from the riders still in the race, what a finished stage reports to the classifications, and
//! what a rider keeps for the next stage.

use super::result::{RiderKey, StageKind};
use crate::course::Course;
use crate::game::Seat;
use crate::registry::{self, Entrant, Rostered, Setup};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A tour preset, as written in `config/tours/*.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourPreset {
    pub name: String,
    /// The registered ruleset the tour plays; a preset must name it.
    #[serde(default)]
    pub ruleset: String,
    /// One of the ruleset's named sets of rules (e.g. a set of house rules); its first when
    /// left out.
    #[serde(default)]
    pub rules: Option<String>,
    /// The riders each team enters, in start-number order within the team, as the ruleset
    /// writes them (a list of rider kinds, say); the ruleset's
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
    /// Who rides the empty seats, the teams on autopilot and the late: the game's own bot
    /// (`rules`, the default) or the search bot of [`crate::strong`] (`strong`), which plays
    /// each option out many times before it picks.
    #[serde(default)]
    pub bots: Bots,
    /// With `bots = "strong"`: the playouts a decision may cost, shared among its options
    /// ([`crate::strong::Budget`]); its default when left out.
    #[serde(default)]
    pub bot_playouts: Option<u32>,
    /// Whether each round's post in the channel carries the stage's win chances as the public
    /// sees them (`/odds`' picture, from playouts of the race as it stands after the round).
    #[serde(default)]
    pub odds_in_posts: bool,
    #[serde(rename = "stage")]
    pub stages: Vec<StagePlan>,
}

/// The most playouts a preset may give the strong bot a decision: some seconds of search at
/// most, so that a preset can never have a bot think for minutes inside a turn.
pub const MAX_BOT_PLAYOUTS: u32 = 10_000;

/// Which bot a tour's seats are ridden by (see [`TourPreset::bots`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bots {
    /// The game's own bot, as its rulebook or our rulings describe it.
    #[default]
    Rules,
    /// The search bot.
    Strong,
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
        if preset.ruleset.is_empty() {
            return fail(format!(
                "say which game the tour plays with a line ruleset = \"...\" before the first \
                 [[stage]]: one of {}",
                registry::RULESETS
                    .iter()
                    .map(|r| r.id)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let entry = match registry::ruleset(&preset.ruleset) {
            Ok(entry) => entry,
            Err(e) => {
                let known = registry::RULESETS.iter().map(|r| r.id);
                return fail(format!(
                    "{}{}{}",
                    at_line(text, "ruleset", 0),
                    e,
                    crate::suggest::did_you_mean(&preset.ruleset, known)
                ));
            }
        };
        if let Err(message) = preset.stage_options() {
            let key = if preset.rules.is_some() {
                "rules"
            } else {
                "options"
            };
            return fail(format!("{}{message}", at_line(text, key, 0)));
        }
        if preset.decision_deadline == Some(0) {
            return fail(format!(
                "{}decision_deadline is in minutes: give at least 1, or leave it out",
                at_line(text, "decision_deadline", 0)
            ));
        }
        if let Some(n) = preset.bot_playouts
            && !(1..=MAX_BOT_PLAYOUTS).contains(&n)
        {
            return fail(format!(
                "{}bot_playouts is the strong bot's playouts a decision: give 1 to {MAX_BOT_PLAYOUTS}, or leave it out",
                at_line(text, "bot_playouts", 0)
            ));
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
                bots: &[],
            };
            if let Err(message) = registry::prepare(&preset.ruleset, &ctx) {
                return fail(format!(
                    "{}stage on '{}': {message}",
                    at_line(text, "course", i),
                    stage.course
                ));
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
            let asked = self.rules.as_deref().unwrap_or_default();
            return Err(format!(
                "rules '{asked}' are not available for {}: use one of {}{}",
                entry.name,
                known.join(", "),
                crate::suggest::did_you_mean(asked, known.iter().copied())
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

    /// The tour's riders, every team (in seat order) entering the preset's roster, as the
    /// ruleset names them (see [`registry::DealFn`]: Maillot Jaune's riders are their cards).
    pub fn riders(&self, team_names: &[String]) -> Result<Vec<TourRider>, String> {
        self.riders_of(team_names, &self.entrants()?)
    }

    /// [`Self::riders`] from a roster the caller has worded (the bot names a rider with no name
    /// of his own in the tour's language before the ruleset deals).
    pub fn riders_of(
        &self,
        team_names: &[String],
        roster: &[Rostered],
    ) -> Result<Vec<TourRider>, String> {
        let entry = registry::ruleset(&self.ruleset).map_err(|e| e.to_string())?;
        let mut riders = enter_teams(team_names, roster);
        (entry.deal)(&mut riders, &self.stage_options()?)?;
        Ok(riders)
    }
}

/// `"line N: "` for the `nth` line (from 0) of a preset's text that sets `key` (`key = …`),
/// so that an error names the line to fix; nothing when no line sets it.
pub fn at_line(text: &str, key: &str, nth: usize) -> String {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .nth(nth)
        .map_or_else(String::new, |(i, _)| format!("line {}: ", i + 1))
}

/// A rider of a tour, between stages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TourRider {
    pub key: RiderKey,
    pub team: Seat,
    pub start_number: u32,
    pub abandoned: bool,
    /// What the ruleset keeps of the rider from stage to stage (e.g. its kind and
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_checked_with_file_and_line() {
        let e = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"card-race\"\n[[stage]]\ncourse = \"a\"\nkind = \"flatish\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("t.toml: line 5"), "{e}");
        let e = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"card-race\"\nstage = []\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.contains("at least one"));
        // A preset names its game: none is assumed.
        let e = TourPreset::from_toml(
            "name = \"x\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(
            e.message.contains("ruleset = ") && e.message.contains("card-race, velo-master"),
            "{e}"
        );
        let ok = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"card-race\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
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
        assert!(
            e.message.starts_with("line 2: there is no ruleset 'chess'"),
            "{e}"
        );
        assert!(
            !e.message.contains("did you mean"),
            "nothing is near chess: {e}"
        );
        let e = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"card-rase\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.ends_with("; did you mean 'card-race'?"), "{e}");
        let e = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"card-race\"\nrules = \"house-z\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.contains("use one of house-b"), "{e}");
        assert!(e.message.starts_with("line 3: rules 'house-z'"), "{e}");
        assert!(e.message.ends_with("; did you mean 'house-b'?"), "{e}");
        let e = TourPreset::from_toml(
            "name = \"x\"\nruleset = \"card-race\"\nroster = [\"rouleur\", \"soigneur\"]\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n",
            "t.toml",
        )
        .unwrap_err();
        assert!(e.message.contains("soigneur"), "{e}");
    }

    #[test]
    fn a_preset_names_its_bots_and_their_budget_within_bounds() {
        let head = "name = \"x\"\nruleset = \"hulst\"\n";
        let stage = "[[stage]]\ncourse = \"hulst-vlakke-etappe\"\nkind = \"flat\"\n";
        let plain = TourPreset::from_toml(&format!("{head}{stage}"), "t.toml").unwrap();
        assert_eq!((plain.bots, plain.bot_playouts), (Bots::Rules, None));
        let strong = TourPreset::from_toml(
            &format!("{head}bots = \"strong\"\nbot_playouts = 64\n{stage}"),
            "t.toml",
        )
        .unwrap();
        assert_eq!((strong.bots, strong.bot_playouts), (Bots::Strong, Some(64)));
        for bad in [0, MAX_BOT_PLAYOUTS + 1] {
            let e = TourPreset::from_toml(
                &format!("{head}bots = \"strong\"\nbot_playouts = {bad}\n{stage}"),
                "t.toml",
            )
            .unwrap_err();
            assert_eq!(
                e.message,
                format!(
                    "line 4: bot_playouts is the strong bot's playouts a decision: give 1 to \
                     {MAX_BOT_PLAYOUTS}, or leave it out"
                )
            );
        }
        assert!(!plain.odds_in_posts, "no odds in the posts unless asked");
        let odds = TourPreset::from_toml(&format!("{head}odds_in_posts = true\n{stage}"), "t.toml")
            .unwrap();
        assert!(odds.odds_in_posts);
        let e = TourPreset::from_toml(&format!("{head}bots = \"clever\"\n{stage}"), "t.toml")
            .unwrap_err();
        assert!(
            e.message.contains("unknown variant `clever`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_line_is_found_by_its_key_and_its_rank() {
        let text =
            "name = \"x\"\n[[stage]]\ncourse = \"a\"\n[[stage]]\n  course=\"b\"\ncourses = 1\n";
        assert_eq!(at_line(text, "name", 0), "line 1: ");
        assert_eq!(at_line(text, "course", 0), "line 3: ");
        assert_eq!(
            at_line(text, "course", 1),
            "line 5: ",
            "indented, no space before ="
        );
        assert_eq!(at_line(text, "course", 2), "", "courses is another key");
        assert_eq!(at_line(text, "rules", 0), "");
    }

    #[test]
    fn a_preset_rides_time_trials_only_under_rules_that_have_them() {
        let preset = |rules: &str| {
            format!(
                "name = \"x\"\nruleset = \"card-race\"\nrules = \"{rules}\"\n[[stage]]\ncourse = \"a\"\nkind = \"flat\"\n\
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
                .starts_with("base.toml: line 9: stage on 'b': stage 2 is a time trial"),
            "{e}"
        );
    }
}
