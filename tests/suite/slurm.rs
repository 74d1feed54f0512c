//! The Slurm recipe of `docs/guide/shards.md` (`examples/shards/study.sbatch`) on a real
//! one-node Slurm that the test starts and stops itself: `munged`, `slurmctld` and `slurmd` as
//! the test's own processes, with a configuration, key, state and logs in a folder of the
//! test's, on loopback ports. The example's job array, unchanged but for its number of tasks,
//! is submitted with `sbatch --wait`, merged with `dealvm merge` and compared with the same
//! study run on one machine (the time line aside); then one task is submitted again after its
//! part is deleted, as the guide says a failed task is redone, and merged again.
//!
//! Where Slurm is not installed or cannot start (not root, no `munged`), the test says so on
//! standard error and passes, unless `DEALVM_REQUIRE_SLURM` is set, as `.ci/run` sets it: then
//! it fails.

use crate::common::{in_test_home, run_command, scratch, Run};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The number of tasks of the job array (the example has 100).
const TASKS: usize = 4;

/// The daemons the test started, stopped when it ends, pass or fail.
struct Cluster {
    dir: PathBuf,
    /// A short folder of the test's for munge's socket, when `dir` is too long a path for one.
    socket_dir: Option<PathBuf>,
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// The configuration file, which every Slurm command is given.
    fn conf(&self) -> PathBuf {
        self.dir.join("slurm.conf")
    }

    /// A Slurm command (or `dealvm`) run in `work` with the cluster's configuration, this
    /// build's `dealvm` first on the PATH and the tests' own home.
    fn command<S: AsRef<std::ffi::OsStr>>(&self, program: &str, work: &Path, args: impl IntoIterator<Item = S>) -> Command {
        let bin = Path::new(env!("CARGO_BIN_EXE_dealvm")).parent().unwrap();
        let mut command = Command::new(program);
        command.args(args).current_dir(work).env("SLURM_CONF", self.conf()).env("PATH", format!("{}:{}", bin.display(), path()));
        in_test_home(&mut command);
        command
    }

    /// The state of the node as `sinfo` reports it (`idle`, `down*`, ...).
    fn node_state(&self) -> String {
        let out = run_command(self.command("sinfo", &self.dir, ["-h", "-N", "-o", "%t"]), None);
        out.stdout.trim().to_string()
    }

    /// The last lines of the daemons' logs, for a message.
    fn logs(&self) -> String {
        let mut text = String::new();
        for name in ["munged.log", "slurmctld.log", "slurmd.log", "slurmctld.out", "slurmd.out"] {
            if let Ok(log) = fs::read_to_string(self.dir.join(name)) {
                let lines: Vec<&str> = log.lines().collect();
                text += &format!("--- {name}\n{}\n", lines[lines.len().saturating_sub(8)..].join("\n"));
            }
        }
        text
    }

    /// Stops every daemon (SIGTERM, then SIGKILL after 10 s), in the reverse order of their
    /// start; whether each had ended by SIGTERM.
    fn stop(&mut self) -> Vec<(&'static str, bool)> {
        let mut ended = Vec::new();
        while let Some((name, mut child)) = self.daemons.pop() {
            // SAFETY: a signal to a child of this process, which has not been waited for.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
            let start = Instant::now();
            let mut stopped = false;
            while start.elapsed() < Duration::from_secs(10) {
                if child.try_wait().ok().flatten().is_some() {
                    stopped = true;
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if !stopped {
                let _ = child.kill();
                let _ = child.wait();
            }
            ended.push((name, stopped));
        }
        if let Some(dir) = self.socket_dir.take() {
            let _ = fs::remove_dir_all(dir);
        }
        ended
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The PATH, with the system folders where Debian installs the daemons.
fn path() -> String {
    format!("{}:/usr/sbin:/sbin", std::env::var("PATH").unwrap_or_default())
}

/// Where `program` is on [`path`].
fn found(program: &str) -> Option<PathBuf> {
    path().split(':').map(|dir| Path::new(dir).join(program)).find(|p| p.is_file())
}

/// Passes with a message, or fails when Slurm is required.
fn cannot_run(why: &str) {
    if std::env::var_os("DEALVM_REQUIRE_SLURM").is_some() {
        panic!("Slurm is required (DEALVM_REQUIRE_SLURM) and {why}");
    }
    eprintln!("slurm: not run: {why} (install slurm-wlm and munge and run as root, as .ci/run does)");
}

/// A free TCP port on loopback.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `program` with `args` as a daemon of `cluster` in the foreground, its output to
/// `NAME.out` in the cluster's folder.
fn start(cluster: &mut Cluster, name: &'static str, program: &Path, args: &[&str]) {
    let out = fs::File::create(cluster.dir.join(format!("{name}.out"))).unwrap();
    let child = Command::new(program)
        .args(args)
        .env("SLURM_CONF", cluster.conf())
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    cluster.daemons.push((name, child));
}

/// A one-node Slurm of this machine's cores, started; `Err` with why when it cannot start.
fn cluster() -> Result<Cluster, String> {
    let programs: Vec<Option<PathBuf>> = ["munged", "slurmctld", "slurmd", "sbatch", "sinfo"].iter().map(|p| found(p)).collect();
    if let Some(i) = programs.iter().position(Option::is_none) {
        return Err(format!("`{}` is not installed", ["munged", "slurmctld", "slurmd", "sbatch", "sinfo"][i]));
    }
    // SAFETY: reads the effective user id.
    if unsafe { libc::geteuid() } != 0 {
        return Err("slurmd starts jobs as root only".into());
    }
    let dir = scratch("cluster");
    // A Unix socket's path holds at most 107 bytes.
    let long = dir.join("munge.socket").as_os_str().len() > 100;
    let socket_dir = long.then(|| {
        let short = std::env::temp_dir().join(format!("dealvm-munge-{}", std::process::id()));
        let _ = fs::remove_dir_all(&short);
        fs::create_dir_all(&short).unwrap();
        short
    });
    let socket = socket_dir.as_deref().unwrap_or(&dir).join("munge.socket");
    let mut cluster = Cluster { dir: dir.clone(), socket_dir, daemons: Vec::new() };
    for sub in ["state", "spool"] {
        fs::create_dir_all(dir.join(sub)).unwrap();
    }
    // munge's key: random bytes, the owner's alone.
    let key = dir.join("munge.key");
    let mut bytes = vec![0u8; 1024];
    getrandom::fill(&mut bytes).unwrap();
    fs::write(&key, &bytes).unwrap();
    fs::set_permissions(&key, std::os::unix::fs::PermissionsExt::from_mode(0o400)).unwrap();
    let host = Command::new("hostname").arg("-s").output().map_err(|e| format!("hostname: {e}"))?;
    let host = String::from_utf8_lossy(&host.stdout).trim().to_string();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let d = dir.display();
    let conf = format!(
        "ClusterName=dealvmtest\n\
         SlurmctldHost={host}(127.0.0.1)\n\
         SlurmctldPort={}\n\
         SlurmdPort={}\n\
         AuthType=auth/munge\n\
         AuthInfo=socket={}\n\
         CredType=cred/munge\n\
         SlurmUser=root\n\
         SlurmdUser=root\n\
         StateSaveLocation={d}/state\n\
         SlurmdSpoolDir={d}/spool\n\
         SlurmctldPidFile={d}/slurmctld.pid\n\
         SlurmdPidFile={d}/slurmd.pid\n\
         SlurmctldLogFile={d}/slurmctld.log\n\
         SlurmdLogFile={d}/slurmd.log\n\
         ProctrackType=proctrack/linuxproc\n\
         TaskPlugin=task/none\n\
         JobAcctGatherType=jobacct_gather/none\n\
         AccountingStorageType=accounting_storage/none\n\
         JobCompType=jobcomp/none\n\
         MpiDefault=none\n\
         SwitchType=switch/none\n\
         SchedulerType=sched/builtin\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_CPU\n\
         ReturnToService=2\n\
         MailProg=/bin/true\n\
         NodeName=dealvmnode NodeAddr=127.0.0.1 CPUs={cores} State=UNKNOWN\n\
         PartitionName=dealvm Nodes=dealvmnode Default=YES MaxTime=INFINITE State=UP\n",
        free_port(),
        free_port(),
        socket.display()
    );
    fs::write(cluster.conf(), conf).unwrap();
    let arg = |name: &str, path: &Path| format!("--{name}={}", path.display());
    let munged = programs[0].as_deref().unwrap();
    let munge_args = [
        "--foreground".to_string(),
        "--force".to_string(),
        arg("key-file", &key),
        arg("socket", &socket),
        arg("pid-file", &dir.join("munged.pid")),
        arg("log-file", &dir.join("munged.log")),
        arg("seed-file", &dir.join("munged.seed")),
    ];
    start(&mut cluster, "munged", munged, &munge_args.iter().map(String::as_str).collect::<Vec<_>>());
    let start_time = Instant::now();
    while !socket.exists() {
        if start_time.elapsed() > Duration::from_secs(10) {
            return Err(format!("munged did not start:\n{}", cluster.logs()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let conf = cluster.conf();
    let conf = conf.to_str().unwrap();
    start(&mut cluster, "slurmctld", programs[1].as_deref().unwrap(), &["-D", "-c", "-f", conf]);
    start(&mut cluster, "slurmd", programs[2].as_deref().unwrap(), &["-D", "-N", "dealvmnode", "-f", conf]);
    // The node idle: Slurm is up.
    let start_time = Instant::now();
    loop {
        let state = cluster.node_state();
        if state == "idle" {
            return Ok(cluster);
        }
        let ended = cluster.daemons.iter_mut().find_map(|(name, child)| child.try_wait().ok().flatten().map(|status| (*name, status)));
        if let Some((name, status)) = ended {
            return Err(format!("{name} ended ({status}) before the node was idle:\n{}", cluster.logs()));
        }
        if start_time.elapsed() > Duration::from_secs(60) {
            return Err(format!("the node is `{state}`, not idle, after a minute:\n{}", cluster.logs()));
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A run's output without its time line, as the guide compares them.
fn timeless(out: &str) -> String {
    out.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n")
}

/// `dealvm merge` of the parts in `work`.
fn merge(cluster: &Cluster, work: &Path) -> Run {
    let mut parts: Vec<String> = fs::read_dir(work.join("parts"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("study."))
        .map(|n| format!("parts/{n}"))
        .collect();
    parts.sort();
    parts.insert(0, "merge".to_string());
    run_command(cluster.command("dealvm", work, &parts), None)
}

#[test]
fn the_job_array_recipe_runs_on_a_real_slurm_and_merges_as_one_machine() {
    let mut cluster = match cluster() {
        Ok(cluster) => cluster,
        Err(why) => return cannot_run(&why),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/shards");
    let work = cluster.dir.join("work");
    fs::create_dir_all(work.join("parts")).unwrap();
    fs::copy(root.join("study.dli"), work.join("study.dli")).unwrap();
    // The example's script, its 100 tasks made a handful.
    let script = fs::read_to_string(root.join("study.sbatch")).unwrap();
    assert!(script.contains("--shard \"$SLURM_ARRAY_TASK_ID/100\""), "{script}");
    fs::write(work.join("study.sbatch"), script.replace("$SLURM_ARRAY_TASK_ID/100", &format!("$SLURM_ARRAY_TASK_ID/{TASKS}"))).unwrap();

    let sbatch = |array: &str| {
        let out = run_command(cluster.command("sbatch", &work, ["--wait", &format!("--array={array}"), "study.sbatch"]), None);
        assert_eq!(out.status, 0, "sbatch --array={array}: {}{}\n{}", out.stdout, out.stderr, cluster.logs());
        assert!(out.stdout.starts_with("Submitted batch job "), "{}", out.stdout);
    };
    sbatch(&format!("0-{}", TASKS - 1));
    let single = run_command(cluster.command("dealvm", &work, ["-s", "2027", "study.dli"]), None);
    assert_eq!(single.status, 0, "{}", single.stderr);
    let merged = merge(&cluster, &work);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(timeless(&merged.stdout), timeless(&single.stdout));
    assert!(merged.stdout.contains("Generated 4096000 hands"), "{}", merged.stdout);

    // A task whose part is lost: the merge refuses, the task is submitted again, the merge is
    // the single run's again.
    fs::remove_file(work.join("parts/study.2")).unwrap();
    let short = merge(&cluster, &work);
    assert_eq!(short.status, 2, "{}", short.stdout);
    sbatch("2");
    let again = merge(&cluster, &work);
    assert_eq!(again.status, 0, "{}", again.stderr);
    assert_eq!(timeless(&again.stdout), timeless(&single.stdout));

    // Exactly the daemons the test started are stopped, by SIGTERM.
    let ended = cluster.stop();
    assert_eq!(ended.iter().map(|e| e.0).collect::<Vec<_>>(), ["slurmd", "slurmctld", "munged"]);
    assert!(ended.iter().all(|e| e.1), "{ended:?}");
    let _ = fs::remove_dir_all(&cluster.dir);
}
