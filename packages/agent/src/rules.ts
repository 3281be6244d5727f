/**
 * A level's rules as a human reads them before playing, generated from the pack alone: the game's
 * description, the actions and their parameters, what each kind on the board is, what the game's
 * systems do (their schema descriptions), the goals and how the level is lost.
 * @module
 */
import type { LevelRuntime, Pack } from "@gridponder/engine";
import { gameSchema, type JsonSchemaObject } from "@gridponder/schema";
import { actionLimit, displayName, goalText, loseSentence, type ViewContext } from "@gridponder/view";

/** The schema's description of each built-in system type, by type name. */
function builtInSystemDescriptions(): Map<string, string> {
  const out = new Map<string, string>();
  const definitions = (gameSchema.definitions ?? {}) as Record<string, JsonSchemaObject>;
  for (const definition of Object.values(definitions)) {
    const type = (definition.properties as Record<string, JsonSchemaObject> | undefined)?.type;
    const name = type?.const;
    if (typeof name === "string" && typeof definition.description === "string")
      out.set(name, definition.description);
  }
  return out;
}

let systemDescriptions: Map<string, string> | null = null;

function systemDescription(pack: Pack, type: string): string | null {
  systemDescriptions ??= builtInSystemDescriptions();
  const builtIn = systemDescriptions.get(type);
  if (builtIn) return builtIn;
  const custom = pack.registry.systems.get(type)?.configSchema as JsonSchemaObject | undefined;
  return typeof custom?.description === "string" ? custom.description : null;
}

/** An action's parameters in words: `direction (up, down, left or right)`. */
function paramText(name: string, spec: unknown): string {
  const values = (spec as { values?: unknown }).values;
  const type = (spec as { type?: unknown }).type;
  if (Array.isArray(values) && values.length > 0)
    return `${name}: one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (type === "position") return `${name}: a cell [x, y]`;
  return `${name}: ${typeof type === "string" ? type : "a value"}`;
}

/** The kinds that can appear in this level: those on its board at the start, then the rest of the game's. */
function kindsOf(pack: Pack, level: LevelRuntime): string[] {
  const onBoard = new Set<string>();
  const layers = level.def.board.layers ?? {};
  for (const layer of Object.values(layers)) {
    const text = JSON.stringify(layer);
    for (const kind of pack.kinds.keys()) if (text.includes(`"${kind}"`)) onBoard.add(kind);
  }
  return [...onBoard, ...[...pack.kinds.keys()].filter((k) => !onBoard.has(k))];
}

/** The rules text of one level. */
/**
 * The rules text of one level. `plain` leaves out the pack's prose (its titles, its description and
 * its kinds' descriptions), for anonymised runs.
 */
export function rulesText(ctx: ViewContext, level: LevelRuntime, options: { plain?: boolean } = {}): string {
  const { pack } = ctx;
  const { manifest, game } = pack;
  const plain = options.plain ?? false;
  const lines: string[] = [
    plain ? `# Level ${level.id}` : `# ${manifest.title}: ${level.def.title ?? level.id}`,
  ];
  const about = manifest.description ?? manifest.shortDescription;
  if (about && !plain) lines.push("", about.trim());

  lines.push(
    "",
    "## Board",
    "The board is a grid of cells. A cell is written [x, y]: x counts columns from the left and y rows from the top, both from 0. Directions are as the board is drawn: up is towards row 0.",
  );

  lines.push("", "## Actions", 'Send one action per turn, as JSON: {"action": "<id>", ...its parameters}.');
  for (const action of game.actions) {
    const params = Object.entries(action.params ?? {}).map(([name, spec]) => paramText(name, spec));
    const example = params.length === 0 ? "" : ` (${params.join("; ")})`;
    lines.push(`- ${action.id}${example}`);
  }

  const kinds = kindsOf(pack, level);
  if (kinds.length > 0) {
    lines.push("", "## Things on the board");
    for (const kind of kinds) {
      const info = pack.kinds.get(kind);
      if (!info) continue;
      const tags = [...info.tags];
      const description = info.def.description && !plain ? ` ${info.def.description.trim()}` : "";
      lines.push(
        `- ${displayName(pack, kind)} (${kind}, layer ${info.layer}${tags.length ? `, ${tags.join(", ")}` : ""}).${description}`,
      );
    }
  }

  const systems = level.systems;
  if (systems.length > 0) {
    lines.push("", "## How the game works");
    for (const system of systems) {
      const description = systemDescription(pack, system.type);
      lines.push(`- ${system.id} (${system.type})${description ? `: ${description}` : ""}`);
    }
  }

  lines.push("", "## Goals", "You win when every goal is met:");
  for (const goal of level.goals) lines.push(`- ${goalText(ctx, goal)}`);

  const limit = actionLimit(pack, level);
  const losing = level.loseConditions.filter((c) => c.type !== "max_actions");
  if (losing.length > 0 || limit !== null) {
    lines.push("", "## You lose when");
    if (limit !== null) lines.push(`- you have used ${limit} moves without winning`);
    for (const condition of losing) lines.push(`- ${loseSentence(ctx, condition)}`);
  }
  return lines.join("\n");
}
