//! The Slurm stage of `cargo xtask test`: on a real single-node cluster ([`Cluster`]), submit a
//! sweep in 4 shards with the checked-in `slurm/submit.sh`, wait for the dependent merge job, and
//! check the merged file byte for byte against the same sweep run in one process; then resubmit
//! one shard alone (the resume recipe of docs/guide/slurm.md) and check again.
//!
//! Without Slurm the stage is skipped, loudly; with `HEAPLAB_REQUIRE_SLURM` set (CI sets it and
//! installs `slurm-wlm munge`), missing Slurm is a failure.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::cluster::{self, Cluster};
use crate::dist;
use crate::test::Tally;
use crate::tools;

/// Set (CI sets it) to make missing Slurm a failure instead of a skip.
pub const REQUIRE_VAR: &str = "HEAPLAB_REQUIRE_SLURM";
/// How long the array and merge jobs may take together.
const JOB_TIMEOUT: Duration = Duration::from_secs(300);
/// Shards the test sweep is split into (one array task each).
const SHARDS: usize = 4;
/// The test sweep's arguments after `heaplab sweep`: every subtraction set with max S <= 12 (4095
/// rulesets, seconds), with a filter, a grouping, records and rows so the merge joins every
/// aggregate.
const SWEEP_ARGS: [&str; 11] = [
    "subtraction",
    "--max-move",
    "12",
    "--where",
    "period > max(S)",
    "--group-by",
    "max",
    "--top",
    "period:5",
    "--rows",
    "100",
];
/// What the merged file must say, so that two empty files never pass as equal: 2^12 - 1 sets.
const EXPECTED_COUNT: &str = "\"rulesets\": 4095";
/// The octal atlas the cluster computes in shards: `heaplab atlas octal --digits 1`.
const ATLAS_ARGS: [&str; 6] = ["atlas", "octal", "--digits", "1", "--max-heaps", "4096"];
/// What the merged atlas must say: 2·8 codes but `.0`.
const ATLAS_COUNT: &str = "\"codes\":15";

/// Why the stage is skipped on this machine, or `None` if it runs (always when
/// `HEAPLAB_REQUIRE_SLURM` is set: then what is missing fails the stage).
pub fn skip_reason() -> Option<String> {
    let required = std::env::var_os(REQUIRE_VAR).is_some();
    skip_decision(required, &cluster::missing_programs(), is_root())
}

/// [`skip_reason`] given whether Slurm is required, the missing programs and whether we are root.
fn skip_decision(required: bool, missing: &[(&str, &str)], root: bool) -> Option<String> {
    if required {
        return None;
    }
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|(name, _)| *name).collect();
        return Some(format!(
            "Slurm is not installed ({} missing; `apt-get install slurm-wlm munge`, \
             or set {REQUIRE_VAR}=1 to make this a failure)",
            names.join(", ")
        ));
    }
    (!root).then(|| {
        format!(
            "the Slurm stage needs root to start munged and slurmd \
             (set {REQUIRE_VAR}=1 to make this a failure)"
        )
    })
}

/// Runs the stage; each check that passes counts one test, the first failure ends the stage.
pub fn tests(root: &Path) -> Result<(Tally, bool)> {
    let mut tally = Tally::default();
    let result = run_checks(root, &mut tally);
    if let Err(err) = &result {
        println!("FAILED: {err:#}");
        tally.failed += 1;
    }
    Ok((tally, result.is_ok()))
}

fn run_checks(root: &Path, tally: &mut Tally) -> Result<()> {
    let missing = cluster::missing_programs();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|(n, p)| format!("{n} ({p})")).collect();
        bail!(
            "Slurm is missing: {}; install it with `apt-get install -y slurm-wlm munge`",
            list.join(", ")
        );
    }
    if !is_root() {
        bail!("the Slurm stage needs root (it starts munged as `munge` and slurmd as root)");
    }
    // The test build: a release build (LTO) would cost a fresh machine minutes for a sweep
    // that takes seconds.
    let heaplab = build_heaplab(root, false)?;
    println!("built {}", heaplab.display());
    let clock = Instant::now();
    let cluster = Cluster::start(&dist::target_dir(root).join("slurm-cluster"))?;
    let bring_up = clock.elapsed();
    println!("cluster up in {:.1} s", bring_up.as_secs_f64());
    pass(tally, "a single-node cluster comes up idle");

    let clock = Instant::now();
    let result = sweep_checks(root, &cluster, &heaplab, tally);
    let run = clock.elapsed();
    if result.is_err() {
        cluster.print_logs();
    }
    let clock = Instant::now();
    drop(cluster);
    println!(
        "cluster stage times: bring-up {:.1} s, jobs {:.1} s, teardown {:.1} s",
        bring_up.as_secs_f64(),
        run.as_secs_f64(),
        clock.elapsed().as_secs_f64()
    );
    result
}

/// Submits the sharded sweep, checks the merge; then reruns one shard and checks again.
fn sweep_checks(root: &Path, cluster: &Cluster, heaplab: &Path, tally: &mut Tally) -> Result<()> {
    let work = cluster.dir().join("sweep");
    let single = cluster.dir().join("single.json");
    let mut sweep = vec!["sweep"];
    sweep.extend(SWEEP_ARGS);
    one_process(heaplab, &sweep, &single)?;

    submit_and_wait(root, cluster, heaplab, &work, &[], &SWEEP_ARGS)?;
    same_bytes(&work.join("merged.json"), &single, EXPECTED_COUNT)?;
    pass(
        tally,
        "4 array tasks and the merge job give the one-process result, byte for byte",
    );

    let part = work.join("part-1.json");
    fs::remove_file(&part).with_context(|| format!("could not remove {}", part.display()))?;
    fs::remove_file(work.join("merged.json")).context("could not remove merged.json")?;
    submit_and_wait(root, cluster, heaplab, &work, &["--array=1"], &SWEEP_ARGS)?;
    same_bytes(&work.join("merged.json"), &single, EXPECTED_COUNT)?;
    pass(
        tally,
        "resubmitting shard 1 alone (--array=1) restores the merged result",
    );

    let (atlas_work, atlas_single) = (
        cluster.dir().join("atlas"),
        cluster.dir().join("atlas.json"),
    );
    one_process(heaplab, &ATLAS_ARGS, &atlas_single)?;
    submit_and_wait(root, cluster, heaplab, &atlas_work, &[], &ATLAS_ARGS)?;
    same_bytes(&atlas_work.join("merged.json"), &atlas_single, ATLAS_COUNT)?;
    pass(
        tally,
        "the octal atlas as 4 array tasks and the merge job gives the one-process atlas",
    );
    Ok(())
}

/// `slurm/submit.sh SBATCH_OPTIONS -- HEAPLAB WORK 4 JOB...` (a sweep's arguments, or
/// `atlas …`), then waits for the merge job.
fn submit_and_wait(
    root: &Path,
    cluster: &Cluster,
    heaplab: &Path,
    work: &Path,
    sbatch_options: &[&str],
    job: &[&str],
) -> Result<()> {
    let mut submit = cluster.command("bash");
    submit
        .arg(root.join("slurm").join("submit.sh"))
        .args(sbatch_options)
        .arg("--")
        .arg(heaplab)
        .arg(work)
        .arg(SHARDS.to_string())
        .args(job);
    let line = tools::describe(&submit);
    println!("$ {line}");
    let out = submit
        .output()
        .with_context(|| format!("could not start `{line}`"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    if !out.status.success() {
        bail!(
            "`{line}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let array = job_id(&stdout, "array_job")?;
    let merge = job_id(&stdout, "merge_job")?;
    let result = wait_for_job(cluster, &merge);
    if let Err(err) = &result {
        println!("{err:#}; the array tasks, the job logs and the daemon logs follow");
        let _ = cluster.output("scancel", &[&array, &merge]);
        print_task_states(cluster, &array);
        print_job_logs(&work.join("logs"));
    }
    result
}

/// Reads `key=<id>` from submit.sh's output.
fn job_id(output: &str, key: &str) -> Result<String> {
    output
        .lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
        .map(|id| id.trim().to_string())
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
        .with_context(|| format!("submit.sh printed no `{key}=<id>` line:\n{output}"))
}

/// Polls `scontrol show job` until the job ends; fails unless it COMPLETED within [`JOB_TIMEOUT`].
fn wait_for_job(cluster: &Cluster, id: &str) -> Result<()> {
    let start = Instant::now();
    loop {
        let record = cluster.output("scontrol", &["--oneliner", "show", "job", id])?;
        let (state, reason) = (field(&record, "JobState"), field(&record, "Reason"));
        match state {
            "COMPLETED" => {
                println!(
                    "job {id} completed in {:.1} s",
                    start.elapsed().as_secs_f64()
                );
                return Ok(());
            }
            "PENDING" | "RUNNING" | "CONFIGURING" | "COMPLETING" | "REQUEUED" | "RESIZING"
            | "SUSPENDED" => {}
            other => bail!("job {id} ended {other} (reason {reason})"),
        }
        if reason == "DependencyNeverSatisfied" {
            bail!("job {id} can never start: a shard of the array failed");
        }
        if start.elapsed() > JOB_TIMEOUT {
            bail!("job {id} still {state} after {JOB_TIMEOUT:?} (reason {reason}); cancelled");
        }
        sleep(Duration::from_millis(250));
    }
}

/// Prints each array task's state and exit code, e.g. `task 2: FAILED (exit 3:0)`.
fn print_task_states(cluster: &Cluster, array: &str) {
    let Ok(records) = cluster.output("scontrol", &["--oneliner", "show", "job", array]) else {
        return;
    };
    for record in records.lines() {
        let (task, state) = (field(record, "ArrayTaskId"), field(record, "JobState"));
        println!("task {task}: {state} (exit {})", field(record, "ExitCode"));
    }
}

/// The value of `key=value` in a one-line `scontrol show job` record ("" if absent).
fn field<'a>(record: &'a str, key: &str) -> &'a str {
    record
        .split_whitespace()
        .find_map(|word| word.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or("")
}

/// Builds the `heaplab` binary, `release` or the test build (whose engine is optimised too,
/// and which the earlier stages of `cargo xtask test` have built already: the same package
/// selection, so the same features and nothing rebuilt).
pub(crate) fn build_heaplab(root: &Path, release: bool) -> Result<PathBuf> {
    let mut cargo = tools::cargo();
    cargo
        .current_dir(root)
        .args(["build", "--bin", "heaplab"])
        .args(crate::test_binaries::SELECTION);
    if release {
        cargo.arg("--release");
    }
    tools::run(&mut cargo)?;
    let profile = if release { "release" } else { "debug" };
    let binary = dist::target_dir(root).join(profile).join("heaplab");
    if !binary.is_file() {
        bail!("{} is missing after the build", binary.display());
    }
    Ok(binary)
}

/// `heaplab ARGS --format json --out OUT` in one process, for comparison with the merged
/// shards.
fn one_process(heaplab: &Path, args: &[&str], out: &Path) -> Result<()> {
    let mut cmd = Command::new(heaplab);
    cmd.args(args).args(["--format", "json", "--out"]).arg(out);
    tools::run(&mut cmd)
}

/// Fails unless the two files hold the same bytes, naming the first difference.
fn same_bytes(merged: &Path, single: &Path, expected: &str) -> Result<()> {
    let read =
        |path: &Path| fs::read(path).with_context(|| format!("could not read {}", path.display()));
    let (a, b) = (read(merged)?, read(single)?);
    if !String::from_utf8_lossy(&a).contains(expected) {
        bail!("{} does not say {expected}", merged.display());
    }
    if a == b {
        println!(
            "{} is identical to the one-process run ({} bytes)",
            merged.display(),
            a.len()
        );
        return Ok(());
    }
    let at = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    bail!(
        "{} ({} bytes) differs from the one-process run {} ({} bytes) from byte {at} on",
        merged.display(),
        a.len(),
        single.display(),
        b.len()
    )
}

fn print_job_logs(logs: &Path) {
    let Ok(entries) = fs::read_dir(logs) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        cluster::print_tail(&path, 20);
    }
}

fn pass(tally: &mut Tally, what: &str) {
    println!("ok: {what}");
    tally.passed += 1;
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_loudly_only_when_slurm_is_not_required() {
        let missing = [("sbatch", "slurm-client (slurm-wlm)")];
        let reason = skip_decision(false, &missing, true).expect("skipped");
        assert!(
            reason.contains("sbatch") && reason.contains(REQUIRE_VAR),
            "{reason}"
        );
        assert!(skip_decision(false, &[], false).is_some_and(|r| r.contains("root")));
        assert_eq!(skip_decision(false, &[], true), None);
        assert_eq!(skip_decision(true, &missing, false), None);
    }

    #[test]
    fn reads_job_ids_and_scontrol_fields() {
        let out = "array_job=41\nmerge_job=42\n";
        assert_eq!(job_id(out, "array_job").unwrap(), "41");
        assert_eq!(job_id(out, "merge_job").unwrap(), "42");
        assert!(job_id("array_job=\n", "array_job").is_err());
        assert!(job_id("merge_job=4x\n", "merge_job").is_err());
        let record = "JobId=42 JobName=heaplab-merge JobState=PENDING Reason=Dependency Dependency=afterok:41";
        assert_eq!(field(record, "JobState"), "PENDING");
        assert_eq!(field(record, "Reason"), "Dependency");
        assert_eq!(field(record, "ExitCode"), "");
    }
}
