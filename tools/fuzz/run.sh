#!/usr/bin/env bash
# Differential fuzz round: mutants of a packs folder, traces of the reference engine playing them,
# then our engine replaying those traces. See README.md.
#   GP_REF_ENGINE=/path/to/reference tools/fuzz/run.sh PACKS OUT [SEED] [PER_LEVEL] [KINDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
shared_tools=${GP_SHARED_TOOLS:-$repo/../shared/tools}
: "${GP_REF_ENGINE:?set GP_REF_ENGINE to a checkout of the reference engine (see README.md)}"
packs=$1
out=$2
seed=${3:-gp-fuzz-1/}
per_level=${4:-4}
kinds=${5:-}
mkdir -p "$out"
python3 "$here/mutate.py" --engine-root "$GP_REF_ENGINE" --packs "$packs" --out "$out/packs" \
  --per-level "$per_level" --seed "$seed" ${kinds:+--kinds "$kinds"}
python3 "$shared_tools/make_traces.py" --engine-root "$GP_REF_ENGINE" --packs "$out/packs" \
  --out "$out/traces" --walks 4 --seed "${seed}walk/" --max-length 80 >/dev/null
python3 "$shared_tools/fuzz_traces_rename.py" "$out/traces" >/dev/null
# A mutant keeps a gold path that need not win; its trace replays it as the walk walk0.
node "$repo/packages/cli/dist/bin.js" conformance "$out/packs" "$out/traces" \
  >"$out/conformance.txt" || true
grep -v '^ok' "$out/conformance.txt" || true
