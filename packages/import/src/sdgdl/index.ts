/**
 * `importSdgdl`: a state-driven GDL specification compiled into a match pack. Every condition and
 * effect string is parsed and translated into the match format's typed expressions; anything that
 * would make the pack play differently from the source stops the import with a located error.
 * @module
 */
import type { MatchGame, PiecePlacement, VariableDefinition } from "@gridponder/match/validate";
import { at, isRecord } from "../findings.js";
import { assemblePack, type ImportResult } from "../pack.js";
import { emptyReport } from "../report.js";
import { parseSource } from "../source.js";
import { readEndConditions } from "./end.js";
import { buildMoves, type Facts, type Parsed } from "./moves.js";
import { lacksOf, SDGDL_READINGS } from "./readings.js";
import { Scope } from "./scope.js";
import { readSpec, SECTIONS } from "./spec.js";
import { parseExpression, type Syntax } from "./syntax.js";
import { themeFor } from "./theme.js";

/** Imports a state-driven GDL specification from its text. */
export function importSdgdl(file: string, text: string): ImportResult {
  const { json, findings: f } = parseSource(file, text);
  if (!json) return { ok: false, diagnostics: f.list };
  const report = emptyReport("sdgdl", file);
  const spec = readSpec(json.value, f);
  if (!spec) return { ok: false, diagnostics: f.list };
  if (json.value && typeof json.value === "object")
    for (const key of Object.keys(json.value))
      if (!(SECTIONS as readonly string[]).includes(key))
        report.notCarried.push({
          pointer: at("", key),
          topic: key,
          text: "not a section of the language; ignored.",
        });

  // Parse every string first: kinds are read from the literals the whole specification uses.
  const parsed = new Map<string, Parsed>();
  const trees: Syntax[] = [];
  const parseAll = (list: { text: string; pointer: string }[]) =>
    list.flatMap((item) => {
      const r = parseExpression(item.text);
      if ("fault" in r) {
        f.error(
          item.pointer,
          "expression-syntax",
          `${r.fault.message} (at character ${r.fault.at + 1} of the expression)`,
        );
        return [];
      }
      trees.push(r.tree);
      return [{ tree: r.tree, pointer: item.pointer, text: item.text }];
    });
  for (const [name, i] of spec.interactions)
    parsed.set(name, { spec: i, conditions: parseAll(i.conditions), effects: parseAll(i.effects) });
  const scope = new Scope(spec, trees, f);

  if (spec.phases.length > 1)
    f.error(
      at("/game_flow/phases", spec.phases[1]?.name ?? ""),
      "several-phases",
      "only one phase is supported: the language's document shows several phases but never says how play passes from one to the next",
    );
  const phase = spec.phases[0];
  const order: Parsed[] = [];
  for (const a of phase?.allowed ?? []) {
    const p = parsed.get(a.name);
    if (!p)
      f.error(
        a.pointer,
        "unknown-action",
        `no interaction named "${a.name}"`,
        `interactions.list has ${[...spec.interactions.keys()].join(", ") || "none"}`,
      );
    else if (order.includes(p)) f.error(a.pointer, "duplicate-action", `"${a.name}" is listed twice`);
    else order.push(p);
  }
  for (const name of spec.interactions.keys())
    if (!order.some((p) => p.spec.name === name))
      report.notCarried.push({
        pointer: at("/interactions/list", name),
        topic: name,
        text: "no phase allows this interaction, so it can never be taken; left out.",
      });

  const facts: Facts = { movesTwo: false, remembers: false, promotions: new Set<string>() };
  const seatAttrs = new Map(scope.seatAttrs);
  const moves = buildMoves(order, scope, f, spec, facts, seatAttrs);

  // Pieces of the setup.
  const pieces: Record<string, { label: string; attributes?: Record<string, VariableDefinition> }> = {};
  const kindNames = new Map<string, string>();
  const attrDefs: Record<string, VariableDefinition> = {};
  for (const [name, a] of scope.pieceAttrs)
    attrDefs[name] =
      a.type === "string"
        ? { type: "enum", enum: a.enumName as string }
        : { type: a.type === "bool" ? "bool" : "int" };
  for (const [key, id] of scope.typeIds) {
    const [schema, value] = key.split("\u0000") as [string, string];
    const attrs = spec.schemas.get(schema);
    const own: Record<string, VariableDefinition> = {};
    for (const [name, a] of attrs ?? [])
      if (name in attrDefs) {
        const def = { ...(attrDefs[name] as VariableDefinition) };
        if (
          a.default !== undefined &&
          (typeof a.default === "number" || typeof a.default === "boolean" || typeof a.default === "string")
        )
          def.initial = a.default;
        own[name] = def;
      }
    pieces[id] = {
      label: (value || schema).replace(/_/g, " "),
      ...(Object.keys(own).length > 0 ? { attributes: own } : {}),
    };
    kindNames.set(id, value || schema);
  }
  const placements: PiecePlacement[] = [];
  for (const e of spec.setup) {
    const attrs = spec.schemas.get(e.type);
    if (!attrs) {
      f.error(
        at(e.pointer, "type"),
        "unknown-type",
        `no entity type "${e.type}"`,
        `entity_schemas has ${[...spec.schemas.keys()].join(", ")}`,
      );
      continue;
    }
    const kindAttr = scope.kindOf.get(e.type);
    const kindValue = kindAttr === undefined ? "" : (e.attributes[kindAttr] ?? attrs.get(kindAttr)?.default);
    const type = scope.typeIds.get(`${e.type}\u0000${String(kindValue)}`);
    if (type === undefined) {
      f.error(
        at(e.pointer, "set_attributes", kindAttr ?? ""),
        "unknown-kind",
        `${String(kindAttr)} ${JSON.stringify(kindValue)} is not a kind of ${e.type}`,
      );
      continue;
    }
    const owner = scope.seatOf(e.attributes.owner);
    if (attrs.has("owner") && owner < 0) {
      f.error(
        at(e.pointer, "set_attributes", "owner"),
        "unknown-owner",
        `owner ${JSON.stringify(e.attributes.owner)} is not a role; expected player('Name')`,
      );
      continue;
    }
    const extra: Record<string, number | boolean | string> = {};
    for (const [k, v] of Object.entries(e.attributes))
      if (k !== "owner" && k !== kindAttr) {
        if (!scope.pieceAttrs.has(k))
          f.error(
            at(e.pointer, "set_attributes", k),
            "unknown-attribute",
            `${e.type} has no attribute "${k}"`,
          );
        else if (typeof v === "number" || typeof v === "boolean" || typeof v === "string") extra[k] = v;
      }
    placements.push({
      at: `${String.fromCharCode(97 + e.x)}${e.y + 1}`,
      type,
      ...(owner >= 0 ? { owner } : {}),
      ...(Object.keys(extra).length > 0 ? { attributes: extra } : {}),
    });
  }
  const variables: Record<string, VariableDefinition> = {};
  for (const name of scope.stateVars.keys()) variables[name] = scope.variableOf(name) as VariableDefinition;
  const first = scope.seatOf(spec.state.get("current_player")?.default ?? scope.seats[0]);
  if (spec.state.has("current_player") && first < 0)
    f.error(
      "/state_schema/global/current_player/initial",
      "unknown-role",
      "the initial current_player is not player('<a role>')",
    );

  for (const [name, values] of scope.seatAttrs)
    if (values.length !== scope.seats.length)
      f.error("/players/roles", "seat-attribute", `attribute ${name} is missing on some roles`);
  for (const role of spec.roles)
    for (const [k, v] of Object.entries(role.attributes))
      if (typeof v !== "number" && typeof v !== "boolean")
        report.notCarried.push({
          pointer: at(role.pointer, "attributes", k),
          topic: k,
          text: "only numeric and true/false player attributes carry over.",
        });

  const stated = readEndConditions(json.value as Record<string, unknown>, scope, f);
  if (isRecord(json.value) && json.value.presentation !== undefined)
    report.notCarried.push({
      pointer: "/presentation",
      topic: "presentation",
      text: "the implementation's display profiles (ASCII letters per piece) are not read; theme.json draws the pieces from their kinds.",
    });
  if (f.failed) return { ok: false, diagnostics: f.list };
  report.readings.push(...SDGDL_READINGS);
  report.readings.push(
    stated === null
      ? {
          pointer: "",
          topic: "End of the game",
          text: "the file states no end_conditions (nor does the language's document); the game ends when the player to move has no legal action, and that player loses.",
        }
      : {
          pointer: "/end_conditions",
          topic: "End of the game",
          text: "the implementation does not evaluate end_conditions (observed: taking the last piece does not end its game); the import reads them as the file states them, each once per role for `player(p)`, checked after every action in order. get_all_legal_moves_for counts the legal actions of the player to move; another player's count is taken as not zero. When no condition holds and the player to move has no legal action, that player loses.",
        },
  );
  report.lacks.push(...lacksOf(new Set(kindNames.values()), facts));

  const game: MatchGame = {
    formatVersion: "0.1",
    seats: {
      min: spec.min,
      max: spec.max,
      names: scope.seats,
      ...(seatAttrs.size > 0 ? { attributes: Object.fromEntries(seatAttrs) } : {}),
    },
    board: { width: spec.width, height: spec.height },
    pieces,
    ...(Object.keys(scope.enums).length > 0 ? { enums: scope.enums } : {}),
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
    setup: { pieces: placements, ...(first > 0 ? { first } : {}) },
    moves,
    end: [
      ...(stated ?? []),
      {
        if: { eq: [{ legalMoves: {} }, 0] },
        result: { loser: { seat: "current" } },
        reason: "no action left",
      },
    ],
  };
  return assemblePack({
    title: spec.title,
    ...(spec.description ? { description: spec.description } : {}),
    game,
    theme: themeFor(scope.seats, kindNames),
    report,
    warnings: f.list.filter((d) => d.severity === "warning"),
  });
}
