//! `longjiang match --shard I/N` and `longjiang match merge` (docs/distributed.md): the parts of
//! a schedule, played apart (under GNU parallel, with the indices of Slurm arrays and
//! Kubernetes Indexed Jobs), merge to exactly the summary one run of the whole schedule prints.
//! Node-limited games of this engine (one thread: the same moves whatever else runs), so the
//! games themselves are the same in every run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_longjiang");

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-distributed-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The match every test splits: two engines that differ (MultiPV changes the search), 16
/// games (8 pairs) of 200 nodes a move, an SPRT that stays undecided.
fn match_args(out: &Path) -> Vec<String> {
    [
        "match",
        "--engine",
        &format!("cmd={BIN},name=one"),
        "--engine",
        &format!("cmd={BIN},name=two,option.MultiPV=2"),
        "--games",
        "16",
        "--tc",
        "nodes=200",
        "--maxmoves",
        "120",
        "--sprt",
        "elo0=0,elo1=10",
        "--out",
        &out.display().to_string(),
    ]
    .map(String::from)
    .to_vec()
}

fn ok(o: Output, what: &str) -> String {
    assert!(
        o.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The whole schedule in one run: its summary text (without the per-game lines and the file
/// names) and `summary.json`.
fn whole_run(dir: &Path) -> (String, String) {
    let out = dir.join("whole");
    let text = ok(
        Command::new(BIN).args(match_args(&out)).output().unwrap(),
        "the whole run",
    );
    let summary: String = text
        .lines()
        .filter(|l| !l.starts_with("game ") && !l.starts_with("records: "))
        .map(|l| format!("{l}\n"))
        .collect();
    let json = std::fs::read_to_string(out.join("summary.json")).unwrap();
    (summary, json)
}

/// `match merge` of `parts`: its text and the `summary.json` it writes.
fn merged(dir: &Path, parts: &[PathBuf]) -> (String, String) {
    let out = dir.join("merged");
    let text = ok(
        Command::new(BIN)
            .args(["match", "merge", "--out", &out.display().to_string()])
            .args(parts)
            .output()
            .unwrap(),
        "match merge",
    );
    (
        text,
        std::fs::read_to_string(out.join("summary.json")).unwrap(),
    )
}

#[test]
fn shards_under_gnu_parallel_merge_to_the_single_run() {
    let dir = temp_dir("parallel");
    let part = dir.join("part{}").display().to_string();
    let mut args: Vec<String> = vec!["--will-cite".into(), "-j".into(), "2".into(), BIN.into()];
    let mut m = match_args(Path::new(&part));
    m.extend(["--shard".into(), "{}/3".into()]);
    args.extend(m);
    args.extend([":::", "1", "2", "3"].map(String::from));
    let o = Command::new("parallel")
        .args(&args)
        .output()
        .expect("GNU parallel is installed (scripts/packages.txt)");
    ok(o, "parallel");
    let parts: Vec<PathBuf> = (1..=3).map(|i| dir.join(format!("part{i}"))).collect();
    // The parts are disjoint and together the whole schedule: 3 + 3 + 2 pairs.
    let games: Vec<usize> = parts
        .iter()
        .map(|p| {
            std::fs::read_to_string(p.join("games.txt"))
                .unwrap()
                .matches("[Round ")
                .count()
        })
        .collect();
    assert_eq!(games, [6, 6, 4]);
    let (text, json) = merged(
        &dir,
        &[parts[2].clone(), parts[0].clone(), parts[1].clone()],
    );
    let (whole_text, whole_json) = whole_run(&dir);
    assert_eq!(text, whole_text);
    assert_eq!(json, whole_json);
    assert!(text.contains("16 of 16 games played"), "{text}");
    // The merged records are the whole run's, round by round.
    let rounds = |p: &Path| -> Vec<String> {
        let t = std::fs::read_to_string(p.join("games.txt")).unwrap();
        t.lines()
            .filter(|l| {
                l.starts_with("[Round ") || l.starts_with("[Moves ") || l.starts_with("[Result ")
            })
            .map(String::from)
            .collect()
    };
    assert_eq!(rounds(&dir.join("merged")), rounds(&dir.join("whole")));
    // A part missing, or given twice, is an error.
    let e = Command::new(BIN)
        .args(["match", "merge"])
        .args(&parts[..2])
        .output()
        .unwrap();
    assert!(!e.status.success());
    assert!(String::from_utf8_lossy(&e.stderr).contains("part 3/3 is missing"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shard_indices_from_slurm_and_kubernetes_variables() {
    let dir = temp_dir("env");
    let run = |name: &str, shard: &str, env: &[(&str, &str)]| {
        let out = dir.join(name);
        let mut c = Command::new(BIN);
        c.args(match_args(&out)).args(["--shard", shard]);
        for k in [
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_MIN",
            "SLURM_ARRAY_TASK_STEP",
            "SLURM_ARRAY_TASK_COUNT",
            "JOB_COMPLETION_INDEX",
            "LONGJIANG_SHARD_COUNT",
        ] {
            c.env_remove(k);
        }
        c.envs(env.iter().copied());
        ok(c.output().unwrap(), name);
        out
    };
    // A Slurm array --array=1-2 (task 1 is part 1/2) and a Kubernetes Indexed Job (index 1 of
    // completions 2, given as auto/2).
    let slurm = run(
        "slurm",
        "auto",
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ],
    );
    let k8s = run("k8s", "auto/2", &[("JOB_COMPLETION_INDEX", "1")]);
    // The index as resolved is what the part keeps for --resume and merge.
    let saved = std::fs::read_to_string(k8s.join("match.args")).unwrap();
    assert!(saved.ends_with("--shard\n2/2\n"), "{saved}");
    let (text, json) = merged(&dir, &[k8s, slurm]);
    let (whole_text, whole_json) = whole_run(&dir);
    assert_eq!(text, whole_text);
    assert_eq!(json, whole_json);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A single-node Slurm of this machine's own, started in a temporary directory: its daemons,
/// stopped when dropped.
struct Slurm {
    dir: PathBuf,
    conf: PathBuf,
    daemons: Vec<std::process::Child>,
}

impl Slurm {
    /// Starts `slurmctld` and `slurmd` (and `munged` when none answers) on ports of this test
    /// run, and waits until the node is idle. `Err` says why it cannot run here.
    fn start(dir: &Path) -> Result<Slurm, String> {
        let have = |p: &str| {
            Command::new("sh")
                .args(["-c", &format!("command -v {p}")])
                .output()
        };
        for p in ["slurmctld", "slurmd", "sbatch", "sinfo", "munged", "munge"] {
            if !have(p).is_ok_and(|o| o.status.success()) {
                return Err(format!("{p} is not installed (slurm-wlm, munge)"));
            }
        }
        let uid = Command::new("id")
            .arg("-u")
            .output()
            .map_err(|e| e.to_string())?;
        if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
            return Err("slurmd needs root".into());
        }
        let munge_ok = || {
            Command::new("sh")
                .args(["-c", "munge -n </dev/null | unmunge >/dev/null 2>&1"])
                .status()
                .is_ok_and(|s| s.success())
        };
        let mut daemons = Vec::new();
        if !munge_ok() {
            for d in ["/run/munge", "/var/lib/munge", "/var/log/munge"] {
                let _ = std::fs::create_dir_all(d);
            }
            let _ = Command::new("munged").arg("--force").status();
            std::thread::sleep(std::time::Duration::from_millis(500));
            if !munge_ok() {
                return Err("munged does not start".into());
            }
        }
        let host = String::from_utf8_lossy(
            &Command::new("hostname")
                .arg("-s")
                .output()
                .map_err(|e| e.to_string())?
                .stdout,
        )
        .trim()
        .to_string();
        let port = 20000 + (std::process::id() % 20000) as u16;
        let d = dir.display();
        for sub in ["state", "spool", "log"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(|e| e.to_string())?;
        }
        let conf = dir.join("slurm.conf");
        let text = format!(
            "ClusterName=lj\nSlurmctldHost={host}\nSlurmctldPort={port}\nSlurmdPort={}\n\
             AuthType=auth/munge\nProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n\
             SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\nSlurmUser=root\n\
             StateSaveLocation={d}/state\nSlurmdSpoolDir={d}/spool\n\
             SlurmctldPidFile={d}/ctld.pid\nSlurmdPidFile={d}/d.pid\n\
             SlurmctldLogFile={d}/log/ctld.log\nSlurmdLogFile={d}/log/d.log\n\
             ReturnToService=2\nJobAcctGatherType=jobacct_gather/none\n\
             AccountingStorageType=accounting_storage/none\nMpiDefault=none\n\
             NodeName={host} CPUs=2 State=UNKNOWN\n\
             PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
            port + 1
        );
        std::fs::write(&conf, text).map_err(|e| e.to_string())?;
        for daemon in ["slurmctld", "slurmd"] {
            let child = Command::new(daemon)
                .args(["-D", "-f"])
                .arg(&conf)
                .env("SLURM_CONF", &conf)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .map_err(|e| format!("{daemon}: {e}"))?;
            daemons.push(child);
        }
        let slurm = Slurm {
            dir: dir.to_path_buf(),
            conf,
            daemons,
        };
        for _ in 0..60 {
            let o = slurm.cmd("sinfo").args(["-h", "-o", "%t"]).output();
            if o.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle") {
                return Ok(slurm);
            }
            std::thread::sleep(std::time::Duration::from_millis(500));
        }
        Err(format!(
            "the node did not come up; see {}/log",
            slurm.dir.display()
        ))
    }

    fn cmd(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", &self.conf);
        c
    }
}

impl Drop for Slurm {
    fn drop(&mut self) {
        for d in &mut self.daemons {
            let _ = d.kill();
            let _ = d.wait();
        }
    }
}

/// A real Slurm job array (a single-node Slurm started by the test): its two tasks play the
/// two parts with `--shard auto`, and the merge equals the whole run. Where Slurm cannot run
/// (not installed, not root), the test fails and says why.
#[test]
fn a_slurm_job_array_plays_the_parts() {
    let dir = temp_dir("slurm");
    let slurm = Slurm::start(&dir.join("slurm")).unwrap_or_else(|why| {
        panic!(
            "no single-node Slurm could be started: {why}. scripts/test installs slurm-wlm and \
             munge (scripts/packages.txt); slurmd needs root"
        )
    });
    let part = dir.join("part-$SLURM_ARRAY_TASK_ID");
    let words: Vec<String> = match_args(&part)
        .into_iter()
        .chain(["--shard".into(), "auto".into()])
        .collect();
    let script = format!("#!/bin/sh\nexec {BIN} {}\n", words.join(" "));
    let path = dir.join("match.sbatch");
    std::fs::write(&path, script).unwrap();
    let o = slurm
        .cmd("sbatch")
        .args(["--array=1-2", "--wait", "--output"])
        .arg(dir.join("task-%a.out"))
        .arg(&path)
        .output()
        .unwrap();
    ok(o, "sbatch --wait");
    let parts: Vec<PathBuf> = (1..=2).map(|i| dir.join(format!("part-{i}"))).collect();
    let (text, json) = merged(&dir, &parts);
    drop(slurm);
    let (whole_text, whole_json) = whole_run(&dir);
    assert_eq!(text, whole_text);
    assert_eq!(json, whole_json);
    let _ = std::fs::remove_dir_all(&dir);
}
