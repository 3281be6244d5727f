/**
 * The scene of a match board, from what one seat observes: the squares (coloured light and dark, and
 * marked where a piece is selected, where it may go and where the last move went) and the pieces on
 * them, drawn by the same renderers as a puzzle's scene. Row 1 of the board is the scene's bottom row.
 * @module
 */
import type { Observation } from "@gridponder/match";
import { makeAppearance } from "../appearance.js";
import { BUILTIN_PALETTE } from "../colors.js";
import type { Cell, LayerView, Piece, Scene, ThemeView } from "../types.js";
import { glyphOf, type MatchLook } from "./look.js";

/** Squares to mark, by cell name (`e4`). */
export interface BoardMarks {
  readonly selected?: string | null;
  readonly targets?: readonly string[];
  readonly lastMove?: readonly string[];
  /** The keyboard cursor. */
  readonly cursor?: string | null;
}

const THEME: ThemeView = Object.freeze({
  palette: BUILTIN_PALETTE,
  primaryColor: "#4caf50",
  backgroundColor: "#1b1d24",
  board: {
    cellSize: 64,
    cellSpacing: 0,
    borderRadius: 0,
    gridLineColor: "#333333",
    showGridLines: false,
    view: "isometric" as const,
  },
  text: { fontFamily: "default", titleColor: "#ffffff", bodyColor: "#cccccc" },
  avatarVisible: false,
});

/** A cell name's scene coordinates: column, and row counted from the top. */
export function sceneCell(name: string, height: number): Cell {
  const x = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return [x, height - 1 - row];
}

/** The cell name of scene coordinates. */
export function cellNameAt(cell: Cell, height: number): string {
  return `${String.fromCharCode(97 + cell[0])}${height - cell[1]}`;
}

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => Number.parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => Number.parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + ((pb[i] as number) - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The scene of the board in an observation; null for a game without a board. */
export function matchScene(observation: Observation, look: MatchLook, marks: BoardMarks = {}): Scene | null {
  const board = observation.board;
  if (!board) return null;
  const { width, height } = board;
  const size = width * height;
  const targets = new Set(marks.targets ?? []);
  const last = new Set(marks.lastMove ?? []);
  const squares: (Piece | null)[] = new Array(size).fill(null);
  const pieces: Piece[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const name = cellNameAt([x, y], height);
      const row = height - 1 - y;
      const dark = (x + row) % 2 === 0;
      let color = dark ? look.dark : look.light;
      if (last.has(name)) color = mix(color, look.lastMoveColor, 0.45);
      if (targets.has(name)) color = mix(color, look.targetColor, 0.6);
      if (marks.selected === name) color = look.selectColor;
      if (marks.cursor === name) color = mix(color, "#4aa3ff", 0.55);
      const piece: Piece = {
        id: `square@${name}`,
        role: "ground",
        kind: "square",
        layer: "board",
        layerIndex: 0,
        cell: [x, y],
        cells: [[x, y]],
        params: {},
        tags: [],
        symbol: "",
        name: `square ${name}`,
        appearance: makeAppearance({
          sprite: null,
          mirror: false,
          display: "fill",
          form: "flat",
          color,
          text: null,
          icon: null,
          opacity: 1,
          tint: null,
        }),
      };
      squares[y * width + x] = piece;
      pieces.push(piece);
    }
  const onBoard: (Piece | null)[] = new Array(size).fill(null);
  for (const p of board.pieces) {
    const cell = sceneCell(p.at, height);
    const owner = p.owner;
    const glyph = glyphOf(look, p.type, owner);
    const piece: Piece = {
      id: `piece#${p.id}`,
      role: "entity",
      kind: p.type,
      layer: "pieces",
      layerIndex: 1,
      cell,
      cells: [cell],
      params: {},
      tags: [],
      symbol: glyph,
      name: p.type,
      appearance: makeAppearance({
        sprite: null,
        mirror: false,
        display: "label",
        form: look.pieces[p.type]?.form ?? "tile",
        color: look.seatColors[owner ?? 0] ?? "#888888",
        text: glyph,
        icon: null,
        opacity: 1,
        tint: null,
      }),
    };
    onBoard[cell[1] * width + cell[0]] = piece;
    pieces.push(piece);
  }
  const layers: LayerView[] = [
    { id: "board", index: 0, exactlyOne: true, cells: squares },
    { id: "pieces", index: 1, exactlyOne: false, cells: onBoard },
  ];
  return {
    width,
    height,
    layers,
    pieces,
    void: new Array(size).fill(false),
    outlines: [],
    avatar: null,
    overlay: null,
    goalGrids: [],
    theme: THEME,
  };
}
