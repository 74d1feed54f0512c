//! The library's front door (`dealvm::Script`, `Run`, `Deals`): the same deals and figures as
//! the command, errors as values with their place, deals from files and lists, values of
//! variables on each produced deal.

use crate::common::{dealvm_in, dealvm_stdin};
use dealvm::{Deals, Script, Seat, Statistic};
use serde_json::Value;

/// A study with every kind of statistics action.
const STUDY: &str = "\
nt = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17
condition nt
action average \"South's points\" hcp(south),
       average spades(south) >= 4,
       frequency \"hearts\" (hearts(south), 0, 8),
       frequency (hcp(south), 0, 20, spades(north), 2, 5),
       bktfreq \"points\" (hcp(south), 0, 24, 4)
";

#[test]
fn the_library_gives_the_figures_the_command_prints_in_json() {
    let dir = crate::common::tmp_dir().join(format!("dealvm-library-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = dealvm_in(&dir, &["-s", "11", "-g", "300000", "-R", "2", "--json", "study.json"], Some(STUDY.as_bytes()));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let document: Value = serde_json::from_slice(&std::fs::read(dir.join("study.json")).unwrap()).unwrap();
    std::fs::remove_dir_all(&dir).ok();

    let script = Script::new(STUDY).unwrap();
    let results = script.run().seed(11).generate(300_000).statistics().unwrap();
    assert_eq!(results.generated, document["generated"].as_u64().unwrap());
    assert_eq!(results.produced, document["produced"].as_u64().unwrap());
    let reports = document["reports"].as_array().unwrap();
    assert_eq!(results.statistics.len(), reports.len());
    for (statistic, report) in results.statistics.iter().zip(reports) {
        match statistic {
            Statistic::Average(a) => {
                assert_eq!(report["kind"], "average");
                assert_eq!(a.n, report["n"].as_u64().unwrap());
                assert_eq!(a.sum.to_string(), report["sum"].to_string());
                assert_eq!(a.sum_of_squares.to_string(), report["sum_of_squares"].to_string());
                assert_eq!(a.mean(), report["mean"].as_f64());
                assert_eq!(a.standard_error(), report["standard_error"].as_f64());
                assert_eq!(a.label.as_deref(), report["label"].as_str());
            }
            Statistic::Table(t) => {
                assert_eq!(t.label.as_deref(), report["label"].as_str());
                assert_eq!(t.n, report["n"].as_u64().unwrap());
                if t.columns.is_none() {
                    // Below, each cell by its first value, above.
                    assert_eq!(t.count(i64::from(t.rows.low) - 1), report["below"]["count"].as_u64().unwrap());
                    for cell in report["cells"].as_array().unwrap() {
                        assert_eq!(t.count(cell["from"].as_i64().unwrap()), cell["count"].as_u64().unwrap(), "{cell}");
                        assert_eq!(t.count(cell["to"].as_i64().unwrap()), cell["count"].as_u64().unwrap(), "{cell}");
                    }
                    assert_eq!(t.count(i64::from(t.rows.high) + 99), report["above"]["count"].as_u64().unwrap());
                } else {
                    let rows = report["counts"].as_array().unwrap();
                    let flat: Vec<u64> = rows.iter().flat_map(|r| r.as_array().unwrap().iter().map(|c| c.as_u64().unwrap())).collect();
                    assert_eq!(t.counts(), &flat[..]);
                    // The cell of 10 points and a doubleton spade: row 1 + 10, column 1 + 0.
                    assert_eq!(t.count2(10, 2), rows[11][1].as_u64().unwrap());
                }
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}

#[test]
fn produced_deals_and_values_are_the_commands_on_any_thread_count() {
    // The command prints each produced deal on one line, then the variable's value.
    let text = "fit = hearts(north) + hearts(south)\ncondition fit >= 9\nproduce 25\naction printes(fit, \" \"), printoneline\n";
    let run = dealvm_stdin(text, &["-s", "4"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let script = Script::builder().value("fit").compile(text).unwrap();
    let one = script.run().seed(4).collect().unwrap();
    let two = script.run().seed(4).threads(2).collect().unwrap();
    assert_eq!(one, two);
    // 0: one thread per core.
    let every_core = script.run().seed(4).generate(200_000).threads(0).collect().unwrap();
    assert_eq!(script.run().seed(4).generate(200_000).collect().unwrap(), every_core);
    assert_eq!(one.deals.len(), 25);
    let lines: Vec<&str> = run.stdout.lines().take(25).collect();
    for (deal, line) in one.deals.iter().zip(&lines) {
        let fit = deal.value("fit").unwrap();
        assert!(line.starts_with(&format!("{fit} ")), "{line} against {fit}");
        let north = deal.board.deal.hand(Seat::North);
        assert!(line.contains(&format!(" n {} e ", north.pbn())), "{line}");
        let hearts = |s: Seat| deal.board.deal.hand(s).len(dealvm::Suit::Hearts) as i32;
        assert_eq!(fit, hearts(Seat::North) + hearts(Seat::South));
    }
}

#[test]
fn errors_are_values_with_the_place_and_the_commands_message() {
    let text = "x = hcp(north)\ncondition x >= 12 &&\n  spades(nrth) >= 5\n";
    let error = Script::builder().name("stdin").compile(text).err().expect("a misspelt seat is refused");
    let run = dealvm_stdin(text, &[]);
    assert_eq!(run.status, 2);
    assert_eq!(error.to_string(), run.stderr);
    assert_eq!((error.line(), error.column()), (Some(3), Some(10)));
    assert!(error.message().contains("nrth"), "{}", error.message());
    let unknown = Script::builder().value("y").compile(text.replace("nrth", "north").as_str()).err().unwrap();
    assert!(unknown.message().contains("no variable `y`"), "{}", unknown.message());
    assert!(Script::builder().value("X").compile(&text.replace("nrth", "north")).err().unwrap().message().contains("did you mean `x`?"));
}

#[test]
fn deals_come_from_files_and_lists() {
    // A PBN file the command writes, read back by the library.
    let dir = crate::common::tmp_dir().join(format!("dealvm-library-pbn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = dealvm_in(&dir, &["-s", "8", "-p", "12", "--pbn", "set.pbn"], Some(b"condition hcp(west) >= 14"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let deals = Deals::file(dir.join("set.pbn")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(deals.len(), Some(12));
    let script = Script::new("condition hcp(west) >= 14\naction average hcp(north)").unwrap();
    let results = script.run().deals(deals.clone()).collect().unwrap();
    assert_eq!((results.generated, results.produced), (12, 12));
    let expected = dealvm_stdin("condition hcp(west) >= 14\nproduce 12\naction printoneline", &["-s", "8"]);
    for (deal, line) in results.deals.iter().zip(expected.stdout.lines()) {
        assert!(line.starts_with(&format!("n {} e ", deal.board.deal.hand(Seat::North).pbn())), "{line}");
    }
    // The same deals given as a list give the same figures.
    let list = Deals::from_deals(results.deals.iter().map(|d| d.board.deal));
    assert_eq!(script.run().deals(list).statistics().unwrap().statistics, results.statistics);
    let missing = Deals::file("no/such.pbn").err().unwrap();
    assert!(missing.message().contains("no/such.pbn"), "{}", missing.message());
}

#[test]
fn a_file_without_board_numbers_is_read_from_the_first_board_given() {
    // Big Deal's BHG file of boards 11 to 20, each hand from its board's dealer, beside its PBN.
    let folder = crate::common::data_dir().join("bigdeal/w11");
    let script = Script::new("produce 10").unwrap();
    let boards = |deals: Deals| script.run().deals(deals).collect().unwrap().deals.into_iter().map(|d| d.board).collect::<Vec<_>>();
    let numbered = boards(Deals::file(folder.join("range.pbn")).unwrap());
    assert_eq!(numbered.iter().map(|b| b.number).collect::<Vec<_>>(), (11..=20).collect::<Vec<_>>());
    let from_eleven = Deals::file_from_board(folder.join("range.bhg"), 11).unwrap();
    assert_eq!(from_eleven.warnings(), &[] as &[String]);
    assert_eq!(boards(from_eleven), numbered);
    let bytes = std::fs::read(folder.join("range.bhg")).unwrap();
    assert_eq!(boards(Deals::bytes_from_board("range.bhg", bytes.clone(), 11).unwrap()), numbered);
    // Without it: boards 1 to 10, every hand turned, and a warning that says how to read it.
    let from_one = Deals::from_bytes("range.bhg", bytes).unwrap();
    assert_eq!(from_one.warnings().len(), 1);
    assert!(from_one.warnings()[0].contains("its 10 boards are read as boards 1 to 10"), "{:?}", from_one.warnings());
    assert!(from_one.warnings()[0].contains("Deals::file_from_board"), "{:?}", from_one.warnings());
    let turned = boards(from_one);
    assert_eq!(turned.iter().map(|b| b.number).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
    assert!(turned.iter().zip(&numbered).all(|(a, b)| a.deal != b.deal));
}

#[test]
fn a_run_without_a_seed_gives_back_the_seed_that_repeats_it() {
    let script = Script::new("condition hcp(south) >= 18\nproduce 4").unwrap();
    let first = script.run().collect().unwrap();
    assert_ne!(first.seed, 0);
    let again = script.run().seed(first.seed).collect().unwrap();
    assert_eq!(first, again);
}

#[test]
fn a_rare_condition_is_dealt_exactly_and_an_impossible_one_ends_at_once() {
    // Exactly dealt: the same Generated as the command, which says so.
    let text = "condition hcp(north) >= 30\nproduce 3\naction printoneline";
    let run = dealvm_stdin(text, &["-s", "2"]);
    assert!(run.stdout.contains("Exact dealing"), "{}", run.stdout);
    let generated: u64 = run.stdout.lines().find_map(|l| l.strip_prefix("Generated ")).unwrap().trim_end_matches(" hands").parse().unwrap();
    let results = Script::new(text).unwrap().run().seed(2).collect().unwrap();
    assert_eq!((results.generated, results.produced), (generated, 3));
    let never = Script::new("condition hcp(north) + hcp(south) > 40").unwrap().run().seed(1).generate(1000).statistics().unwrap();
    assert_eq!((never.generated, never.produced), (1000, 0));
}
