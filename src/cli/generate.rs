//! The man page, the shells' completions and the guide's list of the switches, made from the
//! switches' definitions ([`crate::cli::args::Cli`], [`MergeCli`]) so that they say what
//! `--help` says (`dealvm --generate man`).

use crate::cli::args::{Cli, MergeCli};
use crate::cli::boards::BoardsCli;
use crate::cli::check::CheckCli;
use crate::cli::failure::{switch_error, Failure};
use crate::cli::squaredeal::SquareDealCli;
use clap::CommandFactory;
use clap_complete::Shell;

/// What `dealvm --generate WHAT` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// `man`: a roff man page.
    Man,
    /// `bash`, `zsh` or `fish`: a shell's completions.
    Completions(Shell),
    /// `markdown`: the switches of `dealvm` and `dealvm merge` as the guide lists them
    /// (docs/guide/command-line.md).
    Markdown,
}

impl Page {
    /// The page `--generate WHAT` names.
    pub fn parse(what: &str) -> Result<Page, Failure> {
        match what {
            "man" => Ok(Page::Man),
            "markdown" => Ok(Page::Markdown),
            "bash" => Ok(Page::Completions(Shell::Bash)),
            "zsh" => Ok(Page::Completions(Shell::Zsh)),
            "fish" => Ok(Page::Completions(Shell::Fish)),
            _ => Err(switch_error(format!("--generate takes man, bash, zsh, fish or markdown, found `{what}`"))),
        }
    }
}

/// The text of `page`.
pub fn generated(page: Page) -> Result<Vec<u8>, Failure> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    match page {
        Page::Man => clap_mangen::Man::new(command).render(&mut out)?,
        Page::Markdown => out = markdown().into_bytes(),
        Page::Completions(shell) => clap_complete::generate(shell, &mut command, "dealvm", &mut out),
    }
    Ok(out)
}

/// The switches of `dealvm`, `dealvm merge`, `dealvm boards`, `dealvm check` and each operation of `dealvm
/// squaredeal` as a Markdown list: each switch with its value, then everything `--help` says of
/// it.
fn markdown() -> String {
    let mut out = String::new();
    let mut commands = vec![
        ("dealvm [SWITCHES] [FILE]".to_string(), Cli::command()),
        ("dealvm merge [SWITCHES] PART...".to_string(), MergeCli::command()),
        ("dealvm boards [SWITCHES]".to_string(), BoardsCli::command()),
        ("dealvm check [SWITCHES] FILE".to_string(), CheckCli::command()),
    ];
    let squaredeal = SquareDealCli::command();
    for operation in squaredeal.get_subcommands().filter(|c| c.get_name() != "help") {
        commands.push((format!("dealvm squaredeal EVENT.sqd {} [SWITCHES]", operation.get_name()), operation.clone()));
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
