import { readdir, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadPackFolder } from "@gridponder/engine/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANTERN_CELLAR, REPO, run, STACK_FRAME, useScratchDirs } from "./helpers.js";

// Tests run as root here, where `chmod 000` blocks nothing: the file-system calls are made to fail
// instead, as they fail for another user on an unreadable folder (EACCES), through the real code paths.
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return { ...real, readdir: vi.fn(real.readdir), stat: vi.fn(real.stat) };
});
vi.mock("@gridponder/engine/node", async (importOriginal) => {
  const real = await importOriginal<typeof import("@gridponder/engine/node")>();
  return { ...real, loadPackFolder: vi.fn(real.loadPackFolder) };
});

const scratch = useScratchDirs();
// Back to the real functions (the ones given to `vi.fn`) after each test.
afterEach(() => vi.resetAllMocks());

/** The error Node raises when a folder may not be read. */
function permissionDenied(syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EACCES: permission denied, ${syscall} '${path}'`), {
    code: "EACCES",
    errno: -13,
    syscall,
    path,
  });
}

/** Makes the next calls of `fn` on `path` fail with EACCES, as an unreadable folder does. */
function denyOn<F extends (...args: never[]) => Promise<unknown>>(fn: F, syscall: string, path: string) {
  const real = vi.mocked(fn).getMockImplementation() as F;
  vi.mocked(fn).mockImplementation(((first: unknown, ...rest: never[]) =>
    String(first) === path
      ? Promise.reject(permissionDenied(syscall, path))
      : real(first as never, ...rest)) as unknown as F);
}

function expectLocated(result: { code: number; stdout: string; stderr: string }, path: string) {
  expect(result.stderr).toBe(`gridponder: cannot read ${path} (EACCES: permission denied)\n`);
  expect(result.stderr).not.toMatch(STACK_FRAME);
  expect(result.code).toBe(2);
}

describe("folders that cannot be read are the input's fault (exit 2)", () => {
  it.each(["validate", "solve"])("%s: a folder of packs it may not list", async (command) => {
    const packs = join(REPO, "packs");
    denyOn(readdir, "scandir", packs);
    expectLocated(await run([command, packs]), packs);
  });

  it.each(["validate", "solve", "play", "trace"])(
    "%s: a pack folder it may not look into",
    async (command) => {
      const manifest = join(LANTERN_CELLAR, "manifest.json");
      denyOn(stat, "stat", manifest);
      expectLocated(await run([command, LANTERN_CELLAR, "lc01_bottom_step"]), manifest);
    },
  );

  it.each(["validate", "solve"])(
    "%s: a sub-folder (or a shared collection beside the pack) it may not read",
    async (command) => {
      const levels = join(LANTERN_CELLAR, "levels");
      vi.mocked(loadPackFolder).mockRejectedValueOnce(permissionDenied("scandir", levels));
      expectLocated(await run([command, LANTERN_CELLAR]), levels);
    },
  );

  it("a symbolic link that loops, named as a folder of packs", async () => {
    const dir = await scratch();
    const loop = join(dir, "loop");
    await symlink(loop, loop);
    const { code, stderr } = await run(["validate", loop]);
    expect(stderr).toBe(`gridponder: cannot read ${loop} (ELOOP: too many symbolic links encountered)\n`);
    expect(code).toBe(2);
  });

  it("a file named where a folder is expected", async () => {
    const dir = await scratch();
    await writeFile(join(dir, "file"), "");
    const { code, stderr } = await run(["solve", join(dir, "file")]);
    expect(stderr).toBe(`gridponder: not a folder: ${join(dir, "file")}\n`);
    expect(code).toBe(2);
  });
});
