#!/usr/bin/env bash
# Runs the shard recipes of docs/guide/shards.md on this machine and checks that each merge prints what
# the single run prints (the time line aside): the Slurm job array (study.sbatch, with
# SLURM_ARRAY_TASK_ID set in a loop), the Kubernetes Indexed Job's command (indexed-job.yaml,
# with JOB_COMPLETION_INDEX set in a loop) and GNU parallel (parallel.sh; when `parallel` is
# not installed, the same shards through `xargs -P 2`, and this script says so).
# dealvm is taken from PATH, else from target/release (built if needed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v dealvm >/dev/null 2>&1; then
  (cd "$here/../.." && cargo build --release --quiet)
  PATH="$here/../../target/release:$PATH"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$here/study.dli" .

dealvm -s 2027 study.dli > single.out

# Checks that merged output $1 is the single run's, for recipe $2.
same() {
  if diff <(grep -v '^Time needed' single.out) <(grep -v '^Time needed' "$1") > diff.out; then
    echo "$2: the merge prints what the single run prints"
  else
    echo "$2: the merge differs from the single run:"
    cat diff.out
    exit 1
  fi
}

# Slurm: `sbatch --array=0-99 study.sbatch`, each task with its SLURM_ARRAY_TASK_ID.
rm -rf parts && mkdir parts
for i in $(seq 0 99); do
  SLURM_ARRAY_TASK_ID=$i bash "$here/study.sbatch" 2>> "parts/shard-$i.log"
done
dealvm merge parts/study.* > slurm.out
same slurm.out "Slurm job array (100 shards)"

# Kubernetes: the Indexed Job's command, each pod with its JOB_COMPLETION_INDEX.
command="$(grep -A1 -e '- -c$' "$here/indexed-job.yaml" | tail -n 1 | sed 's/^ *- //')"
rm -rf parts && mkdir parts
for i in $(seq 0 99); do
  JOB_COMPLETION_INDEX=$i sh -c "$command" 2>> parts/shards.log
done
dealvm merge parts/study.* > k8s.out
same k8s.out "Kubernetes Indexed Job (100 shards)"

# GNU parallel on one machine.
rm -rf parts study.out
if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  bash "$here/parallel.sh" 2> parallel.log
  same study.out "GNU parallel (8 shards)"
else
  echo "GNU parallel is not installed: running parallel.sh's shards with xargs -P 2 instead"
  mkdir -p parts
  seq 0 7 | xargs -P 2 -I{} dealvm -s 2027 -R 1 --shard {}/8 --part parts/study.{} study.dli 2> parallel.log
  dealvm merge parts/study.* > study.out
  same study.out "xargs -P 2 (8 shards)"
fi
