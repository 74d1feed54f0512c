//! The [`Assembler`] that builds a [`Program`]: code, tables and division sites added (equal
//! tables shared), rewound, and verified at the end.

use crate::evaluation::shape::ShapeSet;
use crate::evaluation::usereval::Query;
use crate::machine::bytecode::{Instr, VarSlot};
use crate::machine::program::{Entry, LengthValues, Program, ShapeValues, SuitBits, SuitValues, VarCode};
use crate::machine::verify::VerifyError;
use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The assembler's maps from a table to its index, hashed by [`TableHasher`].
type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<TableHasher>>;

/// Builds a [`Program`]: the code of entry points and variable subroutines, shape sets and
/// division sites; [`Assembler::finish`] verifies it and sizes its stack.
///
/// ```
/// use dealvm_vm::card::Seat;
/// use dealvm_vm::evaluation::tables::TableId;
/// use dealvm_vm::machine::assembler::Assembler;
/// use dealvm_vm::machine::bytecode::{BinaryOp, Instr};
///
/// // condition hcp(north) >= 15
/// let mut asm = Assembler::new();
/// asm.begin_entry("condition");
/// asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
/// asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 15, site: 0 });
/// let condition = asm.end_entry();
/// let program = asm.finish().expect("a well-formed program");
/// assert_eq!(program.entries[condition].name, "condition");
/// assert_eq!(program.max_stack, 1);
/// ```
#[derive(Default)]
pub struct Assembler {
    program: Program,
    shape_ids: HashMap<ShapeSet, u16>,
    suit_test_ids: HashMap<SuitBits, u16>,
    length_value_ids: HashMap<LengthValues, u16>,
    suit_value_ids: HashMap<SuitValues, u16>,
    shape_value_ids: HashMap<ShapeValues, u16>,
    /// The entry or variable being assembled: name, start and variable slot.
    open: Option<(String, u32, Option<VarSlot>)>,
}

impl Assembler {
    /// An empty program.
    pub fn new() -> Assembler {
        Assembler::default()
    }

    /// Starts the code of an entry point.
    pub fn begin_entry(&mut self, name: &str) {
        self.begin(name, None);
    }

    /// Ends the entry point with `return` and gives its index.
    pub fn end_entry(&mut self) -> usize {
        self.emit(Instr::Return);
        let (name, start, _) = self.open.take().expect("an entry is open");
        self.program.entries.push(Entry { name, start });
        self.program.entries.len() - 1
    }

    /// Starts the subroutine of the next variable and gives its slot, or `None` when there
    /// are already 65536 variables.
    pub fn begin_var(&mut self, name: &str) -> Option<VarSlot> {
        let slot = VarSlot::try_from(self.program.vars.len()).ok()?;
        self.begin(name, Some(slot));
        Some(slot)
    }

    /// Ends the variable's subroutine with `var.end`.
    pub fn end_var(&mut self) {
        let slot = self.open.as_ref().and_then(|o| o.2).expect("a variable is open");
        self.emit(Instr::VarEnd(slot));
        let (name, start, _) = self.open.take().expect("a variable is open");
        self.program.vars.push(VarCode { name, start });
    }

    /// Sets aside the entry or variable being assembled, so that another can be assembled
    /// (and rewound) before it goes on; [`Assembler::take_back`] resumes it.
    pub fn set_aside(&mut self) -> SetAside {
        SetAside(self.open.take())
    }

    /// Resumes what [`Assembler::set_aside`] set aside (nothing else may be open).
    pub fn take_back(&mut self, aside: SetAside) {
        assert!(self.open.is_none(), "one entry or variable at a time");
        self.open = aside.0;
    }

    fn begin(&mut self, name: &str, slot: Option<VarSlot>) {
        assert!(self.open.is_none(), "one entry or variable at a time");
        self.open = Some((name.to_string(), self.here(), slot));
    }

    /// Appends an instruction and gives its address.
    pub fn emit(&mut self, instr: Instr) -> usize {
        self.program.code.push(instr);
        self.program.code.len() - 1
    }

    /// The address of the next instruction.
    pub fn here(&self) -> u32 {
        self.program.code.len() as u32
    }

    /// Points the jump at `at` to `target`.
    pub fn patch(&mut self, at: usize, target: u32) {
        match &mut self.program.code[at] {
            Instr::Jump(t) | Instr::JumpIfZero(t) | Instr::AndThen(t) | Instr::OrElse(t) => *t = target,
            other => panic!("patching `{other}`, which is not a jump"),
        }
    }

    /// The index of a shape set, adding it unless an equal one is there; `None` when there
    /// are already 65536 different sets.
    pub fn shape_set(&mut self, set: &ShapeSet) -> Option<u16> {
        if let Some(&id) = self.shape_ids.get(set) {
            return Some(id);
        }
        let id = u16::try_from(self.program.shapes.len()).ok()?;
        self.program.shapes.push(set.clone());
        self.shape_ids.insert(set.clone(), id);
        Some(id)
    }

    /// The index of a `suit.test` bit table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn suit_test(&mut self, bits: SuitBits) -> Option<u16> {
        intern(&mut self.program.suit_tests, &mut self.suit_test_ids, bits)
    }

    /// The index of a `suit.value` table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn suit_values(&mut self, values: SuitValues) -> Option<u16> {
        intern(&mut self.program.suit_values, &mut self.suit_value_ids, values)
    }

    /// The index of a `lengths.value` table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn length_values(&mut self, table: LengthValues) -> Option<u16> {
        intern(&mut self.program.length_values, &mut self.length_value_ids, table)
    }

    /// The index of a `shape.value` table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn shape_values(&mut self, values: ShapeValues) -> Option<u16> {
        intern(&mut self.program.shape_values, &mut self.shape_value_ids, values)
    }

    /// The index of a `usereval` query, adding it unless it is there; `None` when there are
    /// already 65536.
    pub fn query(&mut self, query: Query) -> Option<u16> {
        if let Some(i) = self.program.queries.iter().position(|&q| q == query) {
            return u16::try_from(i).ok();
        }
        let id = u16::try_from(self.program.queries.len()).ok()?;
        self.program.queries.push(query);
        Some(id)
    }

    /// Adds a division site (how a division-by-zero report names it) and gives its index;
    /// `None` when there are already 65536.
    pub fn site(&mut self, description: String) -> Option<u16> {
        let id = u16::try_from(self.program.sites.len()).ok()?;
        self.program.sites.push(description);
        Some(id)
    }

    /// The state to [`Assembler::rewind`] to.
    pub fn mark(&self) -> Mark {
        Mark {
            code: self.program.code.len(),
            entries: self.program.entries.len(),
            shapes: self.program.shapes.len(),
            sites: self.program.sites.len(),
            tables: [
                self.program.suit_tests.len(),
                self.program.suit_values.len(),
                self.program.shape_values.len(),
                self.program.length_values.len(),
            ],
        }
    }

    /// Forgets the code, shape sets and sites added since `mark`.
    pub fn rewind(&mut self, mark: Mark) {
        self.program.code.truncate(mark.code);
        self.program.entries.truncate(mark.entries);
        self.program.sites.truncate(mark.sites);
        if self.program.shapes.len() > mark.shapes {
            self.program.shapes.truncate(mark.shapes);
            self.shape_ids.retain(|_, id| (*id as usize) < mark.shapes);
        }
        let [tests, suit_values, shape_values, length_values] = mark.tables;
        forget(&mut self.program.length_values, &mut self.length_value_ids, length_values);
        forget(&mut self.program.suit_tests, &mut self.suit_test_ids, tests);
        forget(&mut self.program.suit_values, &mut self.suit_value_ids, suit_values);
        forget(&mut self.program.shape_values, &mut self.shape_value_ids, shape_values);
    }

    /// The program assembled so far.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The program so far, verified, with its stack size set: runnable as it is, for a
    /// compiler that measures code it then rewinds ([`Assembler::rewind`]).
    pub fn verified(&mut self) -> Result<&Program, VerifyError> {
        self.program.max_stack = self.program.verify()?;
        Ok(&self.program)
    }

    /// The finished program, verified, with its stack size set.
    pub fn finish(mut self) -> Result<Program, VerifyError> {
        assert!(self.open.is_none(), "every entry and variable is closed");
        self.program.max_stack = self.program.verify()?;
        self.program.value_slots = self.program.stored_slots();
        Ok(self.program)
    }
}

/// An entry or variable set aside by [`Assembler::set_aside`].
#[derive(Debug)]
pub struct SetAside(Option<(String, u32, Option<VarSlot>)>);

/// A point in assembly to return to.
#[derive(Copy, Clone, Debug)]
pub struct Mark {
    code: usize,
    entries: usize,
    shapes: usize,
    sites: usize,
    /// The numbers of `suit.test`, `suit.value`, `shape.value` and `lengths.value` tables.
    tables: [usize; 4],
}

/// The index of `table` in `tables`, added unless an equal one is there.
fn intern<T: Clone + Eq + std::hash::Hash>(tables: &mut Vec<T>, ids: &mut HashMap<T, u16>, table: T) -> Option<u16> {
    let id = u16::try_from(tables.len()).ok();
    match ids.entry(table) {
        std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
        std::collections::hash_map::Entry::Vacant(e) => {
            let id = id?;
            tables.push(e.key().clone());
            Some(*e.insert(id))
        }
    }
}

/// A hasher for tables of kilobytes: eight bytes a step, one multiply each (the standard
/// SipHash took microseconds a table, twice a table).
#[derive(Default)]
struct TableHasher(u64);

impl TableHasher {
    /// Mixes eight bytes in.
    fn mix(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

impl Hasher for TableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.mix(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
        }
    }
}

/// Forgets the tables from `len` on.
fn forget<T>(tables: &mut Vec<T>, ids: &mut HashMap<T, u16>, len: usize) {
    if tables.len() > len {
        tables.truncate(len);
        ids.retain(|_, id| (*id as usize) < len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_tables_share_one_index_and_others_get_their_own() {
        let mut asm = Assembler::new();
        // Tables that differ in one entry, anywhere (the last bytes too).
        let table = |k: usize| -> SuitValues {
            let mut t = Box::new([0i16; 8192]);
            t[k * 81 % 8192] = 1 + k as i16;
            t
        };
        let ids: Vec<Option<u16>> = (0..102).map(|k| asm.suit_values(table(k))).collect();
        assert_eq!(ids, (0..102).map(Some).collect::<Vec<_>>());
        assert_eq!((asm.suit_values(table(42)), asm.suit_values(table(101))), (Some(42), Some(101)));
        assert_eq!(asm.program().suit_values.len(), 102);
        let bits = |k: u64| -> SuitBits { Box::new([k; 128]) };
        assert_eq!([1, 2, 1, 0].map(|k| asm.suit_test(bits(k))), [Some(0), Some(1), Some(0), Some(2)]);
    }
}
