//! The facts as the templates see them: a map that records every fact a
//! template reads (`rows[].n` for a field of a list's items), so the tests
//! can find facts no template uses; and the recorder of branches,
//! figures and the numbers the filters wrote.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use minijinja::Value;
use minijinja::value::{Enumerator, Object, ObjectRepr};

/// What the renders of one environment read and took.
#[derive(Debug, Default)]
pub struct Recorder {
    /// Fact paths read (`n`, `first[].n`), with the template's file stem.
    pub facts: Mutex<BTreeSet<(String, String)>>,
    /// Branch ids taken.
    pub branches: Mutex<BTreeSet<String>>,
    /// Figures placed.
    pub figures: Mutex<BTreeSet<String>>,
    /// Every number a filter wrote: the figures a render computed from
    /// the facts (the answer key's test clears it before each render).
    pub written: Mutex<BTreeSet<String>>,
}

impl Recorder {
    /// Records the text a number filter wrote, and returns it.
    pub fn wrote(&self, text: String) -> String {
        self.written.lock().unwrap().insert(text.clone());
        text
    }

    fn fact(&self, file: &str, path: &str) {
        self.facts
            .lock()
            .unwrap()
            .insert((file.to_string(), path.to_string()));
    }
}

/// A part of the facts of one chapter.
#[derive(Debug)]
struct Tracked {
    file: Arc<str>,
    path: String,
    value: serde_json::Value,
    recorder: Arc<Recorder>,
}

/// The facts of chapter `file` as a template value that records what is read.
pub fn facts(file: &str, value: &serde_json::Value, recorder: &Arc<Recorder>) -> Value {
    wrap(Arc::from(file), String::new(), value, recorder)
}

fn wrap(file: Arc<str>, path: String, value: &serde_json::Value, rec: &Arc<Recorder>) -> Value {
    match value {
        serde_json::Value::Object(_) | serde_json::Value::Array(_) => Value::from_object(Tracked {
            file,
            path,
            value: value.clone(),
            recorder: rec.clone(),
        }),
        scalar => Value::from(minijinja::value::Serde(scalar)),
    }
}

impl Object for Tracked {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        match self.value {
            serde_json::Value::Array(_) => ObjectRepr::Seq,
            _ => ObjectRepr::Map,
        }
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let (path, child) = match &self.value {
            serde_json::Value::Object(map) => {
                let k = key.as_str()?;
                let path = if self.path.is_empty() {
                    k.to_string()
                } else {
                    format!("{}.{k}", self.path)
                };
                (path, map.get(k)?)
            }
            serde_json::Value::Array(items) => {
                (format!("{}[]", self.path), items.get(key.as_usize()?)?)
            }
            _ => return None,
        };
        self.recorder.fact(&self.file, &path);
        Some(wrap(self.file.clone(), path, child, &self.recorder))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        match &self.value {
            serde_json::Value::Object(map) => {
                Enumerator::Values(map.keys().map(|k| Value::from(k.as_str())).collect())
            }
            serde_json::Value::Array(items) => Enumerator::Seq(items.len()),
            _ => Enumerator::Empty,
        }
    }
}

/// Every leaf path of some facts (`rows[].n`), as the recorder names them.
pub fn leaves(value: &serde_json::Value) -> BTreeSet<String> {
    fn walk(v: &serde_json::Value, path: String, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Object(map) if !map.is_empty() => {
                for (k, child) in map {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    walk(child, p, out);
                }
            }
            serde_json::Value::Array(items) if !items.is_empty() => {
                for child in items {
                    walk(child, format!("{path}[]"), out);
                }
            }
            _ if path.is_empty() => {}
            _ => {
                out.insert(path);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(value, String::new(), &mut out);
    out
}
