import { join } from "node:path";
import { expect, it } from "vitest";
import { goldPath, KEY_OF, usePlayerPage } from "./browser.js";

// The missing pack's errors arrive as the page loads: they are kept for the test that checks them.
const p = usePlayerPage(
  {
    packs: ["carrot_quest"],
    entry: join(import.meta.dirname, "page/element.ts"),
    body: `<gridponder-player id="gp" src="/packs/carrot_quest/pack.json" level="fw_001" reduced-motion></gridponder-player>
<gridponder-player id="missing" src="/packs/nothing/pack.json"></gridponder-player>`,
  },
  { clearErrors: false },
);

const events = () =>
  p.page.evaluate(
    () =>
      (
        window as never as {
          gpEvents: {
            type: string;
            detail: { level?: string; moves?: number; actions?: unknown[]; message?: string };
          }[];
        }
      ).gpEvents,
  );

it("<gridponder-player> loads its src, plays by keyboard and sends DOM events", async () => {
  await p.page.waitForSelector("#gp .gp[data-level=fw_001]", { state: "attached" });
  expect(await p.page.evaluate(() => (document.getElementById("gp") as HTMLElement).tabIndex)).toBe(0);
  await p.page.focus("#gp");
  // The pack's story comes first; Enter goes on to the level.
  await p.page.waitForSelector("#gp .gp-dialog[data-kind=story]", { state: "visible" });
  await p.page.keyboard.press("Enter");
  await p.page.waitForSelector("#gp .gp-dialog", { state: "hidden" });
  const gold = goldPath(p.packs.get("carrot_quest"), "fw_001");
  for (const action of gold) await p.page.keyboard.press(KEY_OF[String(action.direction)] ?? "");
  await p.page.waitForSelector("#gp .gp-dialog[data-kind=won]", { state: "visible" });
  const list = await events();
  expect(list.filter((e) => e.type === "turn")).toHaveLength(gold.length);
  const wonEvent = list.find((e) => e.type === "won");
  expect(wonEvent?.detail).toMatchObject({ level: "fw_001", moves: gold.length, actions: gold });
  // Upgraded with three attributes and connected: one fetch of the pack.
  const fetches = await p.page.evaluate(
    () =>
      performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/packs/carrot_quest/pack.json"))
        .length,
  );
  expect(fetches).toBe(1);
});

it("switches level when its level attribute changes", async () => {
  await p.page.evaluate(() => document.getElementById("gp")?.setAttribute("level", "fw_002"));
  await p.page.waitForSelector("#gp .gp[data-level=fw_002]", { state: "attached" });
  expect((await events()).at(-1)).toMatchObject({
    type: "level-change",
    detail: { level: "fw_002", moves: 0 },
  });
});

it("reports a pack that cannot be loaded, in the element and as an error event", async () => {
  await p.page.waitForSelector("#missing [role=alert]", { state: "attached" });
  expect(await p.page.locator("#missing [role=alert]").textContent()).toMatch(/could not be loaded.*404/);
  expect((await events()).some((e) => e.type === "error" && /404/.test(String(e.detail.message)))).toBe(true);
  // The failed fetch is the only problem the page reported.
  expect(p.errors.failedRequests.every((r) => r.includes("/packs/nothing/"))).toBe(true);
  expect(p.errors.messages.every((m) => m.includes("404"))).toBe(true);
});
