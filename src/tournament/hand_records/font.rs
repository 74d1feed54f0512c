//! The PDF's fonts: DejaVu Sans Condensed, regular and bold, from the `dejavu` crate (the
//! fonts are free: the Bitstream Vera licence, the DejaVu changes in the public domain), which
//! has the suit symbols ♠ ♥ ♦ ♣ and most of the world's alphabets for the event's title.
//!
//! Each font goes into the file as a composite font (`Type0`, `Identity-H`): every glyph a
//! text shows is given a new number, in the order first shown, two bytes in the page's text;
//! at the end the font is cut down to those glyphs (`subsetter`), embedded (`FontFile2`), and
//! given their widths and a `ToUnicode` map from each glyph to its character, so that the
//! text can be copied and extracted (`pdftotext`). A character the font lacks is shown as `?`.

use crate::files::said;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Finish, Name, Pdf, Rect, Ref, Str};
use std::io;
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId};

/// The objects a font takes in the file, numbered from its first.
pub(super) const OBJECTS: i32 = 5;

/// The glyph collection of an `Identity` composite font.
const SYSTEM_INFO: SystemInfo = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

/// A font as one document uses it: the face, and the glyphs shown so far.
pub(super) struct Font {
    /// The font file's bytes.
    data: &'static [u8],
    /// The font file, read.
    face: Face<'static>,
    /// The PostScript name of the face (`DejaVuSansCondensed-Bold`).
    name: &'static str,
    /// Each glyph shown, numbered from 1 in the order first shown (0 is `.notdef`).
    glyphs: GlyphRemapper,
    /// The character of each new glyph number, by number.
    chars: Vec<char>,
    /// The glyph of `?`, for a character the face lacks.
    missing: GlyphId,
}

impl Font {
    /// The regular face.
    pub fn regular() -> io::Result<Font> {
        Font::new(dejavu::sans_condensed::regular(), "DejaVuSansCondensed")
    }

    /// The bold face.
    pub fn bold() -> io::Result<Font> {
        Font::new(dejavu::sans_condensed::bold(), "DejaVuSansCondensed-Bold")
    }

    fn new(data: &'static [u8], name: &'static str) -> io::Result<Font> {
        let face = Face::parse(data, 0).map_err(|e| said(io::ErrorKind::InvalidData, format!("cannot read the PDF's font {name}: {e}")))?;
        let missing = face.glyph_index('?').unwrap_or(GlyphId(0));
        Ok(Font { data, face, name, glyphs: GlyphRemapper::new(), chars: vec!['\u{FFFD}'], missing })
    }

    /// The glyph of `c`, or that of `?` when the face lacks it.
    fn glyph(&self, c: char) -> GlyphId {
        self.face.glyph_index(c).unwrap_or(self.missing)
    }

    /// The width of `text` set in this font at `size` points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text.chars().map(|c| u32::from(self.face.glyph_hor_advance(self.glyph(c)).unwrap_or(0))).sum();
        units as f32 * size / f32::from(self.face.units_per_em())
    }

    /// The bytes that show `text` in the page's content: two per glyph, its new number.
    pub fn encode(&mut self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * text.len());
        for c in text.chars() {
            let glyph = self.glyph(c);
            let number = self.glyphs.remap(glyph.0);
            if usize::from(number) == self.chars.len() {
                self.chars.push(if glyph == self.missing { '?' } else { c });
            }
            out.extend_from_slice(&number.to_be_bytes());
        }
        out
    }

    /// A font's width in the file's units (thousandths of the type size) from the face's.
    fn scaled(&self, units: f32) -> f32 {
        (units * 1000.0 / f32::from(self.face.units_per_em())).round()
    }

    /// The six capital letters that name the subset before its face's name, from the glyphs
    /// it has (so that two different subsets of a face have different names).
    fn tag(&self) -> String {
        let mut hash: u32 = 0x811c_9dc5;
        for glyph in self.glyphs.remapped_gids() {
            for byte in glyph.to_be_bytes() {
                hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
            }
        }
        (0..6).map(|i| char::from(b'A' + ((hash >> (5 * i)) % 26) as u8)).collect()
    }

    /// Writes the font's objects, numbered from `first`: the composite font (the one pages
    /// refer to), its glyph font with the widths, the descriptor, the subset's file and the
    /// `ToUnicode` map.
    pub fn write(&self, pdf: &mut Pdf, first: Ref) -> io::Result<()> {
        let [type0, cid, descriptor, file, cmap] = [0, 1, 2, 3, 4].map(|i| Ref::new(first.get() + i));
        let subset = subsetter::subset(self.data, 0, &self.glyphs)
            .map_err(|e| said(io::ErrorKind::InvalidData, format!("cannot cut down the PDF's font {}: {e}", self.name)))?;
        let base = format!("{}+{}", self.tag(), self.name);
        pdf.type0_font(type0).base_font(Name(base.as_bytes())).encoding_predefined(Name(b"Identity-H")).descendant_font(cid).to_unicode(cmap);
        let widths: Vec<f32> =
            self.glyphs.remapped_gids().map(|g| self.scaled(f32::from(self.face.glyph_hor_advance(GlyphId(g)).unwrap_or(0)))).collect();
        let mut font = pdf.cid_font(cid);
        font.subtype(CidFontType::Type2).base_font(Name(base.as_bytes())).system_info(SYSTEM_INFO).font_descriptor(descriptor);
        font.cid_to_gid_map_predefined(Name(b"Identity"));
        font.widths().consecutive(0, widths);
        font.finish();
        let b = self.face.global_bounding_box();
        let bbox = Rect::new(
            self.scaled(f32::from(b.x_min)),
            self.scaled(f32::from(b.y_min)),
            self.scaled(f32::from(b.x_max)),
            self.scaled(f32::from(b.y_max)),
        );
        let cap = self.face.capital_height().unwrap_or(self.face.ascender());
        pdf.font_descriptor(descriptor)
            .name(Name(base.as_bytes()))
            .flags(FontFlags::SYMBOLIC)
            .bbox(bbox)
            .italic_angle(self.face.italic_angle())
            .ascent(self.scaled(f32::from(self.face.ascender())))
            .descent(self.scaled(f32::from(self.face.descender())))
            .cap_height(self.scaled(f32::from(cap)))
            .stem_v(if self.face.is_bold() { 140.0 } else { 80.0 })
            .font_file2(file);
        pdf.stream(file, &subset).pair(Name(b"Length1"), subset.len() as i32);
        let mut map = UnicodeCmap::new(Name(b"Custom"), SYSTEM_INFO);
        for (number, &c) in self.chars.iter().enumerate().skip(1) {
            map.pair(number as u16, c);
        }
        pdf.cmap(cmap, &map.finish());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_have_the_suit_symbols() {
        for font in [Font::regular().unwrap(), Font::bold().unwrap()] {
            for c in ['♠', '♥', '♦', '♣', 'A', '0', '?'] {
                assert!(font.face.glyph_index(c).is_some(), "{} has no {c}", font.name);
            }
        }
    }

    #[test]
    fn glyphs_are_numbered_in_the_order_first_shown() {
        let mut font = Font::regular().unwrap();
        assert_eq!(font.encode("♠A♠"), [0, 1, 0, 2, 0, 1]);
        // A character the face lacks shows as `?`, and maps back to `?`.
        assert_eq!(font.encode("\u{10FFFD}"), [0, 3]);
        assert_eq!(font.chars, ['\u{FFFD}', '♠', 'A', '?']);
        assert!(font.width("AA", 10.0) > font.width("A", 10.0));
    }
}
