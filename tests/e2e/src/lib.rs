//! Helpers for HeapLab's end-to-end tests: a real headless Chromium, driven over
//! WebDriver (chromedriver + [`fantoccini`]), against the built and served `dist/`.
//!
//! The tests read the site's address from `HEAPLAB_URL`. `cargo xtask test` builds
//! `dist/`, serves it on a free port and sets that variable; without it every test
//! fails and says so. Each test gets a fresh browser ([`with_page`]): its own
//! chromedriver on a free port and its own empty Chromium profile, both removed at
//! the end. Every wait is bounded by [`WAIT`], so a broken page fails fast.

use std::future::Future;
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Context, Result};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

/// The longest any single wait (for an element, a text, a URL) may take.
pub const WAIT: Duration = Duration::from_secs(20);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(100);

/// The raw value of `key` in the query part of a hash, `#/plane?zoom=2&at=100,50` gives
/// `"100,50"` for `at`; `None` when the key is missing.
pub fn hash_value<'a>(hash: &'a str, key: &str) -> Option<&'a str> {
    let (_, query) = hash.split_once('?')?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
}

/// The variable that holds the served site's base URL.
pub const URL_VAR: &str = "HEAPLAB_URL";

/// The flags Chromium runs with (a fresh `--user-data-dir` is added per browser).
pub const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1024",
];

/// The served site's base URL from `HEAPLAB_URL`, without a trailing slash.
///
/// Fails with a pointer to `cargo xtask test` when the variable is unset, so that
/// running these tests without a served site never passes silently.
pub fn base_url() -> Result<String> {
    match std::env::var(URL_VAR) {
        Ok(url) if !url.trim().is_empty() => Ok(url.trim().trim_end_matches('/').to_string()),
        _ => bail!(
            "{URL_VAR} is not set. The end-to-end tests need the built site served: \
             run them with `cargo xtask test` (it builds dist/, serves it and sets {URL_VAR})"
        ),
    }
}

/// A path given by an environment variable, or a default.
fn tool_path(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// A TCP port that is free on 127.0.0.1 right now.
fn free_port() -> Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").context("could not find a free port")?;
    Ok(listener.local_addr()?.port())
}

/// A new, empty directory for one Chromium profile.
fn fresh_profile_dir() -> Result<PathBuf> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!(
        "heaplab-e2e-{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("could not create the profile directory {}", dir.display()))?;
    Ok(dir)
}

/// A chromedriver process plus one WebDriver session in headless Chromium.
///
/// Dropping it kills chromedriver's whole process group (and so Chromium) and
/// removes the profile; [`Browser::close`] first ends the session politely.
pub struct Browser {
    client: Option<Client>,
    driver: Child,
    profile: PathBuf,
}

impl Browser {
    /// Starts chromedriver (`$CHROMEDRIVER` or `/usr/bin/chromedriver`) on a free
    /// port and opens a session in headless Chromium (`$CHROME` or `/usr/bin/chromium`).
    pub async fn start() -> Result<Self> {
        Self::start_as(None).await
    }

    /// Like [`Browser::start`], emulating a phone's screen when `phone` is given (chromedriver's
    /// `mobileEmulation` device metrics: CSS size and device pixel ratio).
    pub async fn start_as(phone: Option<Phone>) -> Result<Self> {
        let chromedriver = tool_path("CHROMEDRIVER", "/usr/bin/chromedriver");
        let chromium = tool_path("CHROME", "/usr/bin/chromium");
        for (path, package) in [(&chromedriver, "chromium-driver"), (&chromium, "chromium")] {
            if !path.exists() {
                bail!(
                    "{} not found: install Debian's {package} (`cargo xtask test` does)",
                    path.display()
                );
            }
        }
        let port = free_port()?;
        let profile = fresh_profile_dir()?;
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .with_context(|| format!("could not start {}", chromedriver.display()))?;
        let mut browser = Browser {
            client: None,
            driver,
            profile,
        };
        browser.wait_for_driver(port).await?;

        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|f| f.to_string()).collect();
        args.push(format!("--user-data-dir={}", browser.profile.display()));
        let mut chrome_options = json!({
            "binary": chromium.to_string_lossy(),
            "args": args,
        });
        if let Some(phone) = phone {
            chrome_options["mobileEmulation"] = json!({ "deviceMetrics": {
                "width": phone.width, "height": phone.height, "pixelRatio": phone.pixel_ratio,
                "touch": true, "mobile": true,
            }});
        }
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": chrome_options,
            "timeouts": {
                // A first navigation on a loaded machine (tests of one file run side by
                // side, each with its browser) may wait for a busy renderer: twice WAIT.
                "pageLoad": (2 * WAIT).as_millis() as u64,
                "script": WAIT.as_millis() as u64,
                "implicit": 0,
            },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("json!({{...}}) is an object");
        };
        let connect = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        let client = connect.map_err(|err| anyhow!("could not open a Chromium session: {err}"))?;
        browser.client = Some(client);
        Ok(browser)
    }

    /// Waits until chromedriver accepts connections on `port`.
    async fn wait_for_driver(&mut self, port: u16) -> Result<()> {
        let start = Instant::now();
        loop {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(());
            }
            if let Some(status) = self.driver.try_wait()? {
                bail!("chromedriver exited at start ({status})");
            }
            if start.elapsed() > WAIT {
                bail!("chromedriver did not listen on port {port} within {WAIT:?}");
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// The WebDriver client of this browser's session.
    pub fn client(&self) -> &Client {
        self.client
            .as_ref()
            .expect("a Browser always has a client once start() returns")
    }

    /// Ends the session (closing Chromium), then stops chromedriver.
    pub async fn close(mut self) {
        if let Some(client) = self.client.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), client.close()).await;
        }
        // Drop does the rest.
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // chromedriver leads its own process group; Chromium is in it too.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.driver.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A phone screen to emulate: CSS pixels and device pixels per CSS pixel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Phone {
    /// Viewport width in CSS pixels.
    pub width: u32,
    /// Viewport height in CSS pixels.
    pub height: u32,
    /// `devicePixelRatio`.
    pub pixel_ratio: f64,
}

/// The phone of issue 21's walkthrough: 390 × 844 CSS px at a device pixel ratio of 2.
pub const PHONE: Phone = Phone {
    width: 390,
    height: 844,
    pixel_ratio: 2.0,
};

/// Runs `test` with a [`Page`] in a fresh browser, and closes the browser after it,
/// whether the test passed or not.
pub async fn with_page<F, Fut>(test: F) -> Result<()>
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    with_page_as(None, test).await
}

/// [`with_page`] on an emulated [`Phone`] screen.
pub async fn with_phone_page<F, Fut>(phone: Phone, test: F) -> Result<()>
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    with_page_as(Some(phone), test).await
}

async fn with_page_as<F, Fut>(phone: Option<Phone>, test: F) -> Result<()>
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    let base = base_url()?;
    let browser = match start_browser(phone).await {
        Ok(browser) => browser,
        // A cold or busy machine sometimes loses the first session (chromedriver not answering
        // the new-session request); a second start from scratch is the fix, once.
        Err(first) => start_browser(phone)
            .await
            .with_context(|| format!("a first start failed too: {first:#}"))?,
    };
    let page = Page {
        client: browser.client().clone(),
        base,
    };
    let result = test(page).await;
    browser.close().await;
    result
}

/// Starts chromedriver and Chromium, within `2 · WAIT`.
async fn start_browser(phone: Option<Phone>) -> Result<Browser> {
    tokio::time::timeout(2 * WAIT, Browser::start_as(phone))
        .await
        .map_err(|_| {
            anyhow!(
                "starting chromedriver and Chromium took over {:?}",
                2 * WAIT
            )
        })?
}

/// An RGBA pixel read back from a canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pixel(pub [u8; 4]);

impl Pixel {
    /// Opaque pure black (#000000), the colour of P-positions.
    pub fn is_black(self) -> bool {
        self.0 == [0, 0, 0, 255]
    }

    /// Opaque (drawn) and not black.
    pub fn is_drawn_non_black(self) -> bool {
        self.0[3] == 255 && self.0[..3] != [0, 0, 0]
    }
}

/// Chromium's network throttling (chromedriver's `chromium/network_conditions` command).
#[derive(Debug)]
struct NetworkConditions {
    latency_ms: u32,
    bytes_per_second: u32,
}

impl fantoccini::wd::WebDriverCompatibleCommand for NetworkConditions {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/chromium/network_conditions",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        let body = serde_json::json!({ "network_conditions": {
            "offline": false,
            "latency": self.latency_ms,
            "download_throughput": self.bytes_per_second,
            "upload_throughput": self.bytes_per_second,
        }});
        (http::Method::POST, Some(body.to_string()))
    }
}

/// The browser tab the tests drive, with the site's base URL.
#[derive(Clone)]
pub struct Page {
    client: Client,
    base: String,
}

impl Page {
    /// The WebDriver client, for anything the helpers do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Navigates to a route of the site, such as `#/subtraction?S=2,5,7&n=60`.
    pub async fn open(&self, route: &str) -> Result<()> {
        let url = format!("{}/{}", self.base, route.trim_start_matches('/'));
        self.client
            .goto(&url)
            .await
            .with_context(|| format!("could not open {url}"))
    }

    /// Slows this tab's network to `latency_ms` per request and `bytes_per_second` each way
    /// (a phone connection), for measuring what a visitor waits for.
    pub async fn throttle_network(&self, latency_ms: u32, bytes_per_second: u32) -> Result<()> {
        let command = NetworkConditions {
            latency_ms,
            bytes_per_second,
        };
        self.client
            .issue_cmd(command)
            .await
            .map(|_| ())
            .context("chromedriver refused to throttle the network")
    }

    /// Reloads the page.
    pub async fn reload(&self) -> Result<()> {
        self.client
            .refresh()
            .await
            .context("could not reload the page")
    }

    /// Goes one step back in the history.
    pub async fn back(&self) -> Result<()> {
        self.client.back().await.context("could not go back")
    }

    /// Runs `script` (a function body; `arguments[i]` are `args`) and returns its result.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.client
            .execute(script, args)
            .await
            .with_context(|| format!("script failed: {script}"))
    }

    /// `location.hash`, exactly as the page has it.
    pub async fn hash(&self) -> Result<String> {
        let value = self.js("return location.hash;", vec![]).await?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// The document title.
    pub async fn title(&self) -> Result<String> {
        self.client
            .title()
            .await
            .context("could not read the title")
    }

    /// The trimmed text of cell `col` (from 1) of every body row of the table `table`.
    pub async fn table_column(&self, table: &str, col: u32) -> Result<Vec<String>> {
        let cells = self
            .js(
                "return [...document.querySelectorAll(arguments[0] + ' tbody tr td:nth-child(' + arguments[1] + ')')]
                     .map(td => td.textContent.trim());",
                vec![json!(table), json!(col)],
            )
            .await?;
        Ok(cells
            .as_array()
            .context("the table's cells are not a list")?
            .iter()
            .filter_map(|s| s.as_str().map(str::to_string))
            .collect())
    }

    /// The trimmed `textContent` of the first element matching `selector`, or `None`.
    pub async fn text(&self, selector: &str) -> Result<Option<String>> {
        let value = self
            .js(
                "const e = document.querySelector(arguments[0]); \
                 return e ? e.textContent.trim() : null;",
                vec![json!(selector)],
            )
            .await?;
        Ok(value.as_str().map(str::to_string))
    }

    /// The trimmed `innerText` (what a person sees) of the first element matching
    /// `selector`, or `None`.
    pub async fn visible_text(&self, selector: &str) -> Result<Option<String>> {
        let value = self
            .js(
                "const e = document.querySelector(arguments[0]); \
                 return e ? e.innerText.trim() : null;",
                vec![json!(selector)],
            )
            .await?;
        Ok(value.as_str().map(str::to_string))
    }

    /// The `value` property of the first input matching `selector`, or `None`.
    pub async fn value(&self, selector: &str) -> Result<Option<String>> {
        let value = self
            .js(
                "const e = document.querySelector(arguments[0]); \
                 return e ? String(e.value) : null;",
                vec![json!(selector)],
            )
            .await?;
        Ok(value.as_str().map(str::to_string))
    }

    /// An attribute of the first element matching `selector`, or `None`.
    pub async fn attr(&self, selector: &str, name: &str) -> Result<Option<String>> {
        let value = self
            .js(
                "const e = document.querySelector(arguments[0]); \
                 return e ? e.getAttribute(arguments[1]) : null;",
                vec![json!(selector), json!(name)],
            )
            .await?;
        Ok(value.as_str().map(str::to_string))
    }

    /// Whether an element matches `selector` right now.
    pub async fn exists(&self, selector: &str) -> Result<bool> {
        let value = self
            .js(
                "return document.querySelector(arguments[0]) !== null;",
                vec![json!(selector)],
            )
            .await?;
        Ok(value.as_bool().unwrap_or(false))
    }

    /// Polls `probe` until it yields `Ok(value)`, for at most [`WAIT`]. `Err(seen)`
    /// means "not yet"; the last `seen` goes into the timeout error with `what`.
    pub async fn wait_until<T, F, Fut>(&self, what: &str, mut probe: F) -> Result<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<std::result::Result<T, String>>>,
    {
        let start = Instant::now();
        loop {
            let seen = match probe().await {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(seen)) => seen,
                Err(err) => format!("error: {err:#}"),
            };
            if start.elapsed() > WAIT {
                let url = self
                    .client
                    .current_url()
                    .await
                    .map_or_else(|_| "?".to_string(), |u| u.to_string());
                let body = self
                    .visible_text("body")
                    .await
                    .ok()
                    .flatten()
                    .unwrap_or_default();
                let body: String = body.chars().take(300).collect();
                bail!(
                    "timed out after {WAIT:?} waiting for {what}; last seen: {seen}\n  \
                     page: {url}\n  body text: {body:?}"
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Worker messages the page has received so far (`globalThis.heaplabWorkerReplies`, counted
    /// by the web app's worker link), 0 before the first.
    pub async fn worker_replies(&self) -> Result<u64> {
        let value = self
            .js("return globalThis.heaplabWorkerReplies || 0;", vec![])
            .await?;
        value
            .as_f64()
            .map(|n| n as u64)
            .ok_or_else(|| anyhow!("heaplabWorkerReplies is {value}"))
    }

    /// Presses Cancel of a running job and checks that it stops within one step: the status
    /// (`status`, its text) starts with "Cancelled" and stays so, and no worker message
    /// arrives afterwards (a stepped job's worker is idle, a whole job's worker terminated).
    /// `progress` must show first, so the job is known to be running in its worker.
    pub async fn cancel_stops_the_job(
        &self,
        progress: &str,
        cancel: &str,
        status: &str,
    ) -> Result<()> {
        self.wait_for(progress).await?;
        self.wait_until("a worker message (the job runs in a worker)", || async {
            let n = self.worker_replies().await?;
            Ok(if n > 0 {
                Ok(())
            } else {
                Err(format!("{n} messages"))
            })
        })
        .await?;
        self.click(cancel).await?;
        self.wait_until("the status to say Cancelled", || async {
            let text = self.text(status).await?.unwrap_or_default();
            Ok(if text.starts_with("Cancelled") {
                Ok(())
            } else {
                Err(text)
            })
        })
        .await?;
        // One step (about 50 ms) may still end and report; after that, silence.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = self.worker_replies().await?;
        tokio::time::sleep(Duration::from_millis(2000)).await;
        let after = self.worker_replies().await?;
        let text = self.text(status).await?.unwrap_or_default();
        ensure!(
            text.starts_with("Cancelled"),
            "after Cancel the status became {text:?}"
        );
        ensure!(
            after == before,
            "{} worker messages arrived in the 2 s after Cancel",
            after - before
        );
        Ok(())
    }

    /// Clicks the element matching `selector` as a person would, once it is there and takes
    /// the click: an element still being laid out or covered is "not interactable" for a
    /// moment on a busy machine, so the click is tried again until [`WAIT`].
    pub async fn click(&self, selector: &str) -> Result<()> {
        self.wait_until(&format!("a click on `{selector}`"), || async {
            Ok(match self.client.find(Locator::Css(selector)).await {
                Ok(element) => element.click().await.map_err(|err| err.to_string()),
                Err(_) => Err("no such element".to_string()),
            })
        })
        .await
    }

    /// Waits for an element matching `selector` and returns it.
    pub async fn wait_for(&self, selector: &str) -> Result<Element> {
        self.wait_until(&format!("an element `{selector}`"), || async {
            Ok(match self.client.find(Locator::Css(selector)).await {
                Ok(element) => Ok(element),
                Err(_) => Err("no such element".to_string()),
            })
        })
        .await
    }

    /// Waits until the text of `selector` is exactly `expected` (after trimming).
    pub async fn wait_for_text(&self, selector: &str, expected: &str) -> Result<()> {
        self.wait_until(&format!("`{selector}` to read {expected:?}"), || async {
            Ok(match self.text(selector).await? {
                Some(text) if text == expected => Ok(()),
                Some(text) => Err(format!("text {text:?}")),
                None => Err("no such element".to_string()),
            })
        })
        .await
    }

    /// Waits until `selector`'s text starts with `prefix` (a status line such as `Done …`).
    pub async fn wait_for_text_starting(&self, selector: &str, prefix: &str) -> Result<()> {
        self.wait_until(
            &format!("`{selector}` to start with {prefix:?}"),
            || async {
                let text = self.text(selector).await?.unwrap_or_default();
                Ok(if text.starts_with(prefix) {
                    Ok(())
                } else {
                    Err(text)
                })
            },
        )
        .await
    }

    /// Waits until `selector` has non-empty text and returns it.
    pub async fn wait_for_some_text(&self, selector: &str) -> Result<String> {
        self.wait_until(&format!("`{selector}` to show some text"), || async {
            Ok(match self.text(selector).await? {
                Some(text) if !text.is_empty() => Ok(text),
                Some(_) => Err("empty text".to_string()),
                None => Err("no such element".to_string()),
            })
        })
        .await
    }

    /// Waits until the `value` of the input `selector` is exactly `expected`.
    pub async fn wait_for_value(&self, selector: &str, expected: &str) -> Result<()> {
        self.wait_until(
            &format!("input `{selector}` to hold {expected:?}"),
            || async {
                Ok(match self.value(selector).await? {
                    Some(value) if value == expected => Ok(()),
                    Some(value) => Err(format!("value {value:?}")),
                    None => Err("no such element".to_string()),
                })
            },
        )
        .await
    }

    /// Waits until `location.hash` contains `fragment`; commas may also appear as `%2C`.
    pub async fn wait_for_hash_containing(&self, fragment: &str) -> Result<String> {
        let encoded = fragment.replace(',', "%2C");
        self.wait_until(&format!("the URL hash to contain {fragment:?}"), || async {
            let hash = self.hash().await?;
            Ok(if hash.contains(fragment) || hash.contains(&encoded) {
                Ok(hash)
            } else {
                Err(format!("hash {hash:?}"))
            })
        })
        .await
    }

    /// Clears the input `selector` and types `text` into it, key by key.
    pub async fn type_into(&self, selector: &str, text: &str) -> Result<()> {
        let input = self.wait_for(selector).await?;
        input
            .clear()
            .await
            .with_context(|| format!("could not clear `{selector}`"))?;
        input
            .send_keys(text)
            .await
            .with_context(|| format!("could not type into `{selector}`"))
    }

    /// The element `selector`, scrolled to the middle of the viewport, and its CSS size, for
    /// pointer input relative to its centre.
    pub async fn pointer_target(&self, selector: &str) -> Result<(Element, f64, f64)> {
        let element = self.wait_for(selector).await?;
        self.js(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'});",
            vec![serde_json::to_value(&element)?],
        )
        .await?;
        let (_, _, width, height) = element
            .rectangle()
            .await
            .with_context(|| format!("no size for `{selector}`"))?;
        Ok((element, width, height))
    }

    /// Real pointer input (WebDriver actions): presses the left button at `from` and drags to
    /// `to` in a few steps, both in CSS pixels from the centre of `element`. The button stays
    /// down until [`Page::release`], so a test can look at the page mid-drag.
    pub async fn press_and_drag(
        &self,
        element: &Element,
        from: (f64, f64),
        to: (f64, f64),
    ) -> Result<()> {
        let at = |(x, y): (f64, f64)| PointerAction::MoveToElement {
            element: element.clone(),
            duration: Some(Duration::from_millis(50)),
            x,
            y,
        };
        let middle = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
        let drag = MouseActions::new("mouse".into())
            .then(at(from))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(at(middle))
            .then(at(to));
        self.client
            .perform_actions(drag)
            .await
            .context("could not drag the pointer")
    }

    /// Releases the left button pressed by [`Page::press_and_drag`].
    pub async fn release(&self) -> Result<()> {
        let up = MouseActions::new("mouse".into()).then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client
            .perform_actions(up)
            .await
            .context("could not release the pointer")
    }

    /// The computed CSS `property` of the element `selector` (`getComputedStyle`).
    pub async fn computed_style(&self, selector: &str, property: &str) -> Result<String> {
        let value = self
            .js(
                "const e = document.querySelector(arguments[0]); \
                 return e ? getComputedStyle(e).getPropertyValue(arguments[1]) : null;",
                vec![selector.into(), property.into()],
            )
            .await?;
        value
            .as_str()
            .map(str::to_string)
            .with_context(|| format!("no `{selector}` to read {property} from"))
    }

    /// Drags a zoom box over the middle half of the picture `target` with real pointer input,
    /// checks that the box element `zoom_box` is shown while the button is down, and releases.
    pub async fn drag_over_middle_half(&self, target: &str, zoom_box: &str) -> Result<()> {
        let (element, width, height) = self.pointer_target(target).await?;
        let (dx, dy) = (width / 4.0, height / 4.0);
        self.press_and_drag(&element, (-dx, -dy), (dx, dy)).await?;
        let shown = self.computed_style(zoom_box, "display").await?;
        if shown != "block" {
            bail!("the zoom box `{zoom_box}` is not shown while dragging: display {shown}");
        }
        self.release().await
    }

    /// A real click (press and release without moving) at `at`, in CSS pixels from the centre
    /// of `element`.
    pub async fn click_at(&self, element: &Element, at: (f64, f64)) -> Result<()> {
        self.press_and_drag(element, at, at).await?;
        self.release().await
    }

    /// The pixel at (`x`, `y`) of the canvas `selector`, read with `getImageData`,
    /// or `None` if there is no such canvas.
    pub async fn canvas_pixel(&self, selector: &str, x: u32, y: u32) -> Result<Option<Pixel>> {
        let value = self
            .js(
                "const c = document.querySelector(arguments[0]); \
                 if (!c || !c.getContext) return null; \
                 return Array.from(c.getContext('2d').getImageData(arguments[1], arguments[2], 1, 1).data);",
                vec![json!(selector), json!(x), json!(y)],
            )
            .await?;
        pixel_from_json(&value)
    }

    /// Captures file downloads instead of saving them: every Blob URL made from now on keeps its
    /// Blob, and a download link's click records its file name (see [`Page::last_download`]).
    pub async fn capture_downloads(&self) -> Result<()> {
        self.js(
            "window.__blobs = []; const make = URL.createObjectURL;
             URL.createObjectURL = b => { window.__blobs.push(b); return make(b); };
             HTMLAnchorElement.prototype.click = function () { window.__download = this.download; };
             return true;",
            vec![],
        )
        .await?;
        Ok(())
    }

    /// The last captured download as `(file name, text)`, after [`Page::capture_downloads`].
    pub async fn last_download(&self) -> Result<(String, String)> {
        let name = self.js("return window.__download || '';", vec![]).await?;
        let text = self
            .js(
                "const b = window.__blobs || []; return b.length ? b[b.length - 1].text() : '';",
                vec![],
            )
            .await?;
        Ok((
            name.as_str().unwrap_or_default().to_string(),
            text.as_str().unwrap_or_default().to_string(),
        ))
    }

    /// Checks that the page shell is still there (a nav with links, some text in the body),
    /// the sign that bad input did not crash the wasm app into a blank page.
    pub async fn assert_not_blank(&self) -> Result<()> {
        self.wait_for("nav a").await?;
        let body = self.visible_text("body").await?.unwrap_or_default();
        if body.len() <= 20 {
            bail!("the page looks blank; body text: {body:?}");
        }
        Ok(())
    }

    /// Every pixel of the canvas `selector` as `(width, height, rgba)`, read with one
    /// `getImageData`, or `None` if there is no such canvas.
    pub async fn canvas_rgba(&self, selector: &str) -> Result<Option<(u32, u32, Vec<u8>)>> {
        let value = self
            .js(
                "const c = document.querySelector(arguments[0]); \
                 if (!c || !c.getContext) return null; \
                 const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
                 return [c.width, c.height, Array.from(d)];",
                vec![json!(selector)],
            )
            .await?;
        let Some([w, h, data]) = value
            .as_array()
            .and_then(|a| <&[Value; 3]>::try_from(a.as_slice()).ok())
        else {
            return Ok(None);
        };
        let dim = |v: &Value| {
            v.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .with_context(|| format!("`{selector}` reported a size {v}"))
        };
        let bytes = data
            .as_array()
            .context("getImageData did not return an array")?
            .iter()
            .map(|b| b.as_u64().and_then(|b| u8::try_from(b).ok()))
            .collect::<Option<Vec<u8>>>()
            .context("getImageData returned a non-byte value")?;
        Ok(Some((dim(w)?, dim(h)?, bytes)))
    }

    /// The centre pixel of heap `heap`'s cell in a value strip canvas: cells of
    /// `data-cell` px, `data-per-row` to a row, left to right from heap 0.
    pub async fn heap_pixel(&self, selector: &str, heap: u32) -> Result<Option<Pixel>> {
        let Some(cell) = self.attr(selector, "data-cell").await? else {
            return Ok(None);
        };
        let cell: f64 = cell
            .trim()
            .parse()
            .with_context(|| format!("`{selector}` has data-cell={cell:?}, not a number"))?;
        if cell < 1.0 {
            bail!("`{selector}` has data-cell={cell}, less than one pixel");
        }
        let per_row = match self.attr(selector, "data-per-row").await? {
            Some(text) => text
                .trim()
                .parse::<u32>()
                .with_context(|| format!("`{selector}` has data-per-row={text:?}"))?
                .max(1),
            None => u32::MAX,
        };
        let (row, col) = (heap / per_row, heap % per_row);
        let centre = |index: u32| (f64::from(index) * cell + cell / 2.0).floor() as u32;
        self.canvas_pixel(selector, centre(col), centre(row)).await
    }
}

fn pixel_from_json(value: &Value) -> Result<Option<Pixel>> {
    let Some(items) = value.as_array() else {
        return Ok(None);
    };
    let mut rgba = [0u8; 4];
    if items.len() != 4 {
        bail!("getImageData returned {value}, not four channels");
    }
    for (slot, item) in rgba.iter_mut().zip(items) {
        *slot = item
            .as_u64()
            .and_then(|v| u8::try_from(v).ok())
            .ok_or_else(|| anyhow!("getImageData returned {value}"))?;
    }
    Ok(Some(Pixel(rgba)))
}
