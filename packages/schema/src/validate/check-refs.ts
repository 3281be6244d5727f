import type { LevelDefinition } from "../types/level.js";
import { parseValueRef } from "../types/rules/catalog.js";
import type { AssetResolver } from "./check-assets.js";
import { checkAssetRef } from "./check-assets.js";
import type { GameIndex, Reporter } from "./context.js";
import type { FoundRef } from "./schema-check.js";
import { didYouMean, quote } from "./suggest.js";

/** What references in one file are resolved against. */
export interface RefScope {
  file: string;
  index: GameIndex;
  resolver: AssetResolver;
  /** The level the file defines, when it is a level file. */
  level?: LevelDefinition;
  /** Every level of the pack, for references in game-wide files that only some level defines. */
  levels: LevelDefinition[];
  /** Level ids that have a file. */
  levelFiles: Set<string>;
}

const NOUN: Record<string, string> = {
  layer: "layer",
  kind: "entity kind",
  action: "action",
  system: "system",
};

/** Resolves every reference the schema pass found in a file. */
export function checkRefs(refs: readonly FoundRef[], scope: RefScope, report: Reporter): void {
  const { file, index, level } = scope;
  for (const ref of refs) {
    const { value, pointer } = ref;
    switch (ref.kind) {
      case "layer":
      case "kind":
      case "action":
      case "system": {
        const table = {
          layer: index.layers,
          kind: index.kinds,
          action: index.actions,
          system: index.systems,
        }[ref.kind];
        if (!table.has(value)) {
          report.error(
            file,
            pointer,
            `unknown-${ref.kind}`,
            `unknown ${NOUN[ref.kind]} ${quote(value)}${didYouMean(value, table.keys())}`,
          );
        }
        break;
      }
      case "tag":
        if (!index.tags.has(value)) {
          report.warn(
            file,
            pointer,
            "unknown-tag",
            `no entity kind has the tag ${quote(value)}${didYouMean(value, index.tags)}`,
          );
        }
        break;
      case "variable": {
        const declared = (l: LevelDefinition) => Object.hasOwn(l.state.variables ?? {}, value);
        const found = level ? declared(level) : scope.levels.some(declared);
        if (!found && scope.levels.length > 0) {
          report.warn(
            file,
            pointer,
            "unknown-variable",
            `variable ${quote(value)} is not declared in ${level ? "this level's" : "any level's"} state.variables`,
            "declare it with an initial value so goals and rules start from a known state",
          );
        }
        break;
      }
      case "emitter": {
        const ids = (l: LevelDefinition) => (l.board.multiCellObjects ?? []).map((o) => o.id);
        if (level) {
          if (!ids(level).includes(value)) {
            report.error(
              file,
              pointer,
              "unknown-emitter",
              `unknown multi-cell object ${quote(value)}${didYouMean(value, ids(level))}`,
            );
          }
        } else if (scope.levels.length > 0 && !scope.levels.some((l) => ids(l).includes(value))) {
          report.warn(file, pointer, "unknown-emitter", `no level has a multi-cell object ${quote(value)}`);
        }
        break;
      }
      case "goal":
        if (level && !level.goals.some((g) => g.id === value)) {
          report.error(
            file,
            pointer,
            "unknown-goal",
            `unknown goal ${quote(value)}${didYouMean(
              value,
              level.goals.map((g) => g.id),
            )}`,
          );
        }
        break;
      case "level":
        if (!scope.levelFiles.has(value)) {
          report.error(
            file,
            pointer,
            "unknown-level",
            `no level file for ${quote(value)}${didYouMean(value, scope.levelFiles)}`,
          );
        }
        break;
      case "asset":
        checkAssetRef(report, scope.resolver, file, pointer, value);
        break;
      case "value-ref": {
        const parsed = parseValueRef(value);
        if ("error" in parsed) {
          report.error(
            file,
            pointer,
            "value-ref",
            `invalid value reference ${quote(value)}: ${parsed.error}`,
          );
        } else if (parsed.source === "cell" && !index.layers.has(parsed.layer)) {
          report.error(
            file,
            pointer,
            "unknown-layer",
            `value reference ${quote(value)} reads the unknown layer ${quote(parsed.layer)}${didYouMean(parsed.layer, index.layers.keys())}`,
          );
        }
        break;
      }
    }
  }
}
