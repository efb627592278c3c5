//! The template environment: strict about undefined names, with the number
//! filters registered once (every number a chapter states goes through
//! one), the verdict tests, and `figure("name")`.

use std::collections::BTreeMap;
use std::sync::Arc;

use minijinja::{Environment, Error, ErrorKind, UndefinedBehavior, Value};

use super::instrument::BRANCH_FN;
use super::tracked::Recorder;
use crate::format;

/// A figure a template can place: a chart or a tree picture.
#[derive(Clone, Debug)]
pub struct Placed {
    /// Its title, the image's alternative text.
    pub title: String,
    /// Folder inside the reports: `charts` or `trees`.
    pub folder: &'static str,
    /// Width and height in pixels, for pictures too wide to show in a column.
    pub wide: Option<(u32, u32)>,
}

/// Pictures wider than this are linked, not shown: scaled into a page
/// column their text would be too small to read.
pub const INLINE_WIDTH: u32 = 2000;

fn number(v: &Value) -> Result<f64, Error> {
    if v.is_undefined() {
        return Err(Error::new(
            ErrorKind::UndefinedError,
            "a number filter got an undefined name",
        ));
    }
    f64::try_from(v.clone()).map_err(|_| {
        Error::new(
            ErrorKind::InvalidOperation,
            format!("a number filter got {v} ({}), not a number", v.kind()),
        )
    })
}

/// A verdict is its name, or a judged verdict (`Judged`) whose `is` is.
fn verdict(v: &Value, which: &str) -> Result<bool, Error> {
    let is = v.get_attr("is").ok().filter(|i| !i.is_undefined());
    match is.as_ref().unwrap_or(v).as_str() {
        Some(s @ ("lower" | "higher" | "within_noise" | "too_few")) => Ok(s == which),
        _ => Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("`is {which}` tests a verdict, not {v}"),
        )),
    }
}

/// How a number filter writes a number.
type Write = fn(f64) -> String;

/// The environment, with the templates added by the caller.
pub fn environment(figures: BTreeMap<String, Placed>, rec: Arc<Recorder>) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .expect("the default delimiters"),
    );
    let filters: [(&str, Write); 8] = [
        ("count", format::human_count),
        ("ns", |v| format::human_seconds(v / 1e9)),
        ("seconds", format::human_seconds),
        ("times", format::times),
        ("ratio", format::ratio),
        ("percent", format::percent),
        ("bytes", format::human_bytes),
        ("sig", format::sig3),
    ];
    for (name, write) in filters {
        let r = rec.clone();
        env.add_filter(name, move |v: Value| {
            Ok::<_, Error>(r.wrote(write(number(&v)?)))
        });
    }
    // Exact for integers of any size (Q(27) has 18 digits, more than an f64 holds).
    let r = rec.clone();
    env.add_filter("size", move |v: Value| {
        let text = match u64::try_from(v.clone()) {
            Ok(exact) => format::group_digits(exact),
            Err(_) => format::group_digits(number(&v)?.round() as u64),
        };
        Ok::<_, Error>(r.wrote(text))
    });
    env.add_test("lower", |v: Value| verdict(&v, "lower"));
    env.add_test("higher", |v: Value| verdict(&v, "higher"));
    env.add_test("within_noise", |v: Value| verdict(&v, "within_noise"));
    env.add_test("too_few", |v: Value| verdict(&v, "too_few"));
    let r = rec.clone();
    env.add_function(BRANCH_FN, move |id: String| {
        r.branches.lock().unwrap().insert(id);
        Ok::<_, Error>(Value::from(""))
    });
    env.add_function("figure", move |name: String| {
        let Some(f) = figures.get(&name) else {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("no figure `{name}` in the data"),
            ));
        };
        rec.figures.lock().unwrap().insert(name.clone());
        let (svg, png) = (
            format!("../{}/{name}.svg", f.folder),
            format!("../{}/{name}.png", f.folder),
        );
        Ok(match f.wide {
            Some((w, h)) => format!("- [{}]({svg}) ({w} × {h} px; [PNG]({png}))", f.title),
            None => format!("![{}]({svg})\n\n[PNG for slides]({png})", f.title),
        })
    });
    env
}
