import { ENGINE_VERSION } from "@gridponder/schema";

/** What a new pack is called: its title and a game id derived from the folder name. */
export interface StarterNames {
  title: string;
  gameId: string;
}

/** Where the starter is opened, which its opening story screen tells the author. */
export type StarterHome = "cli" | "studio";

/** A title and game id from a folder or pack name: `my cool pack` is "My Cool Pack", `local.my-cool-pack`. */
export function namesFromFolder(folderName: string, title?: string): StarterNames {
  const words = folderName.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const slug = words.join("-").toLowerCase() || "my-pack";
  const fallbackTitle = words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join(" ") || "My Pack";
  return { title: title?.trim() || fallbackTitle, gameId: `local.${slug}` };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function manifest(names: StarterNames, home: StarterHome) {
  return {
    dslVersion: "0.8",
    packVersion: 1,
    gameId: names.gameId,
    title: names.title,
    shortDescription: "Walk the courtyard, then push a crate onto its mark.",
    description: `A starter pack made ${home === "cli" ? "by gridponder new" : "in the Gridponder studio"}. Walk the courtyard to reach the flag, then push a crate onto the painted mark. Crates move one cell when walked into and cannot be pulled.`,
    tags: ["navigation", "object-manipulation"],
    version: "0.1.0",
    minEngineVersion: ENGINE_VERSION,
    license: "CC-BY-4.0",
  };
}

const STORY_TEXT: Record<StarterHome, string> = {
  cli: "This pack was made by gridponder new. Edit game.json and the files in levels/, then run gridponder validate on this folder.",
  studio:
    "This pack was made in the Gridponder studio. Paint its levels, play them, and let the solver tell you whether they can be won.",
};

const game = (home: StarterHome) => ({
  layers: [
    { id: "ground", occupancy: "exactly_one", default: "floor" },
    { id: "objects", occupancy: "zero_or_one" },
  ],
  actions: [
    {
      id: "move",
      params: { direction: { type: "direction", values: ["up", "down", "left", "right"] } },
    },
  ],
  entityKinds: {
    floor: {
      layer: "ground",
      tags: ["walkable"],
      sprite: null,
      symbol: ".",
      uiName: "Flagstones",
      description: "Open courtyard floor.",
      display: { type: "fill", color: "stone" },
    },
    mark: {
      layer: "ground",
      tags: ["walkable"],
      sprite: null,
      symbol: "+",
      uiName: "Mark",
      description: "A painted mark where a crate belongs.",
      display: { type: "circle", color: "paint" },
    },
    wall: {
      layer: "objects",
      tags: ["solid"],
      sprite: null,
      symbol: "#",
      uiName: "Wall",
      description: "A courtyard wall. Nothing gets through.",
      display: { type: "tile", color: "brick" },
    },
    crate: {
      layer: "objects",
      tags: ["solid", "pushable"],
      sprite: null,
      symbol: "C",
      uiName: "Crate",
      description: "A wooden crate. Walk into it to push it one cell.",
      display: { type: "tile", color: "wood" },
    },
    flag: {
      layer: "objects",
      tags: ["goal_target"],
      sprite: null,
      symbol: "F",
      uiName: "Flag",
      description: "Reach the flag to finish the level.",
      display: { type: "emoji", value: "🚩" },
    },
  },
  systems: [
    {
      id: "movement",
      type: "avatar_navigation",
      config: {
        directions: ["up", "down", "left", "right"],
        solidHandling: "delegate",
        validGroundTags: ["walkable"],
      },
    },
    {
      id: "push",
      type: "push_objects",
      config: { pushableTags: ["pushable"], validTargetTags: ["walkable"], chainPush: false },
    },
  ],
  levelSequence: [
    {
      type: "story",
      title: "A New Courtyard",
      text: STORY_TEXT[home],
    },
    { type: "level", ref: "first_steps" },
    { type: "level", ref: "into_place" },
  ],
  defaults: {
    avatar: { enabled: true, facing: "down", inventory: { slot: null } },
  },
});

const theme = {
  controls: {
    gestureMap: [
      { gesture: "swipe_cardinal", action: "move", paramMapping: { direction: "swipe_direction" } },
    ],
  },
  primaryColor: "#4FA3A5",
  backgroundColor: "#1B1F24",
  boardStyle: {
    cellSize: 64,
    cellSpacing: 2,
    borderRadius: 6,
    gridLineColor: "#2C333B",
    showGridLines: true,
  },
  palette: { stone: "#59626B", paint: "#E0B341", brick: "#8A4B3A", wood: "#A8743F" },
};

const W = "wall";

const firstSteps = {
  id: "first_steps",
  title: "First Steps",
  board: {
    size: [5, 4],
    layers: {
      objects: [
        [W, W, W, W, W],
        [null, null, null, W, "flag"],
        [W, null, null, null, null],
        [W, W, W, W, W],
      ],
    },
  },
  state: { avatar: { enabled: true, position: [0, 1], facing: "right" }, variables: {} },
  goals: [
    {
      id: "reach_flag",
      type: "reach_target",
      config: { targetKind: "flag" },
      display: { text: "Reach the flag" },
    },
  ],
  solution: { goldPath: ["right", "down", "right", "right", "right", "up"], hintStops: [2] },
  metadata: { description: "Walk round the wall to the flag.", difficulty: 1, tags: ["tutorial"] },
};

const intoPlace = {
  id: "into_place",
  title: "Into Place",
  board: {
    size: [6, 5],
    layers: {
      ground: { format: "sparse", entries: [{ position: [4, 1], kind: "mark" }] },
      objects: [
        [W, W, W, W, W, W],
        [W, null, null, null, null, W],
        [W, null, "crate", null, null, W],
        [W, null, null, null, null, W],
        [W, W, W, W, W, W],
      ],
    },
  },
  state: { avatar: { enabled: true, position: [1, 2], facing: "right" }, variables: {} },
  goals: [
    {
      id: "crate_on_mark",
      type: "board_match",
      config: {
        matchMode: "exact_non_null",
        targetLayers: { objects: { format: "sparse", entries: [{ position: [4, 1], kind: "crate" }] } },
      },
      display: { text: "Push the crate onto the mark" },
    },
  ],
  loseConditions: [{ type: "max_actions", config: { limit: 12 } }],
  solution: { goldPath: ["right", "right", "down", "right", "up"], hintStops: [2] },
  metadata: {
    description: "Push the crate along the row, then walk round it and push it up onto the mark.",
    difficulty: 1,
    tags: ["tutorial", "pushing"],
  },
};

/**
 * The files of a new pack, by pack-relative path: a small original avatar game (a walk to a flag, a
 * crate pushed onto a mark) that validates and whose gold paths are optimal.
 */
export function starterFiles(names: StarterNames, home: StarterHome = "cli"): Record<string, string> {
  return {
    "manifest.json": json(manifest(names, home)),
    "game.json": json(game(home)),
    "theme.json": json(theme),
    "levels/first_steps.json": json(firstSteps),
    "levels/into_place.json": json(intoPlace),
  };
}
