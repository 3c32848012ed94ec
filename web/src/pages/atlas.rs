//! The octal atlas page, `#/atlas?status=proven&sort=period` (URL keys in
//! [`crate::route::atlas`]): every code 0.d1d2d3 and 4.d1d2d3 grouped into classes of identical
//! values, as `heaplab atlas octal --digits 3 --format json` wrote them to the static data file
//! [`ATLAS_URL`], which the page fetches when it opens (a first visit downloads none of it).
//! Filters, sort, counts, a CSV of the rows shown, each row a link to `#/octal`, and the places
//! where a published catalogue disagrees with what HeapLab computes.

use serde::Deserialize;
use yew::prelude::*;

use crate::components::export::download_text;
use crate::components::field::{choose_and_commit, use_query_form};
use crate::components::page::{error_card, page_head};
use crate::format::grouped;
use crate::pages::guide::fetch_text;
use crate::route::atlas::{AtlasParams, AtlasQuery, SORTS, STATUSES};
use crate::route::OctalQuery;

/// Where the site keeps the 3-digit atlas.
pub const ATLAS_URL: &str = "./static/data/atlas-octal-3.json";

/// The atlas file (the fields the page shows).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Atlas {
    /// How many codes the atlas covers.
    pub codes: u64,
    /// Digits after the point.
    pub digits: u64,
    /// The heap cap of each game.
    pub max_heaps: u64,
    /// The work cap of each game (option pairs scanned), when the file states one.
    #[serde(default)]
    pub max_game_work: Option<u64>,
    /// The classes of equal values.
    pub classes: Vec<AtlasClass>,
    /// Where a published catalogue and HeapLab differ.
    pub catalogue: Vec<CatalogueFact>,
}

/// One class of codes with identical values on every heap computed.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct AtlasClass {
    /// The representative (the class's first code).
    pub code: String,
    /// Every code of the class.
    pub codes: Vec<String>,
    /// `proven` or `unsolved`.
    pub status: String,
    /// The preperiod, when proven.
    pub preperiod: Option<u64>,
    /// The period, when proven.
    pub period: Option<u64>,
    /// The largest value computed.
    pub largest_value: Option<u64>,
    /// The last rare heap, when the game has a sparse space.
    pub last_rare_heap: Option<u64>,
    /// How many rare heaps.
    pub rare_count: Option<u64>,
    /// Heaps computed.
    pub computed: u64,
}

/// A published statement HeapLab's values contradict.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct CatalogueFact {
    /// The code the catalogue names.
    pub a: String,
    /// The code it says has the same values.
    pub b: String,
    /// The first heap where their values differ.
    pub first_difference: Option<u64>,
    /// Where the catalogue says it.
    pub source: String,
}

/// Reads the atlas file; a broken file is a message, never a panic.
pub fn parse_atlas(text: &str) -> Result<Atlas, String> {
    serde_json::from_str(text).map_err(|e| format!("the atlas file could not be read: {e}"))
}

/// The digits after the point of a code such as `.16` or `4.07`.
fn code_digits(code: &str) -> u64 {
    code.split_once('.').map_or(0, |(_, d)| d.len() as u64)
}

/// The classes `params` keeps, in its order.
pub fn filtered<'a>(atlas: &'a Atlas, params: &AtlasParams) -> Vec<&'a AtlasClass> {
    let mut rows: Vec<&AtlasClass> = atlas
        .classes
        .iter()
        .filter(|c| params.proven.is_none_or(|p| (c.status == "proven") == p))
        .filter(|c| params.digits.is_none_or(|d| code_digits(&c.code) == d))
        .filter(|c| {
            params
                .period
                .is_none_or(|(a, b)| c.period.is_some_and(|p| (a..b).contains(&p)))
        })
        .collect();
    let key = |c: &AtlasClass| match params.sort {
        "period" => c.period,
        "preperiod" => c.preperiod,
        "largest" => c.largest_value,
        "rare" => c.rare_count,
        _ => None,
    };
    if params.sort != "code" {
        // Unsolved (no key) last; ties keep the code order.
        rows.sort_by_key(|c| (key(c).is_none(), key(c)));
    }
    rows
}

/// The caps each game was computed within, in words.
fn caps_text(atlas: &Atlas) -> String {
    match atlas.max_game_work {
        Some(work) => format!(
            "at most {} heaps and {} option pairs of work a game",
            grouped(atlas.max_heaps),
            grouped(work)
        ),
        None => format!("at most {} heaps a game", grouped(atlas.max_heaps)),
    }
}

/// The rows as CSV, with a header naming the file's bounds.
pub fn atlas_csv(atlas: &Atlas, rows: &[&AtlasClass]) -> String {
    let mut csv = format!(
        "# HeapLab octal atlas: {} codes of {} digits, {}\n",
        atlas.codes,
        atlas.digits,
        caps_text(atlas)
    );
    csv.push_str("code,codes,status,preperiod,period,largest_value,last_rare_heap,rare_count,heaps_computed\n");
    let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
    for c in rows {
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{},{}\n",
            c.code,
            c.codes.join(" "),
            c.status,
            opt(c.preperiod),
            opt(c.period),
            opt(c.largest_value),
            opt(c.last_rare_heap),
            opt(c.rare_count),
            c.computed
        ));
    }
    csv
}

/// What the page holds: the fetched atlas, or why it could not be read.
#[derive(Clone, PartialEq)]
enum Loaded {
    Waiting,
    Ready(std::rc::Rc<Atlas>),
    Failed(String),
}

/// Properties of [`AtlasPage`].
#[derive(Properties, PartialEq)]
pub struct AtlasPageProps {
    /// The state in the URL.
    pub query: AtlasQuery,
}

/// The `#/atlas` page.
#[function_component(AtlasPage)]
pub fn atlas_page(props: &AtlasPageProps) -> Html {
    let loaded = use_state_eq(|| Loaded::Waiting);
    {
        let loaded = loaded.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let atlas = fetch_text(ATLAS_URL).await.and_then(|t| parse_atlas(&t));
                loaded.set(match atlas {
                    Ok(atlas) => Loaded::Ready(std::rc::Rc::new(atlas)),
                    Err(e) => Loaded::Failed(e),
                });
            });
        });
    }
    let body = match (&*loaded, props.query.validate()) {
        (Loaded::Waiting, _) => {
            html! { <p class="note" role="status" id="atlas-loading">{ "Loading the atlas…" }</p> }
        }
        (Loaded::Failed(e), _) => error_card(e),
        (Loaded::Ready(_), Err(errors)) => error_card(&errors.join("; ")),
        (Loaded::Ready(atlas), Ok(params)) => results(atlas, &params),
    };
    html! {
        <>{ page_head("Octal atlas", "Every octal code 0.d1d2d3 and 4.d1d2d3, solved and grouped into classes of codes with the same values on every heap computed. A proven class has its period proven by Theorem 3.73 of the thesis; an unsolved one says how far HeapLab computed and what its rare values look like, and nothing more.") }
            { filter_form(&props.query) }
            { body }
        </>
    }
}

/// The filters: status, digits, period range and sort; each change updates the URL.
fn filter_form(query: &AtlasQuery) -> Html {
    html! { <FilterForm query={query.clone()} /> }
}

/// Properties of [`FilterForm`].
#[derive(Properties, PartialEq)]
struct FilterFormProps {
    query: AtlasQuery,
}

#[function_component(FilterForm)]
fn filter_form_component(props: &FilterFormProps) -> Html {
    let form = use_query_form(&props.query);
    let select = |id: &'static str,
                  label: &'static str,
                  options: &[(&str, &str)],
                  value: &str,
                  set: fn(&mut AtlasQuery, String)| {
        let onchange = choose_and_commit(form.handle(), set, |q: &AtlasQuery| Some(q.to_hash()));
        html! {
            <div class="field">
                <label for={id}>{ label }</label>
                <select {id} {onchange}>
                    { for options.iter().map(|(key, text)| html! {
                        <option value={key.to_string()} selected={value == *key}>{ text.to_string() }</option>
                    }) }
                </select>
            </div>
        }
    };
    let digits = [("", "any"), ("1", "1"), ("2", "2"), ("3", "3")];
    html! {
        <form class="card ruleset-form" onsubmit={form.submit(AtlasQuery::to_hash)} novalidate=true aria-label="Atlas filters">
            { select("atlas-status", "Status", &STATUSES, form.handle().status.trim(), |q, v| q.status = v) }
            { select("atlas-digits", "Digits", &digits, form.handle().digits.trim(), |q, v| q.digits = v) }
            <div class="field narrow">
                <label for="atlas-period">{ "Period range" }</label>
                <input id="atlas-period" type="text" value={form.handle().period.clone()} placeholder="1..100"
                    oninput={form.setter(|q, v| q.period = v).reform(|e: InputEvent| crate::components::field::event_value(&e).unwrap_or_default())} autocomplete="off" spellcheck="false" />
            </div>
            { select("atlas-sort", "Sort by", &SORTS, form.handle().sort.trim(), |q, v| q.sort = v) }
            <div class="field actions"><button type="submit" class="primary" id="atlas-apply">{ "Apply" }</button></div>
        </form>
    }
}

/// The counts, the catalogue facts and the table.
fn results(atlas: &Atlas, params: &AtlasParams) -> Html {
    let rows = filtered(atlas, params);
    let proven = atlas
        .classes
        .iter()
        .filter(|c| c.status == "proven")
        .count();
    let csv = {
        let text = atlas_csv(atlas, &rows);
        Callback::from(move |_: MouseEvent| {
            // A refused download changes nothing on the page.
            let _ = download_text(&text, "heaplab-atlas.csv", "text/csv");
        })
    };
    html! {
        <>
            <section class="card summary">
                <p id="atlas-counts">{ format!(
                    "{} codes in {} classes: {proven} proven, {} unsolved ({}; the table gives the heaps each reached). Shown: {} classes.",
                    grouped(atlas.codes), atlas.classes.len(), atlas.classes.len() - proven,
                    caps_text(atlas), rows.len()) }</p>
            </section>
            { catalogue_card(&atlas.catalogue) }
            <section class="card wide" aria-labelledby="atlas-table-title">
                <h2 id="atlas-table-title">{ "Classes" }</h2>
                <div class="toolbar"><button type="button" id="atlas-csv" onclick={csv}>{ "Download CSV" }</button></div>
                <div class="table-scroll">{ table(&rows) }</div>
            </section>
        </>
    }
}

/// Where a published catalogue disagrees with the values HeapLab computes.
fn catalogue_card(facts: &[CatalogueFact]) -> Html {
    html! {
        <section class="card" aria-labelledby="atlas-catalogue-title">
            <h2 id="atlas-catalogue-title">{ "Where catalogues disagree" }</h2>
            <ul id="atlas-catalogue">
                { for facts.iter().map(|f| html! {
                    <li>{ format!("{} (“{} is {}”): ", f.source, f.a, f.b) }
                        { match f.first_difference {
                            Some(h) => format!("HeapLab's values of {} and {} first differ at heap {h}.", f.a, f.b),
                            None => "HeapLab finds the same values on every heap computed.".to_string(),
                        } }</li>
                }) }
            </ul>
        </section>
    }
}

/// The classes table; each code links to the octal page.
fn table(rows: &[&AtlasClass]) -> Html {
    let opt = |v: Option<u64>| v.map(grouped).unwrap_or_else(|| "—".into());
    let link = |code: &str| {
        let q = OctalQuery {
            code: code.to_string(),
            ..OctalQuery::default()
        };
        html! { <a href={q.to_hash()}>{ code.to_string() }</a> }
    };
    html! {
        <table id="atlas-table" class="data">
            <thead><tr><th>{ "Code" }</th><th>{ "Same values" }</th><th>{ "Status" }</th><th>{ "Preperiod" }</th><th>{ "Period" }</th><th>{ "Largest value" }</th><th>{ "Last rare heap" }</th><th>{ "Rare heaps" }</th><th>{ "Heaps computed" }</th></tr></thead>
            <tbody>{ for rows.iter().map(|c| html! {
                <tr class="atlas-row" data-code={c.code.clone()}>
                    <td>{ link(&c.code) }</td>
                    <td>{ for c.codes.iter().skip(1).map(|other| html! { <>{ link(other) }{ " " }</> }) }</td>
                    <td>{ c.status.clone() }</td>
                    <td>{ opt(c.preperiod) }</td>
                    <td>{ opt(c.period) }</td>
                    <td>{ opt(c.largest_value) }</td>
                    <td>{ opt(c.last_rare_heap) }</td>
                    <td>{ opt(c.rare_count) }</td>
                    <td>{ grouped(c.computed) }</td>
                </tr>
            }) }</tbody>
        </table>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use heaplab_engine::octal::{solve, Limits, Ruleset};
    use heaplab_engine::{Budget, Periodicity};

    /// The file the site ships (`static/data/`), as the page reads it.
    fn shipped() -> Atlas {
        parse_atlas(include_str!("../../../static/data/atlas-octal-3.json")).unwrap()
    }

    #[test]
    fn the_shipped_atlas_covers_every_code_once() {
        let atlas = shipped();
        let mut codes: Vec<String> = atlas
            .classes
            .iter()
            .flat_map(|c| {
                c.codes
                    .iter()
                    .map(|code| Ruleset::parse(code).unwrap().ascii())
            })
            .collect();
        codes.sort();
        let before = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), before, "a code is in two classes");
        assert_eq!(codes.len() as u64, atlas.codes);
        assert_eq!(atlas.codes, 2 * 8 * 8 * 8 - 1);
    }

    /// Every proven class whose proof needs few heaps: the engine proves the same preperiod and
    /// period for each of its codes.
    #[test]
    fn the_shipped_proven_classes_are_the_engines() {
        let atlas = shipped();
        let mut checked = 0;
        for class in atlas.classes.iter().filter(|c| c.status == "proven") {
            let (Some(pre), Some(period)) = (class.preperiod, class.period) else {
                panic!("{} is proven without a period", class.code);
            };
            if pre + period > 2_000 {
                continue;
            }
            for code in &class.codes {
                let rules = Ruleset::parse(code).unwrap();
                let limits = Limits {
                    terms: 1,
                    prove: true,
                    max_heaps: 100_000,
                };
                let report = solve(&rules, limits, &mut Budget::unlimited()).unwrap();
                match report.periodicity {
                    Periodicity::Proven {
                        preperiod,
                        period: p,
                        ..
                    } => assert_eq!((preperiod, p), (pre, period), "{code}"),
                    other => panic!("{code}: the engine finds {other:?}"),
                }
                checked += 1;
            }
        }
        assert!(checked > 300, "only {checked} codes checked");
    }

    #[test]
    fn filters_and_sort_keep_what_they_say() {
        let atlas = shipped();
        let params = AtlasQuery::from_query("status=proven&p=2..5&sort=period")
            .validate()
            .unwrap();
        let rows = filtered(&atlas, &params);
        assert!(!rows.is_empty());
        assert!(rows.iter().all(|c| c.status == "proven"));
        let periods: Vec<u64> = rows.iter().map(|c| c.period.unwrap()).collect();
        assert!(periods.windows(2).all(|w| w[0] <= w[1]));
        assert!(periods.iter().all(|p| (2..5).contains(p)));
        assert!(parse_atlas("{").is_err());
    }
}
