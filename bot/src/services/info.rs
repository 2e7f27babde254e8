//! What anyone may look at: the standings and the stage being raced.

use super::lobby::duration_text;
use super::narrate;
use super::{Reply, ServiceError, ServiceResult, Services, in_tour, require_started};
use crate::store::tours::{self, TourRow, TourStatus};
use crate::store::{results, teams};
use commissaire_engine::registry::{self, Scene};
use commissaire_engine::tour::StageKind;
use commissaire_engine::tour::StageResult;
use commissaire_messages::{msg, sentence, sentence_at_start};
use std::sync::Arc;

/// The stage being raced as everyone may see it, for an adapter that draws it itself.
#[derive(Debug, Clone)]
pub struct Board {
    pub scene: Scene,
    pub stage: u32,
    pub turn: u32,
    /// Team names by seat.
    pub teams: Vec<String>,
}

impl Services {
    /// The channel's latest tour and its finished stages' results (`None`: it has no tour): a
    /// tour still running through the kept reads, one over from the store. Only on a reader.
    async fn latest_results(
        &self,
        conn: &mut crate::store::Conn,
        channel_id: &str,
    ) -> Result<Option<(TourRow, Vec<StageResult>)>, ServiceError> {
        if let Some(read) = self.read_tour(conn, channel_id).await? {
            let done = self.read_results(conn, &read).await?;
            return Ok(Some((read.tour, Arc::unwrap_or_clone(done))));
        }
        let Some(tour) = tours::latest_in_channel(conn, channel_id).await? else {
            return Ok(None);
        };
        let done = results::list(conn, tour.id).await?;
        Ok(Some((tour, done)))
    }
}

/// The classifications a tour has after its finished stages `done`, each as its id and its
/// title, in the order its game shows them. Empty while its game cannot say them before a
/// stage has finished.
fn classifications(tour: &TourRow, done: &[StageResult]) -> Vec<(String, String)> {
    // Before the first result, the tables of no stage name the game's classifications.
    let Ok(table) = narrate::classify(tour, done) else {
        return Vec::new();
    };
    table
        .tables
        .iter()
        .map(|c| (c.id.to_string(), sentence_at_start(&c.title)))
        .collect()
}

/// A kind of stage as players say it ("time trial"), from the engine's name for it.
fn kind_words(kind: StageKind) -> String {
    msg!("stage-kind", kind = format!("{kind:?}"))
}

impl Services {
    /// The tour's classifications after the last finished stage (the card race's six, Velo
    /// Master's jerseys...), as text tables (and pictures). A finished tour's standings stay
    /// visible until the next tour is created.
    pub async fn standings(&self, channel_id: &str) -> ServiceResult {
        self.standings_of(channel_id, None).await
    }

    /// The classifications the channel's tour has, each as its id and its title, in the order
    /// its game shows them: what `/standings` offers. Empty without a tour, or while its game
    /// cannot say them before a stage has finished.
    pub async fn classification_choices(
        &self,
        channel_id: &str,
    ) -> Result<Vec<(String, String)>, ServiceError> {
        let mut conn = self.store.read().await?;
        Ok(match self.latest_results(&mut conn, channel_id).await? {
            Some((tour, done)) => classifications(&tour, &done),
            None => Vec::new(),
        })
    }

    /// As [`Services::standings_of`] one classification, named by its id or its title; with
    /// `None`, the tour's first (its game's leading classification: a world cup's cup).
    pub async fn standings_one(&self, channel_id: &str, asked: Option<&str>) -> ServiceResult {
        self.standings_one_as(channel_id, asked, false).await
    }

    /// As [`Services::standings_one`]; with `chart`, its picture is the classification's story
    /// stage by stage as a chart (issue 36) rather than its table: `/standings chart:True`.
    pub async fn standings_one_as(
        &self,
        channel_id: &str,
        asked: Option<&str>,
        chart: bool,
    ) -> ServiceResult {
        // One read for both: which classifications there are, and their tables.
        let mut conn = self.store.read().await?;
        let read = self.latest_results(&mut conn, channel_id).await?;
        let choices = read
            .as_ref()
            .map(|(tour, done)| classifications(tour, done))
            .unwrap_or_default();
        let id = match asked.map(str::trim) {
            None | Some("") => choices.first().map(|(id, _)| id.clone()),
            Some(asked) => Some(
                choices
                    .iter()
                    .find(|(id, title)| id == asked || title.eq_ignore_ascii_case(asked))
                    .map_or_else(|| asked.to_string(), |(id, _)| id.clone()),
            ),
        };
        self.standings_from(conn, read, id.as_deref(), chart).await
    }

    /// One classification by its id (`general`, `mountains`...), or all of them with `None`.
    /// A classification the tour's game does not have is refused with the ones it has.
    pub async fn standings_of(&self, channel_id: &str, only: Option<&str>) -> ServiceResult {
        self.standings_shown(channel_id, only, false).await
    }

    /// As [`Services::standings_of`], with each classification's chart for its picture when
    /// `chart` is set (its table otherwise).
    async fn standings_shown(
        &self,
        channel_id: &str,
        only: Option<&str>,
        chart: bool,
    ) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let read = self.latest_results(&mut conn, channel_id).await?;
        self.standings_from(conn, read, only, chart).await
    }

    /// The standings of a tour and its finished stages' results as read (`None`: the channel
    /// has no tour), on the reader `conn` they were read on (for the teams' colours).
    async fn standings_from(
        &self,
        mut conn: crate::store::Pooled,
        read: Option<(TourRow, Vec<StageResult>)>,
        only: Option<&str>,
        chart: bool,
    ) -> ServiceResult {
        let (tour, done) = read.ok_or_else(|| ServiceError::refused(msg!("no-tour")))?;
        if tour.status == TourStatus::Lobby {
            return Err(ServiceError::refused(msg!("standings-not-started")));
        }
        if done.is_empty() {
            return Ok(Reply::public(in_tour(&tour, || msg!("standings-none-yet"))));
        }
        let table = narrate::classify(&tour, &done)?;
        if let Some(id) = only
            && table.get(id).is_none()
        {
            return Err(ServiceError::refused(msg!(
                "standings-no-such",
                classification = id,
                known = table.ids().join(", ")
            )));
        }
        let mut reply = Reply::public(in_tour(&tour, || {
            narrate::standings_text(done.len() as u32, &table, only)
        }));
        if self.pictures {
            let list = teams::list(&mut conn, tour.id).await?;
            let index = narrate::team_colours(&list);
            let after = done.len() as u32;
            reply.images = if chart {
                let mut images = Vec::new();
                for c in table
                    .tables
                    .iter()
                    .filter(|c| only.is_none_or(|o| o == c.id))
                {
                    let png = in_tour(&tour, || {
                        narrate::chart_png(&tour, &done, c.id, after, &index)
                    })?;
                    images.extend(png);
                }
                images
            } else {
                in_tour(&tour, || {
                    narrate::standings_pngs(&table, only, after, &index)
                })
            };
        }
        Ok(reply)
    }

    /// The stage as everyone may see it, for an adapter that draws it itself (the terminal).
    pub async fn public_board(&self, channel_id: &str) -> Result<Board, ServiceError> {
        let mut conn = self.store.read().await?;
        let read = self.read_active_tour(&mut conn, channel_id, None).await?;
        require_started(&read.tour)?;
        let live = self.read_live(&mut conn, read).await?;
        Ok(Board {
            scene: live.stage.scene(),
            stage: live.row.number,
            turn: live.turn(),
            teams: live.teams.iter().map(|t| t.name.clone()).collect(),
        })
    }

    /// A finished stage again, as its animation (issue 36): `/stage replay`. `stage`: its
    /// number, the last finished one by default. Any finished stage of the channel's latest
    /// tour, a finished tour's too.
    pub async fn stage_replay(&self, channel_id: &str, stage: Option<u32>) -> ServiceResult {
        let (tour, number, course) = {
            let mut conn = self.store.read().await?;
            let tour = tours::latest_in_channel(&mut conn, channel_id)
                .await?
                .ok_or_else(|| ServiceError::refused(msg!("no-tour")))?;
            let done = results::list(&mut conn, tour.id).await?;
            let Some(last) = done.iter().map(|r| r.number).max() else {
                return Err(ServiceError::refused(msg!("replay-none-yet")));
            };
            let number = stage.unwrap_or(last);
            if !done.iter().any(|r| r.number == number) {
                return Err(ServiceError::refused(msg!(
                    "replay-not-finished",
                    stage = number,
                    last = last
                )));
            }
            let row = crate::store::stages::get(&mut conn, tour.id, number)
                .await?
                .ok_or_else(|| ServiceError::Broken(format!("no stage {number}")))?;
            let course = self
                .library
                .course(&row.course)
                .map_err(ServiceError::Broken)?;
            (tour, number, course.name.clone())
        };
        let mut reply = Reply::public(in_tour(&tour, || {
            msg!("replay-posted", stage = number, course = &course)
        }));
        if self.pictures {
            reply.pictures.push(super::owed::Picture::Animation {
                tour_id: tour.id,
                stage: number,
                file: narrate::animation_file(number),
            });
            self.draw(&mut reply).await;
        }
        Ok(reply)
    }

    /// A finished stage of tour `tour_id` as its animation (the GIF `/stage replay` posts), for
    /// `commissaire render --animate --tour`: refused for a stage not finished.
    pub async fn stage_animation(
        &self,
        tour_id: i64,
        stage: u32,
    ) -> Result<(String, Vec<u8>), ServiceError> {
        let mut conn = self.store.read().await?;
        let done = results::list(&mut conn, tour_id).await?;
        drop(conn);
        let last = done.iter().map(|r| r.number).max();
        if !done.iter().any(|r| r.number == stage) {
            return Err(ServiceError::refused(match last {
                None => msg!("replay-none-yet"),
                Some(last) => msg!("replay-not-finished", stage = stage, last = last),
            }));
        }
        let file = narrate::animation_file(stage);
        let picture = super::owed::Picture::Animation {
            tour_id,
            stage,
            file: file.clone(),
        };
        let mut reply = Reply::public(String::new());
        reply.pictures.push(picture);
        // Drawn as the channel's post draws it, whatever the services' pictures setting.
        self.draw(&mut reply).await;
        reply
            .images
            .into_iter()
            .find(|(name, _)| *name == file)
            .ok_or_else(|| ServiceError::Broken(format!("stage {stage} has no animation")))
    }

    /// The stage being raced: where, which round, who leads on the road, and its profile.
    pub async fn stage_info(&self, channel_id: &str) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let read = self.read_active_tour(&mut conn, channel_id, None).await?;
        require_started(&read.tour)?;
        let preset = self
            .library
            .preset(&read.tour.preset)
            .map_err(ServiceError::Broken)?;
        let live = self.read_live(&mut conn, read).await?;
        let course = self
            .library
            .course(&live.row.course)
            .map_err(ServiceError::Broken)?;
        let now = self.now();
        let pictures = self.pictures.then_some(&*self.drawn);
        let tour = live.tour.clone();
        Ok(in_tour(&tour, || {
            stage_reply(&live, &preset, &course, now, pictures)
        }))
    }
}

/// `/stage`'s answer, in the words of the tour's channel.
fn stage_reply(
    live: &super::live::Live,
    preset: &commissaire_engine::tour::TourPreset,
    course: &commissaire_engine::course::Course,
    now: crate::clock::Timestamp,
    // With pictures on, where the drawn ones are kept.
    pictures: Option<&super::owed::DrawnPictures>,
) -> Reply {
    {
        let mut text = msg!(
            "stage-info-head",
            number = live.row.number,
            total = preset.stages.len(),
            tour = &preset.name,
            course = &course.name,
            kind = kind_words(live.row.kind),
            // The game counts its own distance, in its own words (rows, cells, squares).
            to_line = sentence(&live.stage.to_line()),
            turn = sentence_at_start(&live.turn_name)
        );
        let mut also = Vec::new();
        match (live.tour.status, live.row.deadline) {
            (TourStatus::Paused, _) => also.push(msg!("stage-info-paused")),
            (_, Some(deadline)) => also.push(msg!(
                "round-closes-in",
                left = duration_text((deadline - now).max(0))
            )),
            _ => {}
        }
        let waiting: Vec<&str> = live.late_humans().iter().map(|t| t.name.as_str()).collect();
        if !waiting.is_empty() {
            also.push(msg!("waiting-for", teams = waiting.join(", ")));
        }
        for s in also {
            text.push(' ');
            text.push_str(&s);
        }
        for line in live.stage.situation() {
            text.push('\n');
            text.push_str(&sentence(&line));
        }
        let next = preset.stages.get(live.row.number as usize);
        let next = next.map(|plan| registry::NextStage {
            number: live.row.number + 1,
            kind: plan.kind,
            rest_before: plan.rest_before,
        });
        if let Some(line) = live.stage.outlook(next.as_ref()) {
            text.push('\n');
            text.push_str(&sentence(&line));
        }
        let mut reply = Reply::public(text);
        if let Some(drawn) = pictures {
            let title = msg!(
                "picture-profile",
                stage = live.row.number,
                course = &course.name
            );
            let drawing = narrate::Drawing::profile(
                &live.stage.scene(),
                &title,
                &narrate::team_colours(&live.teams),
            );
            if let Ok(png) = drawing.and_then(|d| drawn.draw(&live.row.course, &d)) {
                reply
                    .images
                    .push((narrate::stage_file(live.row.number, "profile"), png));
            }
        }
        reply
    }
}

impl Services {
    /// The tour of the channel at a glance: who has joined, or where the race is and who the
    /// round waits for.
    pub async fn status(&self, channel_id: &str) -> ServiceResult {
        let mut conn = self.store.read().await?;
        let Some(tour) = tours::latest_in_channel(&mut conn, channel_id).await? else {
            return Err(ServiceError::refused(msg!(
                "no-tour-create",
                tour_create = self.command("tour create")
            )));
        };
        let preset = self
            .library
            .preset(&tour.preset)
            .map_err(ServiceError::Broken)?;
        let list = teams::list(&mut conn, tour.id).await?;
        let team_line = |t: &crate::store::teams::TeamRow| match &t.director {
            Some(user) => msg!("status-team-director", team = &t.name, user = user.as_str()),
            None => msg!("status-team-bot", team = &t.name),
        };
        let text = match tour.status {
            TourStatus::Lobby => in_tour(&tour, || {
                let mut text = msg!(
                    "status-lobby",
                    tour = &preset.name,
                    stages = preset.stages.len(),
                    taken = list.len(),
                    seats = tour.seats
                );
                for t in &list {
                    text.push_str(&format!("\n- {}", team_line(t)));
                }
                text.push('\n');
                text.push_str(&msg!(
                    "status-lobby-join",
                    tour_join = self.command("tour join"),
                    tour_start = self.command("tour start")
                ));
                text
            }),
            TourStatus::Finished => in_tour(&tour, || {
                msg!(
                    "status-over",
                    tour = &preset.name,
                    standings = self.command("standings"),
                    tour_create = self.command("tour create")
                )
            }),
            TourStatus::Running | TourStatus::Paused => {
                let live = self.load_live(&mut conn, tour).await?;
                let now = self.now();
                let course = self
                    .library
                    .course(&live.row.course)
                    .map_or_else(|_| live.row.course.clone(), |c| c.name.clone());
                in_tour(&live.tour, || {
                    let mut text = msg!(
                        "status-running",
                        tour = &preset.name,
                        stage = live.row.number,
                        total = preset.stages.len(),
                        course = course,
                        turn = live.turn_text()
                    );
                    match (live.tour.status, live.row.deadline) {
                        (TourStatus::Paused, _) => {
                            text.push(' ');
                            text.push_str(&msg!(
                                "status-paused",
                                admin_resume = self.command("admin resume")
                            ));
                        }
                        (_, Some(deadline)) => {
                            text.push(' ');
                            text.push_str(&msg!(
                                "round-closes-in",
                                left = duration_text((deadline - now).max(0))
                            ));
                        }
                        _ => {}
                    }
                    for t in &live.teams {
                        let who = team_line(t);
                        let line = if live.owes(live.seat_of(t)) {
                            msg!("card-team-waiting", who = who)
                        } else {
                            msg!("card-team-done", who = who)
                        };
                        text.push('\n');
                        text.push_str(&line);
                    }
                    text
                })
            }
        };
        Ok(Reply::public(text))
    }

    /// Whether a button posted for tour `tour_id` may act now: it is the channel's tour being
    /// raced. Otherwise the refusal that says why: that tour is over (its last card's button
    /// pressed after the end), or the button is from an earlier tour of the channel.
    pub async fn button_tour(&self, channel_id: &str, tour_id: i64) -> Result<(), ServiceError> {
        let mut conn = self.store.read().await?;
        self.button_tour_in(&mut conn, channel_id, tour_id, None)
            .await
    }

    /// As [`Services::button_tour`], on `conn`: on a reader, at the channel's count of changes
    /// `read_at` read already (through the kept reads; `None`: read it first), or in a write
    /// transaction (`in_tx`), from the store itself. A request that reads the tour anyway
    /// checks its button so, without a read of its own (issue 34).
    pub(crate) async fn button_tour_in(
        &self,
        conn: &mut crate::store::Conn,
        channel_id: &str,
        tour_id: i64,
        read_at: Option<i64>,
    ) -> Result<(), ServiceError> {
        let current = match read_at {
            Some(version) => self.read_tour_at(conn, channel_id, version).await?,
            None => self.read_tour(conn, channel_id).await?,
        };
        if current.is_some_and(|read| read.tour.id == tour_id) {
            return Ok(());
        }
        self.button_refusal(conn, channel_id, tour_id).await
    }

    /// As [`Services::button_tour_in`], in a write transaction.
    pub(crate) async fn button_tour_in_tx(
        &self,
        conn: &mut crate::store::Conn,
        channel_id: &str,
        tour_id: i64,
    ) -> Result<(), ServiceError> {
        if tours::active_in_channel(conn, channel_id)
            .await?
            .is_some_and(|tour| tour.id == tour_id)
        {
            return Ok(());
        }
        self.button_refusal(conn, channel_id, tour_id).await
    }

    /// Why a button of tour `tour_id` may not act: that tour is over, or it is an earlier
    /// tour's.
    async fn button_refusal(
        &self,
        conn: &mut crate::store::Conn,
        channel_id: &str,
        tour_id: i64,
    ) -> Result<(), ServiceError> {
        match tours::latest_in_channel(conn, channel_id).await? {
            Some(latest) if latest.id == tour_id && latest.status == TourStatus::Finished => {
                Err(ServiceError::refused(self.tour_is_over(&latest)))
            }
            _ => Err(ServiceError::refused(msg!(
                "button-earlier-tour",
                tour_status = self.commands().named("tour status")
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_stage_reads_in_words() {
        let words = [
            StageKind::Flat,
            StageKind::Hilly,
            StageKind::Mountain,
            StageKind::TimeTrial,
            StageKind::TeamTimeTrial,
        ]
        .map(kind_words);
        assert_eq!(
            words,
            ["flat", "hilly", "mountain", "time trial", "team time trial"]
        );
    }

    /// A card-race stage of two rouleurs under the given options.
    fn stage(options: serde_json::Value) -> Box<dyn commissaire_engine::registry::DynStage> {
        use commissaire_engine::registry::{Entrant, Setup};
        let course = commissaire_engine::course::CourseSpec {
            tiles: Some("abcu".into()),
            ..Default::default()
        }
        .build()
        .unwrap();
        let entry = registry::ruleset("card-race").unwrap();
        let roster = (entry.roster)(&[], &serde_json::Value::Null).unwrap();
        let setup = Setup {
            course: std::sync::Arc::new(course),
            teams: vec!["Blue".into(), "Red".into()],
            // Each team's first rider as the ruleset's own roster enters it.
            riders: (0..2)
                .map(|t| Entrant {
                    id: format!("R{t}"),
                    team: t,
                    start: None,
                    attributes: roster[0].attributes.clone(),
                })
                .collect(),
            options,
            dice: Vec::new(),
        };
        registry::start("card-race", &setup, 4).unwrap()
    }

    fn next(rest_before: bool) -> registry::NextStage {
        registry::NextStage {
            number: 3,
            kind: StageKind::Flat,
            rest_before,
        }
    }

    /// The game's outlook (house rules A's forecast) as /stage words it from the catalogue.
    #[test]
    fn ha_075_qa_36_stage_tells_the_forecast_or_the_rest_day_that_drops_it() {
        let a = stage(serde_json::json!({"weather": "house-a", "weather_today": "fog"}));
        let Scene::CardRace(view) = a.scene() else {
            panic!("a card race")
        };
        let forecast = view.conditions.sky.as_ref().unwrap().forecast;
        let told = |s: &dyn commissaire_engine::registry::DynStage,
                    n: Option<registry::NextStage>| {
            s.outlook(n.as_ref()).map(|line| sentence(&line))
        };
        assert_eq!(
            told(a.as_ref(), Some(next(false))).unwrap(),
            format!("Forecast for stage 3: {}.", forecast.name())
        );
        assert_eq!(
            told(a.as_ref(), Some(next(true))).unwrap(),
            "A rest day comes before stage 3: its weather will be drawn afresh."
        );
        assert_eq!(told(a.as_ref(), None), None, "the last stage has no next");
        let b = stage(serde_json::json!({"weather": "house-b"}));
        assert_eq!(told(b.as_ref(), Some(next(false))), None);
    }
}
