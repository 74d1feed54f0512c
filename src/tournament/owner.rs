//! The owner of `dealvm boards`' deals (a club, a tournament), hashed into every deal, kept for
//! the next sessions in dealvm's settings file (`$XDG_CONFIG_HOME/dealvm/boards`, else
//! `~/.config/dealvm/boards`), as Big Deal keeps it in `.bigdealrc`.

use super::error::{refused, Error};
use crate::files::target::Output;
use std::path::PathBuf;

/// The settings file, when the environment names a folder for it.
pub fn settings_file() -> Option<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()).map(PathBuf::from);
    let config = config.or_else(|| std::env::var_os("HOME").filter(|d| !d.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(config.join("dealvm").join("boards"))
}

/// The owner kept in the settings file, if any.
pub fn saved() -> Option<String> {
    let text = std::fs::read_to_string(settings_file()?).ok()?;
    text.lines().find_map(|l| l.strip_prefix("owner=")).map(str::to_string).filter(|o| !o.trim().is_empty())
}

/// Keeps `owner` in the settings file for the next sessions: the file written, or `None` when
/// it held this owner already.
pub fn keep(owner: &str) -> Result<Option<PathBuf>, Error> {
    if owner.trim().is_empty() || owner.contains(['\n', '\r']) {
        return Err(refused("--owner takes the owner's identification on one line, such as --owner \"Club de Bridge de Lyon\""));
    }
    let Some(path) = settings_file() else {
        return Err(refused("cannot keep the owner: neither XDG_CONFIG_HOME nor HOME is set"));
    };
    if saved().as_deref() == Some(owner) {
        return Ok(None);
    }
    let folder = path.parent().expect("the settings file is in a folder");
    let written = std::fs::create_dir_all(folder).and_then(|_| {
        let mut file = Output::open("settings", &path, false)?;
        let mut stdout = std::io::stdout();
        file.writer(&mut stdout).write_all(format!("owner={owner}\n").as_bytes())?;
        file.commit()
    });
    written.map_err(|e| refused(format!("cannot keep the owner in `{}`: {}", path.display(), crate::files::reason(&e))))?;
    Ok(Some(path))
}
