import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, run } from "./helpers.js";

const lines = (requests: unknown[]) => `${requests.map((r) => JSON.stringify(r)).join("\n")}\n`;
const responses = (stdout: string) =>
  stdout
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("gridponder agent serve on a match pack", () => {
  it("plays tic-tac-toe from one seat against a bot, move by move", async () => {
    const { code, stdout, stderr } = await run(
      ["agent", "serve", join(REPO, "packs/tic-tac-toe"), "--opponent", "random"],
      {
        stdin: lines([
          { type: "levels", id: 0 },
          { type: "start", id: 1 },
          { type: "act", id: 2, action: "mark>b2" },
          { type: "act", id: 3, action: "mark>b2" },
          { type: "legal_actions", id: 4 },
          { type: "observe", id: 5, form: "json" },
        ]),
      },
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const [levels, start, act, again, legal, observe] = responses(stdout);
    expect(levels).toMatchObject({
      type: "levels",
      levels: [{ id: "standard", title: "Standard game", number: 1 }],
    });
    expect(start).toMatchObject({ type: "start", status: "playing", moves: 0 });
    expect(act).toMatchObject({ type: "act", outcome: "accepted", moves: 1 });
    expect(again).toMatchObject({ type: "act", outcome: "refused" });
    expect(legal?.actions as unknown[]).toHaveLength(7);
    const data = (
      observe?.observation as { data: { board: { pieces: unknown[] }; seat: number } } | undefined
    )?.data;
    if (!data) throw new Error("no observation");
    expect(data.seat).toBe(0);
    expect(data.board.pieces).toHaveLength(2);
  });

  it("seats the agent where --seat says, the bots opening; refuses options a match does not take", async () => {
    const { stdout } = await run(
      [
        "agent",
        "serve",
        join(REPO, "packs/eights"),
        "--seat",
        "3",
        "--seats",
        "3",
        "--seed",
        "4",
        "--opponent",
        "random",
      ],
      {
        stdin: lines([{ type: "observe" }]),
      },
    );
    const [observe] = responses(stdout);
    expect((observe?.observation as { text: string } | undefined)?.text).toContain(
      "You play Seat 3 (seat 3 of 3).",
    );
    const bad = await run(["agent", "serve", join(REPO, "packs/eights"), "--seat", "0"], { stdin: "" });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("--seat takes a whole number from 1");
    const image = await run(["agent", "serve", join(REPO, "packs/chess"), "--observation", "image"], {
      stdin: "",
    });
    expect(image.code).not.toBe(0);
    expect(image.stderr).toContain("text or json");
  });
});
