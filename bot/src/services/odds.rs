//! `/odds` (issue 35): each rider's chance to win the stage being raced, and each classification
//! leader's chance to lead it still after the stage, from playouts of the race as it stands,
//! played by the tour's bots. The asker sees them as their own team may see the race: the
//! engine deals again, before every playout, whatever that team cannot see, so the answer is
//! private (it reads the asker's own hand) and never tells another team's.

use super::{Reply, ServiceError, ServiceResult, Services, require_started};
use crate::store::teams::TeamRow;
use crate::store::{results, riders};
use commissaire_engine::game::Viewer;
use commissaire_engine::odds::{self, Odds, Question, Tally, TourSoFar};
use commissaire_engine::registry::DynStage;
use commissaire_engine::tour::TourRider;
use commissaire_messages::{msg, sentence_at_start};
use commissaire_render::odds::OddsBar;

/// Playouts an answer plays: 2,000 give each chance a standard error of 1.1 points at most. A
/// debug build (the tests') plays a tenth of them: its playouts are some twenty times slower.
pub const PLAYOUTS: u32 = if cfg!(debug_assertions) { 200 } else { 2_000 };

/// The most riders an answer lists, most likely first: the rest are said in one line.
const LISTED: usize = 12;

impl Services {
    /// The win chances of the channel's stage, for the asker's eyes: a director sees the race as
    /// their team does, anyone else as the public does.
    pub async fn odds(&self, actor: &super::Actor, channel_id: &str) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let tour = self.active_tour(&mut conn, channel_id).await?;
        require_started(&tour)?;
        let live = self.load_live(&mut conn, tour).await?;
        if live.stage.is_over() {
            return Err(ServiceError::refused(msg!("odds-over")));
        }
        let viewer = match live.team_of(&actor.user_id) {
            Some(team) => Viewer::Seat(live.seat_of(team)),
            None => Viewer::Public,
        };
        let tour_riders = riders::list(&mut conn, live.tour.id).await?;
        let done = results::list(&mut conn, live.tour.id).await?;
        drop(conn);
        let titles = if done.is_empty() {
            Vec::new()
        } else {
            super::narrate::classify(&live.tour, &done)?
                .tables
                .iter()
                .map(|c| (c.id, sentence_at_start(&c.title)))
                .collect()
        };
        let seed = odds_seed(live.tour.id, live.row.number, live.choices, viewer);
        let stage = live.stage.clone();
        let (ruleset, options) = (live.tour.ruleset.clone(), live.tour.options.clone());
        let (number, kind) = (live.row.number, live.row.kind);
        let riders_for = tour_riders.clone();
        let answer = super::owed::cpu_work(move || {
            let q = Question {
                number,
                kind,
                riders: &riders_for,
                tour: Some(TourSoFar {
                    ruleset: &ruleset,
                    before: &done,
                    options: &options,
                }),
            };
            play(&**stage, viewer, seed, &q)
        })
        .await
        .map_err(|e| ServiceError::Broken(e.to_string()))?
        .map_err(ServiceError::Broken)?;
        let team = |seat: u8| {
            live.teams
                .get(seat as usize)
                .map(|t| t.name.clone())
                .unwrap_or_default()
        };
        let mut text = msg!(
            "odds-head",
            stage = number,
            playouts = answer.playouts,
            seen = match viewer {
                Viewer::Seat(s) => team(s),
                Viewer::Public => "none".to_string(),
            }
        );
        for (k, chance) in answer.riders.iter().take(LISTED) {
            let r = &tour_riders[*k];
            text.push('\n');
            text.push_str(&msg!(
                "odds-rider",
                rider = r.key.as_str(),
                team = team(r.team),
                chance = percent(chance.p),
                error = percent(chance.se)
            ));
        }
        let rest = answer.riders.len().saturating_sub(LISTED);
        if rest > 0 {
            let p: f64 = answer.riders.iter().skip(LISTED).map(|r| r.1.p).sum();
            text.push('\n');
            text.push_str(&msg!("odds-rest", riders = rest, chance = percent(p)));
        }
        for (leader, chance) in &answer.leaders {
            let title = titles
                .iter()
                .find(|(id, _)| *id == leader.classification)
                .map(|(_, t)| t.clone())
                .unwrap_or_else(|| leader.classification.to_string());
            let who = leader
                .rider
                .as_ref()
                .map(|r| r.as_str().to_string())
                .unwrap_or_else(|| leader.team.clone());
            text.push('\n');
            text.push_str(&msg!(
                "odds-leader",
                classification = title,
                leader = who,
                chance = percent(chance.p),
                error = percent(chance.se)
            ));
        }
        let mut reply = Reply::private(text);
        if self.pictures {
            let title = msg!("odds-picture", stage = number);
            if let Ok(png) = odds_picture(&title, &answer, &tour_riders, &live.teams) {
                reply.images.push((format!("stage-{number}-odds.png"), png));
            }
        }
        Ok(reply)
    }
}

/// The seed of an answer's playouts: the same question (tour, stage, choices made, asker) gets
/// the same answer, in `/odds` and in a round's post alike.
pub(crate) fn odds_seed(tour_id: i64, stage: u32, choices: u32, viewer: Viewer) -> u64 {
    (tour_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (u64::from(stage) << 40)
        ^ (u64::from(choices) << 8)
        ^ match viewer {
            Viewer::Seat(s) => u64::from(s) + 1,
            Viewer::Public => 0,
        }
}

/// An answer as a picture: a bar per rider, most likely first, in his team's colour, with the
/// chance and its standard error.
pub(crate) fn odds_picture(
    title: &str,
    answer: &Odds,
    tour_riders: &[TourRider],
    teams: &[TeamRow],
) -> Result<Vec<u8>, commissaire_render::RenderError> {
    let colours = super::narrate::team_colours(teams);
    let bars: Vec<OddsBar> = answer
        .riders
        .iter()
        .map(|(k, chance)| {
            let r = &tour_riders[*k];
            let name = teams
                .get(r.team as usize)
                .map(|t| t.name.clone())
                .unwrap_or_default();
            OddsBar {
                name: r.key.as_str().to_string(),
                colour: colours(&name)
                    .unwrap_or_else(|| commissaire_render::palette::team(r.team as usize)),
                chance: chance.p,
                error: chance.se,
                label: msg!(
                    "odds-bar",
                    chance = percent(chance.p),
                    error = percent(chance.se)
                ),
            }
        })
        .collect();
    commissaire_render::odds::render_odds(title, &bars)
}

/// A chance as the answer writes it: a percentage with one decimal.
fn percent(p: f64) -> String {
    format!("{:.1}", p * 100.0)
}

/// [`PLAYOUTS`] playouts of `stage`, half on another thread: the engine's playouts are pure and
/// numbered, so the two halves add up to the answer one thread would give.
pub fn play(stage: &dyn DynStage, viewer: Viewer, seed: u64, q: &Question) -> Result<Odds, String> {
    let leaders = odds::leaders(q)?;
    let half = PLAYOUTS / 2;
    let tally: Tally = std::thread::scope(|scope| {
        let other = scope.spawn(|| odds::tally(stage, viewer, seed, 0..half, q, &leaders));
        let mine = odds::tally(stage, viewer, seed, half..PLAYOUTS, q, &leaders);
        other
            .join()
            .map(|t| t.merge(&mine))
            .map_err(|_| "a playout thread failed".to_string())
    })?;
    Ok(odds::odds(&tally, &leaders))
}
