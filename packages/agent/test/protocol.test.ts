import { describe, expect, it } from "vitest";
import { MAX_LINE_CHARS, MAX_REASON_CHARS, parseRequest, REQUEST_TYPES } from "../src/protocol.js";

describe("parseRequest", () => {
  it("reads every request type, keeping its id", () => {
    for (const type of REQUEST_TYPES) {
      const extra = type === "act" ? { action: "up" } : {};
      const parsed = parseRequest(JSON.stringify({ type, id: `r-${type}`, ...extra }));
      expect(parsed, type).toMatchObject({ ok: true, request: { type, id: `r-${type}` } });
    }
  });

  it("keeps the fields each request takes, and only those", () => {
    expect(parseRequest('{"type":"start","level":"lc02"}')).toEqual({
      ok: true,
      request: { type: "start", level: "lc02" },
    });
    expect(parseRequest('{"type":"observe","form":"json","id":7}')).toEqual({
      ok: true,
      request: { type: "observe", id: 7, form: "json" },
    });
    expect(
      parseRequest('{"type":"act","action":{"action":"move","direction":"up"},"reason":" a\\nb "}'),
    ).toEqual({
      ok: true,
      request: { type: "act", action: { action: "move", direction: "up" }, reason: "a b" },
    });
    expect(parseRequest('{"type":"undo","extra":1}')).toEqual({ ok: true, request: { type: "undo" } });
  });

  it("cuts a long reason to one bounded line", () => {
    const parsed = parseRequest(JSON.stringify({ type: "act", action: "up", reason: "x".repeat(5000) }));
    if (!parsed.ok || parsed.request.type !== "act") throw new Error("not an act");
    expect(parsed.request.reason?.length).toBe(MAX_REASON_CHARS);
  });

  it.each([
    ["not json", "invalid_json"],
    ["", "invalid_json"],
    ["[1,2]", "not_an_object"],
    ["null", "not_an_object"],
    ['"observe"', "not_an_object"],
    ["{}", "unknown_request"],
    ['{"type":"fly"}', "unknown_request"],
    ['{"type":42}', "unknown_request"],
    ['{"type":"start","level":3}', "invalid_request"],
    ['{"type":"observe","form":"png"}', "invalid_request"],
    ['{"type":"act"}', "invalid_request"],
    ['{"type":"act","action":"up","reason":{}}', "invalid_request"],
    ['{"type":"levels","id":{"a":1}}', "invalid_request"],
  ])("refuses %j as %s, with a message", (line, code) => {
    const parsed = parseRequest(line);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.message.length).toBeGreaterThan(10);
  });

  it("echoes the id of a request it refuses, when it could read one", () => {
    expect(parseRequest('{"type":"fly","id":"q1"}')).toMatchObject({ ok: false, id: "q1" });
    expect(parseRequest("not json")).toMatchObject({ ok: false, id: null });
  });

  it("refuses an overlong line without parsing it", () => {
    const line = JSON.stringify({ type: "observe", pad: "x".repeat(MAX_LINE_CHARS) });
    expect(parseRequest(line)).toMatchObject({ ok: false, error: { code: "line_too_long" } });
  });

  it("never throws, whatever the line", () => {
    const lines = [
      '{"type":"act","action":',
      "\u0000",
      '{"__proto__":{"type":"levels"}}',
      "1e999",
      "{".repeat(10_000),
    ];
    for (const line of lines) expect(() => parseRequest(line)).not.toThrow();
    expect(parseRequest('{"__proto__":{"type":"levels"}}').ok).toBe(false);
  });
});
