import { buildScene, inputModel, sceneText } from "@gridponder/view";
import type { Colors } from "../context.js";
import { plural } from "../plural.js";
import { blockText, inlineText } from "../terminal-text.js";
import type { LevelPlay } from "./level-play.js";
import { wordWrap } from "./word-wrap.js";

/** Where a level sits in the game, for the header line. */
export interface LevelPlace {
  gameTitle: string;
  number: number;
  count: number;
  /** Whether no level follows, so the win message says so. */
  last: boolean;
}

/** Escaped text wrapped to the pane's width, when there is a pane (a pipe has none). */
function fitted(escaped: string, columns: number | undefined): string {
  return columns === undefined ? escaped : wordWrap(escaped, columns);
}

/** The board with a space between cells, and the cursor cell in brackets. */
function boardWithCursor(rows: string[], cursor: readonly [number, number], colors: Colors): string[] {
  return rows.map((row, y) => {
    const cells = [...row];
    let line = "";
    cells.forEach((cell, x) => {
      const gap =
        y === cursor[1] && x === cursor[0] ? "[" : y === cursor[1] && x === cursor[0] + 1 ? "]" : " ";
      line += gap + (y === cursor[1] && x === cursor[0] ? colors.inverse(cell) : cell);
    });
    if (y === cursor[1] && cursor[0] === cells.length - 1) line += "]";
    return line;
  });
}

function goalLines(play: LevelPlay, colors: Colors): string[] {
  const descriptions = play.pack.game.goalDescriptions ?? {};
  return play.session.goalProgress().map((status) => {
    const goal = play.session.level.goals.find((g) => g.id === status.id);
    const text = goal?.display?.text ?? descriptions[status.id] ?? `${status.id} (${status.type})`;
    const mark = status.done ? colors.green("[x]") : "[ ]";
    return `  ${mark} ${inlineText(text)}  ${Math.round(status.progress * 100)}%`;
  });
}

/** Keys of the view's keyboard help a terminal cannot deliver: raw mode passes no Ctrl+Z or Backspace. */
const UNDELIVERABLE = /^Ctrl\+|Backspace/;

function keyLines(play: LevelPlay): string[] {
  const help = inputModel(play.view).keys.filter((k) => !UNDELIVERABLE.test(k.key));
  const lines = [`Keys: ${[...help.map((k) => `${k.key}: ${k.does}`), "Q: Quit"].join(" · ")}`];
  const direct = play.keyed.filter((b) => b.positionParam === null);
  if (direct.length > 0)
    lines.push(`      ${direct.map((b) => `${b.key} ${inlineText(b.label)}`).join(" · ")}`);
  if (play.usesCursor) {
    const selectable = play.keyed.filter((b) => b.positionParam !== null);
    const mode = play.cursorMode ? "on: arrows move the cursor" : "off";
    const selected = play.selected ? inlineText(play.selected.label) : "act";
    lines.push(`      t cursor mode (${mode}) · Enter/space: ${selected} at the cursor`);
    if (selectable.length > 1)
      lines.push(
        `      choose the cursor action: ${selectable.map((b) => `${b.key} ${inlineText(b.label)}`).join(" · ")}`,
      );
  }
  return lines;
}

function statusLines(play: LevelPlay, place: LevelPlace, colors: Colors): string[] {
  const { session } = play;
  if (session.won) {
    const next = place.last
      ? "That was the last level. Press any key to finish."
      : "Press any key for the next level.";
    return [colors.green(colors.bold(`Level solved in ${plural(session.actionCount, "move")}!`)), next];
  }
  if (session.lost) {
    return [
      colors.red(colors.bold(`Level lost${play.loseReason ? ` (${inlineText(play.loseReason)})` : ""}.`)),
      "Press u to undo, r to restart or h for a hint.",
    ];
  }
  return play.message ? [colors.yellow(inlineText(play.message))] : [];
}

/**
 * The whole level screen: header, board with legend, goals, move counters, status and keys; the guide
 * is wrapped to the pane's `columns` when given.
 */
export function levelFrame(
  play: LevelPlay,
  place: LevelPlace,
  colors: Colors,
  columns: number | undefined,
): string {
  const { session, pack } = play;
  const { height } = session.level;
  const title = inlineText(play.def.title ?? play.levelId);
  const game = inlineText(place.gameTitle);
  const lines = [colors.bold(`${game} · Level ${place.number}/${place.count} · ${title}`)];
  if (pack.game.ui?.showGuide && play.def.guide)
    lines.push(colors.dim(fitted(blockText(play.def.guide), columns)));
  lines.push("");
  const scene = buildScene(play.view, session.level, session.state);
  const rendered = blockText(sceneText(play.view, scene, { legend: true })).split("\n");
  const rows = rendered.slice(0, height);
  const board = play.usesCursor ? boardWithCursor(rows, play.cursor, colors) : rows;
  for (const row of board) lines.push(`  ${row}`);
  lines.push(
    "",
    colors.dim(`  ${rendered.slice(height).join("   ")}`),
    "",
    "Goals:",
    ...goalLines(play, colors),
  );
  const limit = play.actionLimit;
  lines.push(
    `Moves: ${session.actionCount}${limit === null ? "" : ` · Moves left: ${Math.max(0, limit - session.actionCount)}`}`,
  );
  lines.push(...statusLines(play, place, colors), "", ...keyLines(play).map((l) => colors.dim(l)));
  return lines.join("\n");
}

/** A story screen: its title and text, wrapped to the pane's `columns` when given. */
export function storyFrame(
  title: string | undefined,
  text: string | undefined,
  colors: Colors,
  columns: number | undefined,
): string {
  const lines: string[] = [];
  if (title) lines.push(colors.bold(fitted(inlineText(title), columns)), "");
  if (text) lines.push(fitted(blockText(text), columns), "");
  lines.push(colors.dim("Press any key to continue (q quits)."));
  return lines.join("\n");
}
