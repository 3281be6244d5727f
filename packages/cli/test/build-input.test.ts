/** `gridponder build` on input that is at fault: exit 2 with a message that says what to do, never a stack trace. */
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANTERN_CELLAR, run, STACK_FRAME, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();

describe("gridponder build on input at fault", { timeout: 300_000 }, () => {
  it.each(["https://evil.example/", "javascript:alert(1)", "//evil.example/", "/../up/", "/a b/"])(
    "refuses --base %j with exit 2 before building anything",
    async (base) => {
      const packs = await scratch();
      await cp(LANTERN_CELLAR, join(packs, "lantern-cellar"), { recursive: true });
      const out = join(await scratch(), "site");
      const { code, stdout, stderr } = await run(["build", packs, "--out", out, "--base", base]);
      expect(code).toBe(2);
      expect(stderr).toContain("invalid base");
      expect(stderr).toContain("expected a URL path such as /games/");
      expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
    },
  );

  it("reports a packs folder or pack it cannot read with exit 2, naming it", async () => {
    const root = await scratch();
    // A link to itself cannot be read (ELOOP), as an unreadable folder cannot (EACCES), even for root.
    await symlink(join(root, "loop"), join(root, "loop"));
    const folder = await run(["build", join(root, "loop"), "--out", join(root, "site")]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`cannot read ${join(root, "loop")}`);
    expect(folder.stderr).not.toMatch(STACK_FRAME);

    const packs = join(root, "packs");
    await mkdir(join(packs, "pack"), { recursive: true });
    await symlink(join(packs, "pack", "manifest.json"), join(packs, "pack", "manifest.json"));
    const pack = await run(["build", packs, "--out", join(root, "site")]);
    expect(pack.code).toBe(2);
    expect(pack.stderr).toContain(`cannot read ${join(packs, "pack")}`);
    expect(pack.stderr).not.toMatch(STACK_FRAME);
  });

  it("names the --skip-invalid flag, not the API option, when a pack is invalid", async () => {
    const packs = await scratch();
    const pack = join(packs, "lantern-cellar");
    await cp(LANTERN_CELLAR, pack, { recursive: true });
    const manifest = JSON.parse(await readFile(join(pack, "manifest.json"), "utf8"));
    manifest.title = 42;
    await writeFile(join(pack, "manifest.json"), JSON.stringify(manifest));
    const text = await run(["build", packs, "--out", join(await scratch(), "site")]);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain("leave invalid packs out with --skip-invalid");
    expect(text.stderr).not.toContain("skipInvalid");
    const json = await run(["build", packs, "--out", join(await scratch(), "site"), "--json"]);
    expect(JSON.parse(json.stdout).message).toContain("--skip-invalid");
  });

  it("refuses an output path that is a file", async () => {
    const packs = await scratch();
    await cp(LANTERN_CELLAR, join(packs, "lantern-cellar"), { recursive: true });
    const file = join(await scratch(), "site");
    await writeFile(file, "not a folder");
    const { code, stderr } = await run(["build", packs, "--out", file]);
    expect(code).toBe(2);
    expect(stderr).toContain("not a folder");
    expect(await readFile(file, "utf8")).toBe("not a folder");
  });
});
