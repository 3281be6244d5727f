/**
 * Paths into an entity's attributes (`relativePath`, the tail of a `contextPath`): `player` is a piece's
 * owner or a container's or record's seat, a space's `entities[0]` is the piece on it, and any other
 * name is a state attribute (a piece attribute, or a record's seat variable).
 * @module
 */
import { at } from "../../findings.js";
import type { Tr } from "../api.js";
import { seatNumber } from "../context.js";
import { pieceAt } from "../exprs.js";
import type { Subject, Val } from "../model.js";

const WRAPPERS = new Set(["rule", "attributes", "state"]);

/** The value at `path` below a subject. */
export function prop(tr: Tr, s: Subject, path: readonly unknown[], pointer: string): Val | undefined {
  const cx = tr.cx;
  let i = 0;
  while (i < path.length && typeof path[i] === "string" && WRAPPERS.has(path[i] as string)) i++;
  if (i >= path.length) return { kind: "subject", s };
  const key = path[i];
  const rest = path.slice(i + 1);
  const done = (v: Val): Val | undefined => {
    if (rest.length === 0) return v;
    if (v.kind === "subject") return prop(tr, v.s, rest, pointer);
    cx.unsupported(pointer, `the path ${JSON.stringify(path)}`, "it goes below a plain value");
    return undefined;
  };
  if (s.kind === "cell") {
    if (key === "entities" && (rest[0] === 0 || rest[0] === "0")) {
      const inner = rest.slice(1);
      const piece: Subject = { kind: "piece", piece: pieceAt(s.cell) };
      return inner.length === 0 ? { kind: "subject", s: piece } : prop(tr, piece, inner, pointer);
    }
  } else if (s.kind === "piece") {
    if (key === "player") return done({ kind: "num", e: { attr: "owner", of: s.piece } });
    if (typeof key === "string" && [...cx.types.values()].some((t) => t.attrs.has(key)))
      return done({ kind: "num", e: { attr: key, of: s.piece } });
  } else if (s.kind === "record") {
    if (key === "player") return done({ kind: "num", e: s.seat });
    const record = cx.records.get(s.entity);
    const p = typeof key === "string" && record?.props.has(key) ? record.props.get(key) : undefined;
    if (p !== undefined) return done({ kind: "num", e: { seatVar: p.variable, seat: s.seat } });
  } else if (s.kind === "zone") {
    if (key === "player" && s.seat !== undefined) return done({ kind: "num", e: s.seat });
  } else if (s.kind === "seat") {
    const n = seatNumber(key);
    if (n === undefined && key === "length") return done({ kind: "num", e: { seatCount: {} } });
  }
  cx.error(
    at(pointer, "path"),
    "unknown-property",
    `no property ${JSON.stringify(key)} on ${describeSubject(s)} along the path ${JSON.stringify(path).slice(0, 120)}`,
  );
  return undefined;
}

export function describeSubject(s: Subject): string {
  switch (s.kind) {
    case "cell":
      return "a space of the grid";
    case "grid":
      return "the grid";
    case "piece":
      return "a piece";
    case "zone":
      return `the container "${s.zone}"`;
    case "record":
      return `the record "${s.entity}"`;
    case "seat":
      return "a player";
  }
}
