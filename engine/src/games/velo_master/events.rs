//! What a player chooses and what happens, as data: the store keeps both as JSON.

use super::board::CellIx;
use crate::course::LinkKind;
use crate::dice::Roll;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// A rider by its index in the setup.
pub type RiderIx = u8;

/// One decision. Keys: `l:<rider>:<die>`, `g:<rider>:<die>`, `m:<cell>`, `x`,
/// `e:<rear>:<front>`, `j:<cell>`, `r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Start phase: keep this die and bring this rider onto the road with it (VM-022).
    Launch { rider: RiderIx, die: u8 },
    /// Give this die to this rider, who moves with it now (VM-030, A-12).
    Give { rider: RiderIx, die: u8 },
    /// The moving rider steps onto this cell (one step of a move, VM-037).
    Step { cell: CellIx },
    /// Stop here (the die is a maximum, VM-042), decline the descent's extra step, or decline
    /// to jump in an entraide (VM-054).
    Stop,
    /// Play the entraide of these two bikes now (VM-051…053).
    Entraide { rear: RiderIx, front: RiderIx },
    /// The jumper lands on this cell (VM-053).
    Jump { cell: CellIx },
    /// No more entraides: roll the slot's dice.
    Roll,
    /// Expert: propose the accélération of the line whose front bike is `front` (VM-088).
    Accelerate { front: RiderIx },
    /// A bike's vote on the accélération (VM-091).
    Vote { yes: bool },
    /// Two players at Expert: the better-placed player takes these neutral riders for the
    /// team-mates' phase (VM-016); `b` equal to `a` when he takes one.
    Pick { a: RiderIx, b: RiderIx },
    /// Pro: this rider attacks, declared before the dice (VM-137…141).
    Attack { rider: RiderIx },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A player's d20 for the start order (VM-021); `round` counts re-rolls between tied
    /// players, 0 first.
    OrderRoll {
        seat: Seat,
        roll: Roll,
        round: u8,
    },
    StartOrder {
        order: Vec<Seat>,
    },
    /// VM-018: the two players of a shared colour roll a d20 each, again while tied.
    RollOff {
        colour: Seat,
        rolls: Vec<(Seat, Roll)>,
    },
    /// VM-018: the roll-off's winner directs the leader and the violet team-mate.
    ColourShared {
        colour: Seat,
        leader_director: Seat,
        outsider: Seat,
    },
    /// a shared colour's outsider is through with his bonus moves: the leader's
    /// director rolls.
    RollHandedOver {
        from: Seat,
        to: Seat,
    },
    /// The start phase is over: from now on the leaders' places set the order (VM-027).
    RaceBegins,
    RoundStarted {
        round: u32,
    },
    /// Expert: the team-mates' phase of the round begins (VM-032).
    MatesPhase {
        round: u32,
    },
    /// The other d6 of the box, rolled to check a leader's roll for 4-2-1 (VM-107, VM-108).
    PunctureCheck {
        rider: RiderIx,
        rolls: Vec<Roll>,
    },
    /// A puncture: the rider waits beside `cell` until the phase ends (VM-109).
    Punctured {
        rider: RiderIx,
        cell: CellIx,
    },
    /// Expert: the severity d20 after a crash (VM-110).
    Severity {
        rider: RiderIx,
        roll: Roll,
        severity: super::tables::Severity,
    },
    /// Expert: the rider stops on a cell of a feed zone and eats (VM-103).
    Fed {
        rider: RiderIx,
        zone: u8,
    },
    /// Expert: the rider rides past a feed zone without eating (VM-104, VM-105).
    MissedFeed {
        rider: RiderIx,
        zone: u8,
    },
    /// Pro: the rider's condition changes by `change` % to `now` % (VM-117…136).
    Condition {
        rider: RiderIx,
        change: i32,
        now: i32,
        why: super::condition::Why,
    },
    /// Pro: a d20 read as a finishing place for the doping control (VM-143).
    DopingDraw {
        roll: Roll,
    },
    /// Pro: a rider tested; above 100 % he is excluded (VM-143).
    Tested {
        rider: RiderIx,
        condition: i32,
        excluded: bool,
        /// His finishing place when tested (1: the stage winner, always tested); 0 in a log
        /// written before the place was kept.
        #[serde(default)]
        place: u32,
        /// Whether the d20 drew him; with five or fewer other finishers all are tested
        /// without a draw.
        #[serde(default)]
        drawn: bool,
    },
    /// Pro: an attack is declared (VM-138).
    AttackDeclared {
        rider: RiderIx,
    },
    /// The attacker's own 2 d6 (VM-139): he may move up to their sum.
    AttackRolled {
        rider: RiderIx,
        rolls: Vec<Roll>,
    },
    /// The rider abandons (severity 1): off the road for the rest of the race.
    Abandoned {
        rider: RiderIx,
        cell: CellIx,
    },
    /// A player's slot begins; the race clock reads `clock` minutes.
    SlotStarted {
        seat: Seat,
        clock: u32,
    },
    /// Option `neutral_crash_skips_player`: the player responsible for a neutral
    /// rider's crash passes this slot; the clock still counts it.
    SlotSkipped {
        seat: Seat,
        clock: u32,
    },
    DiceRolled {
        seat: Seat,
        rolls: Vec<Roll>,
    },
    /// A rider takes a die and moves up to it.
    DieTaken {
        rider: RiderIx,
        die: u8,
    },
    Stepped {
        rider: RiderIx,
        /// `None`: from outside the road (the start).
        from: Option<CellIx>,
        to: CellIx,
        step: LinkKind,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        extra: bool,
    },
    PowerRoll {
        rider: RiderIx,
        roll: Roll,
        slope: u8,
        success: bool,
    },
    /// A skill roll (VM-046): a d20, 1 or 2 is a crash; `why` says what called for it and
    /// `cell` is where it is rolled (where he falls, A-28).
    SkillRoll {
        rider: RiderIx,
        cell: CellIx,
        roll: Roll,
        crash: bool,
        #[serde(default)]
        why: Skill,
    },
    /// The rider falls and waits at the roadside beside `cell`, missing `misses` rider turns.
    Crashed {
        rider: RiderIx,
        cell: CellIx,
        misses: u8,
    },
    SitsOut {
        rider: RiderIx,
    },
    BackOnRoad {
        rider: RiderIx,
        cell: CellIx,
    },
    /// No legal step is left: the rest of the die is lost (VM-043).
    Blocked {
        rider: RiderIx,
        lost: u8,
    },
    Stopped {
        rider: RiderIx,
        lost: u8,
    },
    /// An entraide begins: the rear bike jumps first (VM-053).
    EntraideBegins {
        rear: RiderIx,
        front: RiderIx,
    },
    /// A bike passes its partner on `over` and lands on `to`.
    Jumped {
        rider: RiderIx,
        from: CellIx,
        over: CellIx,
        to: CellIx,
        step: LinkKind,
    },
    /// The bike does not jump (declined, no free landing cell, or the partner fell).
    NoJump {
        rider: RiderIx,
    },
    /// Expert: the road blocked a leader's move; he keeps `kept` points (VM-102).
    RoadBlocked {
        rider: RiderIx,
        kept: u8,
    },
    /// The road has opened: the blocked leader may use his kept points now.
    RoadOpen {
        rider: RiderIx,
        points: u8,
    },
    /// An accélération is put to the line's vote (VM-091); the line rear first.
    AccelerationProposed {
        line: Vec<RiderIx>,
    },
    Vote {
        rider: RiderIx,
        yes: bool,
    },
    AccelerationVoted {
        yes: u8,
        needed: u8,
        go: bool,
    },
    AccelerationOver,
    /// The neutral riders each player moves in this team-mates' phase (VM-016).
    NeutralsAllocated {
        seats: Vec<(Seat, Vec<RiderIx>)>,
    },
    /// A descent cell: one extra step may be taken (VM-049).
    ExtraStepOffered {
        rider: RiderIx,
    },
    SummitCrossed {
        rider: RiderIx,
        summit: u8,
        place: u32,
        points: u32,
    },
    Finished {
        rider: RiderIx,
        place: u32,
        time: u32,
    },
    /// The race is over: every rider in finishing order, with his time in minutes.
    RaceOver {
        order: Vec<(RiderIx, u32)>,
        /// The first rider across (VM-076); none when nobody crossed the line.
        #[serde(default)]
        winner: Option<RiderIx>,
    },
}

/// What a skill roll is for (VM-046): each is told by its own name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    /// A danger cell passed or stopped on (VM-045), by a step or a jump.
    #[default]
    Danger,
    /// Expert: a diagonal between two bikes (VM-101, A-32), from the cell he leaves.
    Squeeze,
    /// Pro: speed control, moving with a 6 through a descent (VM-113, A-35).
    Speed,
    /// Pro: braking, a 6 stopped short by choice or the descent's extra step declined (VM-114,
    ///
    Braking,
    /// Pro: a collective crash: `fallen` fell on a cell touching his, ahead (VM-115, A-37).
    Collective { fallen: RiderIx },
}
