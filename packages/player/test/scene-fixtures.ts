import type { Appearance, Cell, Piece, Scene, ThemeView } from "@gridponder/view";

export const THEME: ThemeView = {
  palette: {},
  primaryColor: "#4caf50",
  backgroundColor: "#1b1d24",
  board: {
    cellSize: 64,
    cellSpacing: 2,
    borderRadius: 4,
    gridLineColor: "#333333",
    showGridLines: true,
    view: "isometric",
  },
  text: { fontFamily: "default", titleColor: "#ffffff", bodyColor: "#cccccc" },
  avatarVisible: true,
};

export function look(
  color: string,
  form: Appearance["form"] = "block",
  text: string | null = null,
): Appearance {
  return {
    sprite: null,
    mirror: false,
    display: "solid",
    form,
    color,
    text,
    icon: null,
    opacity: 1,
    tint: null,
    key: `${color}|${form}|${text ?? ""}`,
  } as unknown as Appearance;
}

export function piece(
  id: string,
  layerIndex: number,
  cells: readonly Cell[],
  appearance: Appearance,
  extra: Partial<Piece> = {},
): Piece {
  return {
    id,
    role: layerIndex === 0 ? "ground" : "entity",
    kind: id.split("@")[0] ?? id,
    layer: `l${layerIndex}`,
    layerIndex,
    cell: cells[0] ?? [0, 0],
    cells,
    params: {},
    tags: [],
    symbol: "x",
    name: "x",
    appearance,
    ...extra,
  };
}

const COLOURS: Readonly<Record<string, string>> = {
  "#": "#8a8f98",
  o: "#e0a040",
  g: "#40c070",
  b: "#4070e0",
};

/**
 * A scene from rows of characters: `.` floor, `_` void, other characters an entity of that colour on
 * layer 1 above a floor; `extra` pieces (multi-cell objects, the avatar) are appended.
 */
export function sceneOf(
  rows: readonly string[],
  extra: readonly Piece[] = [],
  over: Partial<Scene> = {},
): Scene {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const floor = look("#30343c", "flat");
  const ground: Piece[] = [];
  const things: Piece[] = [];
  const voids: boolean[] = [];
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      voids.push(ch === "_");
      if (ch !== "_") ground.push(piece(`ground@${x},${y}`, 0, [[x, y]], floor));
      if (ch !== "_" && ch !== ".")
        things.push(piece(`objects@${x},${y}`, 1, [[x, y]], look(COLOURS[ch] ?? "#ff00ff", "crate")));
    });
  });
  return {
    width,
    height,
    layers: [],
    pieces: [...ground, ...things, ...extra],
    void: voids,
    outlines: [],
    avatar: null,
    overlay: null,
    goalGrids: [],
    theme: THEME,
    ...over,
  };
}
