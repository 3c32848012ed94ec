//! `heaplab partizan --game G`: one game typed in notation — canonical form, outcome, stops,
//! reduced form, birthday, mean, temperature and thermograph walls — and, on request, the
//! operations CGSuite users reach for (atomic weight, cooling, heating, overheating, Norton
//! product, incentives) or the thermograph as an SVG or TikZ picture.

use crate::figure::FigureArgs;
use crate::output::Format;
use clap::{Args, ValueEnum};
use heaplab_engine::partizan::thermograph::Thermograph;
use heaplab_engine::partizan::{drawing, facts};
use heaplab_engine::partizan::{Dyadic, GameId, GameStore};
use heaplab_engine::EngineError;
use heaplab_figures::views::thermograph;
use heaplab_figures::{Palette, Size};
use serde_json::{json, Map, Value};

/// The picture `--thermograph` prints: the figure layer's thermograph (one journal column,
/// with its provenance line).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Picture {
    /// A standalone SVG document.
    Svg,
    /// A standalone LaTeX document with the PGFPlots picture.
    Tikz,
}

/// The operations on a single `--game`.
#[derive(Args)]
pub struct GameOps {
    /// With --game: its atomic weight (CGSuite's convention; infinitesimals only).
    #[arg(long, requires = "game")]
    atomic_weight: bool,
    /// With --game: the game cooled by this temperature t >= 0, e.g. `3/2`.
    #[arg(long, requires = "game", allow_hyphen_values = true, value_name = "T")]
    cool: Option<String>,
    /// With --game: the game heated by this game t, e.g. `1`.
    #[arg(long, requires = "game", allow_hyphen_values = true, value_name = "T")]
    heat: Option<String>,
    /// With --game: the game overheated from s to t (both positive), e.g. `1,1*`.
    #[arg(
        long,
        requires = "game",
        allow_hyphen_values = true,
        value_name = "S,T"
    )]
    overheat: Option<String>,
    /// With --game: the Norton product G.U by a positive game U, e.g. `^`.
    #[arg(long, requires = "game", allow_hyphen_values = true, value_name = "U")]
    norton: Option<String>,
    /// With --game: its left and right incentives (G^L - G and G - G^R, the maximal ones).
    #[arg(long, requires = "game")]
    incentives: bool,
    /// With --game: print its thermograph as a picture instead of the report.
    #[arg(long, requires = "game", value_enum)]
    thermograph: Option<Picture>,
    /// A figure file (.svg, .pdf, .png or .tex): with --game its thermograph, else the
    /// outcome strip of the heaps.
    #[command(flatten)]
    pub figure: FigureArgs,
}

/// Runs `--game`: the report, or the picture `--thermograph` asks for; `--figure` also
/// writes the thermograph to a file.
pub fn run(text: &str, ops: &GameOps, format: Format) -> Result<String, EngineError> {
    ops.figure.check(true)?;
    let mut store = GameStore::default();
    let g = store.parse(text)?;
    if ops.thermograph.is_some() || ops.figure.wanted() {
        let name = store.display(g)?;
        let fig = thermograph::figure(&drawing::curves(&mut store, g, &name)?);
        let link = thermograph::game_link(text);
        ops.figure.write(fig.clone(), link.clone())?;
        if let Some(picture) = ops.thermograph {
            let fig = fig.with_export(Size::default(), Palette::default(), Some(link));
            let picture = match picture {
                Picture::Svg => fig.to_svg(),
                Picture::Tikz => fig.to_tikz(),
            };
            return picture.map_err(|e| EngineError::OutOfRange(e.to_string()));
        }
    }
    let (mut fields, graph) = basics(&mut store, g)?;
    extras(&mut store, g, ops, &mut fields)?;
    Ok(match format {
        Format::Json => Value::Object(fields).to_string(),
        Format::Text => text_report(&fields, &graph)?,
    })
}

/// The keys every `--game` report has (the engine's [`facts::game_facts`]).
fn basics(
    store: &mut GameStore,
    g: GameId,
) -> Result<(Map<String, Value>, Thermograph), EngineError> {
    let (facts, graph) = facts::game_facts(store, g)?;
    let Ok(Value::Object(fields)) = serde_json::to_value(facts) else {
        unreachable!("a struct of strings and numbers is a JSON object")
    };
    Ok((fields, graph))
}

/// The keys the operation flags ask for.
fn extras(
    store: &mut GameStore,
    g: GameId,
    ops: &GameOps,
    fields: &mut Map<String, Value>,
) -> Result<(), EngineError> {
    if ops.atomic_weight {
        let w = store.atomic_weight(g)?;
        fields.insert("atomic_weight".into(), store.display(w)?.into());
    }
    if let Some(t) = &ops.cool {
        let t = facts::number_argument(store, t, "--cool")?;
        let cooled = store.cool(g, t)?;
        fields.insert("cooled".into(), store.display(cooled)?.into());
    }
    if let Some(t) = &ops.heat {
        let t = store.parse(t)?;
        let heated = store.heat(g, t)?;
        fields.insert("heated".into(), store.display(heated)?.into());
    }
    if let Some(pair) = &ops.overheat {
        let (s, t) = split_pair(pair)?;
        let (s, t) = (store.parse(s)?, store.parse(t)?);
        let hot = store.overheat(g, s, t)?;
        fields.insert("overheated".into(), store.display(hot)?.into());
    }
    if let Some(u) = &ops.norton {
        let u = store.parse(u)?;
        let product = store.norton(g, u)?;
        fields.insert("norton".into(), store.display(product)?.into());
    }
    if ops.incentives {
        let inc = store.incentives(g)?;
        for (key, side) in [
            ("left_incentives", inc.left),
            ("right_incentives", inc.right),
        ] {
            let names = side
                .into_iter()
                .map(|i| store.display(i))
                .collect::<Result<Vec<_>, _>>()?;
            fields.insert(key.into(), json!(names));
        }
    }
    Ok(())
}

/// `s,t` split at the comma outside braces and parentheses.
fn split_pair(text: &str) -> Result<(&str, &str), EngineError> {
    let mut level = 0i64;
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' => level += 1,
            '}' | ')' => level -= 1,
            ',' if level == 0 => return Ok((&text[..i], &text[i + 1..])),
            _ => {}
        }
    }
    Err(EngineError::Parse(format!(
        "--overheat needs two games s,t such as 1,1*, not '{text}'"
    )))
}

/// The readable report: one line per key, then the wall table.
fn text_report(fields: &Map<String, Value>, graph: &Thermograph) -> Result<String, EngineError> {
    let s = |key: &str| match &fields[key] {
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let names: Vec<String> = items
                .iter()
                .map(|i| i.as_str().unwrap_or_default().to_string())
                .collect();
            names.join(", ")
        }
        other => other.to_string(),
    };
    let mut text = format!(
        "canonical form: {}\noutcome: {}\nstops: left {}, right {}\nreduced canonical form: {}\nbirthday: {}\nmean: {}, temperature: {}\n",
        s("canonical"),
        s("outcome"),
        s("left_stop"),
        s("right_stop"),
        s("reduced"),
        s("birthday"),
        s("mean"),
        s("temperature")
    );
    for (key, label) in [
        ("atomic_weight", "atomic weight"),
        ("cooled", "cooled"),
        ("heated", "heated"),
        ("overheated", "overheated"),
        ("norton", "Norton product"),
        ("left_incentives", "left incentives"),
        ("right_incentives", "right incentives"),
    ] {
        if fields.contains_key(key) {
            text.push_str(&format!("{label}: {}\n", s(key)));
        }
    }
    text.push_str(&wall_table(graph)?);
    Ok(text)
}

/// The thermograph's walls as a table: at each breakpoint of either wall, the temperature
/// and both walls' positions (linear between rows, vertical above the last).
fn wall_table(graph: &Thermograph) -> Result<String, EngineError> {
    let mut temperatures: Vec<Dyadic> = [&graph.left, &graph.right]
        .iter()
        .flat_map(|w| w.breakpoints())
        .map(|(t, _)| t)
        .collect();
    temperatures.sort_unstable();
    temperatures.dedup();
    let mut text = format!(
        "thermograph walls:\n  {:>12}  {:>12}  {:>12}",
        "temperature", "left", "right"
    );
    for t in temperatures {
        let [t, left, right] = [t, graph.left.at(t)?, graph.right.at(t)?].map(|d| d.to_string());
        text.push_str(&format!("\n  {t:>12}  {left:>12}  {right:>12}"));
    }
    Ok(text)
}
