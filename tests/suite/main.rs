//! dealvm's integration tests, in one test binary (one link, one start-up) with a module per
//! subject. They run the `dealvm` binary (helpers in [`common`]) and the reference program
//! `/usr/games/dealer`, and read the vendored reference data in `tests/data`.

mod common;

mod architecture;
mod bigdeal;
mod bigdeal_files;
mod bigdeal_law;
mod boards;
mod boards_for_play;
mod charts;
mod check;
mod classic;
mod cli;
mod dealing_choice;
mod docs;
mod double_dummy;
mod errors;
mod exact_dealing;
mod exact_law;
mod examples;
mod features;
mod file_safety;
mod fuzz;
mod golden;
mod hand_records;
mod leads;
mod library;
mod opc;
mod optimiser;
mod oracle;
mod output_files;
mod packaging;
mod partial;
mod pbn_others;
mod randomness;
mod reference;
mod reports;
mod robustness;
mod same_deals;
mod scripts;
mod serve;
mod shards;
mod slurm;
mod solved_files;
mod squaredeal;
mod table_files;
mod usereval;
mod users;
