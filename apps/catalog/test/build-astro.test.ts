import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInChild, OWN_PACKS, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

describe("buildCatalog", { timeout: 300_000 }, () => {
  it("puts every URL under the base", async () => {
    const out = await tempDir("gridponder-build-site-");
    const { catalog } = await buildInChild([OWN_PACKS], out, "/games/");
    const pack = catalog[0];
    expect(pack?.packUrl).toMatch(/^\/games\/_packs\//);
    const html = await readFile(join(out, pack?.slug ?? "", pack?.levels[0] ?? "", "index.html"), "utf8");
    expect(html).toContain(`src="${pack?.packUrl}"`);
    expect(existsSync(join(out, (pack?.packUrl ?? "").slice("/games/".length)))).toBe(true);
  });
});
