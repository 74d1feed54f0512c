//! Big Deal's construction (`source::bigdeal`): every reference run of Big Deal 2.0's
//! `bigdealx` in `tests/data/bigdeal` (see its README) dealt again board for board, from the
//! `-h` hash or the `-W` owner and `-e` strings, and the whole SquareDeal example from its
//! `.sqd` and `.sqk` files; the deals compared with the PBN files' `Deal` tags, their numbers
//! with the `.goe` files' Gödel numbers. Then the law of the stream: north's spades and each
//! seat's HCP over 200,000 deals against their exact laws.

use crate::common::data_dir;
use dealvm::source::bigdeal::{deal_of, entropy_hash, number_of, owner_hash, parse_hash, BigDeal, DEFAULT_OWNER};
use dealvm::source::pbn::parse_deal;
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
fn check_run(seed_random: [u8; 20], seed_owner: [u8; 20], (first, last): (u32, u32), pbn: &str, goe: Option<&str>) {
    let expected = boards(pbn);
    let mut stream = BigDeal::new(seed_random, seed_owner);
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

/// Standard base64 with padding, as SquareDeal encodes the delayed value.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The name of a session's files: the phase's prefix with its run of `#` replaced by the
/// session number, zero-padded to the run's length.
fn session_name(prefix: &str, session: usize) -> String {
    let start = prefix.find('#').unwrap();
    let run = prefix[start..].chars().take_while(|&c| c == '#').count();
    format!("{}{session:0run$}{}", &prefix[..start], &prefix[start + run..])
}

/// The first and last boards of a range of an `SN` line: `17-32`, or `16` for `1-16`.
fn board_range(range: &str) -> (u32, u32) {
    match range.split_once('-') {
        Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
        None => (1, range.parse().unwrap()),
    }
}

#[test]
fn the_squaredeal_example_is_dealt_again_from_its_keys() {
    let sqd = read("squaredeal-example/EXAMPLE2026.sqd");
    let sqk = read("squaredeal-example/EXAMPLE2026.sqk");
    assert!(sqk.split_inclusive('\n').all(|l| l.ends_with("\r\n")), "the key file's lines end in CRLF");
    let value = |code: &str| sqd.lines().filter_map(move |l| l.strip_prefix(code).map(str::trim)).collect::<Vec<_>>();
    let delayed = value("DV ")[0];
    assert_eq!(delayed, "12,345.67", "the delayed value as stored");
    let key = |phase: usize, session: usize| {
        let label = format!("{phase},{session}:");
        let line = sqk.lines().find_map(|l| l.strip_prefix(&label)).unwrap_or_else(|| panic!("no key {label}"));
        line.to_string()
    };
    let mut boards = 0;
    for (p, line) in value("SN ").iter().enumerate() {
        let fields: Vec<&str> = line.splitn(4, ':').collect();
        let sessions: usize = fields[0].parse().unwrap();
        let ranges: Vec<&str> = fields[1].split(',').collect();
        for s in 1..=sessions {
            let key = key(p + 1, s);
            assert_eq!(key.len(), 60);
            let (left, right) = key.split_at(key.len() / 2);
            let seed_random = entropy_hash(&[right, &base64(delayed.as_bytes()), "original"]);
            let range = board_range(ranges[(s - 1) % ranges.len()]);
            let name = session_name(fields[2], s);
            let (pbn, goe) = (format!("squaredeal-example/{name}.pbn"), format!("squaredeal-example/{name}.goe"));
            check_run(seed_random, owner_hash(left), range, &pbn, Some(&goe));
            boards += range.1 - range.0 + 1;
        }
    }
    assert_eq!(boards, 56);
}

#[test]
fn base64_and_session_names_follow_squaredeal() {
    assert_eq!(base64(b"12,345.67"), "MTIsMzQ1LjY3");
    assert_eq!(base64(b"ab"), "YWI=");
    assert_eq!(base64(b"a"), "YQ==");
    assert_eq!(session_name("TEAMS##", 2), "TEAMS02");
    assert_eq!(session_name("CLUB#", 1), "CLUB1");
}
