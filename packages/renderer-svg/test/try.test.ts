import { writeFileSync } from "node:fs";
import { Session } from "@gridponder/engine";
import { loadPack, packFolders } from "@gridponder/test-corpus";
import { buildScene, createViewContext } from "@gridponder/view";
import { it } from "vitest";
import { sceneToSvg } from "../src/index.js";

it("dump", async () => {
  let total = 0,
    n = 0,
    html = "";
  for (const { dir, name } of packFolders()) {
    const p = await loadPack(dir);
    const ctx = createViewContext(p.pack, p.assets);
    for (const id of p.pack.levelOrder) {
      const s = new Session(p.pack, id);
      const svg = sceneToSvg(buildScene(ctx, s.level, s.state), { title: id });
      total += svg.length;
      n++;
      html += `<div style="display:inline-block;width:160px"><small>${name}/${id} ${svg.length}</small><br>${svg.replace(/width="[^"]*" height="[^"]*"/, 'width="150"')}</div>`;
    }
  }
  writeFileSync("/tmp/thumbs.html", `<html><body style="background:#888">${html}</body></html>`);
  console.log(n, total, total / n);
});
