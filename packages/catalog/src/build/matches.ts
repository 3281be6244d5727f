/**
 * Match packs (board and card games for several seats, `"format": "match"`) in a catalog: each is
 * validated with `@gridponder/match`'s validator, published as one content-hashed file (the
 * `WebMatchPack` `<gridponder-match>` loads) and listed with its positions: the game's own start, then
 * the pack's levels, each with a static picture of its start.
 * @module
 */
import {
  type CompiledGame,
  compileGame,
  type MatchGame,
  type MatchLevel,
  type MatchManifest,
  MatchSession,
  type MatchTheme,
  type Setup,
} from "@gridponder/match";
import { loadMatchPackFolder } from "@gridponder/match/node";
import { MATCH_PACK_FORMAT, type WebMatchPack } from "@gridponder/player/match";
import { escapeXml, sceneToSvg } from "@gridponder/renderer-svg";
import type { Diagnostic } from "@gridponder/schema";
import { matchLook, matchScene, matchTable, type TableZone } from "@gridponder/view/match";
import type { CatalogMatchPosition } from "./catalog-types.ts";
import { locate } from "./compile.ts";
import { contentHash } from "./hash.ts";
import { uniqueSlugs } from "./slugs.ts";

/** The slug of the standard game's play page; no level takes it. */
export const STANDARD_POSITION = "play";

/** A validated match pack, serialised for the web. */
export interface MatchEntry {
  readonly dir: string;
  readonly manifest: MatchManifest;
  readonly game: MatchGame;
  readonly theme: MatchTheme | undefined;
  /** By id, in the manifest's order. */
  readonly levels: Readonly<Record<string, MatchLevel>>;
  /** The `WebMatchPack` as published: what is hashed is what gets published. */
  readonly json: string;
  readonly hash: string;
  /** Warnings, with pack-relative file names. */
  readonly warnings: readonly Diagnostic[];
}

export type MatchOutcome =
  | { readonly ok: true; readonly entry: MatchEntry }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** A JSON object without its `$schema` (a path in the author's checkout, of no use to a page). */
function withoutSchema<T extends object>(value: T): T {
  const { $schema: _, ...rest } = value as T & { $schema?: unknown };
  return rest as T;
}

/**
 * Validates one match pack folder (manifest, game compiled for every seat count, theme, the levels its
 * manifest lists) and serialises it. Diagnostics name files with the pack folder, as puzzle packs' do.
 */
export async function loadMatchEntry(dir: string): Promise<MatchOutcome> {
  const result = await loadMatchPackFolder(dir);
  const { manifest, game } = result;
  if (!result.ok || !manifest || !game) {
    const diagnostics = result.diagnostics.some((d) => d.severity === "error")
      ? result.diagnostics
      : [
          ...result.diagnostics,
          {
            file: "manifest.json",
            pointer: "",
            severity: "error" as const,
            code: "match-invalid",
            message: "the match pack could not be read",
          },
        ];
    return { ok: false, diagnostics: locate(dir, diagnostics) };
  }
  const levels: Record<string, MatchLevel> = {};
  for (const [id, level] of Object.entries(result.levels ?? {})) levels[id] = withoutSchema(level);
  const theme = result.theme ? withoutSchema(result.theme) : undefined;
  const pack: WebMatchPack = {
    format: MATCH_PACK_FORMAT,
    manifest: withoutSchema(manifest),
    game: withoutSchema(game),
    ...(theme ? { theme } : {}),
    levels,
  };
  const json = JSON.stringify(pack);
  return {
    ok: true,
    entry: {
      dir,
      manifest: pack.manifest,
      game: pack.game,
      theme,
      levels,
      json,
      hash: contentHash([json]),
      warnings: result.diagnostics.filter((d) => d.severity !== "error"),
    },
  };
}

/** The seat names of a game (its own, else "Seat 1"…), for its most seats. */
export function seatNames(game: MatchGame): string[] {
  return Array.from({ length: game.seats.max }, (_, i) => game.seats.names?.[i] ?? `Seat ${i + 1}`);
}

/** Whether the game hides pieces from some seat (a zone that is not public). */
export function hidesInformation(entry: MatchEntry, seats = entry.game.seats.min): boolean {
  const compiled = compileGame(entry.game, seats, entry.game.setup);
  return compiled.ok ? compiled.game.hidesInformation : false;
}

/**
 * The places to start the game from: the game's own setup (`play`), then each level in the manifest's
 * order, with a picture of the start as a spectator sees it (no hidden card).
 */
export function matchPositions(entry: MatchEntry): CatalogMatchPosition[] {
  const ids = Object.keys(entry.levels);
  const slugs = uniqueSlugs(ids, "position", [STANDARD_POSITION]);
  const standard: CatalogMatchPosition = {
    id: null,
    slug: STANDARD_POSITION,
    title: "Standard game",
    description: null,
    seatCount: null,
    previewSvg: previewSvg(entry, entry.game.seats.min, entry.game.setup, entry.manifest.title),
  };
  return [
    standard,
    ...ids.map((id, i): CatalogMatchPosition => {
      const level = entry.levels[id] as MatchLevel;
      const seats = level.seatCount ?? entry.game.seats.min;
      return {
        id,
        slug: slugs[i] ?? id,
        title: level.title,
        description: level.description ?? null,
        seatCount: level.seatCount ?? null,
        previewSvg: previewSvg(entry, seats, level.setup ?? entry.game.setup, level.title),
      };
    }),
  ];
}

/** The start of a game for `seats` seats from `setup` (seed 1), drawn as SVG: its board, else its table. */
function previewSvg(entry: MatchEntry, seats: number, setup: Setup, title: string): string {
  const compiled = compileGame(entry.game, seats, setup);
  if (!compiled.ok) return "";
  const session = new MatchSession(compiled.game, compiled.setup, { seed: 1 });
  const observation = session.observe(null);
  const look = matchLook(compiled.game, entry.theme);
  const scene = matchScene(observation, look);
  const label = `${title}: the start position`;
  if (scene) return sceneToSvg(scene, { title: label });
  return tableSvg(compiled.game, matchTable(compiled.game, look, observation), label);
}

// ---- the table of a game without a board

const CARD_W = 36;
const CARD_H = 50;
const GAP = 14;
const BACKGROUND = "#1b1d24";
const FACE = "#fbf8ef";
const BACK = "#2f4f86";
const BACK_LINE = "#7d9bd0";
const LABEL = "#c8cad2";

function hex(value: string | null, fallback: string): string {
  return value !== null && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback;
}

/** One card at (x, y): its face (text in its colour) or its back. */
function card(x: number, y: number, face: { text: string; color: string | null } | null): string {
  const frame = `<rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4"`;
  if (face === null)
    return (
      `${frame} fill="${BACK}" stroke="#18294a"/>` +
      `<rect x="${x + 4}" y="${y + 4}" width="${CARD_W - 8}" height="${CARD_H - 8}" rx="2" fill="none" stroke="${BACK_LINE}" stroke-width="1.5"/>`
    );
  const text = escapeXml(Array.from(face.text).slice(0, 4).join(""));
  return (
    `${frame} fill="${FACE}" stroke="#c9c2b0"/>` +
    `<text x="${x + CARD_W / 2}" y="${y + CARD_H / 2}" fill="${hex(face.color, "#1d1d1f")}" font-size="15" font-weight="700" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif">${text}</text>`
  );
}

/** Roughly how wide a label of `text` is at font size 11 (the preview is scaled to fit, so only its shape matters). */
function labelWidth(text: string): number {
  return Array.from(text).length * 6.2;
}

/** A zone: a fan of a hand's cards, or a stack with its top card and a few edges under it; its label beside. */
function zone(
  z: TableZone,
  x: number,
  y: number,
  seatNames: readonly string[],
): { svg: string; width: number } {
  const shown = z.kind === "stack" ? z.cards.slice(-1) : z.cards.slice(0, 8);
  const step = z.kind === "stack" ? 0 : 22;
  const under = z.kind === "stack" ? Math.min(3, Math.max(0, z.count - 1)) : 0;
  const parts: string[] = [];
  for (let i = under; i > 0; i--) parts.push(card(x + i * 2.5, y - i * 2.5, null));
  shown.forEach((c, i) => {
    parts.push(card(x + i * step, y, c.id === null ? null : { text: c.text, color: c.color }));
  });
  if (z.count === 0)
    parts.push(
      `<rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4" fill="none" stroke="${LABEL}" stroke-dasharray="4 3" opacity="0.5"/>`,
    );
  const cards = Math.max(CARD_W, CARD_W + step * Math.max(0, shown.length - 1) + under * 2.5);
  const owner = z.seat === null ? "" : `${seatNames[z.seat] ?? `Seat ${z.seat + 1}`}: `;
  const text = `${owner}${z.label} (${z.count})`;
  parts.push(
    `<text x="${x + cards + 8}" y="${y + CARD_H / 2}" fill="${LABEL}" font-size="11" dominant-baseline="central" font-family="system-ui, sans-serif">${escapeXml(text)}</text>`,
  );
  return { svg: parts.join(""), width: cards + 8 + labelWidth(text) };
}

/**
 * A card game's table as SVG: the other seats' hands at the top (two to a row), the shared zones in
 * the middle, seat 1's hand at the bottom, face-down cards as backs. Pack text (zone labels, card
 * faces) is escaped.
 */
export function tableSvg(game: CompiledGame, zones: readonly TableZone[], title: string): string {
  const others = zones.filter((z) => z.seat !== null && z.seat !== 0);
  const rows: TableZone[][] = [];
  for (let i = 0; i < others.length; i += 2) rows.push(others.slice(i, i + 2));
  rows.push(zones.filter((z) => z.seat === null));
  rows.push(zones.filter((z) => z.seat === 0));
  const laid = rows
    .filter((row) => row.length > 0)
    .map((row) => {
      let x = 0;
      const parts: string[] = [];
      for (const z of row) {
        const drawn = zone(z, x, 0, game.seatNames);
        parts.push(drawn.svg);
        x += drawn.width + GAP * 2;
      }
      return { svg: parts.join(""), width: x - GAP * 2 };
    });
  const pad = 18;
  const rowHeight = CARD_H + GAP;
  const width = Math.round(Math.max(240, ...laid.map((r) => r.width)) + 2 * pad);
  const height = laid.length * rowHeight - GAP + 2 * pad + 8;
  const body = laid
    .map(
      (r, i) =>
        `<g transform="translate(${Math.round((width - r.width) / 2)} ${pad + 8 + i * rowHeight})">${r.svg}</g>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="${BACKGROUND}"/>${body}</svg>`
  );
}
