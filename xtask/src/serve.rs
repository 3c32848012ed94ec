//! A small static file server for `dist/` (GET and HEAD only, loopback only). Text and wasm
//! go out gzip-compressed when the browser accepts it, as static hosts serve them, so what
//! the end-to-end tests read as transferred bytes is what a visitor downloads: a file's
//! precompressed `FILE.gz` sibling when `dist/` has one (see [`crate::precompress`]), else
//! gzip -9 made on the fly.

use std::collections::HashMap;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::SystemTime;

use flate2::write::GzEncoder;
use flate2::Compression;

use anyhow::{anyhow, Result};
use tiny_http::{Header, Method, Request, Response, Server};

use crate::precompress;

/// How many threads answer requests.
const WORKERS: usize = 4;

/// A server bound to 127.0.0.1, answering from its own threads.
pub struct StaticServer {
    server: Arc<Server>,
    port: u16,
    workers: Vec<thread::JoinHandle<()>>,
}

impl StaticServer {
    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves `root` in the background.
    pub fn start(root: &Path, port: u16) -> Result<Self> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|err| anyhow!("could not listen on 127.0.0.1:{port}: {err}"))?;
        let port = server
            .server_addr()
            .to_ip()
            .map(|addr| addr.port())
            .ok_or_else(|| anyhow!("the server is not listening on an IP address"))?;
        let server = Arc::new(server);
        let cache = Arc::new(GzipCache::default());
        let workers = (0..WORKERS)
            .map(|_| {
                let (server, cache) = (Arc::clone(&server), Arc::clone(&cache));
                let root = root.to_path_buf();
                thread::spawn(move || {
                    for request in server.incoming_requests() {
                        answer(&root, &cache, request);
                    }
                })
            })
            .collect();
        Ok(Self {
            server,
            port,
            workers,
        })
    }

    /// The server's base URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Blocks until the server stops (it never does on its own).
    pub fn wait(mut self) {
        for worker in std::mem::take(&mut self.workers) {
            let _ = worker.join();
        }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.server.unblock();
    }
}

/// `cargo xtask serve`: serves `dist` on `port` until interrupted.
pub fn serve_forever(dist: &Path, port: u16) -> Result<()> {
    let server = StaticServer::start(dist, port)?;
    println!(
        "Serving {} at {}/ (Ctrl-C to stop)",
        dist.display(),
        server.url()
    );
    server.wait();
    Ok(())
}

fn answer(root: &Path, cache: &GzipCache, request: Request) {
    let method = request.method().clone();
    if method != Method::Get && method != Method::Head {
        let _ = request.respond(Response::from_string("method not allowed").with_status_code(405));
        return;
    }
    let Some(file) = resolve(root, request.url()) else {
        let _ = request.respond(
            Response::from_string("404 not found")
                .with_status_code(404)
                .with_header(header("Content-Type", "text/plain; charset=utf-8")),
        );
        return;
    };
    let mime = mime_type(&file);
    let gzipped = if header_lists(&request, "Accept-Encoding", "gzip") {
        gzipped_body(&file, mime, cache)
    } else {
        None
    };
    let body = match gzipped {
        Some(body) => Some((body, true)),
        None => fs::read(&file).ok().map(|body| (body, false)),
    };
    let Some((body, gzipped)) = body else {
        let _ = request
            .respond(Response::from_string("500 could not read the file").with_status_code(500));
        return;
    };
    let tag = etag(&body);
    let caching = [
        header("ETag", &tag),
        header("Cache-Control", cache_control(&file)),
        header("Vary", "Accept-Encoding"),
    ];
    if header_lists(&request, "If-None-Match", &tag) {
        let mut response = Response::empty(304);
        for field in caching {
            response.add_header(field);
        }
        let _ = request.respond(response);
        return;
    }
    let body = if method == Method::Head {
        Vec::new()
    } else {
        body
    };
    let mut response = Response::from_data(body).with_header(header("Content-Type", mime));
    for field in caching {
        response.add_header(field);
    }
    if gzipped {
        response.add_header(header("Content-Encoding", "gzip"));
    }
    let _ = request.respond(response);
}

/// Whether the request's header `name` lists `value` (comma-separated, `;q=` ignored).
fn header_lists(request: &Request, name: &'static str, value: &str) -> bool {
    request
        .headers()
        .iter()
        .filter(|h| h.field.equiv(name))
        .flat_map(|h| h.value.as_str().split(','))
        .any(|item| item.split(';').next().unwrap_or("").trim() == value)
}

/// An entity tag for a response body, so a browser that revalidates a file it has (the
/// favicon, `index.html`: `no-cache`) gets `304 Not Modified` instead of the body again, as
/// from a static host.
fn etag(body: &[u8]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    format!("\"{:016x}\"", hasher.finish())
}

/// Files with a content hash in their name (see `fingerprint.rs`) never change, so a browser
/// may keep them (this is what lets each worker reuse the page's glue without a download);
/// the rest are revalidated on every load.
fn cache_control(file: &Path) -> &'static str {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if crate::fingerprint::is_hashed_name(name) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// The gzipped body of `file` for a client that accepts gzip: its `.gz` sibling as it is,
/// as `cargo xtask build` wrote it (nginx's `gzip_static`), else made here at level 9 if the
/// type is worth it; `None` sends the plain file.
fn gzipped_body(file: &Path, mime: &str, cache: &GzipCache) -> Option<Vec<u8>> {
    if let Some(body) = precompress::fresh_sibling(file).and_then(|gz| fs::read(gz).ok()) {
        return Some(body);
    }
    compressible(mime).then(|| cache.gzipped(file)).flatten()
}

/// Whether a type is worth compressing (text and wasm; not images that are compressed already).
fn compressible(mime: &str) -> bool {
    (mime.starts_with("text/") || mime.starts_with("application/") || mime == "image/svg+xml")
        && mime != "application/gzip"
}

/// A file's length and modification time, and its gzipped body.
type GzipEntry = (u64, SystemTime, Vec<u8>);

/// Gzipped file bodies, made once per file version (path, length, modification time).
#[derive(Default)]
struct GzipCache {
    entries: Mutex<HashMap<PathBuf, GzipEntry>>,
}

impl GzipCache {
    /// The gzipped body of `file` (level 9, as `cargo xtask build` reports sizes).
    fn gzipped(&self, file: &Path) -> Option<Vec<u8>> {
        let meta = fs::metadata(file).ok()?;
        let version = (meta.len(), meta.modified().ok()?);
        if let Some((len, time, body)) = self.lock().get(file) {
            if (*len, *time) == version {
                return Some(body.clone());
            }
        }
        let body = gzip(&fs::read(file).ok()?)?;
        self.lock()
            .insert(file.to_path_buf(), (version.0, version.1, body.clone()));
        Some(body)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PathBuf, GzipEntry>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// `bytes` gzip-compressed at level 9.
pub fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("header names and values are ASCII")
}

/// Maps a request URL to a file under `root`: `/` and directories map to their
/// `index.html`; query strings and fragments are ignored; `..` is refused.
fn resolve(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let path = percent_decode(path)?;
    let relative = Path::new(path.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut file = root.join(relative);
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// Decodes `%XX` escapes; `None` for malformed escapes or non-UTF-8 results.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The Content-Type for a file, by extension.
fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        "gz" => "application/gzip",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precompress::tests::inflate;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    const GZIP: &str = "Accept-Encoding: gzip, deflate, br\r\n";

    /// One GET of `path` with the request header lines `extra` over a real connection: the
    /// response's head (lower-cased) and body.
    fn get(server: &StaticServer, path: &str, extra: &str) -> (String, Vec<u8>) {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: localhost\r\n{extra}Connection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let split = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8_lossy(&response[..split]).to_lowercase();
        (head, response[split + 4..].to_vec())
    }

    /// The value of the header `name` (lower-case) in a response head.
    fn field<'a>(head: &'a str, name: &str) -> Option<&'a str> {
        head.lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))
            .map(str::trim)
    }

    #[test]
    fn sends_the_precompressed_sibling_only_to_clients_that_accept_gzip_and_304_when_unchanged() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-gz-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let script = "export function start() { return 42; }\n".repeat(200);
        fs::write(dir.join("app.js"), &script).unwrap();
        let sibling = precompress::zopfli_gzip(script.as_bytes()).unwrap();
        fs::write(dir.join("app.js.gz"), &sibling).unwrap();
        let style = "body { margin: 0 }\n".repeat(100);
        fs::write(dir.join("style.css"), &style).unwrap();
        let server = StaticServer::start(&dir, 0).unwrap();

        let (head, body) = get(&server, "/app.js", GZIP);
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(head.contains("content-encoding: gzip"), "{head}");
        assert!(head.contains("content-type: text/javascript"), "{head}");
        assert_eq!(body, sibling, "the sibling is sent as it is");
        assert_eq!(inflate(&body), script.as_bytes());

        let (head, body) = get(&server, "/app.js", "");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(!head.contains("content-encoding"), "{head}");
        assert!(head.contains("content-type: text/javascript"), "{head}");
        assert_eq!(body, script.as_bytes());

        // No sibling: gzip made on the fly.
        let (head, body) = get(&server, "/style.css", GZIP);
        assert!(head.contains("content-encoding: gzip"), "{head}");
        assert!(head.contains("content-type: text/css"), "{head}");
        assert_eq!(inflate(&body), style.as_bytes());

        // A revalidation with the tag of what the client has: 304 and no body; the plain and
        // the gzipped body have different tags.
        let (plain, _) = get(&server, "/style.css", "");
        let (gzipped, _) = get(&server, "/style.css", GZIP);
        let tag = field(&gzipped, "etag").unwrap();
        assert_ne!(field(&plain, "etag"), Some(tag));
        let (head, body) = get(
            &server,
            "/style.css",
            &format!("{GZIP}If-None-Match: {tag}\r\n"),
        );
        assert!(head.starts_with("http/1.1 304"), "{head}");
        assert!(body.is_empty());
        let (head, _) = get(&server, "/style.css", &format!("If-None-Match: {tag}\r\n"));
        assert!(head.starts_with("http/1.1 200"), "{head}");
        drop(server);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn maps_urls_to_files_and_types() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-test-{}", std::process::id()));
        fs::create_dir_all(dir.join("static")).unwrap();
        fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
        fs::write(dir.join("static/style.css"), "body{}").unwrap();

        assert_eq!(resolve(&dir, "/"), Some(dir.join("index.html")));
        assert_eq!(resolve(&dir, "/?x=1"), Some(dir.join("index.html")));
        assert_eq!(
            resolve(&dir, "/static/style.css"),
            Some(dir.join("static/style.css"))
        );
        assert_eq!(
            resolve(&dir, "/static/%73tyle.css"),
            Some(dir.join("static/style.css"))
        );
        assert_eq!(resolve(&dir, "/../etc/passwd"), None);
        assert_eq!(resolve(&dir, "/missing.js"), None);
        assert_eq!(
            mime_type(Path::new("a/heaplab_bg.wasm")),
            "application/wasm"
        );
        assert_eq!(
            mime_type(Path::new("heaplab.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(mime_type(Path::new("favicon.svg")), "image/svg+xml");
        fs::remove_dir_all(&dir).unwrap();
    }
}
