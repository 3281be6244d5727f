import type { GameDefinition } from "../types/game.js";
import type { GameIndex, ParsedFile, Reporter } from "./context.js";
import { pointerOf } from "./diagnostics.js";
import { didYouMean, quote } from "./suggest.js";

/** Builds the lookup tables of a schema-valid game definition. */
export function indexGame(game: GameDefinition): GameIndex {
  const tags = new Set<string>();
  const kinds = new Map(Object.entries(game.entityKinds));
  for (const kind of kinds.values()) for (const t of kind.tags) tags.add(t);
  return {
    game,
    layers: new Map(game.layers.map((l) => [l.id, l])),
    kinds,
    actions: new Map(game.actions.map((a) => [a.id, a])),
    systems: new Map(game.systems.map((s) => [s.id, s])),
    tags,
  };
}

function checkUnique(
  report: Reporter,
  file: string,
  items: { id: string }[],
  field: string,
  what: string,
): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const first = seen.get(item.id);
    if (first !== undefined) {
      report.error(
        file,
        pointerOf(field, i, "id"),
        "duplicate-id",
        `${what} id ${quote(item.id)} is already used by ${field}[${first}]`,
      );
    } else {
      seen.set(item.id, i);
    }
  });
}

// Wide characters (emoji, CJK, full-width forms) take two terminal columns and break text grids.
const WIDE =
  /[\p{Emoji_Presentation}\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{M}]/u;

/** Checks game.json beyond its schema: unique ids, layers and symbols of kinds, sprite and symbol params, the level sequence. */
export function checkGame(file: ParsedFile<GameDefinition>, index: GameIndex, report: Reporter): void {
  const game = file.value;
  const path = file.path;
  checkUnique(report, path, game.layers, "layers", "layer");
  checkUnique(report, path, game.actions, "actions", "action");
  checkUnique(report, path, game.systems, "systems", "system");
  checkUnique(report, path, game.rules ?? [], "rules", "rule");

  game.layers.forEach((layer, i) => {
    if (layer.default === undefined) {
      if (layer.occupancy === "exactly_one" && !index.kinds.has("empty")) {
        report.error(
          path,
          pointerOf("layers", i),
          "layer-default",
          `layer ${quote(layer.id)} is exactly_one but declares no default and there is no "empty" kind to fall back on`,
        );
      }
      return;
    }
    if (layer.occupancy === "zero_or_one") {
      report.warn(
        path,
        pointerOf("layers", i, "default"),
        "layer-default",
        "a zero_or_one layer has no default kind; this field is ignored",
      );
    }
    const kind = index.kinds.get(layer.default);
    if (kind && kind.layer !== layer.id) {
      report.error(
        path,
        pointerOf("layers", i, "default"),
        "wrong-layer",
        `default kind ${quote(layer.default)} belongs to layer ${quote(kind.layer)}, not ${quote(layer.id)}`,
      );
    }
  });

  const symbols = new Map<string, string>();
  for (const [name, kind] of index.kinds) {
    const at = (...rest: (string | number)[]) => pointerOf("entityKinds", name, ...rest);
    const symbol = kind.symbol;
    const chars = [...symbol];
    if (symbol === "@") {
      report.error(
        path,
        at("symbol"),
        "symbol",
        `kind ${quote(name)} uses the symbol "@", which is reserved for the avatar`,
      );
    } else if (chars.length !== 1) {
      report.error(
        path,
        at("symbol"),
        "symbol",
        `symbol of ${quote(name)} must be exactly one character, found ${chars.length}`,
      );
    } else if (WIDE.test(symbol) || INVISIBLE.test(symbol) || symbol === " ") {
      report.error(
        path,
        at("symbol"),
        "symbol",
        `symbol ${quote(symbol)} of ${quote(name)} is not one visible, narrow character`,
        "use ASCII, box-drawing or math symbols; emoji and CJK take two columns in a terminal",
      );
    } else {
      const other = symbols.get(symbol);
      if (other !== undefined) {
        report.error(
          path,
          at("symbol"),
          "symbol",
          `symbol ${quote(symbol)} of ${quote(name)} is already used by ${quote(other)}`,
        );
      } else {
        symbols.set(symbol, name);
      }
    }
    // Kinds may leave their params undeclared; only a declared list can be checked against.
    const params = kind.params;
    if (kind.spriteParam !== undefined) {
      if (params && !Object.hasOwn(params, kind.spriteParam)) {
        report.warn(
          path,
          at("spriteParam"),
          "unknown-param",
          `spriteParam ${quote(kind.spriteParam)} is not a declared param of ${quote(name)}`,
        );
      }
      if (typeof kind.sprite !== "string" || !kind.sprite.includes(`{${kind.spriteParam}}`)) {
        report.error(
          path,
          at("sprite"),
          "sprite-param",
          `sprite must contain the placeholder {${kind.spriteParam}} when spriteParam is set`,
        );
      }
    }
    if (kind.symbolParam !== undefined && params && !Object.hasOwn(params, kind.symbolParam)) {
      report.warn(
        path,
        at("symbolParam"),
        "unknown-param",
        `symbolParam ${quote(kind.symbolParam)} is not a declared param of ${quote(name)}`,
      );
    }
  }

  game.systems.forEach((system, i) => {
    checkClaim(report, path, index, system.config, pointerOf("systems", i, "config", "claim"));
  });

  let levels = 0;
  const refs = new Map<string, number>();
  game.levelSequence.forEach((entry, i) => {
    if (entry.type === "story") {
      if (!entry.text && !entry.image) {
        report.error(
          path,
          pointerOf("levelSequence", i),
          "story-entry",
          "a story entry needs text, an image, or both",
        );
      }
      return;
    }
    levels++;
    const first = refs.get(entry.ref);
    if (first !== undefined) {
      report.error(
        path,
        pointerOf("levelSequence", i, "ref"),
        "duplicate-id",
        `level ${quote(entry.ref)} already appears at levelSequence[${first}]`,
      );
    } else {
      refs.set(entry.ref, i);
    }
  });
  if (levels === 0) {
    report.warn(
      path,
      "/levelSequence",
      "level-sequence",
      "the level sequence has no level, so the pack has nothing to play",
    );
  }
}

/**
 * Actor claims map actor kinds to territory kinds through object keys, which the schema cannot type
 * as references; check both sides here, and that a `tagged` overwrite policy names its tag.
 */
function checkClaim(report: Reporter, path: string, index: GameIndex, config: unknown, at: string): void {
  const claim = (config as { claim?: unknown } | undefined)?.claim;
  if (!claim || typeof claim !== "object") return;
  const { map, overwrite } = claim as {
    map?: Record<string, unknown>;
    overwrite?: { mode?: string; tag?: string };
  };
  for (const [actor, mark] of Object.entries(map ?? {})) {
    if (!index.kinds.has(actor)) {
      report.error(
        path,
        at + pointerOf("map", actor),
        "unknown-kind",
        `unknown entity kind ${quote(actor)}${didYouMean(actor, index.kinds.keys())}`,
      );
    }
    if (typeof mark === "string" && !index.kinds.has(mark)) {
      report.error(
        path,
        at + pointerOf("map", actor),
        "unknown-kind",
        `unknown entity kind ${quote(mark)}${didYouMean(mark, index.kinds.keys())}`,
      );
    }
  }
  if (overwrite?.mode === "tagged" && overwrite.tag === undefined) {
    report.error(
      path,
      `${at}/overwrite`,
      "claim-overwrite",
      'overwrite mode "tagged" needs the tag that marks repaintable cells',
    );
  }
}
