import {
  builtinRegistry,
  defineSystem,
  type EventDefinition,
  type GameEvent,
  loadPack,
} from "@gridponder/engine";
import { readPackFolder } from "@gridponder/schema/node";
import { expect, it } from "vitest";
import { ViewController } from "../src/controller.js";
import { describeEvents } from "../src/describe.js";
import { goldActions } from "../src/hud.js";
import { displayName } from "../src/names.js";
import { CORPUS_PACKS } from "./corpus.js";
import { traceOf } from "./motion-fixtures.js";

/** An event the DSL lacks, declared by the system that emits it: views know it only from this entry. */
const beltMoved: EventDefinition = {
  type: "belt_moved",
  fields: ["kind", "fromPosition", "position"],
  pieces: "step",
  moves: true,
  says: [{ text: "{kind:kind} rode the belt{cell:position}." }],
};

/** After every turn, a belt carries the first object (row by row) one cell right, onto an empty cell. */
const belt = defineSystem({
  type: "belt",
  events: [beltMoved],
  npc(ctx) {
    const layer = ctx.pack.layerIndex.get("objects") as number;
    const { draft } = ctx;
    const cells = draft.layerCells(layer);
    const i = cells.findIndex((e) => e !== null);
    if (i < 0) return;
    const width = ctx.level.width;
    const [x, y] = [i % width, Math.floor(i / width)];
    const entity = draft.get(layer, x, y);
    if (entity === null || !draft.inBounds(x + 1, y) || draft.get(layer, x + 1, y) !== null) return;
    draft.set(layer, x, y, null);
    draft.set(layer, x + 1, y, entity);
    ctx.emit({ type: "belt_moved", kind: entity.kind, fromPosition: [x, y], position: [x + 1, y] });
  },
});

it("animates and describes a custom system's event by what its registry entry declares", async () => {
  const files = await readPackFolder(`${CORPUS_PACKS}/carrot_quest`);
  const game = JSON.parse(String(files["game.json"]));
  game.systems.push({ id: "belt", type: "belt" });
  files["game.json"] = JSON.stringify(game);
  const loaded = loadPack(files, { registry: builtinRegistry.extend({ systems: [belt] }) });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  const pack = loaded.pack;
  const controller = new ViewController(pack, "fw_001");
  let event: GameEvent | undefined;
  for (const action of goldActions(controller.session.level)) {
    const before = controller.scene;
    const { result } = controller.act(action as NonNullable<typeof action>);
    event = result.events.find((e) => e.type === "belt_moved");
    if (event === undefined) continue;
    const [from, to] = [event.fromPosition as [number, number], event.position as [number, number]];
    const carried = before.pieces.find(
      (p) => p.layer === "objects" && p.cell[0] === from[0] && p.cell[1] === from[1],
    );
    expect(carried).toBeDefined();
    // The carried piece keeps its identity and steps along the belt, as an actor's step would.
    const motion = traceOf({ controller, before, result }).trace.motions.find((m) => m.id === carried?.id);
    expect(motion?.mode).toBe("step");
    expect(motion?.path.at(-1)).toEqual(to);
    expect(controller.scene.pieces.find((p) => p.id === carried?.id)?.cell).toEqual(to);
    expect(describeEvents(pack, [event])).toEqual([
      `${displayName(pack, String(event.kind)).replace(/^./, (c) => c.toUpperCase())} rode the belt at column ${to[0] + 1}, row ${to[1] + 1}.`,
    ]);
    return;
  }
  throw new Error("the belt never moved anything on fw_001's gold path");
});
