/**
 * A packs folder whose SVGs try to run script and to fetch: lantern-cellar with a scripted cover, wall
 * sprite and story image, drawing its floor from a scripted shared collection `evil-tiles`.
 */
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { LANTERN_CELLAR } from "./build-helpers.ts";

/** What a hostile SVG does when it runs: a dialog, a console line, a new title, requests to the site. */
export const SCRIPT_MARK = "svg-script-ran";

/** Every way an SVG opened as a page could run script or fetch, each leaving a mark if it did. */
export function hostileSvg(name: string): string {
  const run = (how: string) =>
    `alert('${how}');console.log('${SCRIPT_MARK} ${how}');document.title='${SCRIPT_MARK}';fetch('/beacon-${how}')`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/css" href="/beacon-stylesheet-pi.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"
     viewBox="0 0 64 64" onload="${run("onload")}">
  <title>${name}</title>
  <script>${run("script")}</script>
  <script><![CDATA[ ${run("cdata")} ]]></script>
  <style>@import url(/beacon-import.css); .bg { fill: url(/beacon-paint.svg#p) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs>
  <rect class="bg" width="64" height="64" fill="url(#g)"/>
  <image href="/beacon-image.png" xlink:href="https://tracker.invalid/x.png" width="8" height="8"/>
  <a href="javascript:${run("link")}"><rect id="link" x="0" y="0" width="32" height="32" fill="#fff"
     onmouseover="${run("mouseover")}"><set attributeName="fill" to="#000" begin="0s"/></rect>
    <animate attributeName="href" values="javascript:${run("animate")}" begin="0s" dur="1s" fill="freeze"/></a>
  <foreignObject width="64" height="64"><div xmlns="http://www.w3.org/1999/xhtml"><img src="/beacon-fo.png" onerror="${run("foreignobject")}"/></div></foreignObject>
</svg>
`;
}

export async function makeScriptedPacks(packs: string): Promise<string> {
  const dir = join(packs, "scripted");
  await cp(LANTERN_CELLAR, dir, { recursive: true });
  await mkdir(join(dir, "assets/sprites"), { recursive: true });
  await writeFile(join(dir, "assets/cover.svg"), hostileSvg("cover"));
  await writeFile(join(dir, "assets/sprites/wall.svg"), hostileSvg("sprite"));
  await writeFile(join(dir, "assets/story.svg"), hostileSvg("story"));
  await mkdir(join(packs, "evil-tiles/tiles"), { recursive: true });
  await writeFile(join(packs, "evil-tiles/tiles/floor.svg"), hostileSvg("shared"));
  const manifestFile = join(dir, "manifest.json");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
  manifest.gameId = "test.scripted";
  manifest.sharedAssets = ["evil-tiles"];
  await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
  const gameFile = join(dir, "game.json");
  const game = JSON.parse(await readFile(gameFile, "utf8"));
  game.entityKinds.wall.sprite = "assets/sprites/wall.svg";
  game.entityKinds.empty.sprite = "assets/tiles/floor.svg";
  game.levelSequence[0].image = "assets/story.svg";
  await writeFile(gameFile, JSON.stringify(game, null, 2));
  return dir;
}
