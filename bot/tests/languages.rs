//! A tour speaks one language in its channel, and each member reads their own in what only they
//! see: the tour's language is set at creation (or is the server's), public posts and the
//! round's card follow it, and a private answer follows the member's language when the
//! catalogue speaks it, else the tour's.

mod common;

use commissaire::services::{Actor, TourSettings};
use commissaire::store::tours;
use commissaire_messages::{Language, in_language};
use common::*;

fn in_french(seats: u8) -> TourSettings {
    TourSettings {
        language: Some(Language::Fr),
        ..settings(seats, 7)
    }
}

#[tokio::test]
async fn a_french_tour_posts_in_french_and_a_dutch_member_reads_dutch_in_private() {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await.with_pictures(true);
    // An English-speaking admin creates a French tour: the channel reads French.
    let opened = ok(s.create_tour(&admin(), CHANNEL, in_french(2)).await);
    assert!(opened.text.contains("est ouvert"), "{}", opened.text);
    assert!(
        opened.text.contains("pour choisir à chaque manche"),
        "{}",
        opened.text
    );

    let dutch = player(1).reading(Some(Language::Nl));
    let speaks = s.language_for(&dutch, CHANNEL).await;
    assert_eq!(speaks, Language::Nl);
    let joined = ok(in_language(speaks, s.join(&dutch, CHANNEL, "Oranje", "orange")).await);
    assert!(!joined.private);
    assert_eq!(
        joined.text,
        "Oranje (orange) rejoint le tour : 1 place prise sur 2."
    );
    // A refusal is the member's own: Dutch.
    let refused = refusal(in_language(speaks, s.join(&dutch, CHANNEL, "Rood", "red")).await);
    assert_eq!(
        refused,
        "je zit al in deze tour, als ploegleider van Oranje"
    );

    let mut start = ok(s.start(&admin(), CHANNEL).await);
    s.draw(&mut start).await;
    let all = all_text(&start);
    assert!(all.contains("est lancé"), "{all}");
    assert!(
        all.contains("Directeurs sportifs, ouvrez votre main"),
        "{all}"
    );
    let opening = start
        .all()
        .into_iter()
        .find(|r| r.turn.is_some())
        .expect("a message opens round 1");
    let card = opening.turn.clone().unwrap();
    assert_eq!(card.language, Language::Fr);
    assert!(card.title.starts_with("Étape 1/"), "{}", card.title);
    // The week's preset opens with house rules B's fictive start.
    assert_eq!(card.turn, "le départ fictif");
    assert_eq!(opening.buttons[0].label, "Choisir mes cartes");

    // The Dutch director's hand is Dutch, buttons included.
    let hand = ok(in_language(speaks, s.hand(&dutch, CHANNEL)).await);
    assert!(hand.private);
    assert!(
        hand.text.contains("etappe 1, de neutrale start"),
        "{}",
        hand.text
    );
    assert!(
        hand.buttons.iter().any(|b| b.label.ends_with(": Trekken")),
        "{:?}",
        hand.buttons
    );
    // Drawing, then keeping: the acknowledgement is Dutch, the round's news French.
    let mut reply = hand;
    for _ in 0..8 {
        let Some(pick) = offered(&reply).into_iter().next() else {
            break;
        };
        reply = ok(in_language(speaks, s.choose(&dutch, CHANNEL, &request(), pick)).await);
        assert!(reply.private);
        if !reply.followups.is_empty() {
            break;
        }
    }
    assert!(
        reply
            .text
            .contains("Je keuze rondde etappe 1, de neutrale start af"),
        "{}",
        reply.text
    );
    let news: Vec<&str> = reply.followups.iter().map(|r| r.text.as_str()).collect();
    assert!(
        news.iter()
            .any(|t| t.contains("**Étape 1, le départ fictif**")),
        "{news:?}"
    );
    assert!(
        reply.followups.iter().all(|r| !r.private),
        "the news is the channel's"
    );
    // What only the channel sees stays French, the pictures' titles too; file names are English.
    let mut followup = reply.followups.remove(0);
    s.draw(&mut followup).await;
    assert!(
        followup
            .images
            .iter()
            .any(|(name, png)| name == "stage-01-fictive-start.png" && png.starts_with(b"\x89PNG")),
        "{:?}",
        followup.images.iter().map(|i| &i.0).collect::<Vec<_>>()
    );

    // The standings are the channel's: French, whoever asks.
    let standings = ok(in_language(speaks, s.standings(CHANNEL)).await);
    assert!(!standings.private);
}

#[tokio::test]
async fn the_servers_language_is_a_new_tours_and_a_member_whose_language_is_not_spoken_reads_the_tours()
 {
    let db = Db::new();
    let clock = clock();
    let s = open(&db, &clock).await;
    // No tour yet: the server's language, else English.
    let german = Actor {
        locale: Language::from_code("de"),
        guild_locale: Some(Language::Nl),
        ..admin()
    };
    assert_eq!(s.language_for(&german, CHANNEL).await, Language::Nl);
    assert_eq!(s.language_for(&player(3), CHANNEL).await, Language::En);
    // Created on a Dutch server with no language given: the tour is Dutch.
    let opened = ok(in_language(
        s.language_for(&german, CHANNEL).await,
        s.create_tour(&german, CHANNEL, settings(2, 3)),
    )
    .await);
    assert!(opened.text.contains("is open:"), "{}", opened.text);
    assert!(opened.text.contains("Meld je aan"), "{}", opened.text);
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tour.language, Language::Nl);
    drop(conn);
    // A member whose own language the catalogue lacks reads the tour's.
    assert_eq!(s.language_for(&german, CHANNEL).await, Language::Nl);
    let french = player(4).reading(Some(Language::Fr));
    assert_eq!(s.language_for(&french, CHANNEL).await, Language::Fr);
    // A French admin's refusal is French, the tour stays Dutch.
    let again = Actor {
        locale: Some(Language::Fr),
        ..admin()
    };
    let refused = refusal(
        in_language(
            s.language_for(&again, CHANNEL).await,
            s.create_tour(&again, CHANNEL, settings(2, 3)),
        )
        .await,
    );
    assert!(
        refused.starts_with("il y a déjà un tour dans ce salon (week, en attente d'équipes)"),
        "{refused}"
    );
}

/// The riders a tour of the channel entered, by key.
async fn entered(s: &commissaire::services::Services) -> Vec<String> {
    use commissaire::store::riders;
    let mut conn = s.store().read().await.unwrap();
    let tour = tours::active_in_channel(&mut conn, CHANNEL)
        .await
        .unwrap()
        .unwrap();
    riders::list(&mut conn, tour.id)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.key.0)
        .collect()
}

/// Issue 32, item 10: a rider with no name of his own is named in the tour's language, and
/// keeps that one name: a French Hulst tour rides "Coureur 1" to "Coureur 3" (the name his key,
/// the narration and the standings carry), a Dutch Velo Master tour a "Kopman" and his
/// "Ploegmaat 2"; the classifications read in the tour's language alone, the box's Dutch names
/// left to the docs.
#[tokio::test]
async fn a_riders_default_name_and_the_classifications_speak_the_tours_language() {
    let db = Db::new();
    let s = open(&db, &clock()).await;
    let hulst = TourSettings {
        preset: "hulst".into(),
        language: Some(Language::Fr),
        ..settings(2, 7)
    };
    ok(s.create_tour(&admin(), CHANNEL, hulst).await);
    ok(s.join(&player(1), CHANNEL, "Rouges", "red").await);
    let started = ok(s.start(&admin(), CHANNEL).await);
    let riders = entered(&s).await;
    assert_eq!(
        riders[..3],
        ["Rouges Coureur 1", "Rouges Coureur 2", "Rouges Coureur 3"]
    );
    assert!(riders.iter().all(|r| !r.contains("Rider")), "{riders:?}");
    let told = all_text(&started);
    assert!(!told.contains("Rider"), "{told}");
    // As `/standings` offers them to a French member.
    let titles: Vec<String> = in_language(Language::Fr, s.classification_choices(CHANNEL))
        .await
        .unwrap()
        .into_iter()
        .map(|(_, title)| title)
        .collect();
    assert_eq!(
        titles,
        [
            "Maillot jaune",
            "Classement aux points",
            "Classement par équipes au temps",
            "Classement général final"
        ]
    );
    ok(s.end_tour(&admin(), CHANNEL).await);

    let velo = TourSettings {
        preset: "velo-master-week".into(),
        language: Some(Language::Nl),
        ..settings(3, 7)
    };
    ok(s.create_tour(&admin(), CHANNEL, velo).await);
    ok(s.join(&player(1), CHANNEL, "Rooien", "red").await);
    ok(s.start(&admin(), CHANNEL).await);
    assert_eq!(
        entered(&s).await[..4],
        [
            "Rooien Kopman",
            "Rooien Ploegmaat 2",
            "Rooien Ploegmaat 3",
            "Rooien Ploegmaat 4"
        ]
    );
    // The director's hand names his riders as the tour does.
    let hand = ok(s.hand(&player(1), CHANNEL).await);
    let words = format!(
        "{} {:?}",
        hand.text,
        hand.buttons.iter().map(|b| &b.label).collect::<Vec<_>>()
    );
    assert!(!words.contains("Team-mate"), "{words}");
}
