//! The Pro anti-doping control (VM-143, A-43): after a stage, its winner and five other
//! finishers drawn with the d20 are tested; above 100 % means out of the race.

use super::condition::{GAIN, Why};
use super::events::{Event, RiderIx};
use super::stage::{Spot, VeloMaster};

/// Others tested besides the winner (VM-143).
pub const DRAWN: usize = 5;

/// the finishing places tested besides the winner's, from d20 faces read as places: a
/// 1 (the winner), a place beyond the finishers or one already drawn is rolled again; with
/// `DRAWN` or fewer other finishers, all of them are tested without a draw.
pub fn doping_places(
    finishers: u32,
    mut d20: impl FnMut() -> Result<u8, String>,
) -> Result<Vec<u32>, String> {
    if finishers <= 1 {
        return Ok(Vec::new());
    }
    if finishers - 1 <= DRAWN as u32 {
        return Ok((2..=finishers).collect());
    }
    let mut places = Vec::new();
    while places.len() < DRAWN {
        let face = d20()? as u32;
        if face > 1 && face <= finishers && !places.contains(&face) {
            places.push(face);
        }
    }
    Ok(places)
}

impl VeloMaster {
    /// VM-143 at the end of the stage, after its gains.
    pub(super) fn doping_control(&mut self, ev: &mut Vec<Event>) -> Result<(), String> {
        let o = &self.fixed.options;
        if !(o.pro(o.anti_doping) && self.condition_on()) {
            return Ok(());
        }
        let finishers: Vec<RiderIx> = self
            .classification()
            .into_iter()
            .filter(|l| l.finished)
            .map(|l| l.rider)
            .collect();
        let Some(&winner) = finishers.first() else {
            return Ok(());
        };
        let mut faces = Vec::new();
        let places = doping_places(finishers.len() as u32, || {
            let roll = self.roll(20)?;
            faces.push(roll);
            Ok(roll.face)
        })?;
        // Drawn: the d20 was rolled (`doping_places` rolls it only when more than `DRAWN`
        // others finished; with fewer, every finisher is tested).
        let drawn = !faces.is_empty();
        for roll in faces {
            ev.push(Event::DopingDraw { roll });
        }
        // The winner is tested whatever the draw; the others by it, or all of them.
        let tested: Vec<(u32, RiderIx, bool)> = std::iter::once((1, winner, false))
            .chain(
                places
                    .iter()
                    .map(|&p| (p, finishers[p as usize - 1], drawn)),
            )
            .collect();
        for (place, r, drawn) in tested {
            let condition = self.riders[r as usize].condition;
            let excluded = condition > 100;
            ev.push(Event::Tested {
                rider: r,
                condition,
                excluded,
                place,
                drawn,
            });
            if excluded {
                // he leaves the race; the riders behind him move up.
                self.riders[r as usize].spot = Spot::Out;
                self.riders[r as usize].excluded = true;
            }
        }
        // A new stage winner takes the stage-win gain.
        if self.riders[winner as usize].excluded
            && let Some(new) = self.classification().into_iter().find(|l| l.finished)
        {
            self.gain(new.rider, Why::StageWin, GAIN, ev);
        }
        Ok(())
    }
}
