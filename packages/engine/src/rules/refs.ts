import { parseValueRef } from "@gridponder/schema";
import { isPos } from "../board/geometry.js";
import type { Pack, ValueReader } from "../contract/runtime.js";

const cache = new Map<string, ValueReader | null>();

/**
 * Compiles a literal-or-`$`-reference into a reader. References are read when the effect runs, against
 * the state at that moment (so an earlier effect of the same rule can change what a later one sees).
 */
export function compileValue(pack: Pack, value: unknown): ValueReader {
  if (typeof value !== "string" || !value.startsWith("$")) return () => value;
  const key = value;
  const cached = cache.get(key);
  if (cached) return cached;
  const parsed = parseValueRef(value);
  if ("error" in parsed) throw new Error(`invalid value reference ${JSON.stringify(value)}: ${parsed.error}`);
  let reader: ValueReader;
  switch (parsed.source) {
    case "event": {
      const field = parsed.field;
      reader = (_draft, event) => (event && Object.hasOwn(event, field) ? event[field] : undefined);
      break;
    }
    case "cell": {
      const layer = pack.layerIndex.get(parsed.layer) ?? -1;
      const field = parsed.field;
      const paramKey = "param" in parsed ? (parsed as { param: string }).param : undefined;
      reader = (draft, event) => {
        const p = event?.position;
        if (!isPos(p) || layer < 0) return undefined;
        const entity = draft.get(layer, p[0], p[1]);
        if (!entity) return undefined;
        if (field === "kind") return entity.kind;
        return paramKey !== undefined && entity.params && Object.hasOwn(entity.params, paramKey)
          ? entity.params[paramKey]
          : undefined;
      };
      break;
    }
    case "avatar": {
      const field = parsed.field;
      reader = (draft) => {
        const a = draft.avatar;
        if (field === "position") return a.enabled && a.position ? a.position : undefined;
        return a.item ?? undefined;
      };
      break;
    }
  }
  // Readers of `$cell` depend on the pack's layer table, so only pack-independent ones are shared.
  if (parsed.source !== "cell") cache.set(key, reader);
  return reader;
}
