import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { readPackFolder } from "@gridponder/schema/node";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { loadPack, Session, stableStringify } from "../src/index.js";
import { PACKS } from "./corpus.js";

const root = join(import.meta.dirname, "..");

// The engine must run unchanged in browsers: bundle it for the browser platform (a Node built-in
// import fails the build) and play a level in a bare context that has no process, require or
// module system, then compare every state with the same run in Node.
describe("browser build", () => {
  it("plays a level in a bare context with states identical to Node's", async () => {
    const result = await build({
      entryPoints: [join(root, "src/index.ts")],
      bundle: true,
      platform: "browser",
      format: "iife",
      globalName: "Gridponder",
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]?.text ?? "";
    const files = await readPackFolder(join(PACKS, "carrot_quest"));
    const loaded = loadPack(files);
    if (!loaded.ok) throw new Error("carrot_quest must load");
    const gold = loaded.pack.levels.fw_001?.solution.goldPath ?? [];

    const sandbox: Record<string, unknown> = { TextDecoder, files, gold };
    runInNewContext(
      `${code}
       const loaded = Gridponder.loadPack(files);
       const session = new Gridponder.Session(loaded.pack, "fw_001");
       globalThis.states = [Gridponder.stableStringify(session.canonicalState())];
       for (const action of gold) {
         session.act(action);
         globalThis.states.push(Gridponder.stableStringify(session.canonicalState()));
       }
       globalThis.won = session.won;`,
      sandbox,
    );

    const session = new Session(loaded.pack, "fw_001");
    const node = [stableStringify(session.canonicalState())];
    for (const action of gold) {
      session.act(action as never);
      node.push(stableStringify(session.canonicalState()));
    }
    expect(sandbox.states).toEqual(node);
    expect(sandbox.won).toBe(true);
    expect(typeof (sandbox as { process?: unknown }).process).toBe("undefined");
  });
});
