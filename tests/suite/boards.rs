//! Board files: Duplimate DLM files and PBN files, written with `--dlm`/`--pbn` and read with
//! `--deals`. The DLM encoding is checked against the vectors transcribed from the DLM
//! format description (`tests/data/dlm_boards.tsv`), the files by round trips, and the
//! readers by corrupted files.

use crate::common::data_dir;
use crate::common::{run_in as run, scratch};
use dealvm::diag::Source;
use dealvm::formats::{self, dlm, pbn};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability};
use std::fs;
use std::path::Path;

/// One row of the vectors: file, board, duplicates, `Board NN=` line, deal from North, and
/// the PBN dealer and vulnerability (file A boards 1-32 only).
struct Vector {
    file: String,
    board: u64,
    duplicates: u64,
    line: String,
    deal: String,
    dealer: String,
    vulnerable: String,
}

fn vectors() -> Vec<Vector> {
    let text = fs::read_to_string(data_dir().join("dlm_boards.tsv")).expect("the vectors");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Vector {
                file: f[0].into(),
                board: f[1].parse().unwrap(),
                duplicates: f[2].parse().unwrap(),
                line: f[3].into(),
                deal: f[4].into(),
                dealer: f[5].into(),
                vulnerable: f[6].into(),
            }
        })
        .collect()
}

#[test]
fn the_spec_vectors_encode_and_decode() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 198);
    for v in &vectors {
        let deal = pbn::parse_deal(&v.deal).unwrap_or_else(|e| panic!("{} board {}: {e:?}", v.file, v.board));
        let letters = dlm::letters(&deal);
        assert_eq!(dlm::board_line(v.board, v.duplicates, &letters), v.line, "file {} board {}", v.file, v.board);
        let decoded = dlm::deal_from_letters(&v.line[9..35]).expect("a deal");
        assert_eq!(decoded, deal, "file {} board {}", v.file, v.board);
        if v.file == "A" && v.board <= 32 {
            assert_eq!(board_dealer(v.board).letter().to_string(), v.dealer, "dealer of board {}", v.board);
            assert_eq!(board_vulnerability(v.board).pbn(), v.vulnerable, "vulnerability of board {}", v.board);
        }
    }
    // The two file checksums of the description.
    assert_eq!(dlm::file_checksum(dlm::Status::Show, 0, 1, 32, 1, 0), 32);
    assert_eq!(dlm::file_checksum(dlm::Status::Show, 0, 10, 24, 1, 1), 18);
}

/// The text of one of the description's example files from the vectors, with its header.
fn example_file(which: &str, header: &str) -> String {
    let mut text = header.replace('\n', "\r\n");
    for v in vectors().iter().filter(|v| v.file == which) {
        text.push_str(&format!("Duplicates {:02}={}\r\n{}\r\n", v.board, v.duplicates, v.line));
    }
    text.push_str("[STARTUP]\r\nSuppressDeals=Yes\r\n");
    text
}

const HEADER_A: &str = "[DOCUMENT]\nHeadline=\nStatus=Show\nDuplicates=0\nFrom board=1\nTo board=32\nDealing method=1\nNext board to duplimate=0\nPrintOuts=0\nCrypto key=0\nChecksum=32\n";
const HEADER_B: &str = "[Document]\nHeadline=Children In Need\nStatus=Show\nDuplicates=1\nFrom board=1\nTo board=32\nNext board to duplimate=0\nPrintOuts=0\nCrypto key=0\nChecksum=33\n";

#[test]
fn the_example_files_read_back() {
    for (which, header) in [("A", HEADER_A), ("B", HEADER_B)] {
        let src = Source::new(format!("{which}.dlm"), example_file(which, header));
        let boards = formats::dlm::read(&src).unwrap_or_else(|e| panic!("{}", e.render(None)));
        assert_eq!(boards.len(), 32, "file {which}");
        for (b, v) in boards.iter().zip(vectors().iter().filter(|v| v.file == which)) {
            assert_eq!(b.number, v.board);
            assert_eq!(b.deal, pbn::parse_deal(&v.deal).unwrap());
        }
    }
}

#[test]
fn dlm_and_pbn_round_trips_keep_every_deal() {
    let dir = scratch("round");
    // 99 boards, then read back, written as PBN, read back, written as DLM again.
    let out = run(&dir, &["-s", "11", "--dlm", "a.dlm"], "produce 99\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().next(), Some("Generated 99 hands"), "no action prints nothing");
    let a = fs::read(dir.join("a.dlm")).unwrap();
    assert!(a.windows(2).filter(|w| w == b"\r\n").count() > 200 && !a.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r'), "CRLF lines");
    let out = run(&dir, &["--deals", "a.dlm", "--pbn", "b.pbn"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = run(&dir, &["--deals", "b.pbn", "--dlm", "c.dlm"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read(dir.join("c.dlm")).unwrap(), a, "DLM -> PBN -> DLM gives the same file");
    let boards = dealvm::formats::read("b.pbn", fs::read(dir.join("b.pbn")).unwrap()).unwrap().into_boards();
    assert_eq!(boards.len(), 99);
    assert_eq!(boards.iter().map(|b| b.number).collect::<Vec<_>>(), (1..=99).collect::<Vec<_>>());
    // The same deals as printed by the run that made them.
    let printed = run(&dir, &["-s", "11"], "produce 99\naction printoneline\n");
    for (line, b) in printed.stdout.lines().zip(&boards) {
        let hands: Vec<String> = b.deal.hands.iter().map(|h| h.pbn()).collect();
        let want = format!("n {} e {} s {} w {} ", hands[0], hands[1], hands[2], hands[3]);
        assert_eq!(line, want);
    }
    // One board; boards not starting at 1.
    let out = run(&dir, &["-s", "3", "--dlm", "one.dlm", "--pbn", "one.pbn"], "produce 1\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let one = fs::read_to_string(dir.join("one.dlm")).unwrap();
    assert!(one.contains("From board=1\r\nTo board=1\r\n") && one.contains("Checksum=1\r\n"), "{one}");
    assert!(one.contains(&format!("Board 02={}", dlm::PLACEHOLDER)));
    let out = run(&dir, &["-s", "5", "--dlm", "mid.dlm", "--pbn", "mid.pbn"], "startboard 17\nproduce 8\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let mid = dealvm::formats::read("mid.dlm", fs::read(dir.join("mid.dlm")).unwrap()).unwrap().into_boards();
    let from_pbn = dealvm::formats::read("mid.pbn", fs::read(dir.join("mid.pbn")).unwrap()).unwrap().into_boards();
    assert_eq!(mid.iter().map(|b| b.number).collect::<Vec<_>>(), (17..=24).collect::<Vec<_>>());
    assert_eq!(mid.iter().map(|b| b.deal).collect::<Vec<_>>(), from_pbn.iter().map(|b| b.deal).collect::<Vec<_>>());
    let pbn = fs::read_to_string(dir.join("mid.pbn")).unwrap();
    assert!(
        pbn.contains(
            "[Board \"18\"]\r\n[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n[Deal \"E:"
        ),
        "{pbn}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pbn_games_follow_the_export_format() {
    let dir = scratch("pbn");
    let out = run(&dir, &["-s", "9", "--pbn", "x.pbn", "-T", "Club \"A\" night"], "produce 3\ndealer west\nvulnerable EW\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let text = fs::read_to_string(dir.join("x.pbn")).unwrap();
    let mut lines = text.split("\r\n");
    assert_eq!(lines.next(), Some("% PBN 2.1"));
    assert_eq!(lines.next(), Some("% EXPORT"));
    let tags: Vec<&str> = text.split("\r\n").filter(|l| l.starts_with('[')).take(15).map(|l| l[1..].split(' ').next().unwrap()).collect();
    assert_eq!(
        tags,
        [
            "Event",
            "Site",
            "Date",
            "Board",
            "West",
            "North",
            "East",
            "South",
            "Dealer",
            "Vulnerable",
            "Deal",
            "Scoring",
            "Declarer",
            "Contract",
            "Result"
        ]
    );
    assert!(text.contains("[Event \"Club \\\"A\\\" night\"]"), "{text}");
    assert_eq!(text.matches("[Dealer \"W\"]").count(), 3);
    assert_eq!(text.matches("[Vulnerable \"EW\"]").count(), 3);
    assert_eq!(text.matches("[Deal \"W:").count(), 3);
    assert_eq!(text.matches("[Result \"?\"]\r\n\r\n").count(), 3, "a blank line after each game");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn deals_from_a_file_run_through_the_condition_and_actions() {
    let dir = scratch("filter");
    fs::write(dir.join("a.dlm"), example_file("A", HEADER_A)).unwrap();
    // Boards where North has 12 or more HCP, with their own board numbers.
    let out = run(&dir, &["--deals", "a.dlm", "-"], "condition hcp(north) >= 12\naction printoneline(hcp(north))\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let want: Vec<String> = vectors()
        .iter()
        .filter(|v| v.file == "A" && v.board <= 32)
        .filter_map(|v| {
            let d = pbn::parse_deal(&v.deal).unwrap();
            let hcp: u32 = d.hands[0].cards().map(|c| c.rank().saturating_sub(8) as u32).sum();
            (hcp >= 12).then(|| {
                let h: Vec<String> = d.hands.iter().map(|x| x.pbn()).collect();
                format!("n {} e {} s {} w {} {hcp}", h[0], h[1], h[2], h[3])
            })
        })
        .collect();
    let got: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(got, want);
    assert!(out.stdout.contains("Generated 32 hands"));
    // printall shows each board's own number; a DLM file renamed .pbn is still read as DLM.
    fs::copy(dir.join("a.dlm"), dir.join("looks.pbn")).unwrap();
    let out = run(&dir, &["--deals", "looks.pbn", "-"], "condition hcp(north) >= 20\naction printall\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    for v in vectors().iter().filter(|v| v.file == "A" && v.board <= 32) {
        let d = pbn::parse_deal(&v.deal).unwrap();
        let hcp: u32 = d.hands[0].cards().map(|c| c.rank().saturating_sub(8) as u32).sum();
        assert_eq!(out.stdout.contains(&format!("{:4}. North", v.board)), hcp >= 20, "board {}", v.board);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corrupted_files_are_refused_with_the_line() {
    let dir = scratch("corrupt");
    let good = example_file("A", HEADER_A);
    let flip_letter = good.replacen("Board 05=djbifojmdh", "Board 05=djbifojmdi", 1);
    let wrong_digit = good.replacen("Board 07=cifiblfngecndbpekpllhhcalc015", "Board 07=cifiblfngecndbpekpllhhcalc016", 1);
    let missing = good.replacen("Board 12=bbacolffgiomogcobmhdpgbogm023\r\n", "", 1);
    let header = good.replacen("Checksum=32", "Checksum=33", 1);
    let upper = good.replacen("Board 03=illdhoinjb", "Board 03=ILLDHOINJB", 1);
    let not_a_deal = {
        // A♠ K♠ of board 2 given to North instead of West (`m` -> `a`), with the checksum
        // made right for the new letters: North holds 14 cards.
        let line = "Board 02=mnmcjohnmfhekkmdakkjnmbhie012";
        let letters = format!("a{}", &line[10..35]);
        good.replacen(line, &dlm::board_line(2, 1, &letters), 1)
    };
    for (name, text, want) in [
        ("flip.dlm", flip_letter, "flip.dlm:"),
        ("digit.dlm", wrong_digit, "checksum error on board 7"),
        ("missing.dlm", missing, "Board 12"),
        ("header.dlm", header, "invalid checksum"),
        ("upper.dlm", upper, "not a DLM letter"),
        ("deal.dlm", not_a_deal, "board 2 is not a deal"),
    ] {
        fs::write(dir.join(name), text).unwrap();
        let out = run(&dir, &["--deals", name], "");
        assert_eq!(out.status, 2, "{name}: {}", out.stdout);
        assert!(out.stderr.contains(want), "{name}: {}", out.stderr);
        assert!(out.stderr.contains(&format!("{name}:")), "{name} names file:line: {}", out.stderr);
    }
    // The flipped letter is caught by its board's checksum, on its line.
    let out = run(&dir, &["--deals", "flip.dlm"], "");
    assert!(out.stderr.contains("checksum error on board 5") && out.stderr.contains("flip.dlm:21:"), "{}", out.stderr);
    // PBN: a deal with a card twice, a hand short of cards.
    fs::write(dir.join("bad.pbn"), "[Event \"\"]\n[Board \"1\"]\n[Deal \"N:AKQ.JT9.876.5432 AKQ.JT9.876.5432 - -\"]\n").unwrap();
    let out = run(&dir, &["--deals", "bad.pbn"], "");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("bad.pbn:3:") && out.stderr.contains("twice"), "{}", out.stderr);
    fs::write(dir.join("text.txt"), "hello\n").unwrap();
    let out = run(&dir, &["--deals", "text.txt"], "");
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.contains("none of the formats --deals reads: PBN, DLM, DUP, BRI, DGE, LIN, Big Deal's CSV, BER, BHG, RZD, CDS, GOE, zrd or DL52"),
        "{}",
        out.stderr
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dlm_files_never_drop_boards() {
    let dir = scratch("limit");
    for (input, args) in [
        ("produce 100\n", vec!["--dlm", "x.dlm"]),
        ("startboard 95\nproduce 10\n", vec!["--dlm", "x.dlm"]),
        ("produce 10\n", vec!["--dlm", "x.dlm", "--board-start", "91"]),
    ] {
        let out = run(&dir, &args, input);
        assert_eq!(out.status, 2, "{input}");
        assert!(out.stderr.contains("a DLM file holds boards 1 to 99"), "{}", out.stderr);
        assert!(!dir.join("x.dlm").exists());
    }
    let out = run(&dir, &["--dlm", "x.dlm", "--board-start", "90", "-s", "1"], "produce 10\n");
    assert_eq!(out.status, 0, "boards 90 to 99 fit: {}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn failed_runs_leave_the_old_files() {
    let dir = scratch("atomic");
    fs::write(dir.join("keep.pbn"), "old").unwrap();
    fs::write(dir.join("keep.dlm"), "old").unwrap();
    // Division by zero on some deal: the run fails and writes nothing.
    let out = run(&dir, &["-s", "1", "--pbn", "keep.pbn", "--dlm", "keep.dlm"], "produce 50\ncondition 10 / (hcp(north) - 10) > -100\n");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert_eq!(fs::read_to_string(dir.join("keep.pbn")).unwrap(), "old");
    assert_eq!(fs::read_to_string(dir.join("keep.dlm")).unwrap(), "old");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2, "no temporary file is left");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_nothing_behind() {
    use std::process::Stdio;
    let dir = scratch("interrupt");
    fs::write(dir.join("keep.pbn"), "old").unwrap();
    let input = dir.join("long.dli");
    fs::write(&input, "generate 2000000000\nproduce 2000000000\naction average hcp(north)\n").unwrap();
    let mut child = crate::common::dealvm_command()
        .args(["-s", "1", "--pbn", "keep.pbn", "long.dli"])
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the temporary file is being written.
    let started = std::time::Instant::now();
    while fs::read_dir(&dir).unwrap().count() < 3 && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 3, "the temporary file appears");
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGINT));
    assert_eq!(fs::read_to_string(dir.join("keep.pbn")).unwrap(), "old");
    let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "only keep.pbn and the input remain: {left:?}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The high-card points of a hand.
fn hcp(hand: dealvm_vm::card::Hand) -> u32 {
    hand.cards().map(|c| c.rank().saturating_sub(8) as u32).sum()
}

/// The boards of a PBN or DLM file in `dir`, as `--deals` reads them.
fn boards_of(dir: &Path, name: &str) -> Vec<dealvm_vm::dealing::board::Board> {
    dealvm::formats::read(name, fs::read(dir.join(name)).unwrap()).unwrap().into_boards()
}

/// The games of a PBN file without its header and `Event` lines: board, dealer,
/// vulnerability, deal and the rest, as written.
fn games(dir: &Path, name: &str) -> String {
    let text = fs::read_to_string(dir.join(name)).unwrap();
    text.lines().filter(|l| !l.starts_with('%') && !l.starts_with("[Event ")).collect::<Vec<_>>().join("\n")
}

/// A practice scenario: north, the dealer, opens with 15 or more.
const NORTH_OPENS: &str = "produce 8\ndealer north\ncondition hcp(north) >= 15\naction export(north)\n";

#[test]
fn beside_a_dlm_file_the_boards_keep_their_deals_and_the_cycles_dealers_with_a_warning() {
    let dir = scratch("cycle");
    let out = run(&dir, &["-s", "3", "--pbn", "s.pbn", "--dlm", "s.dlm", "-X", "s.txt", "-"], NORTH_OPENS);
    assert_eq!(out.status, 0, "{}", out.stderr);
    // One warning, naming the boards that north does not deal.
    assert_eq!(out.stderr.matches("warning:").count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "the PBN file `s.pbn` and the DLM file `s.dlm` follow the standard 16-board cycle of a dealing machine's boards, \
             not the input's `dealer north`: East deals boards 2 and 6; South deals boards 3 and 7; West deals boards 4 and 8 \
             (the deals are kept as dealt)"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("--rotate turns each deal so that north's hand sits at the seat that deals its board"), "{}", out.stderr);
    // The PBN file and the DLM file agree board by board with the physical boards: the
    // cycle's dealer and vulnerability, the deals as dealt (north holds the 15 points).
    let (pbn, dlm) = (boards_of(&dir, "s.pbn"), boards_of(&dir, "s.dlm"));
    assert_eq!(pbn.len(), 8);
    for (p, d) in pbn.iter().zip(&dlm) {
        assert_eq!((p.number, p.deal), (d.number, d.deal));
        assert_eq!((p.dealer, p.vulnerable), (Some(board_dealer(p.number)), Some(board_vulnerability(p.number))), "board {}", p.number);
        assert!(hcp(p.deal.hands[0]) >= 15, "board {}: north's hand is kept", p.number);
    }
    let exported: Vec<String> = fs::read_to_string(dir.join("s.txt")).unwrap().lines().map(str::to_string).collect();
    assert_eq!(exported.len(), 8);
    // The DLM file read back gives the same PBN games.
    let out = run(&dir, &["--deals", "s.dlm", "--pbn", "back.pbn"], "");
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    assert_eq!(games(&dir, "back.pbn"), games(&dir, "s.pbn"));
    // A PBN file alone keeps the input's dealer, as printpbn does, and warns of nothing.
    let out = run(&dir, &["-s", "3", "--pbn", "alone.pbn", "-"], NORTH_OPENS);
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    let alone = boards_of(&dir, "alone.pbn");
    assert!(alone.iter().all(|b| b.dealer == Some(dealvm_vm::card::Seat::North)));
    assert_eq!(alone.iter().map(|b| b.deal).collect::<Vec<_>>(), pbn.iter().map(|b| b.deal).collect::<Vec<_>>());
    // A PBN file whose boards all say north deals, converted to DLM: the same warning, from
    // the file's dealers.
    let out = run(&dir, &["--deals", "alone.pbn", "--dlm", "alone.dlm"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.contains("not the dealers of the deals file: East deals boards 2 and 6;"), "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rotate_turns_each_deal_so_that_the_scripted_dealers_hand_deals_its_board() {
    use dealvm_vm::card::Seat;
    use dealvm_vm::dealing::board::places_between;
    let dir = scratch("rotate");
    let out = run(&dir, &["-s", "3", "--pbn", "kept.pbn", "-"], NORTH_OPENS);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = run(&dir, &["-s", "3", "--rotate", "--pbn", "s.pbn", "--dlm", "s.dlm", "-X", "s.txt", "-"], NORTH_OPENS);
    assert_eq!((out.status, out.stderr.as_str()), (0, ""), "no warning: every board is dealt by the opener");
    let (kept, pbn, dlm) = (boards_of(&dir, "kept.pbn"), boards_of(&dir, "s.pbn"), boards_of(&dir, "s.dlm"));
    let exported: Vec<String> = fs::read_to_string(dir.join("s.txt")).unwrap().lines().map(str::to_string).collect();
    assert_eq!((pbn.len(), dlm.len(), exported.len()), (8, 8, 8));
    for (((k, p), d), line) in kept.iter().zip(&pbn).zip(&dlm).zip(&exported) {
        let dealer = board_dealer(p.number);
        // Through the DLM reader: the board's dealer by the cycle holds north's hand.
        assert_eq!(d.deal, k.deal.rotated(places_between(Seat::North, dealer)), "board {}", p.number);
        assert!(hcp(d.deal.hand(dealer)) >= 15, "board {}: the dealer opens", p.number);
        assert_eq!((p.number, p.deal, p.dealer, p.vulnerable), (d.number, d.deal, Some(dealer), Some(board_vulnerability(d.number))));
        // `export(north)` shows the board's north, as the files do.
        let north = d.deal.hand(Seat::North);
        let holdings: Vec<String> =
            dealvm_vm::card::Suit::DISPLAY.iter().filter(|&&s| north.len(s) > 0).map(|&s| format!("{}{}", s.letter(), north.holding(s))).collect();
        assert_eq!(line.trim_end(), format!("-N {}", holdings.join(",")));
    }
    let out = run(&dir, &["--deals", "s.dlm", "--pbn", "back.pbn"], "");
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    assert_eq!(games(&dir, "back.pbn"), games(&dir, "s.pbn"), "the DLM file's boards are the PBN file's");
    // With -x 2, every copy is turned for its board: the dealer still holds north's hand.
    let out = run(&dir, &["-s", "3", "-x", "2", "--rotate", "--pbn", "x.pbn", "-"], NORTH_OPENS);
    assert_eq!(out.status, 0, "{}", out.stderr);
    for b in boards_of(&dir, "x.pbn") {
        assert_eq!(b.dealer, Some(board_dealer(b.number)));
        assert!(hcp(b.deal.hand(board_dealer(b.number))) >= 15, "board {}", b.number);
    }
    // A practice file whose boards all say north deals, made into boards for the machine.
    // Its boards' vulnerability turns with them: board 2, north dealing with north-south
    // vulnerable, becomes east dealing with east-west vulnerable, which board 2 is not.
    let out = run(&dir, &["--deals", "kept.pbn", "--rotate", "--dlm", "practice.dlm"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.contains("not the vulnerability of the deals file (turned with the deal): NS on board 2; EW on board 6\n"), "{}", out.stderr);
    assert_eq!(boards_of(&dir, "practice.dlm").iter().map(|b| b.deal).collect::<Vec<_>>(), dlm.iter().map(|b| b.deal).collect::<Vec<_>>());
    // A fixed vulnerability cannot turn onto the physical boards: its boards are named.
    let input = NORTH_OPENS.replace("dealer north\n", "dealer north\nvulnerable NS\n");
    let out = run(&dir, &["-s", "3", "--rotate", "--dlm", "v.dlm", "-"], &input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "the DLM file `v.dlm` gives each board the vulnerability of the standard 16-board cycle, not the input's \
             `vulnerable NS` (turned with the deal): None on boards 1 and 8; NS on board 2; EW on board 3; All on boards 4 and 7"
        ),
        "{}",
        out.stderr
    );
    // Without a dealer, there is nothing to turn.
    let out = run(&dir, &["--rotate", "--dlm", "none.dlm", "-"], "produce 4\n");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("--rotate") && out.stderr.contains("the input gives no `dealer`"), "{}", out.stderr);
    assert!(!dir.join("none.dlm").exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn conversions_keep_the_title_both_ways() {
    let dir = scratch("title");
    let out = run(&dir, &["-s", "4", "-T", "Club \"A\" night", "--dlm", "a.dlm", "-"], "produce 5\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::read_to_string(dir.join("a.dlm")).unwrap().contains("\r\nHeadline=Club \"A\" night\r\n"));
    // DLM -> PBN: the Headline is the Event; PBN -> DLM: the Event is the Headline.
    let out = run(&dir, &["--deals", "a.dlm", "--pbn", "b.pbn"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let b = fs::read_to_string(dir.join("b.pbn")).unwrap();
    assert_eq!(b.matches("[Event \"Club \\\"A\\\" night\"]\r\n").count(), 5, "{b}");
    let out = run(&dir, &["--deals", "b.pbn", "--dlm", "c.dlm"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read(dir.join("c.dlm")).unwrap(), fs::read(dir.join("a.dlm")).unwrap(), "PBN -> DLM gives the first file back");
    // The run's own title beats the file's.
    let out = run(&dir, &["--deals", "b.pbn", "--dlm", "d.dlm", "-T", "Other"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::read_to_string(dir.join("d.dlm")).unwrap().contains("\r\nHeadline=Other\r\n"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_conversion_says_where_its_deals_came_from_not_a_seed() {
    let dir = scratch("origin");
    let out = run(&dir, &["-s", "4", "--dlm", "a.dlm", "-"], "produce 5\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = run(&dir, &["--deals", "a.dlm", "--pbn", "b.pbn"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Produced  5 hands\nDeals from a.dlm\nTime needed"), "{}", out.stdout);
    assert!(!out.stdout.contains("random seed"), "{}", out.stdout);
    // An input that draws random numbers uses the seed: it follows.
    let out = run(&dir, &["--deals", "b.pbn", "-s", "7", "-"], "condition rnd(2) >= 0\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Deals from b.pbn\nInitial random seed 7\n"), "{}", out.stdout);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn both_pbn_writers_leave_the_date_unknown() {
    let dir = scratch("date");
    // The same bytes on any day, as docs/guide/boards.md says of both.
    let out = run(&dir, &["-s", "4", "--pbn", "e.pbn", "-"], "produce 1\naction printpbn\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("\n[Date \"?\"]\n"), "{}", out.stdout);
    assert!(fs::read_to_string(dir.join("e.pbn")).unwrap().contains("\r\n[Date \"?\"]\r\n"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rotated_boards_carry_the_double_dummy_tables_of_their_turned_deals() {
    let dir = scratch("rotate-dd");
    let out = run(&dir, &["-s", "3", "--rotate", "--pbn", "dd.pbn", "--dd", "-"], "produce 2\ndealer north\ncondition hcp(north) >= 15\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    // The same boards without their tables, solved again as they are.
    let text = fs::read_to_string(dir.join("dd.pbn")).unwrap();
    let bare: Vec<&str> = text
        .split("\r\n")
        .filter(|l| !l.starts_with("[Optimum") && !l.starts_with("[ParContract") && !l.starts_with(|c: char| "NESW".contains(c)))
        .collect();
    fs::write(dir.join("bare.pbn"), bare.join("\r\n")).unwrap();
    let out = run(&dir, &["--deals", "bare.pbn", "--pbn", "again.pbn", "--dd"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(text.contains("[Dealer \"E\"]") && text.contains("[OptimumResultTable"), "{text}");
    assert_eq!(games(&dir, "again.pbn"), games(&dir, "dd.pbn"));
    fs::remove_dir_all(&dir).unwrap();
}
