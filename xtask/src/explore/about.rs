//! What each approach is, for the page's `about` panel: the text of
//! `xtask/assets/explore/approaches.txt` (seed file, author, language, what
//! one step is, what to watch for), joined with the registry's title, source
//! and data structure, as one JSON object by approach id.
//!
//! The text is prose a teacher edits: one block per approach, a line
//! `## id`, then `key: value` lines; `#` starts a comment line.

use std::collections::BTreeMap;

use queens_approaches::REGISTRY;
use serde::Serialize;

use crate::{Result, bail};

/// The descriptions, as written.
pub const TEXT: &str = include_str!("../../assets/explore/approaches.txt");

/// The keys a block may hold, all required.
const KEYS: [&str; 5] = ["seed", "author", "language", "step", "watch"];

/// One approach, as the panel shows it.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct About {
    /// The registry's title.
    pub title: String,
    /// The registry's source.
    pub source: String,
    /// The registry's data structure.
    pub structure: String,
    /// The registry's step unit, as `queens` counts its steps (the page's
    /// step counter is labelled with it).
    pub unit: String,
    /// The seed file (or where the program comes from).
    pub seed: String,
    /// Who wrote it.
    pub author: String,
    /// In what language.
    pub language: String,
    /// What one step is.
    pub step: String,
    /// One sentence on what to watch for.
    pub watch: String,
}

/// Parses `text` (the format of [`TEXT`]): every block names a registered
/// approach once and holds each of the keys once. Errors name the line.
pub fn parse(text: &str) -> Result<BTreeMap<String, About>> {
    let mut out: BTreeMap<String, About> = BTreeMap::new();
    let mut current: Option<(String, BTreeMap<&str, String>)> = None;
    let finish = |block: Option<(String, BTreeMap<&str, String>)>,
                  out: &mut BTreeMap<String, About>|
     -> Result<()> {
        let Some((id, fields)) = block else {
            return Ok(());
        };
        let missing: Vec<&str> = KEYS
            .iter()
            .filter(|k| !fields.contains_key(*k))
            .copied()
            .collect();
        if !missing.is_empty() {
            bail!(
                "approaches.txt: the block of {id} lacks {}",
                missing.join(", ")
            );
        }
        let info = REGISTRY
            .get(&id)
            .map_err(|_| {
                crate::Error(format!("approaches.txt: {id} is not a registered approach"))
            })?
            .info();
        let about = About {
            title: info.title.to_string(),
            source: info.source.to_string(),
            structure: info.structure.to_string(),
            unit: info.step_unit.to_string(),
            seed: fields["seed"].clone(),
            author: fields["author"].clone(),
            language: fields["language"].clone(),
            step: fields["step"].clone(),
            watch: fields["watch"].clone(),
        };
        if out.insert(id.clone(), about).is_some() {
            bail!("approaches.txt: {id} has two blocks");
        }
        Ok(())
    };
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') && !line.starts_with("## ") {
            continue;
        }
        if let Some(id) = line.strip_prefix("## ") {
            finish(current.take(), &mut out)?;
            current = Some((id.trim().to_string(), BTreeMap::new()));
            continue;
        }
        let Some((_, fields)) = current.as_mut() else {
            bail!("approaches.txt:{}: a line before the first `## id`", i + 1);
        };
        let Some((key, value)) = line.split_once(": ") else {
            bail!("approaches.txt:{}: not `key: value`: {line}", i + 1);
        };
        let Some(key) = KEYS.iter().find(|k| **k == key) else {
            bail!(
                "approaches.txt:{}: unknown key `{key}` (keys: {})",
                i + 1,
                KEYS.join(", ")
            );
        };
        if fields.insert(key, value.trim().to_string()).is_some() {
            bail!("approaches.txt:{}: `{key}` given twice", i + 1);
        }
    }
    finish(current, &mut out)?;
    Ok(out)
}

/// The JSON the page embeds in `#approach-data`.
pub fn json() -> Result<String> {
    let all = parse(TEXT)?;
    serde_json::to_string(&all)
        .map_err(|e| crate::Error(format!("cannot encode approaches.txt: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_approach_is_described_once_from_its_registry_entry() {
        let all = parse(TEXT).unwrap_or_else(|e| panic!("{e}"));
        for approach in REGISTRY.all() {
            let info = approach.info();
            let about = all
                .get(info.id)
                .unwrap_or_else(|| panic!("approaches.txt has no block for {}", info.id));
            assert_eq!(
                (
                    about.title.as_str(),
                    about.source.as_str(),
                    about.unit.as_str()
                ),
                (info.title, info.source, info.step_unit)
            );
            // A seed is named by its file in ../shared/seeds (NNN_<16 hex digits>.txt),
            // or the block says `none: ` and where the program comes from.
            let file = about.seed.split([',', ' ']).next().unwrap_or_default();
            let is_seed_file = file.len() == 24
                && file.ends_with(".txt")
                && file[..3].chars().all(|c| c.is_ascii_digit())
                && file[4..20].chars().all(|c| c.is_ascii_hexdigit());
            assert!(
                is_seed_file || about.seed.starts_with("none: "),
                "{}: seed `{}` is neither a seed file nor `none: ...`",
                info.id,
                about.seed
            );
        }
        assert_eq!(all.len(), REGISTRY.all().len());
    }

    #[test]
    fn a_bad_description_is_refused_naming_the_line() {
        let block = "## bitmask\nseed: s\nauthor: a\nlanguage: C\nstep: s\nwatch: w\n";
        assert!(parse(block).is_ok());
        for (text, says) in [
            (
                "seed: s\n",
                "approaches.txt:1: a line before the first `## id`",
            ),
            (
                "## bitmask\ncolour: red\n",
                "approaches.txt:2: unknown key `colour`",
            ),
            ("## bitmask\nseed s\n", "approaches.txt:2: not `key: value`"),
            (
                "## bitmask\nseed: a\nseed: b\n",
                "approaches.txt:3: `seed` given twice",
            ),
            (
                "## bitmask\nseed: s\n",
                "the block of bitmask lacks author, language, step, watch",
            ),
            (
                "## no-such\nseed: s\nauthor: a\nlanguage: C\nstep: s\nwatch: w\n",
                "no-such is not a registered approach",
            ),
        ] {
            let e = parse(text).unwrap_err().0;
            assert!(e.contains(says), "{text:?}: {e}");
        }
        let twice = format!("{block}{block}");
        assert!(
            parse(&twice)
                .unwrap_err()
                .0
                .contains("bitmask has two blocks")
        );
    }
}
