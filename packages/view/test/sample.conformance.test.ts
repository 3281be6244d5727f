import type { GameEvent } from "@gridponder/engine";
import { describe, expect, test } from "vitest";
import { samplePose } from "../src/sample.js";
import { firstTurn } from "./motion-fixtures.js";

describe("sampling real turn timelines", () => {
  test("every key of every track is hit exactly at its time", async () => {
    const kinds = ["tiles_merged", "object_pushed", "object_settled", "item_released"];
    const packs: Record<string, string> = {
      tiles_merged: "number_cells",
      object_pushed: "carrot_quest",
      object_settled: "fx_support_collapse",
      item_released: "number_cells",
    };
    let checked = 0;
    for (const type of kinds) {
      const turn = await firstTurn(packs[type] as string, (events: readonly GameEvent[]) =>
        events.some((e) => e.type === type),
      );
      for (const tr of turn.timeline.tracks) {
        tr.keys.forEach((k, i) => {
          const next = tr.keys[i + 1];
          if (next && next.t === k.t) return; // a later key at the same instant wins
          expect(samplePose(tr, k.t), `${tr.id} key ${i}`).toEqual(k.pose);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
