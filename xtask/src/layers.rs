//! The web crate's layer order, checked by a test over its `crate::` paths.
//!
//! From the bottom up:
//! - `format` (numbers and durations in words) and `protocol` (each job's request and output,
//!   and progress) import neither the URL layer nor the worker;
//! - `route` (the URL layer: parsing and writing each page's state) and `worker` (the jobs
//!   that run in a Web Worker) import `protocol` and `format`, never each other, nor anything
//!   above them;
//! - the job clients (`worker_client`, `worker_pool`, `jobs`, `tiles`), the `components`, the
//!   `pages`, `app`, `bundle` and `lib` sit on top and may import any layer below.
//!
//! Paths in a layer's macros count too (`$crate::…`): the lists of pages and jobs
//! (`for_each_page!`, `for_each_job!`) expand in files above their layer, and name only their
//! own layer and `protocol`.
//!
//! The check is a test of this crate (`cargo xtask test` runs it). So the worker never parses a page's URL text again, and a page's URL state never depends
//! on how its job runs.

/// A layer of the web crate: the files it holds (paths under `web/src`, a folder's files
/// included) and the top-level modules it must not name besides [`ABOVE`].
pub struct Layer {
    /// The layer's name, as the failure message says it.
    pub name: &'static str,
    /// Its files: `format.rs`, or a module `route` (both `route.rs` and `route/…`).
    pub modules: &'static [&'static str],
    /// The modules of its own level it must not import (the other side).
    pub siblings: &'static [&'static str],
}

/// The modules above the URL layer and the worker, which no layer here may import.
pub const ABOVE: [&str; 8] = [
    "worker_client",
    "worker_pool",
    "jobs",
    "tiles",
    "components",
    "pages",
    "app",
    "bundle",
];

/// The stated order (see the module's comment).
pub const LAYERS: [Layer; 3] = [
    Layer {
        name: "format and protocol",
        modules: &["format", "protocol"],
        siblings: &["route", "worker"],
    },
    Layer {
        name: "the URL layer",
        modules: &["route"],
        siblings: &["worker"],
    },
    Layer {
        name: "the worker",
        modules: &["worker"],
        siblings: &["route"],
    },
];

impl Layer {
    /// Whether this layer may not import the top-level module `module`.
    pub fn forbids(&self, module: &str) -> bool {
        self.siblings.contains(&module) || ABOVE.contains(&module)
    }
}

/// The top-level modules `source` names as `crate::module` in its code (`use` lines and
/// paths alike; lines that are comments are skipped, so a doc comment may name any layer).
pub fn crate_modules(source: &str) -> Vec<String> {
    let code: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && !found.contains(&name) {
            found.push(name);
        }
    }
    found
}

/// The layer a file of `web/src` belongs to (`relative`, with `/` separators), if any.
pub fn layer_of(relative: &str) -> Option<&'static Layer> {
    let top = relative.split('/').next()?.trim_end_matches(".rs");
    LAYERS.iter().find(|l| l.modules.contains(&top))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formatting::rust_files;
    use std::path::Path;

    #[test]
    fn the_web_crate_keeps_its_layer_order() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut wrong = Vec::new();
        let mut checked = 0;
        for path in files {
            let relative = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let Some(layer) = layer_of(&relative) else {
                continue;
            };
            checked += 1;
            let source = std::fs::read_to_string(&path).unwrap();
            for module in crate_modules(&source) {
                if layer.forbids(&module) {
                    wrong.push(format!(
                        "{relative} ({}) imports crate::{module}",
                        layer.name
                    ));
                }
            }
        }
        assert!(
            checked > 20,
            "only {checked} files of the layers were found"
        );
        assert!(
            wrong.is_empty(),
            "imports against the layer order:\n{}",
            wrong.join("\n")
        );
    }

    #[test]
    fn the_check_sees_paths_and_folders() {
        let names = crate_modules(
            "use crate::worker::X;\n/// (`crate::pages`)\nlet a = crate::route::y(); // crate::",
        );
        assert_eq!(names, ["worker", "route"]);
        assert_eq!(crate_modules("Box<$crate::jobs::Shared>"), ["jobs"]);
        assert_eq!(layer_of("route/partizan.rs").unwrap().name, "the URL layer");
        assert_eq!(layer_of("route.rs").unwrap().name, "the URL layer");
        assert_eq!(layer_of("worker/jobs/sweep.rs").unwrap().name, "the worker");
        assert!(layer_of("worker_client.rs").is_none());
        assert!(layer_of("pages/octal.rs").is_none());
    }
}
