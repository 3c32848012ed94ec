//! A small static file server for `dist/` (GET and HEAD only, loopback only). Text and wasm
//! go out gzip-compressed when the browser accepts it, as static hosts serve them, so what
//! the end-to-end tests read as transferred bytes is what a visitor downloads.

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::SystemTime;

use flate2::write::GzEncoder;
use flate2::Compression;

use anyhow::{anyhow, Result};
use tiny_http::{Header, Method, Request, Response, Server};

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
    let gzip_ok = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Accept-Encoding") && h.value.as_str().contains("gzip"));
    let Some(file) = resolve(root, request.url()) else {
        let _ = request.respond(
            Response::from_string("404 not found")
                .with_status_code(404)
                .with_header(header("Content-Type", "text/plain; charset=utf-8")),
        );
        return;
    };
    let mime = mime_type(&file);
    let body = if gzip_ok && compressible(mime) {
        cache.gzipped(&file).map(|body| (body, true))
    } else {
        fs::read(&file).ok().map(|body| (body, false))
    };
    let response = match body {
        Some((body, gzipped)) => {
            let body = if method == Method::Head {
                Vec::new()
            } else {
                body
            };
            let mut response = Response::from_data(body)
                .with_header(header("Content-Type", mime))
                .with_header(header("Cache-Control", cache_control(&file)))
                .with_header(header("Vary", "Accept-Encoding"));
            if gzipped {
                response = response.with_header(header("Content-Encoding", "gzip"));
            }
            response
        }
        None => Response::from_string("500 could not read the file").with_status_code(500),
    };
    let _ = request.respond(response);
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

/// Whether a type is worth compressing (text and wasm; not images that are compressed already).
fn compressible(mime: &str) -> bool {
    mime.starts_with("text/") || mime.starts_with("application/") || mime == "image/svg+xml"
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
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
