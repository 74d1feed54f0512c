//! Dealing only the hands the program reads (nothing predealt): the hands dealt have exactly
//! the law they have in whole deals, the deals an action prints are completed uniformly, the
//! run is the same on any number of threads, and the choice of the hands dealt follows what
//! the program and its actions need (`--dump-bytecode` shows it).

use crate::common::{dealvm_stdin, normalise};
use crate::randomness::{assert_fits, card_hcp, choose, hand, hcp_distribution, joint_length_probability, length_distribution, same_law_p};
use dealvm_vm::card::{Card, Deal, Hand, Seat, Seats, Suit, ALL_CARDS};
use dealvm_vm::dealing::rng::{batch_rng, pdep_portable};
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::{Dealt, RandomDealer};
use dealvm_vm::evaluation::shape::{shape_index_of, NUM_SHAPES, SHAPES};

/// The seats given, as a set.
fn seats(list: &[Seat]) -> Seats {
    list.iter().fold(Seats::NONE, |s, &seat| s.with(seat))
}

/// The exact probability of each of the 560 shapes of one hand: `∏ C(13, k) / C(52, 13)`.
fn shape_probabilities() -> Vec<f64> {
    let total = choose(52, 13) as f64;
    SHAPES.iter().map(|l| l.iter().map(|&k| choose(13, k as u64)).product::<u128>() as f64 / total).collect()
}

/// The HCP of a hand.
fn hcp(h: Hand) -> usize {
    h.cards().map(card_hcp).sum()
}

#[test]
fn one_hand_alone_has_the_law_of_a_hand_of_a_whole_deal() {
    let shapes = shape_probabilities();
    let pairs =
        [("AS", "KS"), ("AS", "2C"), ("2H", "3H"), ("TD", "9C"), ("AC", "KD")].map(|(a, b)| (Card::parse(a).unwrap(), Card::parse(b).unwrap()));
    let both = 13.0 * 12.0 / (52.0 * 51.0);
    for (i, seat) in [Seat::North, Seat::West].into_iter().enumerate() {
        let dealer = RandomDealer::reading(Seats::of(seat), false);
        assert_eq!(dealer.dealt(), Dealt::One(seat));
        let mut rng = batch_rng(21 + i as u64, 4);
        let (mut shape, mut points, mut owned) = (vec![0u64; NUM_SHAPES], [0u64; 41], vec![[0u64; 2]; 64]);
        let mut together = vec![[0u64; 2]; pairs.len()];
        let n = 200_000;
        for _ in 0..n {
            let deal = dealer.deal_one(0, &mut rng);
            let h = deal.hand(seat);
            assert_eq!(h.count(), 13);
            assert_eq!(h.0 & !ALL_CARDS, 0);
            assert!(Seat::ALL.iter().all(|&s| s == seat || deal.hand(s).is_empty()), "only {} is dealt", seat.keyword());
            shape[shape_index_of(h)] += 1;
            points[hcp(h)] += 1;
            for c in Card::all() {
                owned[c.position() as usize][usize::from(h.contains(c))] += 1;
            }
            for (t, &(a, b)) in together.iter_mut().zip(&pairs) {
                t[usize::from(h.contains(a) && h.contains(b))] += 1;
            }
        }
        let name = seat.keyword();
        assert_fits(&format!("{name} alone: shape"), &shape, &shapes);
        assert_fits(&format!("{name} alone: hcp"), &points, &hcp_distribution(Hand::EMPTY, ALL_CARDS, 13));
        for c in Card::all() {
            assert_fits(&format!("{name} alone: holds {c}"), &owned[c.position() as usize], &[0.75, 0.25]);
        }
        for (t, (a, b)) in together.iter().zip(pairs) {
            assert_fits(&format!("{name} alone: holds {a} and {b}"), t, &[1.0 - both, both]);
        }
    }
}

#[test]
fn two_hands_have_the_joint_law_of_two_hands_of_a_whole_deal() {
    // Partners and opponents alike: the first split of the pack, half of it to each.
    let probs: Vec<f64> = (0..196).map(|i| joint_length_probability(i / 14, i % 14)).collect();
    let cases = [
        ([Seat::North, Seat::South], Dealt::Two(Seat::North, Seat::South)),
        ([Seat::East, Seat::West], Dealt::Two(Seat::East, Seat::West)),
        ([Seat::North, Seat::East], Dealt::Two(Seat::North, Seat::East)),
        ([Seat::South, Seat::West], Dealt::Two(Seat::South, Seat::West)),
    ];
    for (i, (pair, dealt)) in cases.into_iter().enumerate() {
        let dealer = RandomDealer::reading(seats(&pair), false);
        assert_eq!(dealer.dealt(), dealt);
        let [x, y] = pair;
        let mut rng = batch_rng(31 + i as u64, 0);
        let mut joint = vec![[0u64; 196]; 4];
        let mut points = [[0u64; 41]; 2];
        for _ in 0..120_000 {
            let deal = dealer.deal_one(0, &mut rng);
            let (a, b) = (deal.hand(x), deal.hand(y));
            assert!(a.count() == 13 && b.count() == 13 && a.0 & b.0 == 0);
            if dealt != Dealt::All {
                assert!(Seat::ALL.iter().all(|&s| pair.contains(&s) || deal.hand(s).is_empty()));
            }
            for suit in Suit::ALL {
                joint[suit as usize][a.len(suit) as usize * 14 + b.len(suit) as usize] += 1;
            }
            points[0][hcp(a)] += 1;
            points[1][hcp(b)] += 1;
        }
        let name = format!("{} and {}", x.keyword(), y.keyword());
        for suit in Suit::ALL {
            assert_fits(&format!("{name}: {} lengths", suit.name()), &joint[suit as usize], &probs);
        }
        for p in &points {
            assert_fits(&format!("{name}: hcp"), p, &hcp_distribution(Hand::EMPTY, ALL_CARDS, 13));
        }
    }
}

/// Completes `n` copies of the partial deal `given` (the hands of `dealt` only) from the
/// completion streams of deals `0..n`, and checks that the other hands are a uniform split of
/// the cards left: each seat's HCP and suit lengths, and who gets each card.
fn check_completion(name: &str, dealt: &[Seat], given: Deal, n: u64) {
    let dealer = RandomDealer::reading(seats(dealt), true);
    assert!(dealer.completes());
    let taken = given.hands.iter().fold(0, |m, h| m | h.0);
    let free = ALL_CARDS ^ taken;
    let missing: Vec<Seat> = Seat::ALL.into_iter().filter(|s| !dealt.contains(s)).collect();
    let mut points = vec![[0u64; 41]; 4];
    let mut lengths = vec![[[0u64; 14]; 4]; 4];
    let mut owner = vec![[0u64; 4]; 64];
    for i in 0..n {
        let deal = dealer.complete(&given, 17, i, pdep_portable);
        assert!(deal.is_complete(), "{name}: a complete deal");
        for &s in dealt {
            assert_eq!(deal.hand(s), given.hand(s), "{name}: {} kept", s.keyword());
        }
        for &s in &missing {
            let h = deal.hand(s);
            points[s as usize][hcp(h)] += 1;
            for suit in Suit::ALL {
                lengths[s as usize][suit as usize][h.len(suit) as usize] += 1;
            }
            for c in h.cards() {
                owner[c.position() as usize][s as usize] += 1;
            }
        }
    }
    for &s in &missing {
        let what = format!("{name}: {}", s.keyword());
        assert_fits(&format!("{what} hcp"), &points[s as usize], &hcp_distribution(Hand::EMPTY, free, 13));
        for suit in Suit::ALL {
            let want = length_distribution(Hand::EMPTY, free, 13, suit);
            assert_fits(&format!("{what} {}", suit.name()), &lengths[s as usize][suit as usize], &want);
        }
    }
    let share: Vec<f64> = Seat::ALL.iter().map(|s| if missing.contains(s) { 1.0 / missing.len() as f64 } else { 0.0 }).collect();
    for c in Hand(free).cards() {
        assert_fits(&format!("{name}: owner of {c}"), &owner[c.position() as usize], &share);
    }
}

#[test]
fn completed_deals_are_uniform_given_the_hands_dealt() {
    let north = hand(&["SAKT9", "HQ3", "DJ976", "CK82"]);
    let south = hand(&["SQJ8765", "H7", "DKT8", "CA43"]);
    let east = hand(&["S4", "HAKJT9", "DAQ5", "CQJT9"]);
    let deal = |hands: &[(Seat, Hand)]| {
        let mut d = Deal::default();
        for &(s, h) in hands {
            d.hands[s as usize] = h;
        }
        d
    };
    check_completion("north dealt", &[Seat::North], deal(&[(Seat::North, north)]), 40_000);
    check_completion("east dealt", &[Seat::East], deal(&[(Seat::East, east)]), 40_000);
    check_completion("north-south dealt", &[Seat::North, Seat::South], deal(&[(Seat::North, north), (Seat::South, south)]), 40_000);
    check_completion("north-east dealt", &[Seat::North, Seat::East], deal(&[(Seat::North, north), (Seat::East, east)]), 40_000);
    check_completion("nothing dealt", &[], Deal::default(), 40_000);
}

#[test]
fn deals_dealt_in_part_then_completed_are_uniform_whole_deals() {
    // The joint law of two hands of the completed deals, whichever hands were dealt first.
    let probs: Vec<f64> = (0..196).map(|i| joint_length_probability(i / 14, i % 14)).collect();
    for (k, dealt) in [vec![Seat::North], vec![Seat::East, Seat::West], vec![Seat::South], vec![]].into_iter().enumerate() {
        let dealer = RandomDealer::reading(seats(&dealt), true);
        let mut rng = batch_rng(61 + k as u64, 0);
        let pairs = [(Seat::North, Seat::South), (Seat::North, Seat::East), (Seat::East, Seat::West), (Seat::South, Seat::West)];
        let mut joint = vec![[0u64; 196]; pairs.len()];
        for i in 0..100_000u64 {
            let deal = dealer.complete(&dealer.deal_one(i, &mut rng), 3, i, pdep_portable);
            assert!(deal.is_complete());
            let suit = Suit::ALL[i as usize % 4];
            for (p, &(x, y)) in pairs.iter().enumerate() {
                joint[p][deal.hand(x).len(suit) as usize * 14 + deal.hand(y).len(suit) as usize] += 1;
            }
        }
        for (p, &(x, y)) in pairs.iter().enumerate() {
            assert_fits(&format!("dealt {dealt:?}, completed: {} and {}", x.keyword(), y.keyword()), &joint[p], &probs);
        }
    }
}

/// The cards of the top `ranks` ranks of each suit.
fn top_cards(ranks: u32) -> u64 {
    Card::all().filter(|c| c.rank() as u32 + ranks >= 13).fold(0, |m, c| m | c.bit())
}

#[test]
fn the_top_cards_of_one_hand_alone_have_the_law_they_have_in_a_whole_deal() {
    // One to four top ranks: only those cards are dealt; how many the hand holds is
    // hypergeometric, each is held a quarter of the time, and with the four honours the HCP
    // have the law of a whole hand's.
    for ranks in 1..=4u32 {
        let dealer = RandomDealer::reading_top(Seat::East, ranks, false);
        assert_eq!(dealer.dealt(), Dealt::Top { seat: Seat::East, ranks });
        let (top, c) = (top_cards(ranks), 4 * ranks as u64);
        let mut rng = batch_rng(71 + ranks as u64, 2);
        let (mut count, mut points, mut owned) = (vec![0u64; 14], [0u64; 41], vec![[0u64; 2]; 64]);
        for _ in 0..200_000 {
            let deal = dealer.deal_one(0, &mut rng);
            let h = deal.hand(Seat::East);
            assert_eq!(h.0 & !top, 0, "only the top {ranks} ranks are dealt");
            assert!(Seat::ALL.iter().all(|&s| s == Seat::East || deal.hand(s).is_empty()));
            count[h.count() as usize] += 1;
            points[hcp(h)] += 1;
            for card in Hand(top).cards() {
                owned[card.position() as usize][usize::from(h.contains(card))] += 1;
            }
        }
        let hands = choose(52, 13) as f64;
        let want: Vec<f64> = (0..14).map(|j| (choose(c, j) * choose(52 - c, 13 - j)) as f64 / hands).collect();
        assert_fits(&format!("top {ranks} ranks: cards held"), &count, &want);
        for card in Hand(top).cards() {
            assert_fits(&format!("top {ranks} ranks: holds {card}"), &owned[card.position() as usize], &[0.75, 0.25]);
        }
        if ranks == 4 {
            assert_fits("honours: hcp", &points, &hcp_distribution(Hand::EMPTY, ALL_CARDS, 13));
        }
    }
}

#[test]
fn top_cards_completed_are_uniform_whole_deals() {
    // North's honours dealt, then the deal completed: north's whole hand has the law of a
    // hand (shape, HCP), and so have the others, with each card's owner a quarter each.
    let shapes = shape_probabilities();
    let dealer = RandomDealer::reading_top(Seat::North, 4, true);
    assert!(dealer.completes());
    let mut rng = batch_rng(81, 0);
    let (mut shape, mut points, mut owner) = (vec![0u64; NUM_SHAPES], vec![[0u64; 41]; 4], vec![[0u64; 4]; 64]);
    for i in 0..100_000u64 {
        let top = dealer.deal_one(i, &mut rng);
        let deal = dealer.complete(&top, 5, i, pdep_portable);
        assert!(deal.is_complete());
        assert_eq!(deal.hand(Seat::North).0 & top_cards(4), top.hand(Seat::North).0, "north keeps its honours");
        shape[shape_index_of(deal.hand(Seat::North))] += 1;
        for s in Seat::ALL {
            points[s as usize][hcp(deal.hand(s))] += 1;
            for c in deal.hand(s).cards() {
                owner[c.position() as usize][s as usize] += 1;
            }
        }
    }
    assert_fits("honours completed: north's shape", &shape, &shapes);
    for s in Seat::ALL {
        assert_fits(&format!("honours completed: {} hcp", s.keyword()), &points[s as usize], &hcp_distribution(Hand::EMPTY, ALL_CARDS, 13));
    }
    for c in Card::all() {
        assert_fits(&format!("honours completed: owner of {c}"), &owner[c.position() as usize], &[0.25; 4]);
    }
}

/// The hands of a `printoneline` line: `n AQ.KQ54.K.AQT643 e ... s ... w ...`.
fn oneline_deal(line: &str) -> Deal {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 8, "{line}");
    let mut deal = Deal::default();
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        assert_eq!(words[2 * i], &seat.keyword()[..1], "{line}");
        let mut h = Hand::EMPTY;
        for (suit, ranks) in Suit::DISPLAY.iter().zip(words[2 * i + 1].split('.')) {
            for r in ranks.chars() {
                h = h.with(Card::parse(&format!("{r}{}", suit.letter())).unwrap());
            }
        }
        deal.hands[seat as usize] = h;
    }
    deal
}

#[test]
fn printed_deals_have_the_law_of_whole_deals() {
    // North alone is dealt and each produced deal completed: south's HCP and east's spades
    // among the printed deals follow the law of whole deals with north's 12+ HCP, sampled
    // here by dealing whole deals and keeping those.
    let input = "generate 1000000\nproduce 20000\ncondition hcp(north) >= 12\naction printoneline\n";
    let run = dealvm_stdin(input, &["-s", "11"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let printed: Vec<Deal> = run.stdout.lines().filter(|l| l.starts_with("n ")).map(oneline_deal).collect();
    assert_eq!(printed.len(), 20_000);
    let tally = |deals: &mut dyn Iterator<Item = Deal>| {
        let (mut south, mut spades) = ([0u64; 41], [0u64; 14]);
        for d in deals {
            assert!(d.is_complete() && hcp(d.hand(Seat::North)) >= 12);
            south[hcp(d.hand(Seat::South))] += 1;
            spades[d.hand(Seat::East).len(Suit::Spades) as usize] += 1;
        }
        (south, spades)
    };
    let (south, spades) = tally(&mut printed.into_iter());
    let whole = RandomDealer::new();
    let mut rng = batch_rng(12, 0);
    let mut reference = std::iter::repeat_with(|| whole.deal_one(0, &mut rng)).filter(|d| hcp(d.hand(Seat::North)) >= 12).take(40_000);
    let (ref_south, ref_spades) = tally(&mut reference);
    assert!(same_law_p(&south, &ref_south) > 1e-4, "south's hcp: {south:?} against {ref_south:?}");
    assert!(same_law_p(&spades, &ref_spades) > 1e-4, "east's spades: {spades:?} against {ref_spades:?}");
}

#[test]
fn the_rest_of_the_deal_dealt_when_the_condition_reaches_it_has_the_law_of_whole_deals() {
    // North is dealt first; south, east and west when the condition reaches its test of
    // south (`deal.rest`): the produced deals follow the law of whole deals meeting it.
    let input = "generate 2000000\nproduce 10000\ncondition hcp(north) >= 14 && hcp(south) >= 8 && spades(west) < 5\naction printoneline\n";
    let dump = dealvm_stdin(input, &["--dump-bytecode"]).stdout;
    assert!(dump.contains("deal.rest") && dump.contains("hands dealt: north first, the others"), "{dump}");
    let run = dealvm_stdin(input, &["-s", "5"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let printed: Vec<Deal> = run.stdout.lines().filter(|l| l.starts_with("n ")).map(oneline_deal).collect();
    assert_eq!(printed.len(), 10_000);
    let meets = |d: &Deal| hcp(d.hand(Seat::North)) >= 14 && hcp(d.hand(Seat::South)) >= 8 && d.hand(Seat::West).len(Suit::Spades) < 5;
    let tally = |deals: &mut dyn Iterator<Item = Deal>| {
        let (mut south, mut north, mut spades) = ([0u64; 41], [0u64; 41], [0u64; 14]);
        for d in deals {
            assert!(d.is_complete() && meets(&d));
            south[hcp(d.hand(Seat::South))] += 1;
            north[hcp(d.hand(Seat::North))] += 1;
            spades[d.hand(Seat::East).len(Suit::Spades) as usize] += 1;
        }
        (south, north, spades)
    };
    let (south, north, spades) = tally(&mut printed.into_iter());
    let whole = RandomDealer::new();
    let mut rng = batch_rng(13, 0);
    let mut reference = std::iter::repeat_with(|| whole.deal_one(0, &mut rng)).filter(meets).take(20_000);
    let (ref_south, ref_north, ref_spades) = tally(&mut reference);
    assert!(same_law_p(&south, &ref_south) > 1e-4, "south's hcp: {south:?} against {ref_south:?}");
    assert!(same_law_p(&north, &ref_north) > 1e-4, "north's hcp: {north:?} against {ref_north:?}");
    assert!(same_law_p(&spades, &ref_spades) > 1e-4, "east's spades: {spades:?} against {ref_spades:?}");
    // The same deals on any number of threads, and with `--plain`.
    let two = dealvm_stdin(input, &["-s", "5", "-R", "2"]);
    let plain = dealvm_stdin(input, &["-s", "5", "--plain"]);
    assert_eq!(normalise(&two.stdout), normalise(&run.stdout));
    assert_eq!(normalise(&plain.stdout), normalise(&run.stdout));
}

#[test]
fn partial_runs_are_the_same_on_any_number_of_threads() {
    let body = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    for input in [
        // North alone, completed for printoneline; cut by produce in the middle of a batch.
        "generate 300000\nproduce 400\ncondition hcp(north) >= 17\naction printoneline\n",
        // A side, completed for printall, with an average.
        "produce 300\ncondition hcp(north) + hcp(south) >= 30\naction printall, average hcp(south)\n",
        // Opponents: whole deals.
        "produce 200\ncondition hcp(north) >= 15 && hcp(east) >= 12\naction printpbn\n",
        // Nothing read: every deal completed, with rnd drawing from the batch stream.
        "produce 150\ncondition rnd(100) == 0\naction printoneline\n",
        // One hand, never completed.
        "generate 100000\naction average hcp(west), frequency (spades(west), 0, 13)\n",
    ] {
        let run = |threads: &str| {
            let out = dealvm_stdin(input, &["-s", "23", "-R", threads]);
            assert_eq!(out.status, 0, "{input}: {}", out.stderr);
            body(&out.stdout)
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{input}");
        assert_eq!(one, run("3"), "{input}");
        // Every printed deal is whole.
        for line in one.lines().filter(|l| l.starts_with("n ")) {
            assert!(oneline_deal(line).is_complete(), "{line}");
        }
    }
}

/// The `hands dealt` line of `--dump-bytecode` for `input` and `args`.
fn hands_dealt(input: &str, args: &[&str]) -> String {
    let mut all = vec!["--dump-bytecode"];
    all.extend(args);
    let run = dealvm_stdin(input, &all);
    assert_eq!(run.status, 0, "{input}: {}", run.stderr);
    let line = run.stdout.lines().find(|l| l.starts_with("hands dealt: ")).unwrap_or_else(|| panic!("{}", run.stdout));
    line["hands dealt: ".len()..].to_string()
}

#[test]
fn the_hands_dealt_are_those_the_program_reads() {
    let printed = " (the others for the deals printed)";
    const REST: &str = " first, the others when the code reaches `deal.rest`";
    // A program that reads only the honours of one hand has only those dealt.
    let honours = |seat: &str| format!("{seat}'s cards of the top 4 ranks");
    for (input, args, want) in [
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &[][..], honours("north")),
        ("condition hcp(north) >= 10\naction printall\n", &[], format!("{}{printed}", honours("north"))),
        // Without an action statement, Dealer prints every deal.
        ("condition hcp(north) >= 10\n", &[], format!("{}{printed}", honours("north"))),
        ("condition hcp(north) >= 10\naction csvrpt(hcp(north))\n", &[], format!("{}{printed}", honours("north"))),
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &["--pbn", "x.pbn"], format!("{}{printed}", honours("north"))),
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &["-Z", "N:x.zrd"], format!("{}{printed}", honours("north"))),
        // The output tables of `--dd` and `-Z` read the whole deal after a `deal.rest`: the
        // hands dealt first, and so the deals, stay those without them.
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &["--pbn", "x.pbn", "--dd"], format!("{}{REST}", honours("north"))),
        ("condition hcp(north) >= 10\n", &["-Z", "x.zrd"], format!("{}{REST}", honours("north"))),
        ("condition hcp(north) >= 15 && hcp(west) < 5\n", &["-Z", "x.zrd"], format!("north{REST}")),
        ("produce 3\n", &["-Z", "x.zrd"], "none first, all four when the code reaches `deal.rest`".to_string()),
        ("condition hcp(north) >= 10 || hcp(west) < 5\n", &["-Z", "x.zrd"], format!("north west{REST}")),
        // Fewer ranks (controls: aces and kings; hascard of a king), or the whole hand when
        // the program reads a length, a ten, or a suit holding whole.
        ("condition controls(west) >= 4 || hascard(west, KD)\naction average 1\n", &[], "west's cards of the top 2 ranks".to_string()),
        ("condition hcp(south, hearts) >= 4\naction average hcp(south)\n", &[], honours("south")),
        ("condition hcp(north) >= 10 && spades(north) >= 5\naction average 1\n", &[], "north".to_string()),
        ("condition hcp(north) >= 10\naction average tens(north)\n", &[], "north".to_string()),
        ("condition hcp(north) >= 10\naction average losers(north)\n", &[], "north".to_string()),
        // The hands of the condition's first operand are dealt first; the others (read by
        // the values of the actions and later operands) when the code reaches `deal.rest`.
        ("x = spades(south)\ncondition hcp(north) >= 17\naction average x\n", &[], format!("north{REST}")),
        ("condition hcp(north) >= 17 && hcp(west) < 5\naction average 1\n", &[], format!("north{REST}")),
        ("condition hcp(north) >= 15 && hcp(west) + hcp(east) + hcp(south) < 20\naction average 1\n", &[], format!("north{REST}")),
        // ... when the first operand fails on at least 70% of the deals (90% in a program
        // that reads two hands and prints no deal: the two are then dealt together); else
        // all at once.
        ("condition hcp(north) >= 12 && hcp(west) + hcp(east) + hcp(south) < 20\naction average 1\n", &[], "all".to_string()),
        ("x = spades(south)\ncondition hcp(north) >= 15\naction average x\n", &[], "north south".to_string()),
        ("x = spades(south)\ncondition hcp(north) >= 15\naction average x, printoneline\n", &[], format!("north{REST}")),
        ("condition hcp(north) >= 10 && hcp(west) < 5\naction average 1\n", &[], "north west".to_string()),
        ("condition shape(south, 4333) && hascard(north, AS)\naction frequency (hearts(south), 0, 13)\n", &[], format!("south{REST}")),
        // Two hands of different sides are dealt as a side's are; three, whole.
        ("condition hcp(north) >= 10 || hcp(west) < 5\naction average 1\n", &[], "north west".to_string()),
        ("condition hcp(north) >= 10 || hcp(west) < 5 || hcp(east) < 5\naction average 1\n", &[], "all".to_string()),
        ("condition cccc(east) > 1000 || losers(west) < 5\naction average ltc(east)\n", &[], "east west".to_string()),
        ("condition hcp(north) > 14 && hcp(east) > 10 && hcp(west) > 10\naction average 1\n", &[], format!("north{REST}")),
        ("condition hcp(north) + hcp(east) > 10 && hcp(west) > 10\naction average 1\n", &[], "all".to_string()),
        ("condition rnd(10) == 0\naction average rnd(0)\n", &[], "none".to_string()),
        // A constant branch folded away reads nothing.
        ("condition 1 || hcp(east) > 10\naction average 2\n", &[], "none".to_string()),
        // Double dummy needs the whole deal; swapping moves hands; a predeal is dealt around.
        ("condition dds(north, spades) >= 10\naction average hcp(north)\n", &[], "all".to_string()),
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &["-x", "2"], "all".to_string()),
        ("predeal south SA\ncondition hcp(north) >= 10\naction average hcp(north)\n", &[], "all, around the predeal".to_string()),
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &["-N", "SA"], "all, around the predeal".to_string()),
        ("condition hcp(north) >= 10\naction average hcp(north)\n", &["--deals", "old.pbn"], "none, the deals are read from a file".to_string()),
    ] {
        assert_eq!(hands_dealt(input, args), want, "{input} {args:?}");
    }
}

/// The compiler's sample of deals (`src/compile/seats.rs`): 1024 deals of the stream of batch 0
/// of seed `0x5EED`, dealt one at a time.
fn compilers_sample() -> Vec<Deal> {
    let dealer = RandomDealer::new();
    let mut rng = batch_rng(0x5EED, 0);
    (0..1024).map(|_| dealer.deal_one(0, &mut rng)).collect()
}

#[test]
fn the_hands_dealt_first_follow_how_often_their_tests_hold_on_the_sample() {
    // Counted here deal by deal, against the compiler's measure, which stops once it is sure.
    let sample = compilers_sample();
    const REST: &str = " first, the others when the code reaches `deal.rest`";
    let mut sides = [0; 2];
    // A `&&` chain: its first hand first when its test holds on less than 30% of the sample
    // (307.2 deals), or 10% (102.4) in a program that reads two hands and prints no deal.
    for k in 4..=18 {
        let holds = sample.iter().filter(|d| hcp(d.hand(Seat::North)) >= k).count();
        let want = if holds <= 307 { format!("north{REST}") } else { "all".to_string() };
        sides[usize::from(holds <= 307)] += 1;
        let input = format!("condition hcp(north) >= {k} && hcp(west) + hcp(east) + hcp(south) < 20\naction average 1\n");
        assert_eq!(hands_dealt(&input, &[]), want, "hcp(north) >= {k} holds on {holds} of 1024");
        let want = if holds <= 102 { format!("north{REST}") } else { "north south".to_string() };
        sides[usize::from(holds <= 102)] += 1;
        let input = format!("condition hcp(north) >= {k} && hcp(south) < 5\naction average 1\n");
        assert_eq!(hands_dealt(&input, &[]), want, "two hands: hcp(north) >= {k} holds on {holds} of 1024");
    }
    // An `||` of chains: when the `||` of their heads holds on less than a tenth (102.4 deals).
    for k in 12..=22 {
        let holds = sample.iter().filter(|d| hcp(d.hand(Seat::South)) >= k || d.hand(Seat::South).len(Suit::Spades) >= 7).count();
        let want = if holds <= 102 { format!("south{REST}") } else { "all".to_string() };
        sides[usize::from(holds <= 102)] += 1;
        let input =
            format!("condition (hcp(south) >= {k} && hcp(west) < 5) || (spades(south) >= 7 && hcp(east) + hcp(north) > 3)\naction average 1\n");
        assert_eq!(hands_dealt(&input, &[]), want, "the heads hold on {holds} of 1024");
    }
    assert!(sides.iter().all(|&n| n >= 4), "both answers seen: {sides:?}");
}
