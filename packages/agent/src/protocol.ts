/**
 * The session protocol's messages: one JSON object per line each way. A request names its `type`
 * and may carry an `id`, which the response echoes so a client can match them up. Parsing never
 * throws: a line that is not a request becomes a structured error for the client.
 * @module
 */

/** What a client may send. */
export const REQUEST_TYPES = [
  "levels",
  "start",
  "observe",
  "legal_actions",
  "act",
  "undo",
  "reset",
  "give_up",
] as const;

export type RequestType = (typeof REQUEST_TYPES)[number];

/** Echoed in the response; any JSON scalar the client chooses. */
export type RequestId = string | number | null;

/** How the board is described to the agent. */
export type ObservationForm = "text" | "json" | "image";
export const OBSERVATION_FORMS: readonly ObservationForm[] = ["text", "json", "image"];

export type Request =
  | { readonly type: "levels"; readonly id?: RequestId }
  | { readonly type: "start"; readonly id?: RequestId; readonly level?: string }
  | { readonly type: "observe"; readonly id?: RequestId; readonly form?: ObservationForm }
  | { readonly type: "legal_actions"; readonly id?: RequestId }
  | {
      readonly type: "act";
      readonly id?: RequestId;
      /** An action object (`{"action":"move","direction":"up"}`) or a shorthand (`"up"`). */
      readonly action: unknown;
      /** One line on why, kept in the transcript. */
      readonly reason?: string;
    }
  | { readonly type: "undo"; readonly id?: RequestId }
  | { readonly type: "reset"; readonly id?: RequestId }
  | { readonly type: "give_up"; readonly id?: RequestId };

export type ErrorCode =
  | "invalid_json"
  | "not_an_object"
  | "unknown_request"
  | "invalid_request"
  | "line_too_long"
  | "unknown_level";

export interface ProtocolError {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Parsed =
  | { readonly ok: true; readonly request: Request }
  | { readonly ok: false; readonly id: RequestId; readonly error: ProtocolError };

/** Longer lines are refused unread: no request needs more, and a runaway client must not exhaust memory. */
export const MAX_LINE_CHARS = 64 * 1024;
/** A reason longer than this is cut, so a transcript stays readable. */
export const MAX_REASON_CHARS = 500;

function failure(code: ErrorCode, message: string, id: RequestId = null): Parsed {
  return { ok: false, id, error: { code, message } };
}

function idOf(value: unknown): RequestId | undefined {
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  return undefined;
}

/** One request line, parsed and checked; never throws. */
export function parseRequest(line: string): Parsed {
  if (line.length > MAX_LINE_CHARS)
    return failure("line_too_long", `a request line has at most ${MAX_LINE_CHARS} characters`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return failure("invalid_json", "the line is not JSON: send one JSON object per line");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return failure("not_an_object", 'a request is a JSON object with a "type", like {"type":"observe"}');
  const raw = value as Record<string, unknown>;
  const rawId = Object.hasOwn(raw, "id") ? raw.id : undefined;
  const id = idOf(rawId);
  if (rawId !== undefined && id === undefined)
    return failure("invalid_request", '"id" is a string, a number or null');
  const type = raw.type;
  if (typeof type !== "string" || !(REQUEST_TYPES as readonly string[]).includes(type))
    return failure(
      "unknown_request",
      `unknown request type ${JSON.stringify(type ?? null)}; known: ${REQUEST_TYPES.join(", ")}`,
      id ?? null,
    );
  const withId = id === undefined ? {} : { id };
  switch (type as RequestType) {
    case "start": {
      if (raw.level !== undefined && typeof raw.level !== "string")
        return failure("invalid_request", '"level" is a level id (a string)', id ?? null);
      return {
        ok: true,
        request: {
          type: "start",
          ...withId,
          ...(raw.level === undefined ? {} : { level: raw.level as string }),
        },
      };
    }
    case "observe": {
      if (raw.form !== undefined && !(OBSERVATION_FORMS as readonly unknown[]).includes(raw.form))
        return failure("invalid_request", `"form" is one of ${OBSERVATION_FORMS.join(", ")}`, id ?? null);
      return {
        ok: true,
        request: {
          type: "observe",
          ...withId,
          ...(raw.form === undefined ? {} : { form: raw.form as ObservationForm }),
        },
      };
    }
    case "act": {
      if (!Object.hasOwn(raw, "action"))
        return failure("invalid_request", 'an act request carries an "action"', id ?? null);
      if (raw.reason !== undefined && typeof raw.reason !== "string")
        return failure("invalid_request", '"reason" is one line of text', id ?? null);
      const reason = typeof raw.reason === "string" ? oneLine(raw.reason) : undefined;
      return {
        ok: true,
        request: { type: "act", ...withId, action: raw.action, ...(reason === undefined ? {} : { reason }) },
      };
    }
    default:
      return {
        ok: true,
        request: { type: type as Exclude<RequestType, "start" | "observe" | "act">, ...withId },
      };
  }
}

/** A reason as one line of bounded length. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_REASON_CHARS ? `${flat.slice(0, MAX_REASON_CHARS - 1)}…` : flat;
}
