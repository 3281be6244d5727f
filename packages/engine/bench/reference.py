#!/usr/bin/env python3
"""The bench's workloads run through the reference Python engine, for the ratio `run.mjs` prints.

Usage: reference.py ENGINE_ROOT PACKS_DIR [RUNS] [PACK,PACK,...]
Prints one JSON object: {"rate": steps/s (median of RUNS), "levels": n, "actions": n, "rates": [...]}.
With a list of pack folder names, only those packs of PACKS_DIR run.

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
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
only = set(sys.argv[4].split(",")) if len(sys.argv) > 4 else None
sys.path.insert(0, engine_root)
from engines.python.loader import load_pack  # noqa: E402
from engines.python._turn_engine import TurnEngine  # noqa: E402
from engines.python.gold_path import gold_path_actions  # noqa: E402

work = []
for pack_dir in sorted(p for p in packs_dir.iterdir() if (p / "manifest.json").exists()):
    if only is not None and pack_dir.name not in only:
        continue
    game, levels = load_pack(pack_dir)
    for level_id in sorted(levels):
        level = levels[level_id]
        work.append((game, level, gold_path_actions(level)))


def replay_all():
    steps = 0
    for game, level, gold in work:
        engine = TurnEngine(game, level)
        for action_id, params in gold:
            engine.execute_turn(action_id, params)
            steps += 1
    return steps


replay_all()  # warm-up: imports, first-call caches
rates = []
for _ in range(runs):
    t0 = time.perf_counter()
    steps = 0
    # Repeat within a run until it lasts about a second, so timer resolution does not matter.
    while True:
        steps += replay_all()
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
