//! `cargo xtask figures`: regenerates the guide's gallery, `docs/guide/gallery/`, one SVG of
//! each kind of figure from small fixed inputs, by running the built `heaplab … --figure`
//! (so the gallery shows exactly what the CLI, Python and the pages draw through the figure
//! layer's builders).

use std::path::Path;

use anyhow::{Context, Result};

use crate::tools;

/// Each gallery file and the `heaplab` arguments that draw it (`--figure FILE` is added, or
/// the file's prefix replaces [`OUT`] where the arguments name their own output).
pub const GALLERY: &[(&str, &[&str])] = &[
    (
        "value-chart.svg",
        &["subtraction", "--set", "2,3,7", "--terms", "60"],
    ),
    (
        "outcome-strip.svg",
        &[
            "subtraction",
            "--set",
            "2,3,7",
            "--terms",
            "60",
            "--figure-kind",
            "outcomes",
        ],
    ),
    (
        "period-map.svg",
        &[
            "period-map",
            "--s3",
            "40",
            "--s1",
            "1..40",
            "--s2",
            "2..40",
            "--threads",
            "1",
        ],
    ),
    (
        "plane-outcomes.svg",
        &[
            "plane",
            "--moves",
            "2,6 3,3 6,1 19,6",
            "--width",
            "80",
            "--height",
            "60",
        ],
    ),
    (
        "plane-nim-values.svg",
        &[
            "plane", "--moves", "1,2 2,1", "--width", "60", "--height", "40", "--mode", "grundy",
        ],
    ),
    (
        "heatmap.svg",
        &[
            "cumulative-subtraction",
            "--set",
            "2,3",
            "--piles",
            "2",
            "--width",
            "30",
            "--height",
            "30",
        ],
    ),
    ("scatter.svg", &["truncated", "--m", "40"]),
    ("octal-chart.svg", &["octal", ".07", "--terms", "120"]),
    (
        "game-tree.svg",
        &["cumulative-game", "--set", "2,3", "--heap", "7"],
    ),
    (
        "rules-pair.svg",
        &[
            "rules",
            "wythoff",
            "--size",
            "40,40",
            "--figure-kind",
            "outcomes",
        ],
    ),
    ("thermograph.svg", &["partizan", "--game", "{2|-1}"]),
    (
        "misere-strip.svg",
        &["misere", "kayles", "--max-heap", "60"],
    ),
    (
        "partizan-strip.svg",
        &[
            "partizan", "--left", "1,2", "--right", "1,3", "--terms", "60",
        ],
    ),
    // `--circles PREFIX` writes PREFIX-fig1.svg, PREFIX-fig2-initial.svg, ….
    (
        "circles.svg",
        &["cumulative-subtraction", "--set", "5,7", "--circles", OUT],
    ),
];

/// Where an argument list takes the gallery file's path without its `.svg`.
const OUT: &str = "{out}";

/// Builds `heaplab` and writes every [`GALLERY`] figure into `docs/guide/gallery/`.
pub fn regenerate(root: &Path) -> Result<()> {
    tools::run(
        tools::cargo()
            .current_dir(root)
            .args(["build", "--quiet", "--bin", "heaplab"])
            .args(crate::test_binaries::SELECTION),
    )?;
    let heaplab = root.join("target").join("debug").join("heaplab");
    let gallery = root.join("docs").join("guide").join("gallery");
    std::fs::create_dir_all(&gallery)
        .with_context(|| format!("cannot create {}", gallery.display()))?;
    for (name, args) in GALLERY {
        let file = gallery.join(name);
        let mut cmd = tools::command(&heaplab);
        cmd.current_dir(root).stdout(std::process::Stdio::null());
        if args.contains(&OUT) {
            let prefix = file.with_extension("");
            cmd.args(args.iter().map(|a| match *a {
                OUT => prefix.as_os_str().to_owned(),
                other => other.into(),
            }));
        } else {
            cmd.args(*args).arg("--figure").arg(&file);
        }
        tools::run(&mut cmd)?;
        let written = if args.contains(&OUT) {
            name.replace(".svg", "-*.svg")
        } else {
            name.to_string()
        };
        println!("wrote docs/guide/gallery/{written}");
    }
    Ok(())
}
