//! Big Deal's construction (`tournament::bigdeal`): every reference run of Big Deal 2.0's
//! `bigdealx` in `tests/data/bigdeal` (see its README) dealt again board for board, from the
//! `-h` hash or the `-W` owner and `-e` strings, and the whole SquareDeal example from its
//! `.sqd` and `.sqk` files; the deals compared with the PBN files' `Deal` tags, their numbers
//! with the `.goe` files' Gödel numbers. Then the law of the stream: north's spades and each
//! seat's HCP over 200,000 deals against their exact laws.

use crate::common::data_dir;
use dealvm::formats::pbn::parse_deal;
use dealvm::tournament::bigdeal::{deal_of, entropy_hash, number_of, owner_hash, parse_hash, BigDeal, DEFAULT_OWNER};
use dealvm::tournament::squaredeal::event::{session_name, session_stream, Event, Keys, SessionSeed};
use dealvm_vm::card::Deal;
use std::fs;

/// The text of a file of `tests/data/bigdeal`.
fn read(path: &str) -> String {
    let path = data_dir().join("bigdeal").join(path);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The boards of a PBN file written by Big Deal: each board's number and its `Deal` tag.
fn boards(path: &str) -> Vec<(u32, String)> {
    let text = read(path);
    let tag = |line: &str, name: &str| {
        let value = line.strip_prefix(&format!("[{name} \""))?.strip_suffix("\"]")?;
        Some(value.to_string())
    };
    let numbers = text.lines().filter_map(|l| tag(l, "Board")).map(|n| n.parse().unwrap());
    let deals = text.lines().filter_map(|l| tag(l, "Deal"));
    let boards: Vec<_> = numbers.zip(deals).collect();
    assert!(!boards.is_empty(), "{path}: no boards");
    boards
}

/// The Gödel numbers of a `.goe` file: one a line, with thousands separators.
fn numbers(path: &str) -> Vec<u128> {
    read(path).lines().filter(|l| !l.trim().is_empty()).map(|l| l.trim().replace(',', "").parse().unwrap()).collect()
}

/// Deals the boards `first..=last` from the seeds and checks them against the PBN file's deals,
/// and their numbers against the `.goe` file's, when there is one.
fn check_run(seed_random: [u8; 20], seed_owner: [u8; 20], range: (u32, u32), pbn: &str, goe: Option<&str>) {
    check_stream(BigDeal::new(seed_random, seed_owner), range, pbn, goe);
}

/// [`check_run`] from the stream itself.
fn check_stream(mut stream: BigDeal, (first, last): (u32, u32), pbn: &str, goe: Option<&str>) {
    let expected = boards(pbn);
    let mut ours = Vec::new();
    for board in first..=last {
        let number = stream.next_number();
        let deal = deal_of(number);
        ours.push(number);
        let Some((given, text)) = expected.get((board - first) as usize) else { panic!("{pbn}: board {board} missing") };
        assert_eq!(*given, board, "{pbn}: board numbers");
        assert_eq!(deal.pbn(), *text, "{pbn}: board {board}");
        let read = parse_deal(text).unwrap();
        assert_eq!(read, deal, "{pbn}: board {board}");
        assert_eq!(number_of(&read), number, "{pbn}: board {board}'s number");
    }
    assert_eq!(expected.len(), ours.len(), "{pbn}: number of boards");
    if let Some(goe) = goe {
        assert_eq!(numbers(goe), ours, "{goe}");
    }
}

#[test]
fn the_hash_runs_are_dealt_again() {
    let owner = owner_hash(DEFAULT_OWNER);
    let h36 = parse_hash("0123456789abcdef0123456789abcdef01234567").unwrap();
    check_run(h36, owner, (1, 36), "h36/hash.pbn", Some("h36/hash.goe"));
    let h99 = parse_hash("fedcba9876543210fedcba9876543210fedcba98").unwrap();
    check_run(h99, owner, (1, 99), "h99/big99.pbn", None);
}

#[test]
fn the_owner_runs_are_dealt_again() {
    let owner = owner_hash("ExampleClubKeyLeftHalf0123456789");
    let right = "ExampleClubKeyRightHalf9876543210";
    check_run(entropy_hash(&[right, "original"]), owner, (1, 32), "w32/club.pbn", Some("w32/club.goe"));
    // Boards 11 to 20 are the stream's first ten deals: board numbers are not hashed.
    check_run(entropy_hash(&[right, "reserve"]), owner, (11, 20), "w11/range.pbn", Some("w11/range.goe"));
}

#[test]
fn every_reference_deal_and_number_round_trip() {
    let files = [
        ("h36/hash.pbn", Some("h36/hash.goe")),
        ("h99/big99.pbn", None),
        ("w32/club.pbn", Some("w32/club.goe")),
        ("w11/range.pbn", Some("w11/range.goe")),
        ("squaredeal-example/CLUB1.pbn", Some("squaredeal-example/CLUB1.goe")),
        ("squaredeal-example/CLUB2.pbn", Some("squaredeal-example/CLUB2.goe")),
        ("squaredeal-example/TEAMS01.pbn", Some("squaredeal-example/TEAMS01.goe")),
        ("squaredeal-example/TEAMS02.pbn", Some("squaredeal-example/TEAMS02.goe")),
        ("squaredeal-example/TEAMS03.pbn", Some("squaredeal-example/TEAMS03.goe")),
    ];
    let mut count = 0;
    for (pbn, goe) in files {
        let deals: Vec<Deal> = boards(pbn).iter().map(|(_, text)| parse_deal(text).unwrap()).collect();
        let ours: Vec<u128> = deals.iter().map(number_of).collect();
        for (deal, &number) in deals.iter().zip(&ours) {
            assert_eq!(deal_of(number), *deal, "{pbn}: {number}");
        }
        if let Some(goe) = goe {
            assert_eq!(ours, numbers(goe), "{goe}");
        }
        count += deals.len();
    }
    assert_eq!(count, 36 + 99 + 32 + 10 + 56);
}

#[test]
fn the_squaredeal_example_is_dealt_again_from_its_keys() {
    let sqd = read("squaredeal-example/EXAMPLE2026.sqd");
    let sqk = read("squaredeal-example/EXAMPLE2026.sqk");
    assert!(sqk.split_inclusive('\n').all(|l| l.ends_with("\r\n")), "the key file's lines end in CRLF");
    let event = Event::parse("EXAMPLE2026.sqd", &sqd).unwrap();
    let keys = Keys::parse("EXAMPLE2026.sqk", sqk.as_bytes()).unwrap();
    let (delayed, _) = event.delayed_value.as_ref().unwrap();
    assert_eq!(delayed, "12,345.67", "the delayed value as stored");
    let mut boards = 0;
    for (p, phase) in event.phases.iter().enumerate() {
        for s in 1..=phase.sessions {
            let (key, _) = &keys.keys[&(p as u32 + 1, s)];
            assert_eq!(key.len(), 60);
            // The seeds as SquareDeal makes them, spelt out, and as the library makes them.
            let (left, right) = key.split_at(key.len() / 2);
            let seed_random =
                entropy_hash(&[right, &base64::Engine::encode(&base64::engine::general_purpose::STANDARD, delayed.as_bytes()), "original"]);
            let range = phase.range(s).unwrap();
            let range = (range.0 as u32, range.1 as u32);
            let name = session_name(&phase.prefix, &s.to_string(), false);
            let (pbn, goe) = (format!("squaredeal-example/{name}.pbn"), format!("squaredeal-example/{name}.goe"));
            check_run(seed_random, owner_hash(left), range, &pbn, Some(&goe));
            let seed = SessionSeed { key, delayed_value: delayed, reserve: false, variable_session: None };
            check_stream(session_stream(&seed), range, &pbn, Some(&goe));
            boards += range.1 - range.0 + 1;
        }
    }
    assert_eq!(boards, 56);
}
