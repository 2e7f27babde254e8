//! The options of a Velo Master race (VM-001, VM-002) and what it reads from a rider's
//! attributes, checked with sentences that say what to give.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    #[default]
    #[serde(alias = "débutant")]
    Debutant,
    Expert,
    Pro,
}

/// A race's options: its level (VM-001), our rulings' named options, and the Pro groups, each
/// of which can be switched off alone (VM-002), all on by default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    pub level: Level,
    /// Ruling A-02's option: a side step is allowed when the more advanced cell on that side
    /// holds a bike (off: the rule is about the board's shape only).
    pub side_step_when_blocked: bool,
    pub feed_precision: bool,
    pub descent_speed: bool,
    pub collective_crashes: bool,
    pub condition: bool,
    pub attacks: bool,
    pub team_classification: bool,
    pub anti_doping: bool,
    /// Ruling A-36's option: the braking roll (VM-114) only when the rider stops on a descent
    /// cell (off: anywhere, the book's words; the heading FREINAGE stands under DESCENTE).
    pub braking_only_on_descent: bool,
    /// Ruling A-15's option: the "tour" in which a bike gets one bonus move (VM-055): the
    /// phase (default) or a player's slot.
    pub bonus_limit: BonusLimit,
    /// Ruling A-10's option: the player who was moving a neutral rider that crashes also
    /// skips his own next slot (VM-017, "c'est le joueur responsable qui passera le prochain
    /// tour"); off: the fallen rider only stays his until it is back.
    pub neutral_crash_skips_player: bool,
    /// Ruling A-25's option: when the race ends (every leader or one whole team across), the
    /// bot rides the riders still on the road to the line with its policy, timed normally;
    /// off: they are timed by their distance to the line.
    pub finish_all: bool,
}

/// Ruling A-15: how long "one bonus move per bike" lasts (VM-055).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusLimit {
    /// A leaders' or team-mates' phase (a Débutant round): the book calls both "tour".
    #[default]
    Phase,
    /// One player's slot.
    Slot,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            level: Level::Debutant,
            side_step_when_blocked: false,
            feed_precision: true,
            descent_speed: true,
            collective_crashes: true,
            condition: true,
            attacks: true,
            team_classification: true,
            anti_doping: true,
            braking_only_on_descent: false,
            bonus_limit: BonusLimit::Phase,
            neutral_crash_skips_player: false,
            finish_all: false,
        }
    }
}

pub const OPTION_NAMES: [&str; 13] = [
    "level",
    "side_step_when_blocked",
    "feed_precision",
    "descent_speed",
    "collective_crashes",
    "condition",
    "attacks",
    "team_classification",
    "anti_doping",
    "braking_only_on_descent",
    "bonus_limit",
    "neutral_crash_skips_player",
    "finish_all",
];

impl Options {
    pub fn from_json(json: &Value) -> Result<Options, String> {
        if json.is_null() {
            return Ok(Options::default());
        }
        let Some(map) = json.as_object() else {
            return Err(format!(
                "expected a table of options such as {{\"level\": \"debutant\"}}, not {json}"
            ));
        };
        if let Some(unknown) = map.keys().find(|k| !OPTION_NAMES.contains(&k.as_str())) {
            return Err(format!(
                "'{unknown}' is not an option: use {}",
                OPTION_NAMES.join(", ")
            ));
        }
        let options: Options = serde_json::from_value(json.clone()).map_err(|e| {
            format!("{e}: give \"level\" as \"debutant\", \"expert\" or \"pro\", \"bonus_limit\" as \"phase\" or \"slot\", and the switches as true or false")
        })?;
        // Ruling A-50: attacks cost condition and the doping control reads it.
        if options.level == Level::Pro && !options.condition {
            for (name, on) in [
                ("attacks", options.attacks),
                ("anti_doping", options.anti_doping),
            ] {
                if on {
                    return Err(format!(
                        "'{name}' needs the physical condition rules: switch \"condition\" on, or \"{name}\" off"
                    ));
                }
            }
        }
        Ok(options)
    }

    pub fn expert(&self) -> bool {
        self.level != Level::Debutant
    }

    /// Whether a Pro group is in force: Pro level and its switch on (VM-002).
    pub fn pro(&self, switch: bool) -> bool {
        self.level == Level::Pro && switch
    }
}

/// A rider's role in its team: the leader (yellow bib) or a team-mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Leader,
    #[serde(alias = "teammate")]
    TeamMate,
    /// A rider of the neutral team of a two-player Expert race (VM-014).
    Neutral,
}

/// Which condition gains a rider's director takes (VM-119, A-38).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gains {
    /// Refuse a gain that would take him above 100 % (the doping control's limit).
    /// Written `up_to_100` as the README has it; `up_to100`, the spelling first read, still
    /// reads.
    #[default]
    #[serde(rename = "up_to_100", alias = "up_to100")]
    UpTo100,
    All,
}

/// What Velo Master reads from a rider's attributes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    pub role: Role,
    /// The rider's number in his team, the one his name carries ("Team-mate 3" is 3, the
    /// leader 1), which his token shows: set by the tour's roster, and kept all tour. Without
    /// it, his place among his team's riders as the setup lists them.
    #[serde(default)]
    pub number: Option<u8>,
    /// Pro: condition in percent at the start of this stage (VM-117; default 100).
    #[serde(default)]
    pub condition: Option<i32>,
    /// Pro: doped at this stage's start (VM-126): +20 %, and every later gain taken.
    #[serde(default)]
    pub doped: bool,
    /// Pro: his director is over-motivated and names him (VM-125, A-42).
    #[serde(default)]
    pub motivated: bool,
    #[serde(default)]
    pub gains: Gains,
    /// Expert and Pro, more than four players: the team whose colour this rider rides in,
    /// when its own player shares that colour as the outsider (VM-018).
    #[serde(default)]
    pub colour: Option<String>,
    /// Set by the tour on the riders of a stage after the first (VM-087: a team may then start
    /// short of team-mates who abandoned).
    #[serde(default)]
    pub later_stage: bool,

    /// The champion's title he won in his last race and carries into this one (VM-006): a
    /// white bike. Set by the tour between stages.
    #[serde(default)]
    pub champion: Option<Title>,
}

/// The title a race's winner takes (VM-006): which side of the board was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    World,
    France,
}

/// The role a rider's attributes give, or what to write instead.
pub fn role(attributes: &Value) -> Result<Role, String> {
    attributes_of(attributes).map(|a| a.role)
}

/// A rider's attributes, or what to write instead.
pub fn attributes_of(attributes: &Value) -> Result<Attributes, String> {
    Attributes::deserialize(attributes)
        .map_err(|e| format!("{e}: give {{\"role\": \"leader\"}} or {{\"role\": \"team-mate\"}} ({{\"role\": \"neutral\"}} for the neutral team of two players at Expert), optionally \"number\" (his number in the team, as his name says), and at Pro optionally \"condition\" (percent), \"doped\", \"motivated\", \"gains\": \"up_to_100\" | \"all\"; the outsider of a shared colour gives his two team-mates \"colour\": the team they ride with"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_10_a_15_a_25_a_36_the_rulings_options_take_the_tables_defaults_and_are_checked() {
        // The conformance table's defaults: braking anywhere, one bonus a phase,
        // a neutral crash costs the player no slot, riders left on the road are timed
        // by their distance.
        let d = Options::from_json(&json!({"level": "pro"})).unwrap();
        assert!(!d.braking_only_on_descent);
        assert_eq!(d.bonus_limit, BonusLimit::Phase);
        assert!(!d.neutral_crash_skips_player);
        assert!(!d.finish_all);
        let o = Options::from_json(&json!({
            "level": "expert",
            "braking_only_on_descent": true,
            "bonus_limit": "slot",
            "neutral_crash_skips_player": true,
            "finish_all": true,
        }))
        .unwrap();
        assert!(o.braking_only_on_descent && o.neutral_crash_skips_player && o.finish_all);
        assert_eq!(o.bonus_limit, BonusLimit::Slot);
        let e = Options::from_json(&json!({"bonus_limit": "round"})).unwrap_err();
        assert!(
            e.contains("\"bonus_limit\" as \"phase\" or \"slot\""),
            "{e}"
        );
        let e = Options::from_json(&json!({"finish_all": "yes"})).unwrap_err();
        assert!(e.contains("true or false"), "{e}");
        let e = Options::from_json(&json!({"finish": true})).unwrap_err();
        assert!(e.contains("finish_all"), "{e}");
    }
}
