//! `/stage`'s first line names how far the stage's start lies from its line as the stage's
//! game counts it, in its words (issue 32, item 14): the services ask the stage, never the
//! course's rows, and never name a game.

mod common;

use commissaire::services::TourSettings;
use commissaire_messages::Language;
use common::*;

/// The first line of `/stage` once the first stage of `preset` has started, one director and
/// bots in the other seats.
async fn head(preset: &str, seats: u8, language: Option<Language>) -> String {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let settings = TourSettings {
        preset: preset.into(),
        language,
        ..settings(seats, 5)
    };
    ok(s.create_tour(&admin(), CHANNEL, settings).await);
    ok(s.join(&player(1), CHANNEL, "Blue", "blue").await);
    ok(s.start(&admin(), CHANNEL).await);
    let info = ok(s.stage_info(CHANNEL).await);
    info.text.lines().next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn issue_32_item_14_stage_says_each_games_own_distance_to_the_line() {
    for (preset, seats, expected) in [
        // The card race: Avenue Corso Paseo's rows 5 to 72, from the start line.
        ("week", 2, "(flat, 68 rows to the line)"),
        // Velo Master: Sprint de Vic's cells from the start's entry level.
        ("velo-master-week", 3, "(flat, 26 cells to the line)"),
        // Maillot Jaune: its 28 rows, not 29.
        ("maillot-jaune", 2, "(hilly, 28 rows to the line)"),
        // Hulst: the squares its times count, not 96 rows.
        ("hulst", 2, "(flat, 95 squares to the line)"),
    ] {
        let line = head(preset, seats, None).await;
        assert!(line.ends_with(expected), "{preset}: {line}");
    }
}

#[tokio::test]
async fn issue_32_item_14_hulst_squares_are_cases_and_vakken() {
    let fr = head("hulst", 2, Some(Language::Fr)).await;
    assert!(fr.contains("95 cases avant la ligne"), "{fr}");
    let nl = head("hulst", 2, Some(Language::Nl)).await;
    assert!(nl.contains("95 vakken tot de streep"), "{nl}");
}
