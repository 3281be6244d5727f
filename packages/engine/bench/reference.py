#!/usr/bin/env python3
"""The bench's workloads run through the reference Python engine, for the ratio `run.mjs` prints.

Usage: reference.py ENGINE_ROOT PACKS_DIR [RUNS] [PACK,PACK,...]
       reference.py ENGINE_ROOT PACKS_DIR --serve WARMUP_S SLICES SLICE_S
The first prints one JSON object: {"rate": steps/s (median of RUNS), "levels": n, "actions": n,
"rates": [...]}. With a list of pack folder names, only those packs of PACKS_DIR run.
The second serves per-pack timings as `per-pack.mjs` does: it prints the packs with gold-path actions
as a JSON line [{"name", "levels", "actions"}, ...], then for each pack name read from stdin runs that
pack alone for WARMUP_S seconds untimed and SLICES slices of at least SLICE_S seconds of the process's
CPU time each, and prints {"name", "rate"} with the fastest slice's rate.

The workload matches `run.mjs`'s exactly: packs in sorted folder order, a pack's levels in sorted id
order, levels without a gold path included (a session, no steps); per level a fresh engine, then every
gold-path action, each counted as a step whether accepted or not. Packs are loaded and gold paths parsed
outside the timed part. The engine is called as a black box through its public entry points.
"""
import json
import statistics
import sys
import time
from pathlib import Path

engine_root, packs_dir = sys.argv[1], Path(sys.argv[2])
serving = len(sys.argv) > 3 and sys.argv[3] == "--serve"
runs = int(sys.argv[3]) if len(sys.argv) > 3 and not serving else 5
only = set(sys.argv[4].split(",")) if len(sys.argv) > 4 and not serving else None
sys.path.insert(0, engine_root)
from engines.python.loader import load_pack  # noqa: E402
from engines.python._turn_engine import TurnEngine  # noqa: E402
from engines.python.gold_path import gold_path_actions  # noqa: E402

# One entry per pack: (name, [(game, level, gold actions), ...]).
packs = []
for pack_dir in sorted(p for p in packs_dir.iterdir() if (p / "manifest.json").exists()):
    if only is not None and pack_dir.name not in only:
        continue
    game, levels = load_pack(pack_dir)
    packs.append((pack_dir.name, [(game, levels[i], gold_path_actions(levels[i])) for i in sorted(levels)]))


def replay_all(work):
    steps = 0
    for game, level, gold in work:
        engine = TurnEngine(game, level)
        for action_id, params in gold:
            engine.execute_turn(action_id, params)
            steps += 1
    return steps


def time_pack(work, warmup_s, slices, slice_s):
    """As `per-pack.mjs` times a pack: by the process's CPU time, in batches of replays between clock
    readings, the fastest of the slices."""
    replays = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warmup_s:
        replay_all(work)
        replays += 1
    batch = max(1, round(replays * 0.010 / (time.perf_counter() - t0)))
    best = 0.0
    for _ in range(slices):
        steps = 0
        start = time.process_time()
        while True:
            for _ in range(batch):
                steps += replay_all(work)
            elapsed = time.process_time() - start
            if elapsed >= slice_s:
                break
        best = max(best, steps / elapsed)
    return best


def serve(warmup_s, slices, slice_s):
    timed = {name: work for name, work in packs if any(g for _, _, g in work)}
    sizes = [{"name": n, "levels": len(w), "actions": sum(len(g) for _, _, g in w)} for n, w in timed.items()]
    print(json.dumps(sizes), flush=True)
    for line in sys.stdin:
        name = line.strip()
        rate = time_pack(timed[name], warmup_s, slices, slice_s)
        print(json.dumps({"name": name, "rate": rate}), flush=True)


if serving:
    serve(float(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]))
    sys.exit(0)

work = [w for _, pack in packs for w in pack]
replay_all(work)  # warm-up: imports, first-call caches
rates = []
for _ in range(runs):
    t0 = time.perf_counter()
    steps = 0
    # Repeat within a run until it lasts about a second, so timer resolution does not matter.
    while True:
        steps += replay_all(work)
        elapsed = time.perf_counter() - t0
        if elapsed >= 1.0:
            break
    rates.append(steps / elapsed)

print(json.dumps({
    "rate": statistics.median(rates),
    "levels": len(work),
    "actions": sum(len(g) for _, _, g in work),
    "rates": rates,
}))
