//! Duplicate scoring: contracts, `score()` and `imps()`.

use std::fmt;

/// The strain of a contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Strain {
    /// Clubs as trumps.
    Clubs = 0,
    /// Diamonds as trumps.
    Diamonds = 1,
    /// Hearts as trumps.
    Hearts = 2,
    /// Spades as trumps.
    Spades = 3,
    /// No trumps.
    NoTrump = 4,
}

impl Strain {
    /// The strain written as a capital letter: `C D H S N`.
    pub fn from_letter(c: char) -> Option<Strain> {
        Some(match c {
            'C' => Strain::Clubs,
            'D' => Strain::Diamonds,
            'H' => Strain::Hearts,
            'S' => Strain::Spades,
            'N' => Strain::NoTrump,
            _ => return None,
        })
    }

    /// The strain's letter: `C D H S N`.
    pub fn letter(self) -> char {
        b"CDHSN"[self as usize] as char
    }
}

/// Whether a contract is doubled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Doubling {
    /// Not doubled.
    Undoubled = 0,
    /// Doubled (`x`).
    Doubled = 1,
    /// Redoubled (`xx`).
    Redoubled = 2,
}

/// A contract such as `z4Hx`: level 1..=7, strain and doubling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The level, 1..=7: the tricks needed beyond six.
    pub level: u8,
    /// The trump suit, or no trumps.
    pub strain: Strain,
    /// Undoubled, doubled or redoubled.
    pub doubling: Doubling,
}

impl Contract {
    /// Reads a contract in Dealer's syntax: `z3N`, `z6Hx`, `z7Sxx`, or V1's `x3N`.
    pub fn parse(text: &str) -> Option<Contract> {
        let b = text.as_bytes();
        if b.len() < 3 || !(b[0] == b'z' || b[0] == b'x') {
            return None;
        }
        let level = match b[1] {
            b'1'..=b'7' => b[1] - b'0',
            _ => return None,
        };
        let strain = Strain::from_letter(b[2] as char)?;
        let doubling = match &b[3..] {
            b"" => Doubling::Undoubled,
            b"x" if b[0] == b'z' => Doubling::Doubled,
            b"xx" if b[0] == b'z' => Doubling::Redoubled,
            _ => return None,
        };
        Some(Contract { level, strain, doubling })
    }
}

impl fmt::Display for Contract {
    /// Writes the contract as `4Hx`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = ["", "x", "xx"][self.doubling as usize];
        let strain = if self.strain == Strain::NoTrump { "N".to_string() } else { self.strain.letter().to_string() };
        write!(f, "{}{}{}", self.level, strain, x)
    }
}

/// The score for declarer of `contract` making `tricks` tricks, `vulnerable` or not.
///
/// Positive when the contract makes, negative when it goes down. Any trick count is accepted;
/// the usual range is 0..=13.
pub fn score(vulnerable: bool, contract: Contract, tricks: i32) -> i32 {
    // In 32-bit arithmetic that wraps, as all of the language's is (and Dealer's `int`): a
    // trick count far outside 0..=13 gives what Dealer gives, never an overflow.
    let level = contract.level as i32;
    let needed = level + 6;
    let mult = match contract.doubling {
        Doubling::Undoubled => 1,
        Doubling::Doubled => 2,
        Doubling::Redoubled => 4,
    };
    if tricks >= needed {
        let per_trick = match contract.strain {
            Strain::Clubs | Strain::Diamonds => 20,
            _ => 30,
        };
        let notrump_extra = if contract.strain == Strain::NoTrump { 10 } else { 0 };
        let trick_score = (per_trick * level + notrump_extra) * mult;
        let mut total = trick_score;
        total += if trick_score >= 100 {
            if vulnerable {
                500
            } else {
                300
            }
        } else {
            50
        };
        total += match level {
            6 => {
                if vulnerable {
                    750
                } else {
                    500
                }
            }
            7 => {
                if vulnerable {
                    1500
                } else {
                    1000
                }
            }
            _ => 0,
        };
        let over = tricks.wrapping_sub(needed);
        let overtricks = match contract.doubling {
            Doubling::Undoubled => over.wrapping_mul(per_trick),
            Doubling::Doubled => over.wrapping_mul(if vulnerable { 200 } else { 100 }).wrapping_add(50),
            Doubling::Redoubled => over.wrapping_mul(if vulnerable { 400 } else { 200 }).wrapping_add(100),
        };
        total.wrapping_add(overtricks)
    } else {
        let down = needed.wrapping_sub(tricks);
        let penalty = match (contract.doubling, vulnerable) {
            (Doubling::Undoubled, false) => down.wrapping_mul(50),
            (Doubling::Undoubled, true) => down.wrapping_mul(100),
            (_, false) => match down {
                1 => 100,
                2 => 300,
                3 => 500,
                n => n.wrapping_sub(3).wrapping_mul(300).wrapping_add(500),
            },
            (_, true) => down.wrapping_sub(1).wrapping_mul(300).wrapping_add(200),
        };
        let penalty = if contract.doubling == Doubling::Redoubled { penalty.wrapping_mul(2) } else { penalty };
        penalty.wrapping_neg()
    }
}

/// The upper ends of the IMP bands 0..=23 of the WBF scale: a difference of `d` points is
/// worth as many IMPs as there are values here below `|d|`.
const IMP_BAND_TOPS: [i32; 24] =
    [10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990];

/// The IMPs a score difference is worth on the WBF scale, with the sign of the difference.
pub fn imps(diff: i32) -> i32 {
    let magnitude = diff.unsigned_abs();
    let n = IMP_BAND_TOPS.iter().take_while(|&&top| (top as u32) < magnitude).count() as i32;
    if diff < 0 {
        -n
    } else {
        n
    }
}

/// The upper ends of classic Dealer's IMP bands: the WBF scale's, but for two misprints of
/// its table, 410 for 420 and 1190 for 1290.
const CLASSIC_IMP_BAND_TOPS: [i32; 24] =
    [10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990];

/// The IMPs of a score difference by classic Dealer's table (`--classic`): a difference of
/// 411 to 420 is worth 10, of 1191 to 1290 16 (the smallest `int`'s magnitude is itself, so
/// it is worth 0, as in Dealer).
pub fn classic_imps(diff: i32) -> i32 {
    let magnitude = diff.wrapping_abs();
    let n = CLASSIC_IMP_BAND_TOPS.iter().take_while(|&&top| top < magnitude).count() as i32;
    if diff < 0 {
        -n
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Contract {
        Contract::parse(t).unwrap()
    }

    #[test]
    fn classic_imps_keep_dealers_table() {
        let both = |d: i32| (imps(d), classic_imps(d));
        assert_eq!(both(410), (9, 9));
        assert_eq!(both(420), (9, 10));
        assert_eq!(both(-1200), (-15, -16));
        assert_eq!(both(1300), (16, 16));
        assert_eq!(both(5000), (24, 24));
        assert_eq!(classic_imps(i32::MIN), 0);
    }

    #[test]
    fn parses_both_syntaxes() {
        assert_eq!(c("z3N"), c("x3N"));
        assert_eq!(c("z6Hxx").doubling, Doubling::Redoubled);
        assert!(Contract::parse("x3Nx").is_none());
        assert!(Contract::parse("z8N").is_none());
        assert_eq!(c("z4Sx").to_string(), "4Sx");
    }

    #[test]
    fn scores_known_results() {
        assert_eq!(score(false, c("z3N"), 9), 400);
        assert_eq!(score(true, c("z3N"), 10), 630);
        assert_eq!(score(false, c("z1C"), 7), 70);
        assert_eq!(score(false, c("z1Cx"), 0), -1700);
        assert_eq!(score(false, c("z1Cxx"), 13), 1430);
        assert_eq!(score(true, c("z7Nxx"), 13), 2980);
        assert_eq!(score(true, c("z7Nxx"), 0), -7600);
        assert_eq!(score(false, c("z4Hx"), 10), 590);
        assert_eq!(score(true, c("z6S"), 12), 1430);
    }

    #[test]
    fn any_trick_count_scores_as_wrapping_32_bit_arithmetic() {
        // The score worked out in 64 bits, where nothing overflows, then cut to 32 bits as
        // Dealer's `int` is: the doubled undertricks non-vulnerable are 100, 200, 200, then
        // 300 each (100 + 200 + 200 + 300 (d - 3) = 500 + 300 (d - 3) from the fourth on),
        // vulnerable 200 then 300 each.
        let exact = |vul: bool, c: Contract, t: i64| -> i64 {
            let (level, mult) = (c.level as i64, [1, 2, 4][c.doubling as usize]);
            let needed = level + 6;
            if t >= needed {
                let per = if matches!(c.strain, Strain::Clubs | Strain::Diamonds) { 20 } else { 30 };
                let tricks = (per * level + if c.strain == Strain::NoTrump { 10 } else { 0 }) * mult;
                let game = if tricks >= 100 {
                    if vul {
                        500
                    } else {
                        300
                    }
                } else {
                    50
                };
                let slam = match level {
                    6 => {
                        if vul {
                            750
                        } else {
                            500
                        }
                    }
                    7 => {
                        if vul {
                            1500
                        } else {
                            1000
                        }
                    }
                    _ => 0,
                };
                let over = t - needed;
                let extra = match mult {
                    1 => over * per,
                    2 => 50 + over * if vul { 200 } else { 100 },
                    _ => 100 + over * if vul { 400 } else { 200 },
                };
                tricks + game + slam + extra
            } else {
                let d = needed - t;
                let doubled = match (mult, vul) {
                    (1, false) => 50 * d,
                    (1, true) => 100 * d,
                    (_, false) => [0, 100, 300, 500][d.min(3) as usize] + 300 * (d - 3).max(0),
                    (_, true) => 200 + 300 * (d - 1),
                };
                -(if mult == 4 { 2 * doubled } else { doubled })
            }
        };
        for contract in ["z1C", "z3N", "z4Hx", "z6Sxx", "z7Nx", "z7Dxx"] {
            for vul in [false, true] {
                for t in [i32::MIN, i32::MIN + 1, -1_000_000, -1, 0, 5, 6, 9, 12, 13, 14, 1_000_000, i32::MAX - 1, i32::MAX] {
                    let want = exact(vul, c(contract), t as i64) as i32;
                    assert_eq!(score(vul, c(contract), t), want, "{contract} vul {vul}, {t} tricks");
                }
            }
        }
    }

    #[test]
    fn imps_follow_the_wbf_scale() {
        let table = [
            (0, 0),
            (10, 0),
            (20, 1),
            (40, 1),
            (50, 2),
            (80, 2),
            (90, 3),
            (120, 3),
            (130, 4),
            (160, 4),
            (170, 5),
            (210, 5),
            (220, 6),
            (260, 6),
            (270, 7),
            (310, 7),
            (320, 8),
            (360, 8),
            (370, 9),
            (420, 9),
            (430, 10),
            (490, 10),
            (500, 11),
            (590, 11),
            (600, 12),
            (740, 12),
            (750, 13),
            (890, 13),
            (900, 14),
            (1090, 14),
            (1100, 15),
            (1290, 15),
            (1300, 16),
            (1490, 16),
            (1500, 17),
            (1740, 17),
            (1750, 18),
            (1990, 18),
            (2000, 19),
            (2240, 19),
            (2250, 20),
            (2490, 20),
            (2500, 21),
            (2990, 21),
            (3000, 22),
            (3490, 22),
            (3500, 23),
            (3990, 23),
            (4000, 24),
            (9990, 24),
        ];
        for (d, want) in table {
            assert_eq!(imps(d), want, "imps({d})");
            assert_eq!(imps(-d), -want, "imps(-{d})");
        }
        assert_eq!(imps(i32::MIN), -24);
    }
}
