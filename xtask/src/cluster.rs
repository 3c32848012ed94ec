//! A throwaway single-node Slurm cluster for the Slurm stage of `cargo xtask test`: `munged`,
//! `slurmctld` and `slurmd` (Debian's `munge` and `slurm-wlm`), each a child process of xtask,
//! with the munge key, socket, `slurm.conf`, state, spool and logs all in one directory under
//! `target/`. Nothing in `/etc` is touched: the daemons get the configuration with `-f`, the
//! client commands through `SLURM_CONF`, and Slurm finds the munge socket through `AuthInfo`.
//!
//! Re-runs are safe: daemons of an earlier run (found by that directory in their command line)
//! are stopped, the directory is wiped, and the two Slurm ports are free ones picked at start, so
//! neither stale state nor a port still in use gets in the way. [`Cluster`]'s `Drop` stops the
//! three daemons by process id, also when the stage fails.

use std::fs;
use std::io::Read;
use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::tools;

/// The programs the cluster and its clients need, with the Debian package that has them.
pub const PROGRAMS: [(&str, &str); 8] = [
    ("munged", "munge"),
    ("slurmctld", "slurmctld (slurm-wlm)"),
    ("slurmd", "slurmd (slurm-wlm)"),
    ("sbatch", "slurm-client (slurm-wlm)"),
    ("sinfo", "slurm-client (slurm-wlm)"),
    ("squeue", "slurm-client (slurm-wlm)"),
    ("scontrol", "slurm-client (slurm-wlm)"),
    ("scancel", "slurm-client (slurm-wlm)"),
];

/// How long the node may take to show up idle in `sinfo`.
const READY_TIMEOUT: Duration = Duration::from_secs(60);
/// How long a daemon gets to exit after SIGTERM before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(5);
/// Unix socket paths longer than this do not fit `sockaddr_un`; use a shorter directory.
const MAX_SOCKET_PATH: usize = 100;

/// Finds `name` on PATH or in the sbin directories (where Debian puts the daemons).
pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/bin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The programs of [`PROGRAMS`] that are not installed, with their packages.
pub fn missing_programs() -> Vec<(&'static str, &'static str)> {
    PROGRAMS
        .into_iter()
        .filter(|(name, _)| find_program(name).is_none())
        .collect()
}

/// A running single-node cluster; dropping it stops the daemons.
pub struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd in `dir` (wiped first, after stopping any daemons a
    /// previous run left there) and waits until the node is idle.
    pub fn start(dir: &Path) -> Result<Cluster> {
        let dir = usable_dir(dir);
        stop_stale_daemons(&dir)?;
        if dir.exists() {
            fs::remove_dir_all(&dir)
                .with_context(|| format!("could not remove the old cluster {}", dir.display()))?;
        }
        for sub in ["munge", "spool/ctld", "spool/d", "log"] {
            fs::create_dir_all(dir.join(sub))
                .with_context(|| format!("could not create {}", dir.join(sub).display()))?;
        }
        let conf = dir.join("slurm.conf");
        let mut cluster = Cluster {
            dir,
            conf,
            daemons: Vec::new(),
        };
        cluster.start_munge()?;
        let text = slurm_conf(&host_name()?, cpus(), &cluster.dir, free_ports()?);
        fs::write(&cluster.conf, text)
            .with_context(|| format!("could not write {}", cluster.conf.display()))?;
        for daemon in ["slurmctld", "slurmd"] {
            let mut cmd = Command::new(program(daemon)?);
            cmd.arg("-D").arg("-f").arg(&cluster.conf);
            cluster.spawn(daemon, cmd)?;
        }
        cluster.wait_idle()?;
        Ok(cluster)
    }

    /// The directory holding the configuration, state and logs.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A command for a Slurm client program (or a script calling them) talking to this cluster.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut cmd = tools::command(program);
        cmd.env("SLURM_CONF", &self.conf);
        cmd
    }

    /// Runs a client command of this cluster quietly and returns its stdout.
    pub fn output(&self, program: &str, args: &[&str]) -> Result<String> {
        client_output(&self.conf, program, args)
    }

    /// Prints the end of every daemon's output (in the foreground each one logs everything to
    /// stderr), for a failure report.
    pub fn print_logs(&self) {
        for (name, _) in &self.daemons {
            print_tail(&self.dir.join("log").join(format!("{name}.out")), 30);
        }
    }

    /// Writes a fresh munge key owned by `munge` and starts `munged` as that user.
    fn start_munge(&mut self) -> Result<()> {
        let (uid, gid) = munge_user()?;
        let munge = self.dir.join("munge");
        let key = munge.join("munge.key");
        let mut bytes = vec![0u8; 1024];
        fs::File::open("/dev/urandom")
            .and_then(|mut random| random.read_exact(&mut bytes))
            .context("could not read /dev/urandom for the munge key")?;
        fs::write(&key, &bytes).with_context(|| format!("could not write {}", key.display()))?;
        for (path, mode) in [(&key, 0o400), (&munge, 0o755)] {
            std::os::unix::fs::chown(path, Some(uid), Some(gid))
                .with_context(|| format!("could not give {} to munge", path.display()))?;
            fs::set_permissions(path, fs::Permissions::from_mode(mode))
                .with_context(|| format!("could not set the mode of {}", path.display()))?;
        }
        let in_munge = |name: &str| munge.join(name).into_os_string();
        let mut cmd = Command::new(program("munged")?);
        cmd.arg("--foreground")
            .arg(with_flag("--key-file=", in_munge("munge.key")))
            .arg(with_flag("--socket=", in_munge("munge.socket")))
            .arg(with_flag("--pid-file=", in_munge("munged.pid")))
            .arg(with_flag("--seed-file=", in_munge("munged.seed")))
            .arg(with_flag("--log-file=", in_munge("munged.log")))
            .uid(uid)
            .gid(gid);
        self.spawn("munged", cmd)?;
        let socket = munge.join("munge.socket");
        wait_for(&mut self.daemons, "munged's socket", || Ok(socket.exists()))
    }

    /// Starts a daemon with its output in `log/<name>.out`.
    fn spawn(&mut self, name: &'static str, mut cmd: Command) -> Result<()> {
        let out_path = self.dir.join("log").join(format!("{name}.out"));
        let out = fs::File::create(&out_path)
            .with_context(|| format!("could not create {}", out_path.display()))?;
        let err = out.try_clone().context("could not share a log file")?;
        let line = tools::describe(&cmd);
        println!("$ {line}");
        let child = cmd
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .with_context(|| format!("could not start `{line}`"))?;
        self.daemons.push((name, child));
        Ok(())
    }

    /// Waits until `sinfo` shows the node idle.
    fn wait_idle(&mut self) -> Result<()> {
        let mut state = String::new();
        let conf = self.conf.clone();
        let args = ["--noheader", "--Node", "--format=%T"];
        let result = wait_for(&mut self.daemons, "the node to be idle in sinfo", || {
            state = client_output(&conf, "sinfo", &args).unwrap_or_default();
            Ok(state.trim() == "idle")
        });
        result.with_context(|| format!("sinfo's last node state: `{}`", state.trim()))
    }
}

/// Polls `ready` until it holds, failing if a daemon exits or [`READY_TIMEOUT`] passes.
fn wait_for(
    daemons: &mut [(&'static str, Child)],
    what: &str,
    mut ready: impl FnMut() -> Result<bool>,
) -> Result<()> {
    let start = Instant::now();
    loop {
        for (name, child) in daemons.iter_mut() {
            if let Some(status) = child.try_wait()? {
                bail!("{name} exited ({status}) while waiting for {what}");
            }
        }
        if ready()? {
            return Ok(());
        }
        if start.elapsed() > READY_TIMEOUT {
            bail!("timed out after {READY_TIMEOUT:?} waiting for {what}");
        }
        sleep(Duration::from_millis(200));
    }
}

/// Runs a Slurm client program against the cluster configured in `conf`; returns its stdout.
fn client_output(conf: &Path, program: &str, args: &[&str]) -> Result<String> {
    let mut cmd = tools::command(program);
    cmd.env("SLURM_CONF", conf).args(args).stdin(Stdio::null());
    let line = tools::describe(&cmd);
    let out = cmd
        .output()
        .with_context(|| format!("could not start `{line}`"))?;
    if !out.status.success() {
        bail!(
            "`{line}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

impl Drop for Cluster {
    /// Stops slurmd, slurmctld and munged (in that order) by process id.
    fn drop(&mut self) {
        while let Some((name, mut child)) = self.daemons.pop() {
            stop(name, &mut child);
        }
    }
}

/// SIGTERM, up to [`STOP_TIMEOUT`] to exit, then SIGKILL.
fn stop(name: &str, child: &mut Child) {
    let pid = child.id();
    if matches!(child.try_wait(), Ok(Some(_))) {
        return;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let start = Instant::now();
    while start.elapsed() < STOP_TIMEOUT {
        if matches!(child.try_wait(), Ok(Some(_))) {
            println!("stopped {name} (pid {pid})");
            return;
        }
        sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    println!("killed {name} (pid {pid}) after it ignored SIGTERM for {STOP_TIMEOUT:?}");
}

/// `dir`, or a directory under the system's temp dir when `dir` is too deep for the munge socket.
fn usable_dir(dir: &Path) -> PathBuf {
    let socket = dir.join("munge").join("munge.socket");
    if socket.as_os_str().len() <= MAX_SOCKET_PATH {
        dir.to_path_buf()
    } else {
        std::env::temp_dir().join("heaplab-slurm-cluster")
    }
}

/// Programs a run leaves behind if it is interrupted: the daemons and the jobs' heaplab.
const STALE_PROGRAMS: [&str; 4] = ["munged", "slurmctld", "slurmd", "heaplab"];

/// Stops the [`STALE_PROGRAMS`] whose command line names `dir` (left by an interrupted run).
fn stop_stale_daemons(dir: &Path) -> Result<()> {
    let needle = dir.to_string_lossy().into_owned();
    let Ok(entries) = fs::read_dir("/proc") else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if is_stale(&cmdline, &needle) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            println!(
                "stopping pid {pid} left by an earlier run: {}",
                cmdline.trim()
            );
            stop_pid(pid);
        }
    }
    Ok(())
}

/// Whether a process's `/proc/PID/cmdline` is one of the [`STALE_PROGRAMS`] working in `dir`.
fn is_stale(cmdline: &[u8], dir: &str) -> bool {
    let program = cmdline.split(|&b| b == 0).next().unwrap_or_default();
    let program = Path::new(std::str::from_utf8(program).unwrap_or_default());
    let ours = program
        .file_name()
        .is_some_and(|name| STALE_PROGRAMS.iter().any(|p| name == *p));
    ours && String::from_utf8_lossy(cmdline).contains(dir)
}

/// SIGTERM to a process that is not our child, then SIGKILL if it is still there.
fn stop_pid(pid: u32) {
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let start = Instant::now();
    while proc_dir.exists() && start.elapsed() < STOP_TIMEOUT {
        sleep(Duration::from_millis(100));
    }
    if proc_dir.exists() {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
}

/// The `slurm.conf` of a one-node cluster `host` with `cpus` CPUs, everything kept in `dir`.
fn slurm_conf(host: &str, cpus: usize, dir: &Path, (ctld_port, d_port): (u16, u16)) -> String {
    let d = dir.display();
    format!(
        "# Written by `cargo xtask test` for a throwaway single-node cluster.\n\
         ClusterName=heaplab\n\
         SlurmctldHost={host}\n\
         SlurmctldPort={ctld_port}\n\
         SlurmdPort={d_port}\n\
         SlurmUser=root\n\
         AuthType=auth/munge\n\
         CredType=cred/munge\n\
         AuthInfo=socket={d}/munge/munge.socket\n\
         ProctrackType=proctrack/linuxproc\n\
         TaskPlugin=task/none\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_CPU\n\
         MpiDefault=none\n\
         ReturnToService=2\n\
         StateSaveLocation={d}/spool/ctld\n\
         SlurmdSpoolDir={d}/spool/d\n\
         SlurmctldPidFile={d}/slurmctld.pid\n\
         SlurmdPidFile={d}/slurmd.pid\n\
         SlurmctldLogFile={d}/log/slurmctld.log\n\
         SlurmdLogFile={d}/log/slurmd.log\n\
         NodeName={host} CPUs={cpus} RealMemory=4000 State=UNKNOWN\n\
         PartitionName=debug Nodes={host} Default=YES MaxTime=INFINITE State=UP\n"
    )
}

/// Two TCP ports free right now, for slurmctld and slurmd.
fn free_ports() -> Result<(u16, u16)> {
    let first = TcpListener::bind(("0.0.0.0", 0)).context("could not find a free port")?;
    let second = TcpListener::bind(("0.0.0.0", 0)).context("could not find a free port")?;
    Ok((first.local_addr()?.port(), second.local_addr()?.port()))
}

/// The short host name, as Slurm compares it with `NodeName`.
fn host_name() -> Result<String> {
    let name = fs::read_to_string("/proc/sys/kernel/hostname")
        .context("could not read the host name from /proc/sys/kernel/hostname")?;
    let short = name.trim().split('.').next().unwrap_or_default();
    if short.is_empty() {
        bail!("the host name is empty");
    }
    Ok(short.to_string())
}

/// The CPUs this process may use (what `nproc` prints).
fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The uid and gid of the `munge` user (created by Debian's munge package).
fn munge_user() -> Result<(u32, u32)> {
    let id = |flag: &str| -> Result<u32> {
        let out = Command::new("id")
            .args([flag, "munge"])
            .output()
            .context("could not run `id`")?;
        if !out.status.success() {
            bail!("there is no `munge` user: is Debian's munge package installed?");
        }
        let text = String::from_utf8_lossy(&out.stdout);
        text.trim()
            .parse()
            .with_context(|| format!("`id {flag} munge` printed `{}`", text.trim()))
    };
    Ok((id("-u")?, id("-g")?))
}

fn program(name: &str) -> Result<PathBuf> {
    find_program(name).with_context(|| format!("`{name}` is not installed"))
}

fn with_flag(flag: &str, value: std::ffi::OsString) -> std::ffi::OsString {
    let mut arg = std::ffi::OsString::from(flag);
    arg.push(value);
    arg
}

/// Prints the last `lines` lines of a text file under its name.
pub fn print_tail(path: &Path, lines: usize) {
    let Ok(text) = fs::read_to_string(path) else {
        return;
    };
    let all: Vec<&str> = text.lines().collect();
    println!("---- {} (last {lines} lines) ----", path.display());
    for line in &all[all.len().saturating_sub(lines)..] {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slurm_conf_names_the_host_ports_and_directory() {
        let conf = slurm_conf("node7", 8, Path::new("/tmp/c"), (7001, 7002));
        for line in [
            "SlurmctldHost=node7",
            "SlurmctldPort=7001",
            "SlurmdPort=7002",
            "AuthInfo=socket=/tmp/c/munge/munge.socket",
            "StateSaveLocation=/tmp/c/spool/ctld",
            "NodeName=node7 CPUs=8 RealMemory=4000 State=UNKNOWN",
            "PartitionName=debug Nodes=node7 Default=YES MaxTime=INFINITE State=UP",
        ] {
            assert!(conf.lines().any(|l| l == line), "no `{line}` in\n{conf}");
        }
    }

    #[test]
    fn only_our_programs_in_our_directory_are_stale() {
        let dir = "/w/target/slurm-cluster";
        assert!(is_stale(
            b"slurmd\0-D\0-f\0/w/target/slurm-cluster/slurm.conf\0",
            dir
        ));
        assert!(is_stale(
            b"/usr/sbin/munged\0--socket=/w/target/slurm-cluster/m\0",
            dir
        ));
        assert!(!is_stale(
            b"tail\0-f\0/w/target/slurm-cluster/log/slurmd.out\0",
            dir
        ));
        assert!(!is_stale(b"slurmd\0-D\0-f\0/etc/slurm/slurm.conf\0", dir));
    }

    #[test]
    fn deep_directories_move_to_the_temp_dir() {
        assert_eq!(
            usable_dir(Path::new("/w/target/c")),
            Path::new("/w/target/c")
        );
        let deep = PathBuf::from(format!("/{}", "d".repeat(120)));
        assert_eq!(
            usable_dir(&deep),
            std::env::temp_dir().join("heaplab-slurm-cluster")
        );
    }
}
