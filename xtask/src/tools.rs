//! Finding and installing the external tools the pipeline needs, and running commands.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// The wasm target the web crate is built for.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Where Debian's chromium puts its browser binary.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Where Debian's chromium-driver puts chromedriver.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// `$CARGO_HOME/bin` (`~/.cargo/bin` by default), where `cargo install` puts binaries.
fn cargo_bin_dir() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return Some(PathBuf::from(home).join("bin"));
    }
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo").join("bin"))
}

/// `PATH` with cargo's bin directory appended, so that freshly installed tools are
/// found even when the shell's PATH lacks it.
pub fn search_path() -> OsString {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(bin) = cargo_bin_dir() {
        if !dirs.contains(&bin) {
            dirs.push(bin);
        }
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

/// A command for `program`, with [`search_path`] as its PATH.
pub fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut cmd = Command::new(program);
    cmd.env("PATH", search_path());
    cmd
}

/// The cargo that runs us (`$CARGO`), or `cargo`.
pub fn cargo() -> Command {
    command(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// A printable form of a command line.
pub fn describe(cmd: &Command) -> String {
    let mut text = cmd.get_program().to_string_lossy().into_owned();
    for arg in cmd.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

/// Runs `cmd` with inherited stdio; fails unless it exits with status 0.
pub fn run(cmd: &mut Command) -> Result<()> {
    let line = describe(cmd);
    println!("$ {line}");
    let status = cmd
        .status()
        .with_context(|| format!("could not start `{line}`"))?;
    if !status.success() {
        bail!("`{line}` failed ({status})");
    }
    Ok(())
}

/// Runs `cmd` quietly and returns its stdout, or `None` if it cannot start or fails.
fn output_of(mut cmd: Command) -> Option<String> {
    let out = cmd
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Adds the wasm32 target with rustup unless it is installed already.
pub fn ensure_wasm_target() -> Result<()> {
    let mut list = command("rustup");
    list.args(["target", "list", "--installed"]);
    match output_of(list) {
        Some(installed) if installed.lines().any(|l| l.trim() == WASM_TARGET) => Ok(()),
        Some(_) => {
            println!("The {WASM_TARGET} target is missing; adding it.");
            run(command("rustup").args(["target", "add", WASM_TARGET]))
        }
        None => {
            // No rustup (a distribution's Rust): let cargo report a missing target itself.
            println!("note: rustup not found; assuming the {WASM_TARGET} target is installed");
            Ok(())
        }
    }
}

/// The version of the `wasm-bindgen` package recorded in `Cargo.lock`.
pub fn locked_wasm_bindgen_version(root: &Path) -> Result<String> {
    let lock_path = root.join("Cargo.lock");
    if !lock_path.is_file() {
        println!("No Cargo.lock yet; resolving dependencies.");
        run(cargo().current_dir(root).arg("generate-lockfile"))?;
    }
    let lock = std::fs::read_to_string(&lock_path)
        .with_context(|| format!("could not read {}", lock_path.display()))?;
    parse_locked_version(&lock, "wasm-bindgen").with_context(|| {
        format!(
            "{} has no `wasm-bindgen` package: does heaplab-web depend on wasm-bindgen?",
            lock_path.display()
        )
    })
}

/// Finds `version = "..."` of the package `name` in the text of a Cargo.lock.
fn parse_locked_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            let version = lines.next()?.trim().strip_prefix("version = \"")?;
            return Some(version.trim_end_matches('"').to_string());
        }
    }
    None
}

/// The version a tool reports with `--version` (its last word), if it runs.
fn tool_version(program: &str) -> Option<String> {
    let mut cmd = command(program);
    cmd.arg("--version");
    let out = output_of(cmd)?;
    out.split_whitespace().nth(1).map(str::to_string)
}

/// Makes sure `wasm-bindgen` and `wasm-bindgen-test-runner` are at exactly the
/// version of the `wasm-bindgen` crate in Cargo.lock, installing them otherwise.
pub fn ensure_wasm_bindgen(root: &Path) -> Result<()> {
    let wanted = locked_wasm_bindgen_version(root)?;
    let cli = tool_version("wasm-bindgen");
    let runner = tool_version("wasm-bindgen-test-runner");
    if cli.as_deref() == Some(wanted.as_str()) && runner.as_deref() == Some(wanted.as_str()) {
        return Ok(());
    }
    match cli {
        Some(found) => println!("wasm-bindgen {found} found, but Cargo.lock has {wanted}."),
        None => println!("wasm-bindgen not found."),
    }
    println!("Installing wasm-bindgen-cli {wanted} (a few minutes on a fresh machine).");
    // Not `--locked`: one crate of wasm-bindgen-cli's lock file is gone from the registry.
    run(cargo().args(["install", "wasm-bindgen-cli", "--version", &wanted]))?;
    match tool_version("wasm-bindgen") {
        Some(found) if found == wanted => Ok(()),
        other => bail!(
            "after installing wasm-bindgen-cli {wanted}, `wasm-bindgen --version` reports {}",
            other.unwrap_or_else(|| "nothing (is ~/.cargo/bin readable?)".into())
        ),
    }
}

/// The binaryen release installed from npm when no recent `wasm-opt` is on the machine.
pub const BINARYEN_NPM: &str = "binaryen@132";

/// Where [`ensure_wasm_opt`] installs npm's binaryen (under `target/`, never committed).
fn binaryen_prefix(root: &Path) -> PathBuf {
    root.join("target/tools/binaryen")
}

/// A `wasm-opt` new enough for wasm-bindgen's output (binaryen 116 or later, such as
/// npm's `binaryen@132`), if there is one. Debian's binaryen 108 rejects that output, so it is
/// not used.
pub fn find_wasm_opt(root: &Path) -> Option<PathBuf> {
    let candidates = [
        binaryen_prefix(root).join("node_modules/.bin/wasm-opt"),
        root.join("node_modules/.bin/wasm-opt"),
        PathBuf::from("wasm-opt"),
    ];
    candidates.into_iter().find(|candidate| {
        let mut cmd = command(candidate);
        cmd.arg("--version");
        // "wasm-opt version 132 (version_132)"
        output_of(cmd)
            .and_then(|out| {
                let major = out.split_whitespace().nth(2)?;
                major.parse::<u32>().ok()
            })
            .is_some_and(|major| major >= 116)
    })
}

/// A recent `wasm-opt`, installing npm's binaryen into `target/tools/` when none is found
/// (as the pipeline installs chromium): every built site is optimised.
pub fn ensure_wasm_opt(root: &Path) -> Result<PathBuf> {
    if let Some(found) = find_wasm_opt(root) {
        return Ok(found);
    }
    println!("No recent wasm-opt; installing npm's {BINARYEN_NPM}.");
    npm_install(&binaryen_prefix(root), BINARYEN_NPM)?;
    find_wasm_opt(root).context("wasm-opt is still missing after installing binaryen from npm")
}

/// Installs the npm `package` (`name@version`) into `prefix`, a folder under `target/tools/`.
fn npm_install(prefix: &Path, package: &str) -> Result<()> {
    run(command("npm")
        .args([
            "install",
            "--no-save",
            "--no-audit",
            "--no-fund",
            "--prefix",
        ])
        .arg(prefix)
        .arg(package))
    .with_context(|| format!("installing {package} needs npm (Debian's nodejs and npm)"))
}

/// The esbuild release that minifies the site's JavaScript and CSS, pinned so that every
/// machine writes the same bytes (and so the same hashed names).
pub const ESBUILD_VERSION: &str = "0.28.2";

/// npm's esbuild at [`ESBUILD_VERSION`] in `target/tools/esbuild`, installed when missing
/// or at another version (the npm package ships the native binary for this platform).
pub fn ensure_esbuild(root: &Path) -> Result<PathBuf> {
    let prefix = root.join("target/tools/esbuild");
    let esbuild = prefix.join("node_modules/.bin/esbuild");
    let version = || {
        let mut cmd = command(&esbuild);
        cmd.arg("--version");
        output_of(cmd).map(|out| out.trim().to_string())
    };
    if version().as_deref() == Some(ESBUILD_VERSION) {
        return Ok(esbuild);
    }
    println!("esbuild {ESBUILD_VERSION} not found; installing it from npm.");
    npm_install(&prefix, &format!("esbuild@{ESBUILD_VERSION}"))?;
    match version() {
        Some(found) if found == ESBUILD_VERSION => Ok(esbuild),
        other => bail!(
            "after installing esbuild {ESBUILD_VERSION}, `{} --version` reports {}",
            esbuild.display(),
            other.unwrap_or_else(|| "nothing".into())
        ),
    }
}

/// Installs Debian's `chromium` and `chromium-driver` if either binary is missing.
pub fn ensure_chromium() -> Result<()> {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    println!(
        "Chromium or chromedriver is missing; installing Debian's chromium and chromium-driver."
    );
    let apt_env = [("DEBIAN_FRONTEND", "noninteractive")];
    run(command("apt-get").envs(apt_env).arg("update"))
        .context("installing chromium needs apt-get (Debian) and root")?;
    run(command("apt-get")
        .envs(apt_env)
        .args(["install", "-y", "chromium", "chromium-driver"]))
    .context("installing chromium needs apt-get (Debian) and root")?;
    for path in [CHROMIUM, CHROMEDRIVER] {
        if !Path::new(path).exists() {
            bail!("{path} is still missing after installing chromium and chromium-driver");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_locked_version() {
        let lock =
            "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\nsource = \"x\"\n\n\
                    [[package]]\nname = \"wasm-bindgen-backend\"\nversion = \"0.2.99\"\n";
        assert_eq!(
            parse_locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(
            parse_locked_version(lock, "wasm-bindgen-backend").as_deref(),
            Some("0.2.99")
        );
        assert_eq!(parse_locked_version(lock, "yew"), None);
    }
}
