//! The man page, the shells' completions and the guide's list of the switches, made from the
//! switches' definitions (`dealvm`'s, [`crate::cli::args::Cli`], and every subcommand's of the
//! list [`SUBCOMMANDS`]) so that they say what `--help` says (`dealvm --generate man`).

use crate::cli::args::Cli;
use crate::cli::commands::SUBCOMMANDS;
use crate::cli::failure::{switch_error, Failure};
use clap::CommandFactory;
use clap_complete::Shell;

/// What `dealvm --generate WHAT` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// `man`: the roff man page of `dealvm`; `man-NAME`, of the subcommand `dealvm NAME`.
    Man(Option<&'static str>),
    /// `bash`, `zsh` or `fish`: a shell's completions.
    Completions(Shell),
    /// `markdown`: the switches of `dealvm` and of every subcommand as the guide lists them
    /// (docs/guide/command-line.md).
    Markdown,
}

impl Page {
    /// The page `--generate WHAT` names.
    pub fn parse(what: &str) -> Result<Page, Failure> {
        if let Some(sub) = what.strip_prefix("man-").and_then(|name| SUBCOMMANDS.iter().find(|s| s.name == name)) {
            return Ok(Page::Man(Some(sub.name)));
        }
        match what {
            "man" => Ok(Page::Man(None)),
            "markdown" => Ok(Page::Markdown),
            "bash" => Ok(Page::Completions(Shell::Bash)),
            "zsh" => Ok(Page::Completions(Shell::Zsh)),
            "fish" => Ok(Page::Completions(Shell::Fish)),
            _ => {
                let pages: Vec<String> = SUBCOMMANDS.iter().map(|s| format!("man-{}", s.name)).collect();
                let deals = if what.trim().parse::<u64>().is_ok() { format!("; the deals to examine are -g {}", what.trim()) } else { String::new() };
                Err(switch_error(format!("--generate takes man, bash, zsh, fish or markdown (or {}), found `{what}`{deals}", pages.join(", "))))
            }
        }
    }
}

/// The text of `page`.
pub fn generated(page: Page) -> Result<Vec<u8>, Failure> {
    let mut command = whole();
    let mut out = Vec::new();
    match page {
        Page::Man(None) => clap_mangen::Man::new(command).render(&mut out)?,
        Page::Man(Some(name)) => {
            let sub = command.find_subcommand_mut(name).expect("a subcommand of the list").clone();
            clap_mangen::Man::new(sub).title(format!("dealvm-{name}")).render(&mut out)?
        }
        Page::Markdown => out = markdown().into_bytes(),
        Page::Completions(shell) => clap_complete::generate(shell, &mut command, "dealvm", &mut out),
    }
    Ok(out)
}

/// The whole command: `dealvm`'s switches, and each subcommand with its own.
fn whole() -> clap::Command {
    let whole = Cli::command().disable_help_subcommand(true);
    SUBCOMMANDS.iter().fold(whole, |command, s| command.subcommand((s.command)().name(s.name).bin_name(format!("dealvm {}", s.name))))
}

/// The switches of `dealvm` and of each subcommand (each operation of one that has them, such
/// as `dealvm squaredeal`) as a Markdown list: each switch with its value, then everything
/// `--help` says of it.
fn markdown() -> String {
    let mut out = String::new();
    let mut commands = vec![("dealvm [SWITCHES] [FILE]".to_string(), Cli::command())];
    for subcommand in SUBCOMMANDS {
        let command = (subcommand.command)();
        let operations: Vec<&clap::Command> = command.get_subcommands().filter(|c| c.get_name() != "help").collect();
        if operations.is_empty() {
            commands.push((subcommand.usage.to_string(), command.clone()));
        }
        for operation in operations {
            commands.push((subcommand.usage.replace("OPERATION", operation.get_name()), operation.clone()));
        }
    }
    for (title, command) in commands {
        out.push_str(&format!("### `{title}`\n\n"));
        if command.get_arguments().all(|a| a.is_hide_set()) {
            out.push_str("No switches.\n");
        }
        for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
            let value = arg.get_value_names().map(|v| v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ")).unwrap_or_default();
            let mut names: Vec<String> =
                arg.get_short().map(|c| format!("-{c}")).into_iter().chain(arg.get_long().map(|l| format!("--{l}"))).collect();
            if names.is_empty() {
                names.push(value.clone());
            } else if arg.get_num_args().is_some_and(|n| n.min_values() == 0 && n.max_values() == 1) {
                names = names.into_iter().map(|n| format!("{n}[={value}]")).collect();
            } else if !value.is_empty() && arg.get_action().takes_values() {
                names = names.into_iter().map(|n| format!("{n} {value}")).collect();
            }
            let help = arg.get_long_help().or(arg.get_help()).map(|h| h.to_string()).unwrap_or_default();
            // The summary, then the details, as one paragraph.
            let help = help.split("\n\n").map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>();
            let help = match help.as_slice() {
                [summary, details @ ..] if !details.is_empty() => format!("{summary}. {}", details.join(" ")),
                _ => help.join(" "),
            };
            let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
            out.push_str(&format!("- {}: {help}\n", names.join(", ")));
        }
        out.push('\n');
    }
    out
}
