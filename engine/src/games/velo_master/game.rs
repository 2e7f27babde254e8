//! Velo Master behind the registry.
//!
//! Keys: `l:<rider>:<die>` launches a rider at the start with a die, `g:<rider>:<die>` gives a
//! die to a rider, `m:<cell>` steps onto a cell (its index in the course, row by row), `x`
//! stops (or declines the descent's extra step). Labels letter the cells (A, B, C…) in the
//! order offered, as the board draws them.

use super::bot;
use super::events::{Choice, Event, RiderIx, Skill};
use super::stage::{Part, Phase, Spot, VeloMaster};
use super::view::letter;
use crate::course::LinkKind;
use crate::game::{Seat, Viewer};
use crate::registry::{
    Game, Key, OutcomeError, Place, Scene, Secret, Sentence, Setup, StartError, Text, Told,
};
use crate::tour::{Outcome, RiderKey, RiderStage, StageKind, StageResult, SummitResult, TourRider};
use serde::Deserialize;
use serde_json::{Value, json};

/// Velo Master's turns as the services speak of them: a director decides for one rider at a
/// time, in his slot, and a settled turn is a roll of the dice, many a round.
pub const WORDS: crate::registry::Words = crate::registry::Words {
    hand_button: crate::registry::word("vm-hand-button"),
    call_to_directors: crate::registry::word("vm-call-to-directors"),
    nothing_to_choose: crate::registry::word("vm-nothing-to-choose"),
    settled: crate::registry::word("vm-settled"),
    deadlines: crate::registry::Deadlines::PerDecision,
    deadline: crate::registry::word("vm-deadline"),
};

/// A team from a tour preset's roster of roles (`"leader"`, `"team-mate"`); a leader and a
/// team-mate, the Débutant team (VM-010), when the roster is empty. Each rider gets his team's
/// number (VM-008: the bib that tells a team's riders apart), which his name carries and his
/// token shows: the leader is rider 1, "Leader" (L on the board), the team-mates 2, 3, 4 in
/// the roster's order, "Team-mate 2" (2 on the board). So a rider is called the same in the
/// narration, the standings and on the board.
pub fn roster(list: &[Value], _options: &Value) -> Result<Vec<crate::registry::Rostered>, String> {
    let roles: Vec<Value> = if list.is_empty() {
        vec![json!("leader"), json!("team-mate")]
    } else {
        list.to_vec()
    };
    let parsed: Vec<super::options::Role> = roles
        .iter()
        .map(|v| {
            super::options::Role::deserialize(v)
                .ok()
                .filter(|r| *r != super::options::Role::Neutral)
                .ok_or_else(|| {
                    format!("'{v}' is not a rider of Velo Master: use leader or team-mate")
                })
        })
        .collect::<Result<_, _>>()?;
    let mut mates = 1;
    Ok(parsed
        .iter()
        .map(|role| {
            // The name is a word of a language: a tour words it in its own ("Équipier 2").
            let (label, attr, number, said) = match role {
                super::options::Role::Leader => {
                    let label = "Leader".to_string();
                    let said = sentence("vm-roster-leader", vec![], label.clone());
                    (label, "leader", 1, said)
                }
                _ => {
                    mates += 1;
                    let label = format!("Team-mate {mates}");
                    let args = vec![("number", json!(mates))];
                    let said = sentence("vm-roster-team-mate", args, label.clone());
                    (label, "team-mate", mates, said)
                }
            };
            crate::registry::Rostered {
                label,
                attributes: json!({ "role": attr, "number": number }),
                said: Some(said),
            }
        })
        .collect())
}

/// The levels a tour preset names with `rules` (VM-001); Débutant by default. At Pro the team
/// classification is the tour's to add up, so it is off in a stage.
pub static RULES: &[crate::registry::NamedRules] = &[
    crate::registry::NamedRules {
        name: "debutant",
        options: debutant,
    },
    crate::registry::NamedRules {
        name: "expert",
        options: expert,
    },
    crate::registry::NamedRules {
        name: "pro",
        options: pro,
    },
];

fn debutant() -> Value {
    json!({ "level": "debutant" })
}

fn expert() -> Value {
    json!({ "level": "expert" })
}

fn pro() -> Value {
    json!({ "level": "pro" })
}

fn sentence(id: &'static str, args: Vec<(&'static str, Value)>, text: String) -> Sentence {
    Sentence { id, args, text }
}

/// An option's words: its group and label in English, and as the catalogue words them.
struct Worded {
    group: Text,
    label: String,
    group_said: Option<Sentence>,
    said: Sentence,
}

impl Worded {
    fn new(group: Text, label: String, said: Sentence) -> Worded {
        Worded {
            group,
            label,
            group_said: None,
            said,
        }
    }
}

/// Where a step or a jump goes, and what it risks on the way: the cell's letter on the board,
/// a danger cell's skill roll, a climb's power roll, the riders jumped past, the line.
struct Destination {
    cell: String,
    letter: Option<char>,
    danger: bool,
    slope: Option<u8>,
    past: usize,
    across: bool,
}

impl Destination {
    fn new(cell: String) -> Destination {
        Destination {
            cell,
            letter: None,
            danger: false,
            slope: None,
            past: 0,
            across: false,
        }
    }

    fn english(&self, verb: &str) -> String {
        let mut label = match self.letter {
            // The board shows the letter; the cell's id is only for a move typed in full.
            Some(l) => format!("{verb} {l}"),
            None => format!("{verb} {}", self.cell),
        };
        if self.danger {
            label.push_str(", danger: skill roll");
        }
        if self.past > 0 {
            label.push_str(&format!(", past {} more", self.past));
        }
        if let Some(slope) = self.slope {
            label.push_str(&format!(", power roll over {slope}"));
        }
        if self.across {
            label.push_str(", across the line");
        }
        label
    }

    fn said(&self, id: &'static str) -> Sentence {
        let yes = |b: bool| json!(if b { "yes" } else { "no" });
        sentence(
            id,
            vec![
                ("cell", json!(self.cell)),
                (
                    "letter",
                    json!(self.letter.map_or_else(|| "none".to_string(), String::from)),
                ),
                ("danger", yes(self.danger)),
                (
                    "slope",
                    self.slope.map_or_else(|| json!("none"), |s| json!(s)),
                ),
                ("past", json!(self.past)),
                ("across", yes(self.across)),
            ],
            String::new(),
        )
    }
}

impl VeloMaster {
    /// Where the race stands, in one line: the rider at its front still racing (the furthest
    /// level, the first there ahead at equal levels, A-05), how far he has to go, and how many
    /// are across the line.
    fn front(&self) -> Sentence {
        let b = &self.fixed.board;
        let across = self.finishers;
        let front = self
            .riders
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r.spot {
                Spot::Road(c) | Spot::Roadside(c) => Some((i as RiderIx, c, r.reached)),
                _ => None,
            })
            .max_by(|a, b2| {
                let (la, lb) = (b.cell(a.1).level, b.cell(b2.1).level);
                la.partial_cmp(&lb)
                    .expect("finite levels")
                    .then(b2.2.cmp(&a.2))
            });
        match front {
            // Nobody on the road once a rider is across means nobody is left racing: the race
            // is over (VM-075).
            None if self.is_over() => sentence(
                "vm-brief-across",
                vec![("across", json!(across))],
                if across == 1 {
                    "1 rider across the line.".into()
                } else {
                    format!("{across} riders across the line.")
                },
            ),
            None => sentence(
                "vm-brief-start",
                vec![],
                "Nobody is on the road yet.".into(),
            ),
            Some((r, c, _)) => {
                let to_go = b.levels_to_line(b.cell(c).level);
                sentence(
                    "vm-brief-front",
                    vec![
                        ("rider", json!(self.rider_name(r))),
                        ("to_go", json!(to_go)),
                        ("across", json!(across)),
                    ],
                    format!(
                        "{} leads the race, {to_go} {} from the line{}.",
                        self.rider_name(r),
                        if to_go == 1 { "row" } else { "rows" },
                        if across == 0 {
                            String::new()
                        } else {
                            format!(" ({across} across)")
                        }
                    ),
                )
            }
        }
    }

    fn rider_name(&self, r: RiderIx) -> String {
        self.fixed
            .ids
            .get(r as usize)
            .cloned()
            .unwrap_or_else(|| format!("rider {r}"))
    }
    /// How far a cell is from the line, as the board's "to go" scale counts it: what a
    /// report says of a rider's place (a reader finds it on the picture; the cell's id is for
    /// scenarios).
    fn to_go(&self, c: u16) -> u32 {
        let b = &self.fixed.board;
        b.cells
            .get(c as usize)
            .map_or(0, |cell| b.levels_to_line(cell.level))
    }

    /// Where a cell is, in the English of the catalogue's reports: "12 rows from the line".
    fn place_of(&self, c: u16) -> String {
        match self.to_go(c) {
            0 => "at the line".into(),
            1 => "1 row from the line".into(),
            n => format!("{n} rows from the line"),
        }
    }

    fn cell_name(&self, c: u16) -> String {
        if (c as usize) < self.fixed.board.cells.len() {
            self.fixed.board.name(c)
        } else {
            format!("cell {c}")
        }
    }

    /// An option's group and label, in English and as the catalogue words them
    /// (`vm-option-*`): the two are built side by side, so they say the same.
    fn worded(&self, choice: &Choice) -> Worded {
        let mover = self.moving.as_ref().map(|m| m.rider);
        let name = |r: RiderIx| Text::from(self.rider_name(r));
        let said =
            |id: &'static str, args: Vec<(&'static str, Value)>| sentence(id, args, String::new());
        match *choice {
            // The group names the rider; the label says what he does, without his name again
            // (a button reads "<group>: <label>").
            Choice::Launch { rider, die } => Worded::new(
                name(rider),
                format!("Launch with the {die}"),
                said("vm-option-launch", vec![("die", json!(die))]),
            ),
            Choice::Give { rider, die } => Worded::new(
                name(rider),
                format!("Move up to {die}"),
                said("vm-option-give", vec![("die", json!(die))]),
            ),
            Choice::Step { cell } => {
                let group = Text::from(mover.map_or_else(String::new, |r| self.rider_name(r)));
                let mut to = Destination::new(self.cell_name(cell));
                if let Some(m) = &self.moving {
                    let steps = self.steps(m);
                    if let Some(n) = steps.iter().position(|s| s.0 == cell) {
                        let b = &self.fixed.board;
                        to.letter = Some(letter(n));
                        to.danger = b.cell(cell).danger;
                        if let Spot::Road(from) = self.riders[m.rider as usize].spot
                            && steps[n].1 != LinkKind::Forward
                        {
                            to.slope = b.slope(from);
                        }
                        to.across = b.cell(cell).past_line;
                    }
                }
                Worded::new(group, to.english("Move to"), to.said("vm-option-move"))
            }
            // Filed under the bike of the slot's colour (whose director decides it), naming
            // the other bike, of whichever team.
            Choice::Entraide { rear, front } => {
                let ours = self.option_rider(choice).unwrap_or(rear);
                let (other, place) = if ours == rear {
                    (front, "ahead")
                } else {
                    (rear, "behind")
                };
                Worded::new(
                    name(ours),
                    format!(
                        "Entraide with {} {place}: leapfrog, +2 each",
                        self.rider_name(other)
                    ),
                    said(
                        "vm-option-entraide",
                        vec![
                            ("other", json!(self.rider_name(other))),
                            ("place", json!(place)),
                        ],
                    ),
                )
            }
            // Filed under the slot's bike in the line, who proposes it; the line's head named
            // when he is another's.
            Choice::Accelerate { front } => {
                let line = self.line_to(front);
                let colour = self.slot.as_ref().map(|s| s.seat);
                let ours = self
                    .option_rider(choice)
                    .or_else(|| {
                        line.iter()
                            .copied()
                            .find(|&r| Some(self.fixed.team_of[r as usize]) == colour)
                    })
                    .unwrap_or(front);
                let n = line.len();
                let label = if ours == front {
                    format!("Accélération: lead the line of {n} (vote)")
                } else {
                    format!(
                        "Accélération: the line of {n} led by {} (vote)",
                        self.rider_name(front)
                    )
                };
                Worded::new(
                    name(ours),
                    label,
                    said(
                        "vm-option-accelerate",
                        vec![
                            ("count", json!(n)),
                            ("leader", json!(self.rider_name(front))),
                            ("own", json!(if ours == front { "yes" } else { "no" })),
                        ],
                    ),
                )
            }
            Choice::Attack { rider } => Worded::new(
                name(rider),
                "Attack (own 2 dice, -20 % condition)".to_string(),
                said("vm-option-attack", vec![]),
            ),
            Choice::Pick { a, b } => {
                let mut w = Worded::new(
                    Text::from("Neutral riders"),
                    if a == b {
                        format!("Take {}", self.rider_name(a))
                    } else {
                        format!("Take {} and {}", self.rider_name(a), self.rider_name(b))
                    },
                    said(
                        "vm-option-pick",
                        vec![
                            ("first", json!(self.rider_name(a))),
                            ("second", json!(self.rider_name(b))),
                            ("same", json!(if a == b { "yes" } else { "no" })),
                        ],
                    ),
                );
                w.group_said = Some(said("vm-option-neutrals", vec![]));
                w
            }
            Choice::Vote { yes } => Worded::new(
                name(self.voter().unwrap_or(0)),
                (if yes { "Vote yes" } else { "Vote no" }).to_string(),
                said(
                    "vm-option-vote",
                    vec![("yes", json!(if yes { "yes" } else { "no" }))],
                ),
            ),
            Choice::Jump { cell } if self.jump.is_none() => {
                let r = self.jumper().unwrap_or(0);
                let landings = self.accel_landings();
                let n = landings.iter().position(|l| l.cell == cell).unwrap_or(0);
                let mut to = Destination::new(self.cell_name(cell));
                to.letter = Some(letter(n));
                if let Some(l) = landings.get(n) {
                    to.danger = self.fixed.board.cell(cell).danger;
                    to.past = l.swallows.len();
                }
                Worded::new(name(r), to.english("Jump to"), to.said("vm-option-jump"))
            }
            Choice::Roll => match self.hands_over() {
                // A-11: the outsider's "roll" hands the slot to the leader's director.
                Some((from, to)) => Worded::new(
                    Text::from(self.fixed.teams[from as usize].clone()),
                    format!(
                        "Done: {} rolls (no more entraides)",
                        self.fixed.teams[to as usize]
                    ),
                    said(
                        "vm-option-hand-over",
                        vec![("team", json!(self.fixed.teams[to as usize]))],
                    ),
                ),
                None => Worded::new(
                    Text::from(
                        self.fixed.teams[self.slot.as_ref().map_or(0, |s| s.seat) as usize].clone(),
                    ),
                    "Roll the dice (no more entraides)".to_string(),
                    said("vm-option-roll", vec![]),
                ),
            },
            Choice::Jump { cell } => {
                let Some(j) = &self.jump else {
                    let to = Destination::new(self.cell_name(cell));
                    return Worded::new(
                        Text::from("?"),
                        to.english("Jump to"),
                        to.said("vm-option-jump"),
                    );
                };
                let group = name(j.rider);
                let landings = self.landings(j);
                let n = landings.iter().position(|l| l.0 == cell).unwrap_or(0);
                let b = &self.fixed.board;
                let mut to = Destination::new(self.cell_name(cell));
                to.letter = Some(letter(n));
                to.danger = b.cell(cell).danger;
                if let Spot::Road(over) = self.riders[j.partner as usize].spot
                    && landings.get(n).is_some_and(|l| l.1 != LinkKind::Forward)
                {
                    to.slope = b.slope(over);
                }
                Worded::new(group, to.english("Jump to"), to.said("vm-option-jump"))
            }
            Choice::Stop if self.moving.is_none() => {
                let r = self
                    .jump
                    .as_ref()
                    .map(|j| j.rider)
                    .or_else(|| self.jumper())
                    .unwrap_or(0);
                Worded::new(
                    name(r),
                    "Do not jump".to_string(),
                    said("vm-option-no-jump", vec![]),
                )
            }
            Choice::Stop => {
                let group = Text::from(mover.map_or_else(String::new, |r| self.rider_name(r)));
                let (how, left, label) = match &self.moving {
                    Some(m) if m.extra => ("extra", 0, "No extra step".to_string()),
                    Some(m) if m.kept && m.moved == 0 => {
                        ("keep", 0, "Not now (keep the points)".to_string())
                    }
                    Some(m) if m.moved == 0 => ("stay", 0, "Stay here (do not move)".to_string()),
                    Some(m) => ("unused", m.left, format!("Stop here ({} unused)", m.left)),
                    None => ("plain", 0, "Stop here".to_string()),
                };
                Worded::new(
                    group,
                    label,
                    said(
                        "vm-option-stop",
                        vec![("how", json!(how)), ("left", json!(left))],
                    ),
                )
            }
        }
    }
}

/// Whether an event matters when a round is told in brief: what changes the race or its
/// classifications, not the dice, steps and votes that make up every slot.
fn notable(event: &Event) -> bool {
    match event {
        Event::Crashed { .. }
        | Event::Abandoned { .. }
        | Event::AttackDeclared { .. }
        | Event::Finished { .. }
        | Event::RaceOver { .. } => true,
        // The first over a summit (the most points); the others are in the full narration.
        Event::SummitCrossed { place, .. } => *place == 1,
        Event::Tested { excluded, .. } => *excluded,
        _ => false,
    }
}

fn rolls_text(rolls: &[crate::dice::Roll]) -> String {
    rolls
        .iter()
        .map(|r| r.face.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Game for VeloMaster {
    type Choice = Choice;
    type Event = Event;
    const ID: &'static str = super::ID;

    fn start(setup: &Setup, seed: u64) -> Result<Self, StartError> {
        VeloMaster::new(setup, seed)
    }
    fn seats(&self) -> usize {
        VeloMaster::seats(self)
    }
    fn is_over(&self) -> bool {
        VeloMaster::is_over(self)
    }
    fn owes(&self, seat: Seat) -> bool {
        !self.is_over() && self.to_play() == Some(seat)
    }
    fn legal(&self, seat: Seat) -> Vec<Choice> {
        VeloMaster::legal(self, seat)
    }
    fn apply(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, Sentence> {
        VeloMaster::apply(self, seat, choice)
    }

    fn key(&self, choice: &Choice) -> Key {
        let mut key = Key::empty();
        match *choice {
            Choice::Launch { rider, die } | Choice::Give { rider, die } => {
                key.push(if matches!(choice, Choice::Launch { .. }) {
                    "l:"
                } else {
                    "g:"
                });
                key.push_number(rider as u32);
                key.push(":");
                key.push_number(die as u32);
            }
            Choice::Step { cell } => {
                key.push("m:");
                key.push_number(cell as u32);
            }
            Choice::Stop => {
                key.push("x");
            }
            Choice::Entraide { rear, front } => {
                key.push("e:");
                key.push_number(rear as u32);
                key.push(":");
                key.push_number(front as u32);
            }
            Choice::Jump { cell } => {
                key.push("j:");
                key.push_number(cell as u32);
            }
            Choice::Roll => {
                key.push("r");
            }
            Choice::Accelerate { front } => {
                key.push("a:");
                key.push_number(front as u32);
            }
            Choice::Vote { yes } => {
                key.push(if yes { "v:y" } else { "v:n" });
            }
            Choice::Attack { rider } => {
                key.push("t:");
                key.push_number(rider as u32);
            }
            Choice::Pick { a, b } => {
                key.push("p:");
                key.push_number(a as u32);
                key.push(":");
                key.push_number(b as u32);
            }
        }
        key
    }

    fn parse_key(&self, key: &str) -> Option<Choice> {
        // Only the exact spelling `key` writes: one option, one key.
        let number = |t: &str| -> Option<u32> {
            let n: u32 = t.parse().ok()?;
            (n.to_string() == t).then_some(n)
        };
        match key {
            "x" => return Some(Choice::Stop),
            "r" => return Some(Choice::Roll),
            "v:y" => return Some(Choice::Vote { yes: true }),
            "v:n" => return Some(Choice::Vote { yes: false }),
            _ => {}
        }
        let (kind, rest) = key.split_once(':')?;
        match kind {
            "m" => Some(Choice::Step {
                cell: u16::try_from(number(rest)?).ok()?,
            }),
            "j" => Some(Choice::Jump {
                cell: u16::try_from(number(rest)?).ok()?,
            }),
            "p" => {
                let (a, b) = rest.split_once(':')?;
                Some(Choice::Pick {
                    a: u8::try_from(number(a)?).ok()?,
                    b: u8::try_from(number(b)?).ok()?,
                })
            }
            "t" => Some(Choice::Attack {
                rider: u8::try_from(number(rest)?).ok()?,
            }),
            "a" => Some(Choice::Accelerate {
                front: u8::try_from(number(rest)?).ok()?,
            }),
            "e" => {
                let (a, b) = rest.split_once(':')?;
                Some(Choice::Entraide {
                    rear: u8::try_from(number(a)?).ok()?,
                    front: u8::try_from(number(b)?).ok()?,
                })
            }
            "l" | "g" => {
                let (r, d) = rest.split_once(':')?;
                let rider = u8::try_from(number(r)?).ok()?;
                let die = u8::try_from(number(d)?).ok()?;
                Some(if kind == "l" {
                    Choice::Launch { rider, die }
                } else {
                    Choice::Give { rider, die }
                })
            }
            _ => None,
        }
    }

    fn label(&self, choice: &Choice) -> (Text, Text) {
        let w = self.worded(choice);
        (w.group, Text::from(w.label))
    }

    fn said(&self, choice: &Choice) -> (Option<Sentence>, Sentence) {
        let w = self.worded(choice);
        (w.group_said, w.said)
    }

    fn audience(&self, _event: &Event) -> Option<Seat> {
        // Every roll is made in the open.
        None
    }

    /// The start phase, then each round's leaders' and team-mates' phases (one phase a round at
    /// Débutant), then the finish: a post each in the channel, edited slot by slot (VM-032).
    fn phase(&self) -> Option<u32> {
        let mates = |part: &Part| u32::from(matches!(part, Part::Mates | Part::Neutral));
        match &self.phase {
            Phase::Start { .. } => Some(0),
            Phase::Race { round, part, .. } => Some(round * 2 + mates(part)),
            Phase::Over { round } => Some(round * 2 + 2),
        }
    }

    fn settles_turn(event: &Event) -> bool {
        matches!(event, Event::DiceRolled { .. } | Event::RaceOver { .. })
    }

    /// The cells along the road from its first level, the start's entry cells, to the line (a
    /// course of staggered files counts its places along, half a cell apart).
    fn to_line(&self) -> Sentence {
        Sentence::cells_to_line(self.fixed.board.road_to_line())
    }

    /// Every roll settles a turn: the services count dozens a round. What the players read is
    /// the start, then the race's own round; at Expert, the round's phase too (VM-032), so that
    /// each phase's post in the channel has a title of its own (issue 32, item 12).
    fn turn_name(&self, _turn: u32) -> Sentence {
        match &self.phase {
            Phase::Start { .. } => sentence("vm-turn-start", vec![], "the start".to_string()),
            Phase::Race {
                round,
                part: Part::Leaders,
                ..
            } => sentence(
                "vm-turn-leaders",
                vec![("round", json!(round))],
                format!("round {round}, the leaders' phase"),
            ),
            Phase::Race {
                round,
                part: Part::Mates | Part::Neutral,
                ..
            } => sentence(
                "vm-turn-mates",
                vec![("round", json!(round))],
                format!("round {round}, the team-mates' phase"),
            ),
            Phase::Race { round, .. } | Phase::Over { round } => Sentence::round(*round),
        }
    }

    fn narrate(&self, events: &[Event], _viewer: Viewer) -> Vec<Sentence> {
        let name = |r: RiderIx| json!(self.rider_name(r));
        let team = |s: Seat| {
            self.fixed
                .teams
                .get(s as usize)
                .cloned()
                .unwrap_or_else(|| format!("team {s}"))
        };
        // Nothing is told after the end of the race: what the last move left to settle (a
        // jump its partner no longer makes) is no news once the race is over (issue 33,
        // item 8).
        let end = events
            .iter()
            .position(|e| matches!(e, Event::RaceOver { .. }))
            .map_or(events.len(), |i| i + 1);
        events[..end]
            .iter()
            .filter_map(|e| Some(match e {
                Event::OrderRoll { seat, roll, round } => sentence(
                    "vm-order-roll",
                    vec![
                        ("team", json!(team(*seat))),
                        ("face", json!(roll.face)),
                        ("round", json!(round)),
                    ],
                    if *round == 0 {
                        format!(
                            "{} rolls {} on the d20 for the start order.",
                            team(*seat),
                            roll.face
                        )
                    } else {
                        format!("{} rolls again to break a tie: {}.", team(*seat), roll.face)
                    },
                ),
                Event::RollOff { colour, rolls } => {
                    let (a, b) = (rolls[0], rolls[1]);
                    sentence(
                        "vm-roll-off",
                        vec![
                            ("colour", json!(team(*colour))),
                            ("team", json!(team(a.0))),
                            ("face", json!(a.1.face)),
                            ("other", json!(team(b.0))),
                            ("other_face", json!(b.1.face)),
                        ],
                        format!(
                            "Roll-off for the {} colour: {} {}, {} {}.",
                            team(*colour),
                            team(a.0),
                            a.1.face,
                            team(b.0),
                            b.1.face
                        ),
                    )
                }
                Event::ColourShared {
                    colour,
                    leader_director,
                    outsider,
                } => sentence(
                    "vm-colour-shared",
                    vec![
                        ("colour", json!(team(*colour))),
                        ("team", json!(team(*leader_director))),
                        ("outsider", json!(team(*outsider))),
                    ],
                    format!(
                        "{} directs the {} leader and his first team-mate; {} rides as the outsider with the other two.",
                        team(*leader_director),
                        team(*colour),
                        team(*outsider)
                    ),
                ),
                Event::RollHandedOver { from, to } => sentence(
                    "vm-roll-handed-over",
                    vec![("team", json!(team(*from))), ("other", json!(team(*to)))],
                    format!("{} is through with the bonus moves: {} rolls.", team(*from), team(*to)),
                ),
                Event::StartOrder { order } => {
                    let names: Vec<String> = order.iter().map(|s| team(*s)).collect();
                    sentence(
                        "vm-start-order",
                        vec![("order", json!(names))],
                        format!("Start order: {}.", names.join(", ")),
                    )
                }
                Event::RaceBegins => sentence(
                    "vm-race-begins",
                    vec![],
                    "Everyone is on the road: the leaders' places now set the order.".into(),
                ),
                Event::RoundStarted { round } => sentence(
                    "vm-round",
                    vec![("round", json!(round))],
                    format!("Round {round} begins."),
                ),
                Event::MatesPhase { round } => sentence(
                    "vm-mates-phase",
                    vec![("round", json!(round))],
                    format!("Round {round}: the team-mates' phase begins."),
                ),
                Event::PunctureCheck { rider, rolls } => sentence(
                    "vm-puncture-check",
                    vec![
                        ("rider", name(*rider)),
                        (
                            "faces",
                            json!(rolls.iter().map(|r| r.face).collect::<Vec<_>>()),
                        ),
                    ],
                    format!(
                        "4-2-1 check for {}: {}.",
                        self.rider_name(*rider),
                        rolls_text(rolls)
                    ),
                ),
                Event::Punctured { rider, cell } => sentence(
                    "vm-punctured",
                    vec![
                        ("rider", name(*rider)),
                        ("to_go", json!(self.to_go(*cell))),
                    ],
                    format!(
                        "{} punctures {} and waits at the roadside until the phase ends.",
                        self.rider_name(*rider),
                        self.place_of(*cell)
                    ),
                ),
                Event::Severity {
                    rider,
                    roll,
                    severity,
                } => {
                    let what = match severity {
                        super::tables::Severity::Abandon => "he abandons",
                        super::tables::Severity::Serious => "serious injury, 2 turns missed",
                        super::tables::Severity::Injury => "injury, 1 turn missed",
                        super::tables::Severity::Scratch => "a scratch: the worst die next turn",
                        super::tables::Severity::Unhurt => "unhurt",
                    };
                    sentence(
                        "vm-severity",
                        vec![
                            ("rider", name(*rider)),
                            ("face", json!(roll.face)),
                            ("severity", json!(severity)),
                        ],
                        format!(
                            "{} crash severity {}: {what}.",
                            self.rider_name(*rider),
                            roll.face
                        ),
                    )
                }
                Event::Fed { rider, .. } => sentence(
                    "vm-fed",
                    vec![("rider", name(*rider))],
                    format!("{} takes his musette at the feed.", self.rider_name(*rider)),
                ),
                Event::MissedFeed { rider, .. } => sentence(
                    "vm-missed-feed",
                    vec![("rider", name(*rider))],
                    format!(
                        "{} rode past the feed without eating: the smallest die until the finish.",
                        self.rider_name(*rider)
                    ),
                ),
                Event::Condition { rider, change, now, why } => sentence(
                    "vm-condition",
                    vec![
                        ("rider", name(*rider)),
                        ("gains", json!(*change >= 0)),
                        ("amount", json!(change.abs())),
                        ("now", json!(now)),
                        ("why", json!(why)),
                    ],
                    format!(
                        "{} {} {}: condition {now} % ({}).",
                        self.rider_name(*rider),
                        if *change >= 0 { "gains" } else { "loses" },
                        format_args!("{} %", change.abs()),
                        serde_json::to_value(why)
                            .ok()
                            .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
                            .unwrap_or_default()
                    ),
                ),
                // The d20's faces, dozens of them when few finished, tell a reader nothing:
                // who they drew is told with his test (issue 33, item 8).
                Event::DopingDraw { .. } => return None,
                Event::Tested {
                    rider,
                    condition,
                    excluded,
                    place,
                    drawn,
                } => {
                    let role = match (*place, *drawn) {
                        (1, _) => "winner",
                        (0, _) => "other",
                        (_, true) => "drawn",
                        (_, false) => "finisher",
                    };
                    let who = self.rider_name(*rider);
                    let head = match role {
                        "winner" => format!("{who}, the stage winner, is tested for doping"),
                        "drawn" => format!("{who} (place {place}) is drawn for the doping control"),
                        "finisher" => format!(
                            "{who} (place {place}) is tested for doping, as every finisher is"
                        ),
                        _ => format!("{who} is tested for doping"),
                    };
                    sentence(
                        "vm-tested",
                        vec![
                            ("rider", name(*rider)),
                            ("condition", json!(condition)),
                            ("excluded", json!(excluded)),
                            ("role", json!(role)),
                            ("place", json!(place)),
                        ],
                        format!(
                            "{head}: condition {condition} %, {}.",
                            if *excluded { "positive, excluded from the race" } else { "clean" }
                        ),
                    )
                }
                Event::AttackDeclared { rider } => sentence(
                    "vm-attack",
                    vec![("rider", name(*rider))],
                    format!("{} attacks!", self.rider_name(*rider)),
                ),
                Event::AttackRolled { rider, rolls } => sentence(
                    "vm-attack-roll",
                    vec![
                        ("rider", name(*rider)),
                        ("faces", json!(rolls.iter().map(|r| r.face).collect::<Vec<_>>())),
                        (
                            "total",
                            json!(rolls.iter().map(|r| r.face as u32).sum::<u32>()),
                        ),
                    ],
                    format!(
                        "{} rolls {} for his attack: up to {}.",
                        self.rider_name(*rider),
                        rolls_text(rolls),
                        rolls.iter().map(|r| r.face as u32).sum::<u32>()
                    ),
                ),
                Event::Abandoned { rider, cell } => sentence(
                    "vm-abandoned",
                    vec![
                        ("rider", name(*rider)),
                        ("to_go", json!(self.to_go(*cell))),
                    ],
                    format!(
                        "{} abandons {}.",
                        self.rider_name(*rider),
                        self.place_of(*cell)
                    ),
                ),
                Event::SlotStarted { seat, clock } => sentence(
                    "vm-slot",
                    vec![("team", json!(team(*seat))), ("clock", json!(clock))],
                    format!("{} to play (race clock {clock} min).", team(*seat)),
                ),
                Event::SlotSkipped { seat, clock } => sentence(
                    "vm-slot-skipped",
                    vec![("team", json!(team(*seat))), ("clock", json!(clock))],
                    format!(
                        "{} passes this slot for the neutral rider's crash (race clock {clock} min).",
                        team(*seat)
                    ),
                ),
                Event::DiceRolled { seat, rolls } => sentence(
                    "vm-dice",
                    vec![
                        ("team", json!(team(*seat))),
                        (
                            "faces",
                            json!(rolls.iter().map(|r| r.face).collect::<Vec<_>>()),
                        ),
                    ],
                    format!("{} rolls {}.", team(*seat), rolls_text(rolls)),
                ),
                Event::DieTaken { rider, die } => sentence(
                    "vm-die-taken",
                    vec![("rider", name(*rider)), ("die", json!(die))],
                    format!("{} moves up to {die}.", self.rider_name(*rider)),
                ),
                Event::Stepped {
                    rider,
                    to,
                    extra,
                    ..
                } => sentence(
                    "vm-step",
                    vec![
                        ("rider", name(*rider)),
                        ("to_go", json!(self.to_go(*to))),
                        ("extra", json!(extra)),
                    ],
                    format!(
                        "{} {}, {}.",
                        self.rider_name(*rider),
                        if *extra {
                            "takes the descent's extra step"
                        } else {
                            "steps"
                        },
                        self.place_of(*to)
                    ),
                ),
                Event::PowerRoll {
                    rider,
                    roll,
                    slope,
                    success,
                } => sentence(
                    "vm-power-roll",
                    vec![
                        ("rider", name(*rider)),
                        ("face", json!(roll.face)),
                        ("slope", json!(slope)),
                        ("success", json!(success)),
                    ],
                    format!(
                        "{} power roll: {} against {slope} %: {}.",
                        self.rider_name(*rider),
                        roll.face,
                        if *success {
                            "made it"
                        } else {
                            "fails, his move ends"
                        }
                    ),
                ),
                Event::SkillRoll {
                    rider,
                    cell,
                    roll,
                    crash,
                    why,
                } => {
                    let (who, at) = (self.rider_name(*rider), self.place_of(*cell));
                    let face = roll.face;
                    let outcome = if *crash { ", he crashes" } else { ", safe" };
                    let mut args = vec![
                        ("rider", name(*rider)),
                        ("to_go", json!(self.to_go(*cell))),
                        ("face", json!(face)),
                        ("crash", json!(crash)),
                    ];
                    match why {
                        Skill::Danger => sentence(
                            "vm-skill-roll",
                            args,
                            format!("{who} skill roll on a danger cell {at}: {face}{outcome}."),
                        ),
                        Skill::Squeeze => sentence(
                            "vm-skill-roll-squeeze",
                            args,
                            format!(
                                "{who} squeezes between two bikes {at}: skill roll {face}{outcome}."
                            ),
                        ),
                        Skill::Speed => sentence(
                            "vm-skill-roll-speed",
                            args,
                            format!(
                                "{who} takes the descent with a 6 {at}: speed control, skill roll {face}{outcome}."
                            ),
                        ),
                        Skill::Braking => sentence(
                            "vm-skill-roll-braking",
                            args,
                            format!("{who} brakes {at}: skill roll {face}{outcome}."),
                        ),
                        Skill::Collective { fallen } => {
                            let fallen_name = self.rider_name(*fallen);
                            args.push(("fallen", name(*fallen)));
                            sentence(
                                "vm-skill-roll-collective",
                                args,
                                format!(
                                    "{who}, {at}, must avoid {fallen_name}'s fall: skill roll {face}{outcome}."
                                ),
                            )
                        }
                    }
                }
                Event::Crashed {
                    rider,
                    cell,
                    misses,
                } => sentence(
                    "vm-crashed",
                    vec![
                        ("rider", name(*rider)),
                        ("to_go", json!(self.to_go(*cell))),
                        ("misses", json!(misses)),
                    ],
                    format!(
                        "{} falls {} and waits at the roadside{}.",
                        self.rider_name(*rider),
                        self.place_of(*cell),
                        match misses {
                            0 => String::new(),
                            1 => " (1 turn to miss)".to_string(),
                            n => format!(" ({n} turns to miss)"),
                        }
                    ),
                ),
                Event::SitsOut { rider } => sentence(
                    "vm-sits-out",
                    vec![("rider", name(*rider))],
                    format!(
                        "{} is still at the roadside and misses this turn.",
                        self.rider_name(*rider)
                    ),
                ),
                Event::BackOnRoad { rider, cell } => sentence(
                    "vm-back",
                    vec![
                        ("rider", name(*rider)),
                        ("to_go", json!(self.to_go(*cell))),
                    ],
                    format!(
                        "{} gets back on the road {}.",
                        self.rider_name(*rider),
                        self.place_of(*cell)
                    ),
                ),
                Event::Blocked { rider, lost } => sentence(
                    "vm-blocked",
                    vec![("rider", name(*rider)), ("lost", json!(lost))],
                    format!("{} is blocked: {lost} lost.", self.rider_name(*rider)),
                ),
                Event::Stopped { rider, lost } => sentence(
                    "vm-stopped",
                    vec![("rider", name(*rider)), ("lost", json!(lost))],
                    format!("{} stops ({lost} unused).", self.rider_name(*rider)),
                ),
                Event::EntraideBegins { rear, front } => sentence(
                    "vm-entraide",
                    vec![("rear", name(*rear)), ("front", name(*front))],
                    format!(
                        "Entraide: {} and {} leapfrog each other.",
                        self.rider_name(*rear),
                        self.rider_name(*front)
                    ),
                ),
                Event::Jumped { rider, to, .. } => sentence(
                    "vm-jumped",
                    vec![("rider", name(*rider)), ("to_go", json!(self.to_go(*to)))],
                    format!("{} jumps ahead, {}.", self.rider_name(*rider), self.place_of(*to)),
                ),
                Event::NoJump { rider } => sentence(
                    "vm-no-jump",
                    vec![("rider", name(*rider))],
                    format!("{} does not jump.", self.rider_name(*rider)),
                ),
                Event::RoadBlocked { rider, kept } => sentence(
                    "vm-road-blocked",
                    vec![("rider", name(*rider)), ("kept", json!(kept))],
                    format!(
                        "The road is blocked: {} keeps {kept} for when it opens, until his next turn.",
                        self.rider_name(*rider)
                    ),
                ),
                Event::RoadOpen { rider, points } => sentence(
                    "vm-road-open",
                    vec![("rider", name(*rider)), ("points", json!(points))],
                    format!(
                        "The road opens for {}: up to {points} now, or wait.",
                        self.rider_name(*rider)
                    ),
                ),
                Event::AccelerationProposed { line } => {
                    let names: Vec<String> = line.iter().map(|r| self.rider_name(*r)).collect();
                    sentence(
                        "vm-acceleration",
                        vec![("line", json!(names))],
                        format!("Accélération proposed to the line {}.", names.join(", ")),
                    )
                }
                Event::Vote { rider, yes } => sentence(
                    "vm-vote",
                    vec![("rider", name(*rider)), ("yes", json!(yes))],
                    format!(
                        "{} votes {}.",
                        self.rider_name(*rider),
                        if *yes { "yes" } else { "no" }
                    ),
                ),
                Event::AccelerationVoted { yes, needed, go } => sentence(
                    "vm-acceleration-voted",
                    vec![("yes", json!(yes)), ("needed", json!(needed)), ("go", json!(go))],
                    format!(
                        "{}, {}: {}.",
                        match yes {
                            0 => "no vote for".to_string(),
                            1 => "1 vote for".to_string(),
                            n => format!("{n} votes for"),
                        },
                        if *needed == 1 {
                            "1 was needed".to_string()
                        } else {
                            format!("{needed} were needed")
                        },
                        if *go { "the line accelerates" } else { "no accélération" }
                    ),
                ),
                Event::NeutralsAllocated { seats } => {
                    // Two players share the neutral team (VM-014): the picker first, then the
                    // other.
                    let riders = |i: usize| -> Vec<String> {
                        seats.get(i).map_or_else(Vec::new, |(_, rs)| {
                            rs.iter().map(|r| self.rider_name(*r)).collect()
                        })
                    };
                    let seat = |i: usize| seats.get(i).map_or_else(String::new, |(s, _)| team(*s));
                    let (first, second) = (riders(0), riders(1));
                    sentence(
                        "vm-neutrals",
                        vec![
                            ("team", json!(seat(0))),
                            ("riders", json!(first)),
                            ("other", json!(seat(1))),
                            ("other_riders", json!(second)),
                        ],
                        format!(
                            "Neutral riders: {} moves {}; {} moves {}.",
                            seat(0),
                            first.join(", "),
                            seat(1),
                            second.join(", ")
                        ),
                    )
                }
                Event::AccelerationOver => sentence(
                    "vm-acceleration-over",
                    vec![],
                    "The accélération is over.".into(),
                ),
                Event::ExtraStepOffered { rider } => sentence(
                    "vm-extra-step",
                    vec![("rider", name(*rider))],
                    format!(
                        "{} stopped on a descent cell: one extra step if wanted.",
                        self.rider_name(*rider)
                    ),
                ),
                Event::SummitCrossed {
                    rider,
                    summit,
                    place,
                    points,
                } => {
                    let s = self
                        .fixed
                        .board
                        .summits
                        .get(*summit as usize)
                        .map_or_else(|| format!("summit {summit}"), |s| s.name.clone());
                    sentence(
                        "vm-summit",
                        vec![
                            ("rider", name(*rider)),
                            ("summit", json!(s)),
                            ("place", json!(place)),
                            ("points", json!(points)),
                        ],
                        format!(
                            "{} crosses {s} in place {place}: {points} climber {}.",
                            self.rider_name(*rider),
                            if *points == 1 { "point" } else { "points" }
                        ),
                    )
                }
                Event::Finished { rider, place, time } => sentence(
                    "vm-finished",
                    vec![
                        ("rider", name(*rider)),
                        ("place", json!(place)),
                        ("time", json!(time)),
                    ],
                    format!(
                        "{} crosses the line in place {place}, {time} min.",
                        self.rider_name(*rider)
                    ),
                ),
                Event::RaceOver { winner, .. } => match winner {
                    Some(r) => sentence(
                        "vm-race-over",
                        vec![("winner", name(*r))],
                        format!("The race is over: {} wins.", self.rider_name(*r)),
                    ),
                    None => sentence(
                        "vm-race-over-nobody",
                        vec![],
                        "The race is over: nobody reached the line.".into(),
                    ),
                },
            }))
            .collect()
    }

    /// A roll, told: every line, and in one line who leads the race now (a round of many
    /// rolls told in brief ends with the last one's).
    fn tell_turn(&self, events: &[Event]) -> Told {
        Told {
            lines: self.narrate(events, Viewer::Public),
            brief: Some(self.front()),
        }
    }

    /// What a round told in brief keeps of its slots: crashes, abandons, attacks, the first
    /// over each summit, riders across the line, a rider excluded by the doping control and
    /// the end; not the dice, steps, votes, punctures (a wait to the end of the phase) and feeds
    /// every slot is made of, which the full narration tells.
    fn notable(&self, events: &[Event]) -> Vec<Sentence> {
        events
            .iter()
            .filter(|e| notable(e))
            .flat_map(|e| self.narrate(std::slice::from_ref(e), Viewer::Public))
            .collect()
    }

    fn view_json(&self, _viewer: Viewer) -> Value {
        serde_json::to_value(self.view()).expect("views serialise")
    }

    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    fn scene(&self) -> Scene {
        Scene::VeloMaster(self.view())
    }

    fn place(&self, choice: &Choice) -> Option<Place> {
        match *choice {
            Choice::Step { cell } => Some(Place::Onto(self.cell_name(cell))),
            // Stopping ends the move where it stands. Declining the descent's extra step
            // (VM-049) is a decision of its own, which may cost a braking roll at Pro (VM-114):
            // a move given whole never takes it for the script.
            Choice::Stop if self.moving.as_ref().is_some_and(|m| !m.extra) => Some(Place::Halt),
            _ => None,
        }
    }

    /// Nothing is hidden in Velo Master: every die is rolled in the open. Only the dice are
    /// reseeded, so that a playout never rolls the stage's own future rolls.
    fn determinize(&self, _viewer: Viewer, rng: &mut rand_chacha::ChaCha8Rng) -> Self {
        let mut copy = self.clone();
        copy.dice.reseed(rng);
        copy
    }

    fn bot(&self, seat: Seat, options: &[Choice]) -> Choice {
        bot::sensible(self, seat, options)
    }

    fn result(
        &self,
        number: u32,
        kind: StageKind,
        riders: &[TourRider],
    ) -> Result<StageResult, OutcomeError> {
        if !self.is_over() {
            return Err(OutcomeError::Running);
        }
        let lines = self.classification();
        // Riders who abandoned have no line: they are listed after it, without a place.
        let out_riders = (0..self.riders.len() as RiderIx)
            .filter(|&r| self.riders[r as usize].spot == Spot::Out);
        let mut out = Vec::new();
        let entries = lines
            .iter()
            .map(|l| (l.rider, Some(l)))
            .chain(out_riders.map(|r| (r, None)));
        for (rider, line) in entries {
            let id = &self.fixed.ids[rider as usize];
            // Only the rider's key and team are read: the tour's rider record is changing.
            let Some(k) = riders.iter().position(|t| t.key.0 == *id) else {
                return Err(OutcomeError::NotInTour(id.clone()));
            };
            let seat = riders[k].team;
            out.push(RiderStage {
                rider: RiderKey::new(id.clone()),
                team: self
                    .fixed
                    .teams
                    .get(seat as usize)
                    .cloned()
                    .unwrap_or_default(),
                start_number: k as u32 + 1,
                // The minutes again, for readers of results that know only the card race's
                // count (a minute a card); the classifications read `Outcome::Timed`.
                cards_played: line.map_or(0, |l| l.time),
                outcome: match line {
                    None => Outcome::Abandoned,
                    // VM-078, A-26: the race clock when he crossed; A-25: riders still on the
                    // road are charged for the levels left, already in their time.
                    Some(l) => Outcome::Timed {
                        minutes: l.time,
                        across: l.finished,
                        climber_points: l.points,
                        points: 0,
                        bonus_seconds: 0,
                    },
                },
                place: line.map(|l| l.place),
                exhaustion_start: 0,
                exhaustion_end: 0,
            });
        }
        let summits = self
            .fixed
            .board
            .summits
            .iter()
            .zip(&self.over)
            .map(|(s, over)| SummitResult {
                name: s.name.clone(),
                length: s.length.max(1),
                steep: false,
                order: over
                    .iter()
                    .map(|&r| RiderKey::new(self.fixed.ids[r as usize].clone()))
                    .collect(),
            })
            .collect();
        Ok(StageResult {
            number,
            kind,
            summit_finish: false,
            riders: out,
            rejoined: Vec::new(),
            sprints: Vec::new(),
            summits,
            bonus_seconds: true,
            carry: serde_json::Value::Null,
        })
    }

    fn carry_over(&self, riders: &mut [TourRider]) {
        // Times and climber points go to the tour in the result (VM-079, VM-080); the
        // condition and the champion's title go in the riders' attributes, and a team that
        // lost its leader names another (A-47).
        self.carry_into(riders);
        self.name_new_leaders(riders);
        // VM-087: the next stage lets a team start short of team-mates who abandoned.
        for r in riders.iter_mut() {
            if let Value::Object(map) = &mut r.attributes {
                map.insert("later_stage".into(), Value::Bool(true));
            }
        }
    }
}
