//! The registry of formats: every format ([`Format`]), the lists that order them (the
//! command's, the order content is tried in, Big Deal's), each one's facts, and the names
//! `-f` takes.

use super::facts::{Facts, Sealed};
use super::{ber, bhg, bri, cds, csv, dge, dl52, dlm, dup, goe, lin, pbn, rzd, zrd};
use dealvm_vm::dealing::board::Board;

/// A format of files of boards or deals. Adding a format is a variant here, its place in the
/// lists of [`Format`], its arm of [`Format::facts`], and its module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    Pbn,
    Dlm,
    Dup,
    Bri,
    Dge,
    Ber,
    Rzd,
    Cds,
    Bhg,
    Lin,
    Csv,
    Goe,
    Zrd,
    Dl52,
}

impl Format {
    /// Every format, in the order the command lists their switches.
    pub const ALL: [Format; 14] = [
        Format::Pbn,
        Format::Dlm,
        Format::Dup,
        Format::Bri,
        Format::Dge,
        Format::Ber,
        Format::Rzd,
        Format::Cds,
        Format::Bhg,
        Format::Lin,
        Format::Csv,
        Format::Goe,
        Format::Zrd,
        Format::Dl52,
    ];

    /// The formats a file's content is tried against, in order, the first that fits taken:
    /// the records of deals, then the binary board files, then the text ones, the stricter
    /// first. CDS has nothing to tell it by but its name.
    pub const BY_CONTENT: [Format; 13] = [
        Format::Zrd,
        Format::Dl52,
        Format::Dup,
        Format::Bri,
        Format::Dge,
        Format::Rzd,
        Format::Dlm,
        Format::Pbn,
        Format::Lin,
        Format::Csv,
        Format::Bhg,
        Format::Goe,
        Format::Ber,
    ];

    /// The formats of Big Deal's list (`bigdealx -f`), in its order.
    pub const BIG_DEAL: [Format; 12] = [
        Format::Pbn,
        Format::Dlm,
        Format::Dup,
        Format::Bri,
        Format::Dge,
        Format::Lin,
        Format::Csv,
        Format::Ber,
        Format::Bhg,
        Format::Rzd,
        Format::Cds,
        Format::Goe,
    ];

    /// The format's facts, reader and writer.
    pub fn facts(self) -> &'static Facts {
        match self {
            Format::Pbn => &pbn::FACTS,
            Format::Dlm => &dlm::FACTS,
            Format::Dup => &dup::FACTS,
            Format::Bri => &bri::FACTS,
            Format::Dge => &dge::FACTS,
            Format::Ber => &ber::FACTS,
            Format::Rzd => &rzd::FACTS,
            Format::Cds => &cds::FACTS,
            Format::Bhg => &bhg::FACTS,
            Format::Lin => &lin::FACTS,
            Format::Csv => &csv::FACTS,
            Format::Goe => &goe::FACTS,
            Format::Zrd => &zrd::FACTS,
            Format::Dl52 => &dl52::FACTS,
        }
    }

    /// The format's name (`dup`).
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// The files' extension, lower case.
    pub fn extension(self) -> &'static str {
        self.facts().extension
    }

    /// What the file is called in messages (`DUP`, `Big Deal CSV`).
    pub fn what(self) -> &'static str {
        self.facts().what
    }

    /// The highest board number a file holds, each board's number read back as written.
    pub fn last_board(self) -> Option<u64> {
        self.facts().last_board
    }

    /// The format a file's name gives by its extension, if one of these.
    pub fn of_name(name: &str) -> Option<Format> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extension() == extension)
    }

    /// The format of the switch `--LONG` of `dealvm` and `dealvm merge`.
    pub fn of_switch(long: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.facts().switch.long() == Some(long))
    }

    /// Whether the file is of boards that take the dealer and vulnerability of their number's
    /// place in the 16-board cycle, not their own (DLM, DUP, ...; not the files of deal
    /// records).
    pub fn follows_cycle(self) -> bool {
        let facts = self.facts();
        !facts.dealers && !facts.records
    }

    /// The file of `boards` as Big Deal writes it (`dealvm boards`, SquareDeal, the board files
    /// a run writes at its end), sealed when asked and the format has a sealed form; `None`
    /// for the files of deal records, which runs write record by record.
    pub fn file(self, boards: &[Board], sealed: Sealed) -> Option<Vec<u8>> {
        self.facts().write.map(|write| write(boards, sealed))
    }
}

/// The names `-f` takes, in Big Deal's order: each format's name, Big Deal's for it, and its
/// sealed form's (`pbn, dlm, dlmblind, dup, ...`).
pub fn names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for format in Format::BIG_DEAL {
        let facts = format.facts();
        names.push(facts.big_deal_name.unwrap_or(facts.name));
        names.extend(facts.sealed.as_ref().map(|s| s.name));
    }
    names
}

/// What `-f`'s names are, for its help: the sealed forms, then Big Deal's own names.
pub fn names_explained() -> String {
    let mut sealed = Format::BIG_DEAL.iter().filter_map(|f| f.facts().sealed.as_ref()).map(|s| format!("`{}` {}", s.name, s.description));
    let sealed_first = sealed.next().map(|first| first.replacen(' ', " is ", 1)).into_iter();
    let sealed: Vec<String> = sealed_first.chain(sealed).collect();
    let own =
        Format::BIG_DEAL.iter().filter_map(|f| f.facts().big_deal_name.map(|big| format!("`{big}` (or `{}`) the .{} file", f.name(), f.extension())));
    let mut own: Vec<String> = own.collect();
    if let Some(first) = own.first_mut() {
        *first = first.replacen(") the", ") writes the", 1);
    }
    format!("Big Deal's names: {}, for boards no operator should see; {}.", sealed.join(", "), own.join(", "))
}

/// The format and sealing a `-f` name gives: a format's name (`bhg`), Big Deal's (`borel`),
/// or the name of a sealed form (`dlmblind`); any case.
pub fn named(name: &str) -> Option<(Format, Sealed)> {
    let name = name.trim().to_ascii_lowercase();
    Format::BIG_DEAL.into_iter().find_map(|f| {
        let facts = f.facts();
        if facts.name == name || facts.big_deal_name == Some(&name) {
            Some((f, Sealed::No))
        } else {
            facts.sealed.as_ref().filter(|s| s.name == name).map(|_| (f, Sealed::Yes))
        }
    })
}

/// The name `-f` gives a format, sealed or not: Big Deal's.
pub fn name_of(format: Format, sealed: Sealed) -> &'static str {
    let facts = format.facts();
    match (sealed, &facts.sealed) {
        (Sealed::Yes, Some(form)) => form.name,
        _ => facts.big_deal_name.unwrap_or(facts.name),
    }
}

/// What a file of `format`, sealed or not, is called in messages: `DUP`, `sealed DUP`.
pub fn what_of(format: Format, sealed: Sealed) -> &'static str {
    match (sealed, &format.facts().sealed) {
        (Sealed::Yes, Some(form)) => form.what,
        _ => format.what(),
    }
}

/// The formats of a `-f` list (`pbn,dlm,dup`), each once, in the order given; or what is
/// wrong with the list.
pub fn parse_list(text: &str) -> Result<Vec<(Format, Sealed)>, String> {
    let mut formats: Vec<(Format, Sealed)> = Vec::new();
    for name in text.split(',').map(|n| n.trim().to_ascii_lowercase()) {
        let Some(chosen) = named(&name) else {
            return Err(format!("-f takes formats separated by commas ({}), found `{name}`", names().join(", ")));
        };
        if let Some(other) = formats.iter().find(|f| f.0 == chosen.0 && **f != chosen) {
            let (a, b) = (name_of(other.0, other.1), name_of(chosen.0, chosen.1));
            return Err(format!("-f: {a} and {b} both write the .{} file; give one of them", chosen.0.extension()));
        }
        if !formats.contains(&chosen) {
            formats.push(chosen);
        }
    }
    Ok(formats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_format_is_in_each_list_once_and_its_facts_are_its_own() {
        let all: BTreeSet<Format> = Format::ALL.into_iter().collect();
        assert_eq!(all.len(), Format::ALL.len());
        let by_content: BTreeSet<Format> = Format::BY_CONTENT.into_iter().collect();
        assert_eq!(by_content.len(), Format::BY_CONTENT.len());
        let told: BTreeSet<Format> = Format::ALL.into_iter().filter(|f| f.facts().looks_like.is_some()).collect();
        assert_eq!(by_content, told, "the formats tried by content are those whose content tells them");
        let big_deal: BTreeSet<Format> = Format::BIG_DEAL.into_iter().collect();
        assert_eq!(big_deal.len(), Format::BIG_DEAL.len());
        for format in Format::ALL {
            let facts = format.facts();
            assert_eq!(Format::of_name(&format!("x.{}", facts.extension)), Some(format), "{}", facts.name);
            assert_eq!(facts.records, format.file(&[], Sealed::No).is_none(), "{}: boards are written, records are not", facts.name);
            assert_eq!(big_deal.contains(&format), facts.write.is_some(), "{}: Big Deal's list is what dealvm boards writes", facts.name);
            assert!(!facts.label.is_empty() && !facts.what.is_empty() && !facts.content_type.is_empty());
            if let Some(long) = facts.switch.long() {
                assert_eq!(Format::of_switch(long), Some(format));
            }
        }
    }

    #[test]
    fn the_f_names_are_big_deals() {
        assert_eq!(names().join(", "), "pbn, dlm, dlmblind, dup, dupblind, bri, dge, lin, csv, ber, borel, kops, cds, goedel");
        assert_eq!(named("BHG"), Some((Format::Bhg, Sealed::No)));
        assert_eq!(named("borel"), Some((Format::Bhg, Sealed::No)));
        assert_eq!(named("dupblind"), Some((Format::Dup, Sealed::Yes)));
        assert_eq!(named("zrd"), None, "records are written by runs");
        assert_eq!(parse_list("pbn, DLM,pbn").unwrap(), [(Format::Pbn, Sealed::No), (Format::Dlm, Sealed::No)]);
        assert_eq!(parse_list("dlm,dlmblind").unwrap_err(), "-f: dlm and dlmblind both write the .dlm file; give one of them");
        assert!(parse_list("pbn,xyz").unwrap_err().starts_with("-f takes formats separated by commas (pbn, dlm, dlmblind,"));
        assert_eq!(what_of(Format::Dup, Sealed::Yes), "sealed DUP");
        assert_eq!(what_of(Format::Lin, Sealed::Yes), "LIN");
    }
}
