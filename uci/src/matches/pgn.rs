//! PGN, written and read: the Seven Tag Roster, the game's `Variant`, `SetUp` and `FEN` when it
//! does not start from the game's start position, and the moves in protocol notation.

use super::referee::{score_text, Limit, Played};
use std::time::{SystemTime, UNIX_EPOCH};
use vorpal_engine::Variant;

/// What a game's PGN says besides the moves.
pub struct Header<'a> {
    pub event: &'a str,
    pub round: usize,
    pub white: &'a str,
    pub black: &'a str,
    pub variant: Variant,
    /// White's and Black's limits.
    pub limits: [Limit; 2],
}

pub fn game(header: &Header, played: &Played) -> String {
    let result = score_text(played.outcome);
    let mut tags = vec![
        ("Event", header.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", today()),
        ("Round", header.round.to_string()),
        ("White", header.white.to_string()),
        ("Black", header.black.to_string()),
        ("Result", result.to_string()),
        ("Variant", header.variant.name().to_string()),
    ];
    if played.start_fen != header.variant.start_fen() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", played.start_fen.clone()));
    }
    match header.limits {
        [white, black] if white == black => tags.push(("TimeControl", white.pgn())),
        [white, black] => {
            tags.push(("WhiteTimeControl", white.pgn()));
            tags.push(("BlackTimeControl", black.pgn()));
        }
    }
    tags.push(("PlyCount", played.moves.len().to_string()));
    tags.push(("Termination", played.termination.tag().to_string()));
    write(&tags, &played.start_fen, &played.moves, Some(&played.reason()), result)
}

/// A PGN game from its tags, start position, moves, closing comment and result
/// (`1-0`, `0-1`, `1/2-1/2` or `*`).
pub fn write(
    tags: &[(&str, String)],
    start_fen: &str,
    moves: &[String],
    comment: Option<&str>,
    result: &str,
) -> String {
    let mut text: String = tags
        .iter()
        .map(|(name, value)| format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\"")))
        .collect();
    text.push('\n');
    let mut tokens = movetext(start_fen, moves);
    if let Some(comment) = comment {
        // A brace would end the comment early.
        tokens.push(format!("{{{}}}", comment.replace('}', ")")));
    }
    tokens.push(result.to_string());
    text.push_str(&wrap(&tokens, 79));
    text.push_str("\n\n");
    text
}

/// A game read from PGN: its tags in order and its moves in protocol notation.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl Parsed {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// Reads the first game of a PGN text: tags, then moves, skipping move numbers,
/// comments, variations, numeric annotation glyphs and the result.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let mut parsed = Parsed::default();
    let mut rest = text.trim_start_matches('\u{feff}');
    // Tag pairs, one a line.
    loop {
        rest = rest.trim_start();
        let Some(tag) = rest.strip_prefix('[') else { break };
        let end = tag.find('\n').unwrap_or(tag.len());
        let line = tag[..end].trim_end();
        let line = line.strip_suffix(']').ok_or_else(|| format!("unclosed tag: [{line}"))?;
        let (name, value) = line
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("tag without value: [{line}]"))?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| format!("tag value not quoted: [{line}]"))?;
        parsed
            .tags
            .push((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")));
        rest = &tag[end..];
    }
    let mut depth = 0usize;
    let mut chars = rest.chars();
    let mut token = String::new();
    let finish = |token: &mut String, parsed: &mut Parsed| -> bool {
        let word = std::mem::take(token);
        let ends = matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if !ends && !word.is_empty() && !word.starts_with('$') {
            parsed.moves.push(word.to_string());
        }
        ends
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() => {
                if depth == 0 && finish(&mut token, &mut parsed) {
                    return Ok(parsed);
                }
                token.clear();
            }
            c if depth == 0 => token.push(c),
            _ => {}
        }
    }
    finish(&mut token, &mut parsed);
    Ok(parsed)
}

fn movetext(fen: &str, moves: &[String]) -> Vec<String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black_first = fields.get(1) == Some(&"b");
    let mut number: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut tokens = Vec::new();
    for (ply, mv) in moves.iter().enumerate() {
        let white_moves = (ply % 2 == 0) != black_first;
        if white_moves {
            tokens.push(format!("{number}."));
        } else if ply == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(mv.clone());
        if !white_moves {
            number += 1;
        }
    }
    tokens
}

fn wrap(tokens: &[String], width: usize) -> String {
    let mut lines = vec![String::new()];
    for token in tokens {
        let line = lines.last_mut().expect("there is always a line");
        if !line.is_empty() && line.len() + 1 + token.len() > width {
            lines.push(token.clone());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(token);
        }
    }
    lines.join("\n")
}

/// Today's date (UTC) as PGN writes it, `YYYY.MM.DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (year, month, day) = civil_date(days);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01, through 400-year
/// eras of 146,097 days, each starting on a 1 March.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::referee::Termination;
    use std::time::Duration;
    use vorpal_engine::{Color, EndReason, Outcome};

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        // 2000-02-29 is day 11,016; 2026-11-22 is day 20,779.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_779), (2026, 11, 22));
    }

    #[test]
    fn move_numbers_follow_the_fen() {
        let moves: Vec<String> = ["e7e5", "g1f3", "b8c6"].map(String::from).to_vec();
        assert_eq!(
            movetext("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", &moves),
            ["7...", "e7e5", "8.", "g1f3", "b8c6"]
        );
        assert_eq!(
            movetext("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", &moves[..2]),
            ["1.", "e7e5", "g1f3"]
        );
    }

    #[test]
    fn tags_name_the_variant_and_a_set_up_position() {
        let header = Header {
            event: "test",
            round: 3,
            white: "A",
            black: "B",
            variant: Variant::Alice,
            limits: [Limit::Nodes(100); 2],
        };
        let from_start = Played {
            start_fen: Variant::Alice.start_fen().to_string(),
            moves: vec!["e2e4".to_string()],
            outcome: Outcome::Win(Color::Black),
            termination: Termination::TimeForfeit,
        };
        let text = game(&header, &from_start);
        assert!(text.contains("[Variant \"alice\"]\n"), "{text}");
        assert!(text.contains("[Result \"0-1\"]\n[Variant"), "{text}");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(!text.contains("[FEN"), "{text}");
        assert!(text.ends_with("\n1. e2e4 {White loses on time} 0-1\n\n"), "{text}");
        let set_up = Played {
            start_fen: "8/8/8/4k3/8/8/4P3/4K3 b - - 0 1".to_string(),
            moves: Vec::new(),
            outcome: Outcome::Draw,
            termination: Termination::Rules(EndReason::Stalemate),
        };
        let text = game(&header, &set_up);
        assert!(
            text.contains("[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/4P3/4K3 b - - 0 1\"]"),
            "{text}"
        );
        assert!(text.ends_with("\n{stalemate} 1/2-1/2\n\n"), "{text}");
        let odds = Header {
            limits: [
                Limit::Clock {
                    base: Duration::from_secs(8),
                    increment: Duration::from_millis(100),
                },
                Limit::Clock {
                    base: Duration::from_secs(2),
                    increment: Duration::from_millis(25),
                },
            ],
            ..header
        };
        let text = game(&odds, &from_start);
        assert!(
            text.contains("[WhiteTimeControl \"8+0.1\"]\n[BlackTimeControl \"2+0.025\"]\n"),
            "{text}"
        );
        assert!(!text.contains("[TimeControl"), "{text}");
    }

    #[test]
    fn written_games_read_back() {
        let moves: Vec<String> = ["e2e4", "e7e5", "J@f5"].map(String::from).to_vec();
        let tags = [
            ("Variant", "alice".to_string()),
            ("Black", "a \"quoted\" name".to_string()),
        ];
        let text = write(
            &tags,
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            &moves,
            Some("a {comment}"),
            "*",
        );
        let parsed = parse(&text).unwrap();
        assert_eq!(parsed.moves, moves);
        assert_eq!(parsed.tag("variant"), Some("alice"));
        assert_eq!(parsed.tag("Black"), Some("a \"quoted\" name"));
    }

    #[test]
    fn comments_variations_numbers_and_glyphs_are_skipped() {
        let text = "[Event \"x\"]\n[FEN \"8/8/8/8 b - - 0 5\"]\n\n5... e7e5 {best} 6. g1f3 $1 (6. d2d4 d7d5) ; rest\nb8c6 1-0 7. a2a3";
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.moves, ["e7e5", "g1f3", "b8c6"]);
        assert_eq!(parsed.tag("FEN"), Some("8/8/8/8 b - - 0 5"));
        assert_eq!(parse("1.e2e4 e7e5").unwrap().moves, ["e2e4", "e7e5"]);
    }

    #[test]
    fn broken_tags_are_errors() {
        assert!(parse("[Event \"x\"\n1. e2e4").is_err());
        assert!(parse("[Event x]\n1. e2e4").is_err());
        assert!(parse("[Event]").is_err());
        assert_eq!(parse("").unwrap(), Parsed::default());
    }
}
