import { join } from "node:path";
import { EVENT_TYPES } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import {
  builtinRegistry,
  createRegistry,
  defineSystem,
  type EventDefinition,
  loadPack,
  RegistryError,
  Session,
} from "../src/index.js";
import { followerNpcs } from "../src/plugins.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

/** A custom system's event: a belt carried something one cell on. */
const beltMoved: EventDefinition = {
  type: "belt_moved",
  fields: ["kind", "fromPosition", "position"],
  pieces: "step",
  moves: true,
  says: [{ text: "The belt carried {kind:kind}." }],
};

const conveyor = defineSystem({ type: "conveyor", events: [beltMoved] });

describe("event types as registry entries", () => {
  it("holds exactly the event types the DSL's rules can listen to", () => {
    expect([...builtinRegistry.events.keys()].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it("says events only with the fields they declare", () => {
    const problems: string[] = [];
    for (const event of builtinRegistry.events.values()) {
      for (const saying of event.says ?? []) {
        if (saying.when !== undefined && !event.fields.includes(saying.when))
          problems.push(`${event.type}: when ${saying.when}`);
        for (const [, prefix, field] of saying.text.matchAll(/\{(?:(kind|count|cell):)?([A-Za-z]+)\}/g))
          if (!event.fields.includes(field as string))
            problems.push(`${event.type}: ${prefix ?? ""} ${field}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("registers a system's own events with it, and only with it", () => {
    const without = createRegistry({ systems: [] });
    expect(without.events.has("npc_moved")).toBe(false);
    expect(without.events.has("object_pushed")).toBe(true);
    const withNpcs = createRegistry({ systems: [followerNpcs] });
    expect(withNpcs.events.get("npc_moved")?.pieces).toBe("step");
    // The very same entries brought again by the system under another name are no conflict.
    const twice = createRegistry({ systems: [followerNpcs, { ...followerNpcs, type: "chasers" }] });
    expect(twice.events.get("npc_caught")).toBe(withNpcs.events.get("npc_caught"));
  });

  it("takes events from outside, by a system or on their own, and never replaces one", () => {
    const bySystem = builtinRegistry.extend({ systems: [conveyor] });
    expect(bySystem.events.get("belt_moved")).toBe(beltMoved);
    const onTheirOwn = builtinRegistry.extend({ events: [beltMoved] });
    expect(onTheirOwn.events.get("belt_moved")).toBe(beltMoved);
    expect(onTheirOwn.extend({}).events.get("belt_moved")).toBe(beltMoved);
    expect(builtinRegistry.events.has("belt_moved")).toBe(false);
    expect(() => builtinRegistry.extend({ events: [{ type: "object_pushed", fields: [] }] })).toThrow(
      RegistryError,
    );
    expect(() =>
      builtinRegistry.extend({
        systems: [defineSystem({ type: "loud", events: [{ ...beltMoved }] })],
        events: [beltMoved],
      }),
    ).toThrow(/belt_moved/);
  });
});

/** A system that reports `chimed` after every turn in which the avatar entered a cell. */
const chimes = (events: EventDefinition[]) =>
  defineSystem({
    type: "chimes",
    events,
    movement(ctx) {
      const entered = ctx.turn.events.find((e) => e.type === "avatar_entered");
      if (entered) ctx.emit({ type: "chimed", position: entered.position });
    },
  });

const chimed: EventDefinition = { type: "chimed", fields: ["position"] };

describe("a custom event in a pack's rules", () => {
  async function chimingPack() {
    const files = await readPackFolder(MINI);
    const game = JSON.parse(String(files["game.json"]));
    game.systems.push({ id: "bell", type: "chimes" });
    game.rules.push({
      id: "count",
      on: "chimed",
      // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
      then: [{ increment_variable: { name: "rings", amount: 1 } }],
    });
    files["game.json"] = JSON.stringify(game);
    const level = JSON.parse(String(files["levels/l1.json"]));
    level.state.variables = { rings: 0 };
    files["levels/l1.json"] = JSON.stringify(level);
    return files;
  }

  it("is validated and heard when the registry holds it", async () => {
    const loaded = loadPack(await chimingPack(), {
      registry: builtinRegistry.extend({ systems: [chimes([chimed])] }),
    });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    const session = new Session(loaded.pack, "l1");
    session.act({ action: "move", direction: "right" });
    session.act({ action: "move", direction: "right" });
    expect(session.state.variables.rings).toBe(2);
  });

  it("is refused at the rule's `on` when no registry entry declares it", async () => {
    const loaded = loadPack(await chimingPack(), {
      registry: builtinRegistry.extend({ systems: [chimes([])] }),
    });
    expect(loaded.ok).toBe(false);
    expect(
      loaded.diagnostics.some((d) => d.file === "game.json" && d.pointer.startsWith("/rules/1/on")),
    ).toBe(true);
  });
});
