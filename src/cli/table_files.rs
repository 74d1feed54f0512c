//! The switches of the files for the table, declared once and flattened into both `dealvm`
//! ([`crate::cli::args::Cli`]) and `dealvm merge` ([`crate::cli::args::MergeCli`]): the board
//! files of dealing machines, scoring programs and BBO, sealed files, and the hand records.

use std::path::PathBuf;

/// The files for the table beside `--pbn` and `--dlm`: the board files of dealing machines,
/// scoring programs and BBO, sealed files, and the hand records. The same switches in `dealvm`
/// and `dealvm merge`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TableFiles {
    /// Write the produced deals to a Duplimate DUP file (DOS dealing machines): Big Deal's
    /// layout, 156 bytes a board, boards 1 to 99; with --sealed, board 1's diagram is blanked.
    #[arg(hide_short_help = true, long = "dup", value_name = "FILE")]
    pub dup: Option<PathBuf>,

    /// Write the produced deals to a BRI file (dealing machines; 128 bytes a board).
    #[arg(hide_short_help = true, long = "bri", value_name = "FILE")]
    pub bri: Option<PathBuf>,

    /// Write the produced deals to a DGE file (dealing machines; 128 bytes a board).
    #[arg(hide_short_help = true, long = "dge", value_name = "FILE")]
    pub dge: Option<PathBuf>,

    /// Write the produced deals to a BER file (Bernasconi dealing machines; 52 digits a board).
    #[arg(hide_short_help = true, long = "ber", value_name = "FILE")]
    pub ber: Option<PathBuf>,

    /// Write the produced deals to an RZD file (KOPS, the Polish scoring program).
    #[arg(hide_short_help = true, long = "rzd", value_name = "FILE")]
    pub rzd: Option<PathBuf>,

    /// Write the produced deals to a CDS file (14 bytes a board).
    #[arg(hide_short_help = true, long = "cds", value_name = "FILE")]
    pub cds: Option<PathBuf>,

    /// Write the produced deals to a BHG file (Borel Hand Generator; a line a board).
    #[arg(hide_short_help = true, long = "bhg", value_name = "FILE")]
    pub bhg: Option<PathBuf>,

    /// Write the produced deals to a LIN file for BBO
    ///
    /// One record a board, as BBO's deal import and hand viewer take it: the hands in BBO's
    /// order (South, West, North, East), the dealer and the vulnerability of each board.
    #[arg(long = "lin", value_name = "FILE")]
    pub lin: Option<PathBuf>,

    /// Write the produced deals to a CSV file as Big Deal writes it (one line a board: the 16
    /// holdings, the board, its dealer and vulnerability); -C is Dealer's `csvrpt` file.
    #[arg(hide_short_help = true, long = "boards-csv", value_name = "FILE")]
    pub boards_csv: Option<PathBuf>,

    /// Seal the --dlm and --dup files: DLM `Status=Sealed`, and the DUP file without board 1's
    /// diagram (Big Deal's dlmblind and dupblind), for boards no operator should see.
    #[arg(hide_short_help = true, long = "sealed")]
    pub sealed: bool,

    /// Write hand records to FILE: each board's diagram, makeable contracts and par
    ///
    /// FILE.html (one page, nothing else needed, to print or put online), FILE.pdf, or FILE.txt
    /// (`-`: the text on standard output). For each board its number, dealer and vulnerability,
    /// the hands with their high-card points, the highest level each declarer makes in each
    /// strain double dummy, and the par at the board's vulnerability; the title (`-T`, else the
    /// deals file's) and the date at the top of each page. Every board is solved, unless its
    /// results are in the deals file.
    #[arg(long = "hand-records", value_name = "FILE")]
    pub hand_records: Option<PathBuf>,

    /// The paper of the hand records: a4 (default) or letter.
    #[arg(hide_short_help = true, long = "paper", value_name = "a4|letter")]
    pub paper: Option<String>,

    /// The boards on each page of the hand records: 4 or 6 (default 6).
    #[arg(hide_short_help = true, long = "boards-per-page", value_name = "4|6")]
    pub boards_per_page: Option<String>,

    /// The date printed on the hand records (default: today), as it should read:
    /// `2026-11-28`, `28 November 2026`.
    #[arg(hide_short_help = true, long = "date", value_name = "TEXT")]
    pub date: Option<String>,
}
