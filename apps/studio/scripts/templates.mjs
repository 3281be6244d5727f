// Writes the studio's pack templates into public/templates/ (copied into the built site by Vite): one
// per puzzle pack of the repository's packs/ folder, each a family of mechanics (pushing, merging, flooding,
// pursuit…): its game, theme and images with its first two levels, under a new game id, so an author
// starts from working rules. The starter of `gridponder new` is built into the studio itself.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
// The studio's own JSON layout, so a template's files read as the studio writes them after an edit:
// `tsc -p tsconfig.build.json` compiles the formatter before this script runs (see the build script).
import { formatPackJson } from "../dist/src/model/format-json.js";

const PACKS = new URL("../../../packs/", import.meta.url).pathname;
const OUT = new URL("../public/templates/", import.meta.url).pathname;
const LEVELS_KEPT = 2;

const read = (path) => readFileSync(path, "utf8");

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function template(slug) {
  const dir = join(PACKS, slug);
  const manifest = JSON.parse(read(join(dir, "manifest.json")));
  const game = JSON.parse(read(join(dir, "game.json")));
  const levels = readdirSync(join(dir, "levels"))
    .sort()
    .map((name) => ({ name, level: JSON.parse(read(join(dir, "levels", name))) }));
  const order = game.levelSequence.filter((e) => e.type === "level").map((e) => e.ref);
  const kept = order
    .slice(0, LEVELS_KEPT)
    .map((id) => levels.find((l) => l.level.id === id))
    .filter(Boolean);
  const keptIds = new Set(kept.map((l) => l.level.id));
  const text = {
    "manifest.json": formatPackJson({
      ...manifest,
      gameId: `local.${slug}-remix`,
      title: `My ${manifest.title}`,
      version: "0.1.0",
      packVersion: 1,
    }),
    "game.json": formatPackJson({
      ...game,
      levelSequence: game.levelSequence.filter((e) => e.type === "level" && keptIds.has(e.ref)),
    }),
    ...Object.fromEntries(kept.map(({ name, level }) => [`levels/${name}`, formatPackJson(level)])),
  };
  if (statSync(join(dir, "theme.json"), { throwIfNoEntry: false }))
    text["theme.json"] = formatPackJson(JSON.parse(read(join(dir, "theme.json"))));
  const assetsDir = join(dir, "assets");
  const assets = statSync(assetsDir, { throwIfNoEntry: false })
    ? Object.fromEntries(
        filesUnder(assetsDir).map((path) => [
          relative(dir, path).split("\\").join("/"),
          readFileSync(path).toString("base64"),
        ]),
      )
    : {};
  return {
    entry: {
      slug,
      title: manifest.title,
      description: manifest.shortDescription ?? "",
      tags: manifest.tags ?? [],
    },
    body: { format: "gridponder-studio-template@1", text, assets },
  };
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const index = [];
for (const slug of readdirSync(PACKS).sort()) {
  if (!statSync(join(PACKS, slug, "manifest.json"), { throwIfNoEntry: false })) continue;
  // Match packs (board and card games) sit beside the puzzle packs; the studio makes puzzle packs.
  if (JSON.parse(read(join(PACKS, slug, "manifest.json"))).format === "match") continue;
  const { entry, body } = template(slug);
  writeFileSync(join(OUT, `${slug}.json`), JSON.stringify(body));
  index.push(entry);
}
writeFileSync(
  join(OUT, "index.json"),
  JSON.stringify({ format: "gridponder-studio-templates@1", templates: index }),
);
console.log(`studio templates: ${index.length} written to public/templates/`);
