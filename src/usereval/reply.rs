//! A reply line of the server read: the number of its request, then its values or a refusal
//! (`docs/usereval.md`); and how messages quote what a server sent.

use dealvm_vm::evaluation::usereval::MAX_RESULTS;

/// The most characters of a wrong reply shown in a message.
const SHOWN: usize = 80;

/// The values of `reply`, the answer to request `number` (`out` emptied first), or why it is
/// not one: what follows the server's name in the message.
pub fn parse_reply(reply: &str, number: u64, out: &mut Vec<i32>) -> Result<(), String> {
    out.clear();
    let text = reply.trim();
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if first.parse::<u64>() != Ok(number) {
        return Err(out_of_step(reply, first, number));
    }
    let rest = rest.trim();
    if let Some(why) = rest.strip_prefix("error") {
        if why.is_empty() || why.starts_with(char::is_whitespace) {
            return Err(format!("reported an error: {}", why.trim()));
        }
    }
    for word in rest.split_ascii_whitespace() {
        let v = match word.parse::<i32>() {
            Ok(v) => v,
            Err(e) if matches!(e.kind(), std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow) => {
                return Err(format!(
                    "answered {}: `{}` is out of range (a value is a whole number from {} to {})",
                    quoted(reply),
                    clip(word),
                    i32::MIN,
                    i32::MAX
                ));
            }
            Err(_) => {
                return Err(format!("answered {}, not whole numbers separated by spaces (`{}` is not one)", quoted(reply), clip(word)));
            }
        };
        if out.len() == MAX_RESULTS {
            return Err(format!("answered {} values, more than {MAX_RESULTS}", rest.split_ascii_whitespace().count()));
        }
        out.push(v);
    }
    Ok(())
}

/// Why `reply`, starting with the word `first`, is not the answer to request `number`.
fn out_of_step(reply: &str, first: &str, number: u64) -> String {
    let sent = format!("answered {} where the reply to request {number} was due", quoted(reply));
    match first.parse::<u64>() {
        Ok(earlier) if earlier < number => format!(
            "{sent}: its replies are out of step (request {earlier} was answered already: the server sent more than one line \
             for a request, or numbers its replies wrongly)"
        ),
        Ok(later) => format!("{sent}: its replies are out of step (no request {later} was sent yet)"),
        Err(_) => format!("{sent}: a reply starts with the number of its request, `{number} ...` (see docs/usereval.md)"),
    }
}

/// A reply as a message quotes it: between backquotes, cut short when long, or `an empty
/// line`.
pub fn quoted(reply: &str) -> String {
    if reply.trim().is_empty() {
        return "an empty line".into();
    }
    format!("`{}`", clip(reply))
}

/// At most [`SHOWN`] characters of `text`, with `...` when cut, control characters escaped
/// (`\u{1}`) so that a message never sends them to the terminal.
fn clip(text: &str) -> String {
    let mut shown = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN {
            shown.push_str("...");
            break;
        }
        match c {
            '\t' => shown.push(' '),
            c if c.is_control() => shown.extend(c.escape_unicode()),
            c => shown.push(c),
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_whole_numbers_after_their_request_number() {
        let mut out = Vec::new();
        assert_eq!(parse_reply(" 4 1 -2\t30 ", 4, &mut out), Ok(()));
        assert_eq!(out, [1, -2, 30]);
        assert_eq!(parse_reply("4", 4, &mut out), Ok(()));
        assert!(out.is_empty());
        assert!(parse_reply("1 1 x 3", 1, &mut out).unwrap_err().contains("`x` is not one"));
        assert!(parse_reply("1 1.5", 1, &mut out).is_err());
        assert!(parse_reply("1 99999999999", 1, &mut out).is_err());
        assert_eq!(
            parse_reply("1 5 2147483648", 1, &mut out),
            Err("answered `1 5 2147483648`: `2147483648` is out of range (a value is a whole number from -2147483648 to 2147483647)".into())
        );
        assert!(parse_reply("1 -2147483649", 1, &mut out).unwrap_err().contains("`-2147483649` is out of range"));
        assert_eq!(parse_reply("1 -2147483648 2147483647", 1, &mut out), Ok(()));
        assert_eq!(parse_reply("7 error unknown tag 7", 7, &mut out), Err("reported an error: unknown tag 7".into()));
        let many = format!("1 {}", vec!["1"; 129].join(" "));
        assert_eq!(parse_reply(&many, 1, &mut out), Err("answered 129 values, more than 128".into()));
        assert_eq!(parse_reply(&format!("1 {}", vec!["1"; 128].join(" ")), 1, &mut out), Ok(()));
        assert_eq!(out.len(), 128);
    }

    #[test]
    fn a_reply_with_another_number_is_out_of_step() {
        let mut out = Vec::new();
        let twice = parse_reply("1 25 7", 2, &mut out).unwrap_err();
        assert_eq!(
            twice,
            "answered `1 25 7` where the reply to request 2 was due: its replies are out of step (request 1 was answered \
             already: the server sent more than one line for a request, or numbers its replies wrongly)"
        );
        let later = parse_reply("3 25", 2, &mut out).unwrap_err();
        assert!(later.ends_with("was due: its replies are out of step (no request 3 was sent yet)"), "{later}");
        // Version 1's replies: no number.
        let bare = parse_reply("error unknown tag", 5, &mut out).unwrap_err();
        assert_eq!(
            bare,
            "answered `error unknown tag` where the reply to request 5 was due: a reply starts with the number of its request, \
             `5 ...` (see docs/usereval.md)"
        );
        assert!(parse_reply("", 1, &mut out).unwrap_err().starts_with("answered an empty line where the reply to request 1"));
        assert!(parse_reply("01 5", 1, &mut out).is_ok(), "a number is a number");
    }

    #[test]
    fn long_replies_are_cut_in_messages() {
        let long = "x".repeat(200);
        let why = parse_reply(&long, 1, &mut Vec::new()).unwrap_err();
        assert!(why.len() < 250, "{why}");
        assert_eq!(quoted("  "), "an empty line");
        assert_eq!(quoted("1 \u{1b}[2J\t5"), "`1 \\u{1b}[2J 5`", "no control characters reach the terminal");
    }
}
