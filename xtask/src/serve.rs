//! A small static file server for `dist/` (GET and HEAD only, loopback only).

use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::thread;

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
        let workers = (0..WORKERS)
            .map(|_| {
                let server = Arc::clone(&server);
                let root = root.to_path_buf();
                thread::spawn(move || {
                    for request in server.incoming_requests() {
                        answer(&root, request);
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

fn answer(root: &Path, request: Request) {
    let method = request.method().clone();
    if method != Method::Get && method != Method::Head {
        let _ = request.respond(Response::from_string("method not allowed").with_status_code(405));
        return;
    }
    let file = resolve(root, request.url());
    let response = match file.as_deref().map(fs::read) {
        Some(Ok(body)) => {
            let mime = mime_type(file.as_deref().unwrap_or(root));
            let body = if method == Method::Head {
                Vec::new()
            } else {
                body
            };
            Response::from_data(body)
                .with_header(header("Content-Type", mime))
                .with_header(header("Cache-Control", "no-cache"))
        }
        _ => Response::from_string("404 not found")
            .with_status_code(404)
            .with_header(header("Content-Type", "text/plain; charset=utf-8")),
    };
    let _ = request.respond(response);
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
