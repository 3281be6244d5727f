import { describe, expect, it } from "vitest";
import { LANTERN_CELLAR, run, STACK_FRAME } from "./helpers.js";

describe("gridponder (program)", () => {
  it("prints help with the commands and exit codes", async () => {
    const { code, stdout } = await run(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: gridponder");
    for (const command of ["validate", "trace", "conformance", "play", "new"])
      expect(stdout).toContain(command);
    expect(stdout).toContain("Exit codes:");
    // Every code main can return, the internal error included.
    for (const exit of ["0  ok", "1  findings", "2  usage error", "3  internal error"])
      expect(stdout).toContain(exit);
  });

  it("prints the version", async () => {
    const { code, stdout } = await run(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it.each([
    [["frobnicate"], "unknown command 'frobnicate'"],
    [["validate"], "missing required argument 'paths'"],
    [["trace", LANTERN_CELLAR], "missing required argument 'level'"],
    [["validate", LANTERN_CELLAR, "--bogus"], "unknown option '--bogus'"],
  ])("exits 2 on the usage error %j", async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).toContain("gridponder --help");
  });

  it("exits 2 with help when no command is given", async () => {
    const { code, stderr } = await run([]);
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: gridponder");
  });

  it("reports an internal error in one line, with the stack only in debug mode", async () => {
    const failing = {
      write: () => {
        throw new Error("the disk is full");
      },
    };
    const plain = await run(["validate", LANTERN_CELLAR], { stdout: failing });
    // Its own exit code, apart from invalid input (2), so scripts can tell a bug from a bad pack.
    expect(plain.code).toBe(3);
    expect(plain.stderr).toBe("gridponder: internal error: the disk is full\n");

    const debug = await run(["validate", LANTERN_CELLAR], {
      stdout: failing,
      env: { GRIDPONDER_DEBUG: "1" },
    });
    expect(debug.code).toBe(3);
    expect(debug.stderr).toMatch(/^gridponder: internal error: the disk is full\nError: the disk is full\n/);
    expect(debug.stderr).toMatch(STACK_FRAME);
  });

  it("colours output on a terminal unless NO_COLOR is set", async () => {
    const colored = await run(["validate", LANTERN_CELLAR], { isTTY: true });
    expect(colored.stdout).toContain("\u001b[");
    const plain = await run(["validate", LANTERN_CELLAR], { isTTY: true, env: { NO_COLOR: "1" } });
    expect(plain.stdout).not.toContain("\u001b[");
  });
});
