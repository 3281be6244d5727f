/**
 * `importBagel`: a B.A.G.E.L. game file compiled into a match pack, or located diagnostics of why not.
 * @module
 */
import type {
  MatchGame,
  PiecePlacement,
  PieceType,
  VariableDefinition,
  ZoneDefinition,
} from "@gridponder/match/validate";
import { at, describe, isRecord } from "../findings.js";
import { assemblePack, type ImportResult } from "../pack.js";
import { emptyReport } from "../report.js";
import { parseSource } from "../source.js";
import { BagelContext, seatNumber } from "./context.js";
import { compileEnd } from "./end.js";
import { readEntities, readPlayers } from "./entities.js";
import { themeOf } from "./theme.js";
import { Translator } from "./translator.js";
import { TurnCompiler } from "./turn.js";

/** A title from a file name: `tic-tac-toe.json` is "Tic tac toe". */
function titleOfFile(file: string): string {
  const words = file
    .replace(/\.json$/i, "")
    .replace(/[-_.]+/g, " ")
    .trim();
  return words ? `${(words[0] as string).toUpperCase()}${words.slice(1)}` : "Imported game";
}

/** Top-level keys that shape play, and keys that only describe the game. */
const RULE_KEYS = new Set([
  "entities",
  "sharedBoard",
  "personalBoard",
  "initialPlacements",
  "numPlayers",
  "minPlayers",
  "maxPlayers",
  "turn",
  "moves",
  "initialMoves",
  "phases",
  "endIf",
  "endConditions",
]);
const INFO_KEYS = new Set(["$schema", "name", "title", "description", "author", "version"]);

function fail(findings: { list: ImportResult["diagnostics"] }): ImportResult {
  return { ok: false, diagnostics: findings.list };
}

/** Compiles a B.A.G.E.L. game (the text of `file`) into a match pack. */
export function importBagel(file: string, text: string): ImportResult {
  const { json, findings } = parseSource(file, text);
  if (json === undefined) return fail(findings);
  const root = json.value;
  if (!isRecord(root)) {
    findings.error(
      "",
      "bagel-expected-game",
      `expected a B.A.G.E.L. game (a JSON object), found ${describe(root)}`,
    );
    return fail(findings);
  }
  const report = emptyReport("bagel", file.split(/[\\/]/).pop() ?? file);
  const cx = new BagelContext(findings, report, root);
  for (const key of Object.keys(root)) {
    if (RULE_KEYS.has(key)) continue;
    if (INFO_KEYS.has(key)) continue;
    cx.error(
      at("", key),
      "unknown-key",
      `unknown top-level key ${JSON.stringify(key.slice(0, 40))}; expected one of ${[...RULE_KEYS].join(", ")}`,
    );
  }
  if (!Object.hasOwn(root, "entities")) {
    cx.error("", "missing-entities", "a B.A.G.E.L. game needs `entities`");
    return fail(findings);
  }
  readEntities(cx);
  readPlayers(cx);
  if (findings.failed) return fail(findings);
  const tr = new Translator(cx, cx.maxPlayers);
  const phaseNames = isRecord(root.phases) ? Object.keys(root.phases) : [];
  const end = compileEnd(tr, phaseNames);
  const flowed = new TurnCompiler(tr).compile();
  if (end === undefined || flowed === undefined || findings.failed) return fail(findings);

  // Pieces, enums and the setup's placements.
  const pieces: Record<string, PieceType> = {};
  const enums: Record<string, string[]> = {};
  for (const t of cx.types.values()) {
    const attributes: Record<string, VariableDefinition> = {};
    for (const [name, a] of t.attrs) {
      if (a.type === "enum") {
        const e = `${t.name}_${name}`;
        enums[e] = a.labels;
        attributes[name] = { type: "enum", enum: e, initial: a.initial };
      } else attributes[name] = { type: a.type, initial: a.initial };
    }
    pieces[t.name] = { label: t.name, ...(Object.keys(attributes).length > 0 ? { attributes } : {}) };
    if (!Number.isFinite(t.count))
      cx.reading(
        t.pointer,
        `unbounded ${t.name}`,
        `\`count: "Infinity"\` is an unbounded bank: placing one creates a new piece; the bank is never enumerated.`,
      );
  }
  const placements: PiecePlacement[] = [];
  const placed = new Map<string, number>();
  const ip = root.initialPlacements;
  if (ip !== undefined) {
    if (!Array.isArray(ip) || ip.length > 4096) {
      cx.error("/initialPlacements", "expected-list", `expected a list of placements, found ${describe(ip)}`);
      return fail(findings);
    }
    ip.forEach((pl, i) => {
      const p = at("/initialPlacements", i);
      const entity = isRecord(pl) ? pl.entity : undefined;
      const dest = isRecord(pl) ? pl.destination : undefined;
      const name = isRecord(entity) ? entity.name : undefined;
      const t = typeof name === "string" && cx.types.has(name) ? cx.types.get(name) : undefined;
      if (t === undefined) {
        cx.error(
          at(p, "entity", "name"),
          "unknown-entity",
          `no piece named ${describe(name)}; expected one of ${[...cx.types.keys()].join(", ") || "(none)"}`,
        );
        return;
      }
      const index = isRecord(dest) ? dest.index : undefined;
      const cell = typeof index === "number" ? cx.cellOfIndex(index) : undefined;
      if (cell === undefined) {
        cx.unsupported(
          at(p, "destination"),
          `the destination ${JSON.stringify(dest)?.slice(0, 60)}`,
          'expected { "index": <a space of the grid> }',
        );
        return;
      }
      const state = isRecord(entity) && isRecord(entity.state) ? entity.state : {};
      const who =
        isRecord(entity) && Object.hasOwn(entity, "player")
          ? entity.player
          : Object.hasOwn(state, "player")
            ? state.player
            : undefined;
      const owner = who === undefined ? undefined : seatNumber(who);
      if (who !== undefined && owner === undefined) {
        cx.error(at(p, "entity", "player"), "bad-player", `expected a player id, found ${describe(who)}`);
        return;
      }
      const attributes: Record<string, number | boolean | string> = {};
      for (const [k, v] of Object.entries(state)) {
        if (k === "player") continue;
        if (!t.attrs.has(k) || !(typeof v === "number" || typeof v === "boolean" || typeof v === "string")) {
          cx.error(
            at(p, "entity", "state", k),
            "unknown-property",
            `"${t.name}" has no state property "${k}" of this kind`,
          );
          return;
        }
        attributes[k] = v;
      }
      const key = `${t.name}#${owner ?? -1}`;
      placed.set(key, (placed.get(key) ?? 0) + 1);
      if ((placed.get(key) ?? 0) > t.count) {
        cx.error(
          p,
          "bank-exhausted",
          `more "${t.name}" placed${owner === undefined ? "" : ` for player ${owner}`} than its count ${t.count}`,
        );
        return;
      }
      if (placements.some((x) => x.at === cell)) {
        cx.unsupported(at(p, "destination"), "two entities on one space", "a match cell holds one piece");
        return;
      }
      placements.push({
        at: cell,
        type: t.name,
        ...(owner === undefined ? {} : { owner }),
        ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
      });
    });
  }
  // A counted bank starts with what the placements left.
  for (const t of cx.types.values()) {
    const left = `${t.name}_left`;
    const defs = t.perPlayer ? cx.seatVariables : cx.variables;
    const v = defs[left];
    if (v === undefined) continue;
    const used = [...placed].filter(([k]) => k.startsWith(`${t.name}#`)).map(([, n]) => n);
    if (t.perPlayer && new Set(used).size > 1) {
      cx.unsupported(
        "/initialPlacements",
        `unequal placements of "${t.name}" for the players`,
        "a counted per-player bank starts equal for every player",
      );
      return fail(findings);
    }
    v.initial = t.count - (used[0] ?? 0);
  }
  if (findings.failed) return fail(findings);

  const zones: ZoneDefinition[] = [...cx.zones.values()].map((z) => ({
    id: z.name,
    kind: z.perSeat ? "hand" : "stack",
    ...(z.perSeat ? { perSeat: true } : {}),
    visibility: z.visibility,
    label: z.name,
  }));
  const game: MatchGame = {
    formatVersion: "0.1",
    seats: {
      min: cx.minPlayers,
      max: cx.maxPlayers,
      // B.A.G.E.L.'s players are "0", "1", …; people count from one (the source names no players).
      names: Array.from({ length: cx.maxPlayers }, (_, i) => `Player ${i + 1}`),
      ...(Object.keys(cx.seatVariables).length > 0 ? { variables: cx.seatVariables } : {}),
    },
    ...(cx.grid ? { board: { width: cx.grid.width, height: cx.grid.height } } : {}),
    ...(zones.length > 0 ? { zones } : {}),
    pieces,
    ...(Object.keys(enums).length > 0 ? { enums } : {}),
    ...(Object.keys(cx.variables).length > 0 ? { variables: cx.variables } : {}),
    setup: {
      ...(placements.length > 0 ? { pieces: placements } : {}),
      ...(flowed.setupDo.length > 0 ? { do: flowed.setupDo } : {}),
    },
    moves: flowed.moves,
    phases: flowed.phases,
    startPhase: flowed.startPhase,
    end,
  };
  for (const key of Object.keys(root))
    if (INFO_KEYS.has(key) && key !== "$schema" && key !== "name" && key !== "title" && key !== "description")
      cx.notCarried(at("", key), key, "kept out of the game; the manifest carries the title and description");
  if (end.length === 0)
    cx.lacks(
      "/endIf",
      "an end",
      "the source states no way for the game to end, so the imported game has none",
    );
  cx.lacks(
    "",
    "no legal move",
    "B.A.G.E.L. states nothing for a player left without any possible move (and no PassTurn); the imported game then waits, as the source's engine does.",
  );
  const title =
    typeof root.title === "string"
      ? root.title
      : typeof root.name === "string"
        ? root.name
        : titleOfFile(report.source);
  return assemblePack({
    title,
    ...(typeof root.description === "string" ? { description: root.description } : {}),
    game,
    theme: themeOf(cx, game),
    report,
    warnings: findings.list.filter((d) => d.severity !== "error"),
  });
}
