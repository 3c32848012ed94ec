#!/usr/bin/env bash
# Submits a HeapLab sweep (or, with SWEEP_ARG... `atlas octal --digits D ...`, the octal atlas)
# as a Slurm array job (one shard per task) and a merge job that runs once every shard
# succeeded, then prints both job ids.
#
#   slurm/submit.sh [SBATCH_OPTION...] -- HEAPLAB WORKDIR N SWEEP_ARG...
#
# SBATCH_OPTIONs (--partition=..., --time=..., --mem=..., --account=...) go to both sbatch calls,
# after this script's own options, so they win: `--array=2` resubmits shard 2 alone (and a merge).
# Parts land in WORKDIR/part-<I>.json, the result in WORKDIR/merged.json, Slurm's logs in
# WORKDIR/logs/. Output: two lines, `array_job=<id>` and `merge_job=<id>`.
set -euo pipefail

die() {
  echo "submit.sh: $*" >&2
  exit 2
}
usage="usage: slurm/submit.sh [SBATCH_OPTION...] -- HEAPLAB WORKDIR N SWEEP_ARG..."

sbatch_options=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  sbatch_options+=("$1")
  shift
done
[ $# -gt 0 ] || die "no '--' before HEAPLAB WORKDIR N ($usage)"
shift
[ $# -ge 4 ] || die "$usage (HEAPLAB, WORKDIR, N and at least the sweep's family are needed)"
heaplab=$1
workdir=$2
shards=$3
shift 3
[ -f "$heaplab" ] && [ -x "$heaplab" ] || die "the heaplab binary '$heaplab' is missing or not executable"
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number of shards, not '$shards'"
command -v sbatch > /dev/null || die "sbatch is not on PATH (load Slurm, e.g. 'module load slurm')"

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$workdir/logs"
heaplab=$(cd "$(dirname "$heaplab")" && pwd)/$(basename "$heaplab")
workdir=$(cd "$workdir" && pwd)

# --parsable prints `id` or `id;cluster`.
job_id() { echo "${1%%;*}"; }

array=$(sbatch --parsable --array="0-$((shards - 1))" \
  --output="$workdir/logs/sweep-%A_%a.out" ${sbatch_options[@]+"${sbatch_options[@]}"} \
  "$here/sweep-array.sbatch" "$heaplab" "$workdir" "$shards" "$@")
array=$(job_id "$array")
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$workdir/logs/merge-%j.out" ${sbatch_options[@]+"${sbatch_options[@]}"} \
  "$here/merge.sbatch" "$heaplab" "$workdir" "$shards")
merge=$(job_id "$merge")
echo "array_job=$array"
echo "merge_job=$merge"
