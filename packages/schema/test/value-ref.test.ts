import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CONDITION_KEYS,
  EFFECT_KEYS,
  EVENT_FIELDS,
  EVENT_TYPES,
  formatValueRef,
  parseValueRef,
  VALUE_REF_PATTERN,
} from "../src/types/rules/catalog.js";

/** The error message of a failed parse (fails the test when the parse succeeded). */
function errorOf(text: string): string {
  const result = parseValueRef(text);
  if (!("error" in result)) throw new Error(`expected ${text} to be rejected, got ${JSON.stringify(result)}`);
  return result.error;
}

describe("parseValueRef", () => {
  it("parses $event references", () => {
    expect(parseValueRef("$event.position")).toEqual({ source: "event", field: "position" });
    expect(parseValueRef("$event.fromPosition")).toEqual({ source: "event", field: "fromPosition" });
    expect(parseValueRef("$event.kind")).toEqual({ source: "event", field: "kind" });
  });

  it("parses $cell kind and parameter references", () => {
    expect(parseValueRef("$cell.objects.kind")).toEqual({ source: "cell", layer: "objects", field: "kind" });
    expect(parseValueRef("$cell.ground.param.channel")).toEqual({
      source: "cell",
      layer: "ground",
      field: "param",
      param: "channel",
    });
    // A layer may itself be called "kind" or "param".
    expect(parseValueRef("$cell.kind.kind")).toEqual({ source: "cell", layer: "kind", field: "kind" });
    expect(parseValueRef("$cell.my-layer_2.param.value")).toEqual({
      source: "cell",
      layer: "my-layer_2",
      field: "param",
      param: "value",
    });
  });

  it("parses $avatar references", () => {
    expect(parseValueRef("$avatar.position")).toEqual({ source: "avatar", field: "position" });
    expect(parseValueRef("$avatar.item")).toEqual({ source: "avatar", field: "item" });
  });

  it("rejects strings that are not references", () => {
    expect(errorOf("event.position")).toMatch(/start with "\$"/);
    expect(errorOf("")).toMatch(/start with "\$"/);
    expect(errorOf(" $event.position")).toMatch(/start with "\$"/);
    expect(errorOf("$")).toMatch(/alone/);
  });

  it("rejects malformed segments", () => {
    expect(errorOf("$event..position")).toMatch(/empty segment/);
    expect(errorOf("$event.")).toMatch(/empty segment/);
    expect(errorOf("$.event")).toMatch(/empty segment/);
    expect(errorOf("$event.po sition")).toMatch(/not a valid name/);
    expect(errorOf("$event.1st")).toMatch(/not a valid name/);
    expect(errorOf("$event.position ")).toMatch(/not a valid name/);
  });

  it("explains unknown sources, with a suggestion when one is close", () => {
    expect(errorOf("$evnt.position")).toMatch(/unknown source "evnt" \(did you mean \$event\?\)/);
    expect(errorOf("$cells.objects.kind")).toMatch(/did you mean \$cell\?/);
    expect(errorOf("$board.objects")).toMatch(/unknown source "board";/);
  });

  it("explains incomplete or overlong $event references", () => {
    expect(errorOf("$event")).toMatch(/names no payload field/);
    expect(errorOf("$event.params.value")).toMatch(/one top-level payload field.*\$event\.params/);
  });

  it("explains incomplete or wrong $cell references", () => {
    expect(errorOf("$cell")).toMatch(/names no layer/);
    expect(errorOf("$cell.objects")).toMatch(/names no field.*\$cell\.objects\.kind/);
    expect(errorOf("$cell.objects.param")).toMatch(/names no parameter/);
    expect(errorOf("$cell.objects.param.a.b")).toMatch(/single name/);
    expect(errorOf("$cell.objects.kind.extra")).toMatch(/nothing may follow "kind"/);
    // A bare parameter name is the most likely slip: point to the .param. form.
    expect(errorOf("$cell.objects.value")).toMatch(/write \$cell\.objects\.param\.value/);
    expect(errorOf("$cell.objects.kidn")).toMatch(/did you mean \$cell\.objects\.kind\?/);
  });

  it("explains wrong $avatar references", () => {
    expect(errorOf("$avatar")).toMatch(/names no field/);
    expect(errorOf("$avatar.items")).toMatch(/did you mean \$avatar\.item\?/);
    expect(errorOf("$avatar.pos")).toMatch(/did you mean \$avatar\.position\?/);
    expect(errorOf("$avatar.facing")).toMatch(/only \$avatar\.position and \$avatar\.item/);
    expect(errorOf("$avatar.position.x")).toMatch(/only \$avatar\.position and \$avatar\.item/);
  });

  it("accepts exactly what VALUE_REF_PATTERN accepts", () => {
    const samples = [
      "$event.position",
      "$event.a-b",
      "$event._x",
      "$event.9",
      "$event.a.b",
      "$cell.objects.kind",
      "$cell.objects.param.value",
      "$cell.objects.param",
      "$cell.objects.value",
      "$cell..kind",
      "$avatar.item",
      "$avatar.position",
      "$avatar.facing",
      "$avatars.item",
      "$",
      "$$event.position",
      "event.position",
      "$event.position\n",
    ];
    for (const s of samples) {
      expect({ s, ok: !("error" in parseValueRef(s)) }).toEqual({ s, ok: VALUE_REF_PATTERN.test(s) });
    }
  });

  it("round-trips through formatValueRef", () => {
    for (const s of ["$event.toPosition", "$cell.ground.kind", "$cell.objects.param.sides", "$avatar.item"]) {
      const parsed = parseValueRef(s);
      if ("error" in parsed) throw new Error(parsed.error);
      expect(formatValueRef(parsed)).toBe(s);
    }
  });

  it("uses the same grammar as the @pattern of the ValueRef type", () => {
    const source = readFileSync(new URL("../src/types/rules/value-ref.ts", import.meta.url), "utf8");
    const tag = /@pattern (\S+)/.exec(source);
    expect(tag?.[1]).toBe(VALUE_REF_PATTERN.source);
  });
});

describe("rule catalogs", () => {
  it("lists each event type, condition key and effect key once", () => {
    for (const list of [EVENT_TYPES, CONDITION_KEYS, EFFECT_KEYS]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it("has a payload field list for every event type", () => {
    expect(Object.keys(EVENT_FIELDS).sort()).toEqual([...EVENT_TYPES].sort());
    expect(EVENT_FIELDS.move_blocked).toContain("blockerKind");
  });
});
