import { starterFiles } from "@gridponder/templates";

const W = "wall";

/** A level of the starter pack's game: a board of objects, the avatar's cell, and a goal. */
function level(id: string, objects: (string | null)[][], avatar: [number, number], goal: object): string {
  return JSON.stringify({
    id,
    board: { size: [objects[0]?.length ?? 0, objects.length], layers: { objects } },
    state: { avatar: { enabled: true, position: avatar, facing: "right" }, variables: {} },
    goals: [goal],
    solution: { goldPath: [] },
  });
}

const REACH_FLAG = { id: "flag", type: "reach_target", config: { targetKind: "flag" } };

/**
 * The starter pack (walls, crates, a flag) with two levels whose state spaces are counted by hand:
 *
 * `room`: a 3 × 3 room, the avatar in the top-left corner, the flag in the bottom-right one. States:
 * the avatar's 9 cells (the flag's cell wins and ends the level). The optimum is 4 moves, and there
 * are C(4, 2) = 6 shortest paths (2 rights and 2 downs in any order). No dead ends. Branching: the
 * 8 cells other than the flag's have 2 (3 corners), 3 (4 edges) and 4 (centre) neighbours: 22 / 8.
 *
 * `corridor`: a corridor of 4 open cells closed by a wall, avatar at 0, crate at 1; the flag lies behind
 * the walls. The avatar can only push the crate right, up to cell 3, and never reaches the flag.
 * States (avatar, crate): (0,1), (1,2), (0,2), (2,3), (1,3), (0,3); and a push against the wall
 * leaves the blocked step waiting as the avatar's pending move (a rule could still clear the way:
 * `resolve_move`), which stays in the state as the avatar walks back, so (2,3), (1,3) and (0,3)
 * come again with it: 9 states, every one a dead end.
 */
export function handCountedPack(): Record<string, string> {
  const files = starterFiles({ title: "Counted", gameId: "test.counted" });
  const game = JSON.parse(files["game.json"] as string);
  game.levelSequence = [
    { type: "level", ref: "room" },
    { type: "level", ref: "corridor" },
  ];
  return {
    "manifest.json": files["manifest.json"] as string,
    "theme.json": files["theme.json"] as string,
    "game.json": JSON.stringify(game),
    "levels/room.json": level(
      "room",
      [
        [null, null, null],
        [null, null, null],
        [null, null, "flag"],
      ],
      [0, 0],
      REACH_FLAG,
    ),
    "levels/corridor.json": level(
      "corridor",
      [
        [W, W, W, W, W],
        [null, "crate", null, null, W],
        [W, W, W, W, "flag"],
      ],
      [0, 1],
      REACH_FLAG,
    ),
  };
}
