/**
 * What an agent sees of a level: the board as text (the view model's text renderer, with a legend)
 * or as structured JSON, both with the goals and their progress, the move count and limit, what the
 * avatar holds and the level's shown variables. Cells are `[x, y]`: x the column from the left,
 * y the row from the top, both from 0.
 * @module
 */
import type { Session } from "@gridponder/engine";
import type { JsonValue } from "@gridponder/schema";
import {
  actionLimit,
  buildHud,
  buildScene,
  goalText,
  type Scene,
  sceneText,
  type ViewContext,
} from "@gridponder/view";
import type { ObservationForm } from "./protocol.js";

export type LevelStatus = "playing" | "won" | "lost";

export interface GoalObservation {
  readonly id: string;
  readonly text: string;
  readonly done: boolean;
  /** 0 to 1. */
  readonly progress: number;
}

export interface EntityObservation {
  readonly kind: string;
  /** The name a player reads. */
  readonly name: string;
  readonly layer: string;
  readonly cell: readonly [number, number];
  /** Every cell it covers, for objects larger than one cell. */
  readonly cells?: readonly (readonly [number, number])[];
  readonly params?: Readonly<Record<string, JsonValue>>;
  readonly tags: readonly string[];
}

/** The structured observation. */
export interface JsonObservation {
  readonly level: string;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly status: LevelStatus;
  readonly moves: number;
  /** The move limit, or `null` without one. */
  readonly maxMoves: number | null;
  readonly avatar: {
    readonly cell: readonly [number, number];
    readonly facing: string;
    /** The kind of what it carries, or `null`. */
    readonly holding: string | null;
  } | null;
  /** What stands on the board, ground included, in layer order. */
  readonly entities: readonly EntityObservation[];
  readonly goals: readonly GoalObservation[];
  readonly variables: readonly { readonly name: string; readonly label: string; readonly value: string }[];
  /** Why the level was lost, for players, or `null`. */
  readonly lost: string | null;
}

export type Observation =
  | { readonly form: "text"; readonly text: string }
  | { readonly form: "json"; readonly data: JsonObservation }
  | {
      readonly form: "image";
      readonly mimeType: "image/png";
      /** The PNG, base64-encoded. */
      readonly data: string;
      readonly width: number;
      readonly height: number;
      /** What the picture cannot say: status, moves, goals and their progress, as text. */
      readonly caption: string;
    };

/** Draws a scene as a PNG (base64) of the given size: how a host gives sessions image observations. */
export type ImageRenderer = (scene: Scene) => {
  readonly data: string;
  readonly width: number;
  readonly height: number;
};

export function statusOf(session: Session): LevelStatus {
  return session.won ? "won" : session.lost ? "lost" : "playing";
}

/** Goals with progress, whether or not the game shows them to players. */
export function goalsOf(ctx: ViewContext, session: Session): GoalObservation[] {
  const progress = new Map(session.goalProgress().map((g) => [g.id, g]));
  return session.level.goals.map((g) => {
    const status = progress.get(g.id);
    return {
      id: g.id,
      text: goalText(ctx, g),
      done: status?.done ?? false,
      progress: Math.round(Math.min(1, Math.max(0, status?.progress ?? 0)) * 1000) / 1000,
    };
  });
}

/**
 * `status` overrides the session's own (an attempt the agent gave up is lost); `scene` is the
 * session's current scene when the caller has built it already.
 */
export function jsonObservation(
  ctx: ViewContext,
  session: Session,
  status: LevelStatus = statusOf(session),
  plain = false,
  scene: Scene = buildScene(ctx, session.level, session.state),
): JsonObservation {
  const hud = buildHud(ctx, session);
  const avatar = scene.avatar?.enabled ? scene.avatar : null;
  const entities: EntityObservation[] = scene.pieces
    .filter((p) => p.role !== "avatar")
    .map((p) => ({
      kind: p.kind,
      name: p.name,
      layer: p.layer,
      cell: p.cell,
      ...(p.cells.length > 1 ? { cells: p.cells } : {}),
      ...(Object.keys(p.params).length > 0 ? { params: p.params } : {}),
      tags: p.tags,
    }));
  return {
    level: session.level.id,
    // Plain (anonymised) observations carry no prose: the level's id stands for its title.
    title: plain ? session.level.id : hud.title,
    width: scene.width,
    height: scene.height,
    status,
    moves: session.actionCount,
    maxMoves: actionLimit(ctx.pack, session.level),
    avatar: avatar
      ? { cell: avatar.piece.cell, facing: avatar.facing, holding: avatar.item?.kind ?? null }
      : null,
    entities,
    goals: goalsOf(ctx, session),
    variables: hud.variables,
    lost: hud.loseText,
  };
}

function percent(progress: number): string {
  return `${Math.round(progress * 100)}%`;
}

/** The level, its moves and its status, as the text observation and an image's caption begin. */
function headerLines(data: JsonObservation): string[] {
  return [
    `Level ${data.level}: ${data.title}`,
    `Moves: ${data.moves}${data.maxMoves === null ? "" : ` of at most ${data.maxMoves}`}`,
    `Status: ${data.status}${data.lost ? ` (${data.lost})` : ""}`,
  ];
}

function goalLines(data: JsonObservation): string[] {
  return data.goals.map((g) => `- [${g.done ? "x" : " "}] ${g.text} (${percent(g.progress)})`);
}

export function textObservation(
  ctx: ViewContext,
  session: Session,
  status: LevelStatus = statusOf(session),
  plain = false,
): string {
  const scene = buildScene(ctx, session.level, session.state);
  const data = jsonObservation(ctx, session, status, plain, scene);
  const lines = [
    ...headerLines(data),
    "",
    `Board (${data.width} columns x ${data.height} rows; x counts columns from the left, y rows from the top, from 0):`,
    sceneText(ctx, scene, { legend: true, blank: "." }),
  ];
  if (data.avatar)
    lines.push(
      "",
      `Avatar at [${data.avatar.cell.join(", ")}], facing ${data.avatar.facing}` +
        (data.avatar.holding ? `, holding ${data.avatar.holding}` : ""),
    );
  if (data.goals.length > 0) lines.push("", "Goals:", ...goalLines(data));
  if (data.variables.length > 0) {
    lines.push("", "Counters:");
    for (const v of data.variables) lines.push(`- ${v.label}: ${v.value}`);
  }
  return lines.join("\n");
}

/** The lines of the text observation that are not the board: for an image's caption. */
function captionOf(data: JsonObservation): string {
  return [...headerLines(data), ...goalLines(data)].join("\n");
}

/**
 * The observation in `form`. An image needs a renderer (`@gridponder/agent/node`'s `pngRenderer`);
 * without one, `image` is refused by the session before it gets here.
 */
export function observe(
  ctx: ViewContext,
  session: Session,
  form: ObservationForm,
  status: LevelStatus = statusOf(session),
  image?: ImageRenderer,
  plain = false,
): Observation {
  if (form === "text") return { form, text: textObservation(ctx, session, status, plain) };
  const scene = buildScene(ctx, session.level, session.state);
  const data = jsonObservation(ctx, session, status, plain, scene);
  if (form === "json" || !image) return { form: "json", data };
  const png = image(scene);
  return { form, mimeType: "image/png", ...png, caption: captionOf(data) };
}
