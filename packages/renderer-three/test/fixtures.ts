import type { Appearance, Form, Piece, Scene } from "@gridponder/view";

export function appearance(color: string, form: Form = "tile", extra: Partial<Appearance> = {}): Appearance {
  return {
    sprite: null,
    mirror: false,
    display: "fill",
    form,
    color,
    text: null,
    icon: null,
    opacity: 1,
    tint: null,
    key: `${form}|${color}|${extra.text ?? ""}|${extra.sprite?.path ?? ""}`,
    ...extra,
  };
}

export function piece(
  id: string,
  x: number,
  y: number,
  look: Appearance,
  role: Piece["role"] = "entity",
  extra: Partial<Piece> = {},
): Piece {
  return {
    id,
    role,
    kind: id.split("@")[0] ?? id,
    layer: role === "ground" ? "ground" : "objects",
    layerIndex: role === "ground" ? 0 : 1,
    cell: [x, y],
    cells: [[x, y]],
    params: {},
    tags: [],
    symbol: "?",
    name: id,
    appearance: look,
    ...extra,
  };
}

/**
 * A scene with a ground (minus `voids`) of `groundColor`, or of the look `groundAt` gives each cell,
 * and the given object pieces.
 */
export function scene(
  width: number,
  height: number,
  objects: Piece[],
  options: {
    groundColor?: string;
    groundAt?: (x: number, y: number) => Appearance;
    voids?: readonly number[];
    background?: string;
  } = {},
): Scene {
  const voids = new Set(options.voids ?? []);
  const ground: Piece[] = [];
  const groundLook = appearance(options.groundColor ?? "#8d8d8d", "flat");
  const groundAt = options.groundAt ?? (() => groundLook);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (!voids.has(y * width + x)) ground.push(piece(`ground@${x},${y}`, x, y, groundAt(x, y), "ground"));
  const cellsOf = (list: Piece[]) => {
    const cells: (Piece | null)[] = new Array(width * height).fill(null);
    for (const p of list) cells[p.cell[1] * width + p.cell[0]] = p;
    return cells;
  };
  return {
    width,
    height,
    layers: [
      { id: "ground", index: 0, exactlyOne: true, cells: cellsOf(ground) },
      {
        id: "objects",
        index: 1,
        exactlyOne: false,
        cells: cellsOf(objects.filter((p) => p.role === "entity")),
      },
    ],
    pieces: [...ground, ...objects],
    void: Array.from({ length: width * height }, (_, i) => voids.has(i)),
    outlines: [],
    avatar: null,
    overlay: null,
    goalGrids: [],
    theme: {
      palette: {},
      primaryColor: "#4caf50",
      backgroundColor: options.background ?? "#202028",
      board: {
        cellSize: 48,
        cellSpacing: 0,
        borderRadius: 0,
        gridLineColor: "#000000",
        showGridLines: false,
        view: "isometric",
      },
      text: { fontFamily: "sans-serif", titleColor: "#ffffff", bodyColor: "#dddddd" },
      avatarVisible: true,
    },
  };
}
