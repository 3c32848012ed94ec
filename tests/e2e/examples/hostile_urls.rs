//! A run of hostile URLs against the built site: each one is opened in the same tab (the way
//! a pasted or edited link arrives), and the page must answer without an uncaught error, a
//! panic, a blank page or a hang. Prints one line per URL and a summary; exits non-zero if any
//! URL failed.
//!
//! A check, not part of `cargo xtask test` (it takes a few minutes): serve `dist/` (for example
//! with `cargo xtask serve`), then run
//! `HEAPLAB_URL=http://127.0.0.1:8080 cargo run -p heaplab-e2e --example hostile_urls`.
//!
//! For each URL: the hash is set, the page gets [`SETTLE`] to answer, and then
//! - the browser's main thread must answer a script (no hang);
//! - the nav and more than 20 characters of `main` text must be there (no blank page);
//! - no `error` or `unhandledrejection` event, and no `console.error`, may have happened
//!   (a Rust panic logs "HeapLab internal error" and then throws).
//!
//! A URL whose job is still running after [`SETTLE`] is marked "running" (long work is allowed
//! when it shows a progress bar).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use heaplab_e2e::{with_page, Page};
use serde_json::json;

/// How long a page gets to answer a URL.
const SETTLE: Duration = Duration::from_secs(6);

/// Records every uncaught error, rejected promise and `console.error` in `window.__hostile`.
const LISTEN: &str = r#"
if (!window.__hostile) {
  window.__hostile = [];
  const note = (kind, text) => window.__hostile.push(kind + ': ' + String(text).slice(0, 300));
  window.addEventListener('error', (e) => note('error', e.message || e.type));
  window.addEventListener('unhandledrejection', (e) => note('rejection', e.reason));
  const real = console.error.bind(console);
  console.error = (...args) => { note('console.error', args.join(' ')); real(...args); };
}
const seen = window.__hostile.splice(0);
return seen;
"#;

/// What the page shows: `[main text length, nav links, progress bars]`.
const LOOK: &str = r#"
const main = document.querySelector('main');
const text = main ? main.innerText.trim().length : 0;
const nav = document.querySelectorAll('nav a').length;
const bars = document.querySelectorAll('progress').length;
return [text, nav, bars];
"#;

/// What one visit found: the faults, and whether a job was still running (progress shown).
struct Visit {
    faults: Vec<String>,
    running: bool,
}

/// The hostile URLs: every page, with bad, absurd, tampered and oversized input.
fn urls() -> Vec<String> {
    let long = "9".repeat(5_000);
    let braces = "{".repeat(3_000);
    let mut urls: Vec<String> = [
        // Unknown and malformed routes.
        "#/nope",
        "#//",
        "#/%",
        "#/%E0%A4%A",
        "#/subtraction/extra",
        "#/help",
        "#/about",
        "#/?x=1",
        "#/guide?page=nope",
        "#/guide?page=%00",
        // Subtraction.
        "#/subtraction?S=",
        "#/subtraction?S=0",
        "#/subtraction?S=-1,-2",
        "#/subtraction?S=1,1,1,1&n=0",
        "#/subtraction?S=NaN&n=NaN",
        "#/subtraction?S=1e9&n=1e9",
        "#/subtraction?S=18446744073709551616&n=5",
        "#/subtraction?S=1,2&n=-7",
        "#/subtraction?S=2,3&S=4,5",
        "#/subtraction?E=500000&n=100000",
        "#/subtraction?E=0&n=10",
        "#/subtraction?S=30,120,361,481&n=200&further=1",
        "#/subtraction?S=1,2&why=99999999",
        "#/subtraction?S=1,2&why=-1&misere=1",
        "#/subtraction?S=%F0%9F%98%80",
        "#/subtraction?S=1,2&misere=yes&n=500",
        // Octal and hexadecimal.
        "#/octal?code=",
        "#/octal?code=.",
        "#/octal?code=..",
        "#/octal?code=.%26999999999999%3B",
        "#/octal?code=.%2620%3B",
        "#/octal?code=8%3F.0&max=4000000",
        "#/octal?code=PB%281%2C2%29",
        "#/octal?code=TkBk%283%2C5%29",
        "#/octal?code=.{}",
        "#/octal?code=.1W",
        "#/octal?code=.354&max=4000000",
        "#/octal?code=.77&max=-1",
        "#/octal?code=.77&max=0",
        "#/octal?code=.77&heaps=5,-x",
        "#/octal?code=.77&heaps=1000000000000000,7",
        "#/octal?code=.77&from=300&to=10",
        "#/octal?code=.77&tab=bogus",
        "#/octal?code=0x.FFFFFFFFFFFF",
        "#/octal?code=.07&max=1000&misere=1&n=-3",
        "#/octal?code=4.0000000000000000000000000000000001",
        // Period maps and the plane.
        "#/period-map?family=3move&fixed=x&s1=5..2&colour=class",
        "#/period-map?family=9move&fixed=-3&s1=zz&s2=5..1&colour=rainbow",
        "#/period-map?family=3move&fixed=0",
        "#/period-map?family=3move&fixed=99999999999",
        "#/period-map?family=4move&fixed=2000&s3=2000",
        "#/period-map?s1=1..5&s2=..",
        "#/period-map?family=3move&fixed=61&s1=1..41&s2=2..61&colour=class&at=-5,NaN",
        "#/period-map?family=maxsym5&fixed=70&s1=1..999999&s2=2..35",
        "#/plane?moves=(0,0)&w=-3&h=abc&mode=rainbow&zoom=NaN",
        "#/plane?moves=3,x&w=0",
        "#/plane?moves=&w=10&h=10",
        "#/plane?moves=0,0;0,0&w=10&h=10",
        "#/plane?moves=1,2;2,1&w=100000&h=100000&mode=grundy",
        "#/plane?moves=1,2;2,1&w=60&h=40&zoom=1e308&at=1e308,-1e308",
        // Cumulative subtraction and cumulative games.
        "#/cumulative-subtraction?S=",
        "#/cumulative-subtraction?S=0,x&w=-3&first=bob",
        "#/cumulative-subtraction?S=2,3&m=2000000000",
        "#/cumulative-subtraction?S=2,3&heap=-7",
        "#/cumulative-subtraction?S=2,3&w=1000000&h=1000000&zoom=0",
        "#/cumulative-games?x=abc",
        "#/cumulative-games?preset=chess&S=2,x&x=-4",
        "#/cumulative-games?preset=squirrel&S=1,2&x=2000&n=5",
        "#/cumulative-games?preset=squirrel&players=300&S=2,3&x=9",
        "#/cumulative-games?preset=squirrel&players=3&turn=next%3A9,9,9&S=2,3&x=9",
        "#/cumulative-games?preset=scoring&moves=dynamic&D=2%3A%3A2;;&x=3",
        "#/cumulative-games?preset=wealth&x=3000&C=80,80&n=1&depth=-1&fold=x",
        // Scoring play.
        "#/scoring?tab=bogus",
        "#/scoring?tab=game&g={{{1|",
        "#/scoring?tab=game&g=5&plus={1|0",
        "#/scoring?tab=octal&code=9z&pts=abc&n=-5",
        "#/scoring?tab=octal&code=777&pts=1,2,3&n=99999999",
        "#/scoring?tab=game&g={|||}",
        "#/scoring?tab=game&g=%7B%7C%7D%20%2B%20%7B%7C%7D",
        // Partizan.
        "#/partizan?L=1,%7B&n=-1",
        "#/partizan?family=breaking&L=1,2&R=1&n=2000",
        "#/partizan?family=breaking&L=1&R=2,3,4&n=56",
        "#/partizan?family=subtraction&L=&R=&n=10",
        "#/partizan?family=subtraction&L=1,2&R=1,3&n=10&pos=999,-2",
        "#/partizan?family=subtraction&L=1,2&R=1,3&n=10&pos=3,2&play=Q",
        "#/partizan?family=bogus&L=1&R=1",
        "#/partizan?game=*64",
        "#/partizan?game=%5E256",
        "#/partizan?game={-3/4|{{1|-1/2},{-1|{-1|-1/2}},{1|{-1/2|-1}}|-2}}",
        // Misère quotients.
        "#/misere?code=.7z",
        "#/misere?code=.77&n=99999",
        "#/misere?code=.77&reply=5:4,4",
        "#/misere?code=.77&n=12&sum=3,5,6&reply=9:999,3",
        "#/misere?S=&n=10",
        "#/misere?E=1,2&S=1,2",
        "#/misere?code=.07&n=300",
        "#/misere?code=.77&sum=-1,x",
        // Atlas and explorer.
        "#/atlas?status=maybe&sort=x",
        "#/atlas?p=9..1",
        "#/atlas?p=..&digits=99",
        "#/explore?family=subtraction&m=abc&top=period",
        "#/explore?family=bogus",
        "#/explore?family=subtraction&m=99999999&group=max",
        "#/explore?family=subtraction&m=8&group=max&check=nope,nope",
        "#/explore?family=cumulative-subtraction&m=-5&top=xi:-3",
        "#/explore?family=subtraction&m=8&where=((((((((period",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    urls.push(format!("#/subtraction?S={long}"));
    urls.push(format!("#/octal?code=.{long}"));
    urls.push(format!("#/partizan?game={braces}"));
    urls.push(format!("#/scoring?tab=game&g={braces}"));
    urls.push(format!(
        "#/explore?family=subtraction&m=8&where={}",
        "(".repeat(5_000)
    ));
    urls.push(format!("#/plane?moves={}", "1,2;".repeat(2_000)));
    urls
}

/// Opens `url` in the tab and returns what went wrong, if anything.
async fn visit(page: &Page, url: &str) -> Result<Visit> {
    page.js(LISTEN, vec![]).await?;
    page.js("location.hash = arguments[0];", vec![json!(url)])
        .await?;
    tokio::time::sleep(SETTLE).await;
    let mut faults: Vec<String> = Vec::new();
    let answered = tokio::time::timeout(Duration::from_secs(10), page.js(LOOK, vec![])).await;
    let look = match answered {
        Ok(look) => look?,
        Err(_) => {
            return Ok(Visit {
                faults: vec!["hang: the main thread did not answer in 10 s".into()],
                running: false,
            })
        }
    };
    let n = |i: usize| look.get(i).and_then(|v| v.as_u64()).unwrap_or(0);
    if n(1) == 0 || n(0) <= 20 {
        faults.push(format!(
            "blank: {} characters of main text, {} nav links",
            n(0),
            n(1)
        ));
    }
    let seen = page.js(LISTEN, vec![]).await?;
    for e in seen.as_array().into_iter().flatten() {
        faults.push(e.as_str().unwrap_or_default().to_string());
    }
    Ok(Visit {
        faults,
        running: n(2) > 0,
    })
}

/// Checks that [`LISTEN`] sees an uncaught error and a `console.error`, so a clean run means
/// the pages raised none (not that the listener was deaf).
async fn detector_works(page: &Page) -> Result<()> {
    page.js(LISTEN, vec![]).await?;
    page.js(
        "setTimeout(() => { throw new Error('probe'); }); console.error('probe');",
        vec![],
    )
    .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let seen = page.js(LISTEN, vec![]).await?;
    let seen = seen.as_array().map_or(0, Vec::len);
    anyhow::ensure!(seen == 2, "the listener saw {seen} of 2 probe errors");
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<ExitCode> {
    let urls = urls();
    let count = urls.len();
    let failed = std::rc::Rc::new(std::cell::Cell::new(0usize));
    let failed_in = failed.clone();
    with_page(|page| async move {
        page.open("#/").await?;
        page.wait_for("main").await?;
        detector_works(&page).await?;
        for url in &urls {
            let started = Instant::now();
            let Visit { faults, running } = visit(&page, url).await?;
            let shown: String = url.chars().take(90).collect();
            let secs = started.elapsed().as_secs_f64();
            let note = if running { " (running)" } else { "" };
            if faults.is_empty() {
                println!("ok    {secs:5.1} s  {shown}{note}");
            } else {
                failed_in.set(failed_in.get() + 1);
                println!(
                    "FAIL  {secs:5.1} s  {shown}{note}\n      {}",
                    faults.join("\n      ")
                );
            }
        }
        Ok(())
    })
    .await?;
    println!("{count} hostile URLs, {} failed", failed.get());
    Ok(if failed.get() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
