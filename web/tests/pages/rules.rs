//! Browser tests of the rules page (`#/rules`): its URL state (presets, the compressed text,
//! parameters, defaults) round trips, typical links stay short, tampered links and syntax
//! errors get one-line messages with their position, the worker's solve matches the engine,
//! the CSV export and the figure dialog's PDF command.

use crate::common::{bad_link_error, mount_at, sleep, text, unmount};
use heaplab_engine::rules::{compile, presets, solve_heaps};
use heaplab_engine::Budget;
use heaplab_web::pages::rules::pdf_command;
use heaplab_web::protocol::rules::{Board, RulesRequest};
use heaplab_web::route::rules::{decode_text, encode_text, error_position, RulesQuery};
use heaplab_web::route::Route;
use heaplab_web::worker::jobs::rules::{solve_rules, RulesResult};
use wasm_bindgen_test::*;

/// A ruleset that is no preset.
const TAKE_ONE_TWO: &str = "name(\"TAKE-1-2\");\nfn options(n) {\n    let out = [];\n    if n >= 1 { out.push(n - 1); }\n    if n >= 2 { out.push(n - 2); }\n    out\n}\n";

#[wasm_bindgen_test]
fn rules_query_round_trips() {
    let q = RulesQuery::from_query("preset=mark-t&p.t=5&n=300");
    assert_eq!(q.text, presets::preset("mark-t").unwrap().text);
    assert_eq!(q.to_hash(), "#/rules?preset=mark-t&p.t=5&n=300");
    let params = q.validate().expect("valid");
    assert_eq!(params.request.board, Board::Heaps(300));
    assert!(params.bound.contains(&("t".to_string(), "5".to_string())));
    // No ruleset: the default preset and heaps, written back short.
    let empty = RulesQuery::from_query("");
    assert_eq!(empty.to_hash(), "#/rules?preset=mark");
    // Any other text goes compressed into `r`, and comes back.
    let own = RulesQuery {
        text: TAKE_ONE_TWO.into(),
        ..empty.clone()
    };
    let hash = own.to_hash();
    assert!(hash.starts_with("#/rules?r="), "{hash}");
    assert_eq!(Route::parse(&hash), Route::Rules(own.clone()));
    // A pair ruleset reads its grid.
    let wythoff = RulesQuery::from_query("preset=wythoff&size=30,40").validate();
    assert_eq!(wythoff.unwrap().request.board, Board::Grid(30, 40));
}

#[wasm_bindgen_test]
fn every_preset_link_stays_short_compressed() {
    for preset in presets::PRESETS {
        let code = encode_text(preset.text);
        assert_eq!(decode_text(&code).as_deref(), Ok(preset.text));
        assert!(
            code.len() < 1_000,
            "{}: {} characters",
            preset.name,
            code.len()
        );
    }
}

#[wasm_bindgen_test]
fn tampered_rules_links_get_one_line_messages() {
    for (query, words) in [
        ("r=!!!", "damaged"),
        ("r=AAAA", "damaged"),
        ("preset=nosuch", "no ruleset named"),
        ("preset=mark&n=0", "heaps"),
        ("preset=wythoff&size=5000,5000", "grid"),
        ("preset=mark-t&p.zzz=3", "zzz"),
        ("preset=comply-ap", "heaplab rules"),
        ("preset=partizan-subtraction", "heaplab rules"),
    ] {
        let q = RulesQuery::from_query(query);
        let errors = q.validate().expect_err(query);
        assert!(errors[0].contains(words), "{query}: {errors:?}");
        assert!(!errors[0].contains('\n'), "{query}: {errors:?}");
        // The link is written back as given.
        assert_eq!(
            RulesQuery::from_query(q.to_hash().split_once('?').unwrap().1),
            q
        );
    }
    assert_eq!(
        error_position("syntax error: x (line 3, column 9)"),
        Some((3, Some(9)))
    );
    assert_eq!(
        error_position("options(3): bad (line 12)"),
        Some((12, None))
    );
    assert_eq!(error_position("no position"), None);
}

#[wasm_bindgen_test]
fn the_jobs_solve_is_the_engines() {
    let text = presets::preset("dawsons-kayles").unwrap().text;
    let request = RulesRequest {
        text: text.into(),
        params: Vec::new(),
        board: Board::Heaps(200),
    };
    let Ok(RulesResult::Heaps(report)) = solve_rules(&request, &mut |_| {}) else {
        panic!("no heap report");
    };
    let script = compile(text, &[]).unwrap();
    let engine = solve_heaps(&script, 200, &mut Budget::unlimited()).unwrap();
    assert_eq!(report, engine);
    let csv = heaplab_web::pages::rules::heap_csv(&report);
    assert!(
        csv.starts_with("heap,value,outcome\n0,0,P\n1,0,P\n2,1,N\n"),
        "{csv}"
    );
}

/// The figure dialog's PDF line is a command the CLI runs: a preset by its name with its
/// parameters and board, any other text as the file `ruleset.rhai`.
#[wasm_bindgen_test]
fn the_figure_pdf_command_names_the_ruleset_and_board() {
    let mark = RulesQuery::from_query("preset=mark-t&p.t=5&n=300").validate();
    assert_eq!(
        pdf_command(&mark.unwrap(), "mark"),
        "heaplab rules mark-t --param t=5 --terms 300 --figure mark.pdf"
    );
    let wythoff = RulesQuery::from_query("preset=wythoff&size=30,40").validate();
    assert_eq!(
        pdf_command(&wythoff.unwrap(), "w"),
        "heaplab rules wythoff --size 30,40 --figure-kind outcomes --figure w.pdf"
    );
    let own = RulesQuery {
        text: TAKE_ONE_TWO.into(),
        ..RulesQuery::from_query("")
    };
    let command = pdf_command(&own.validate().unwrap(), "t");
    assert!(
        command.starts_with("heaplab rules ruleset.rhai --terms "),
        "{command}"
    );
}

#[wasm_bindgen_test]
async fn a_syntax_error_is_shown_with_its_line_and_marked() {
    let broken = "name(\"X\");\nfn options(n) {\n    [n - 1,, 2]\n}\n";
    let (root, handle) = mount_at(&format!("#/rules?r={}", encode_text(broken))).await;
    sleep(50).await;
    let error = text(&root, "#rules-error").expect("an error line");
    assert!(error.contains("line 3, column"), "{error}");
    let marked = root
        .query_selector(".gutter-line.error-line")
        .unwrap()
        .unwrap();
    assert_eq!(marked.get_attribute("data-line").as_deref(), Some("3"));
    unmount(root, handle);
}

#[wasm_bindgen_test]
async fn a_damaged_link_keeps_the_page() {
    let message = bad_link_error(
        "#/rules?r=%00%00",
        "#rules-error",
        &["#rules-text"],
        &["#rules-values"],
    )
    .await;
    assert!(message.contains("damaged"), "{message}");
}

#[wasm_bindgen_test]
fn the_home_cards_rules_examples_are_valid() {
    let card = heaplab_web::route::CARDS
        .iter()
        .find(|c| c.path == "/rules")
        .expect("a rules card");
    for (name, link) in card.examples {
        let Route::Rules(q) = Route::parse(link) else {
            panic!("{name}: {link} is not a rules link");
        };
        assert!(q.validate().is_ok(), "{name}: {:?}", q.validate());
        assert_eq!(
            Route::parse(&q.to_hash()),
            Route::Rules(q.clone()),
            "{name}"
        );
    }
}

#[wasm_bindgen_test]
fn the_jobs_output_crosses_the_job_protocol() {
    use heaplab_web::worker::{JobId, JobOutput, WorkerReply};
    for (text, board) in [
        (presets::preset("mark-t").unwrap().text, Board::Heaps(50)),
        (
            presets::preset("wythoff").unwrap().text,
            Board::Grid(20, 30),
        ),
    ] {
        let request = RulesRequest {
            text: text.into(),
            params: Vec::new(),
            board,
        };
        let output = solve_rules(&request, &mut |_| {}).unwrap();
        let id: JobId = 7;
        let reply = WorkerReply::Result {
            id,
            output: Box::new(JobOutput::Rules(Box::new(output))),
        };
        let bytes = bincode::serialize(&reply).unwrap();
        let back: WorkerReply = bincode::deserialize(&bytes).unwrap();
        assert_eq!(back, reply);
    }
}
