//! `commissaire demo --ruleset ID` rides every preset of the ruleset, each in its own folder,
//! and refuses a ruleset it does not know before writing anything.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    Command::new(env!("CARGO_BIN_EXE_commissaire"))
        .args(args)
        .current_dir(&root)
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("commissaire-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A configuration folder with the shipped courses, a Velo Master preset at Expert and one at
/// Pro (a stage each, on the short course), and a card-race preset.
fn config(dir: &Path) {
    let courses = dir.join("courses");
    std::fs::create_dir_all(&courses).unwrap();
    std::fs::create_dir_all(dir.join("tours")).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/courses");
    // Each game's courses sit in a folder of their own: copy the folders.
    for folder in std::fs::read_dir(shipped).unwrap() {
        let folder = folder.unwrap();
        let into = courses.join(folder.file_name());
        std::fs::create_dir_all(&into).unwrap();
        for file in std::fs::read_dir(folder.path()).unwrap() {
            let file = file.unwrap();
            std::fs::copy(file.path(), into.join(file.file_name())).unwrap();
        }
    }
    for (file, rules) in [("vm-expert", "expert"), ("vm-pro", "pro")] {
        let preset = format!(
            "name = \"{file}\"\nruleset = \"velo-master\"\nrules = \"{rules}\"\n\
             roster = [\"leader\", \"team-mate\", \"team-mate\", \"team-mate\"]\n\
             [[stage]]\ncourse = \"vm-sprint-de-vic\"\nkind = \"flat\"\n"
        );
        std::fs::write(dir.join(format!("tours/{file}.toml")), preset).unwrap();
    }
    let week = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/tours/week.toml");
    std::fs::copy(week, dir.join("tours/week.toml")).unwrap();
}

#[test]
fn demo_rides_each_preset_of_the_ruleset_into_its_own_folder() {
    let dir = temp_dir("demo-ruleset-config");
    config(&dir);
    let out = temp_dir("demo-ruleset-out");
    let result = run(&[
        "--config",
        dir.to_str().unwrap(),
        "demo",
        "--ruleset",
        "velo-master",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(0), "{stderr}");
    let mut folders: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    folders.sort();
    assert_eq!(
        folders,
        ["vm-expert", "vm-pro"],
        "the card race is not ridden"
    );
    for tour in folders {
        let stage = out.join(&tour).join("stage-01");
        for picture in ["stage-01-finish.png", "moment-3.png", "moment-7.png"] {
            let bytes = std::fs::read(stage.join(picture))
                .unwrap_or_else(|e| panic!("{tour}/{picture}: {e}"));
            assert!(bytes.starts_with(b"\x89PNG"), "{tour}/{picture}");
        }
        assert!(stage.join("standings.md").is_file());
        let winners = std::fs::read_to_string(out.join(&tour).join("winners.md")).unwrap();
        assert!(winners.contains("The tour is over"), "{winners}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn demo_refuses_an_unknown_ruleset_or_one_with_a_tour_before_writing() {
    let out = temp_dir("demo-ruleset-nope");
    let result = run(&["demo", "--ruleset", "chess", "--out", out.to_str().unwrap()]);
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("chess"), "{stderr}");
    assert!(
        !out.exists(),
        "a refused run leaves {} behind",
        out.display()
    );

    let both = run(&["demo", "--ruleset", "velo-master", "--tour", "week"]);
    assert_eq!(both.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&both.stderr);
    assert!(stderr.contains("--tour"), "{stderr}");
}

/// HB-077 as players read it: a world cup's report lists each event's finishers with the cup
/// points they scored (25, 20, 16…), not a time no classification adds up.
#[test]
fn a_world_cup_report_gives_each_event_its_cup_points_not_times() {
    let out = temp_dir("world-cup-report");
    let done = run(&[
        "demo",
        "--tour",
        "world-cup",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let report = std::fs::read_to_string(out.join("tour.md")).unwrap();
    let results = report.matches(": result**").count();
    assert!(results >= 2, "{report}");
    assert_eq!(
        report
            .matches("Finish order, with the World cup points each rider scored.")
            .count(),
        results,
        "{report}"
    );
    assert_eq!(report.matches("\n1. ").count(), results, "{report}");
    assert_eq!(report.matches(": 25 pts\n").count(), results, "{report}");
    assert!(!report.contains("bonus"), "{report}");
    let _ = std::fs::remove_dir_all(&out);
}

/// `demo --lang fr` and `--lang nl` leave a French and a Dutch tour folder: the tour book, the
/// standings and the winners in the language asked for, the progress and the last line too.
#[test]
fn demo_writes_its_tour_folder_in_the_language_asked_for() {
    let dir = temp_dir("demo-lang-config");
    config(&dir);
    std::fs::write(
        dir.join("tours/short.toml"),
        "name = \"Tour court\"\nruleset = \"card-race\"\nrules = \"house-b\"\n\
         roster = [\"rouleur\", \"sprinteur\", \"grimpeur\"]\n\
         [[stage]]\ncourse = \"avenue-corso-paseo\"\nkind = \"flat\"\n",
    )
    .unwrap();
    for (lang, book, standings, winners, done) in [
        (
            "fr",
            "Des bots mènent toutes les équipes",
            "Classements après l'étape 1",
            "Le tour est terminé. Les vainqueurs :",
            "Les images, les classements et le récit de la course sont dans",
        ),
        (
            "nl",
            "Bots rijden met elke ploeg",
            "Klassementen na etappe 1",
            "De tour is voorbij. De winnaars:",
            "Afbeeldingen, klassementen en het koersverslag staan in",
        ),
    ] {
        let out = temp_dir(&format!("demo-lang-{lang}"));
        let result = run(&[
            "--config",
            dir.to_str().unwrap(),
            "demo",
            "--tour",
            "short",
            "--lang",
            lang,
            "--out",
            out.to_str().unwrap(),
        ]);
        let stdout = String::from_utf8_lossy(&result.stdout);
        assert!(
            result.status.success(),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        let tour = std::fs::read_to_string(out.join("tour.md")).unwrap();
        assert!(tour.contains(book), "{tour}");
        let md = std::fs::read_to_string(out.join("stage-01/standings.md")).unwrap();
        assert!(md.contains(standings), "{md}");
        let won = std::fs::read_to_string(out.join("winners.md")).unwrap();
        assert!(won.contains(winners), "{won}");
        assert!(stdout.contains(done), "{stdout}");
        // No English sentence of the tour book slipped through.
        for english in ["The tour is over", "Standings after", " starts.", "Round 1"] {
            assert!(!tour.contains(english), "{lang}: {english} in {tour}");
        }
        std::fs::remove_dir_all(&out).unwrap();
    }
    // A language the catalogue does not speak is refused before anything is written.
    let refused = run(&["demo", "--lang", "de", "--out", "/nonexistent/never"]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("'de' is not one of en, fr, nl"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
