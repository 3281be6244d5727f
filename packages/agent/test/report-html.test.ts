import { createHash } from "node:crypto";
import { ownPack } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { inProcess, type LevelScore, type Report, randomAgent, runHarness } from "../src/index.js";
import { reportHtml } from "../src/node.js";

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

/** A played report, with hostile text where a pack's words go and links of every kind. */
async function hostileReport(): Promise<Report> {
  const { pack } = await ownPack("lantern-cellar");
  const report = await runHarness([{ name: "lantern-cellar", pack }], {
    agent: `random ${HOSTILE}`,
    play: inProcess(randomAgent),
    times: false,
  });
  const links: Partial<LevelScore>[] = [
    { replay: "catalog/lantern/lc01/#a=AQID", transcript: "transcripts/lantern-cellar/lc01.jsonl" },
    { replay: "javascript:alert(1)", transcript: "//evil.example/x" },
    { replay: `x" onmouseover="alert(1)` },
  ];
  return {
    ...report,
    packs: report.packs.map((p) => ({
      ...p,
      title: HOSTILE,
      levelScores: p.levelScores.map((l, i) => {
        const { transcript: _, ...rest } = l;
        return { ...rest, title: `${HOSTILE} ${i}`, ...(links[i] ?? {}) };
      }),
    })),
  };
}

describe("the HTML report", () => {
  it("escapes every text from a pack or an agent, and links only what the harness wrote", async () => {
    const html = await reportHtml(await hostileReport());
    expect(html).not.toMatch(/<script|<img/i);
    // No tag gains an event handler: with the (escaped) attribute values blanked, no tag has an `on…=`.
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="catalog/lantern/lc01/#a=AQID">replay</a>');
    expect(html).toContain('<a href="transcripts/lantern-cellar/lc01.jsonl">transcript</a>');
    expect(html).not.toMatch(/href="javascript:|href="\/\/evil/);
    // A quote in a relative link is escaped, never a new attribute.
    expect(html).toContain('href="x&quot; onmouseover=&quot;alert(1)"');
  });

  it("has a content security policy that allows its own style sheet and nothing else", async () => {
    const html = await reportHtml(await hostileReport());
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "";
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src|unsafe/);
    // The charts are drawn in the page: no style attribute that the policy would block, no script.
    expect(html).not.toMatch(/\sstyle="/);
  });

  it("draws three charts at build time, the same page for the same report", async () => {
    const report = await hostileReport();
    const html = await reportHtml(report);
    const svgs = html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
    expect(svgs.length).toBe(3);
    for (const svg of svgs) {
      expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
      expect((svg.match(/<path|<rect|<line/g) ?? []).length).toBeGreaterThan(10);
    }
    // One mark per level in the scatter chart's data, and the pack's counts in the action chart.
    expect(html).toContain("moves played");
    expect(html).toContain(`${report.overall.solved}/${report.overall.levels}`);
    expect(await reportHtml(report)).toBe(html);
  });
});
