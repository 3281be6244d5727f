import type { Readable } from "node:stream";
import type { Command } from "commander";
import { type CliContext, printJson, printLine, type TextSink, whenDrained } from "../context.js";
import { loadPlayablePack, requireLevel } from "../packs.js";
import { KeyDecoder } from "../play/keys.js";
import { Player } from "../play/player.js";
import { playSequence } from "../play/sequence.js";
import { terminalSafe } from "../terminal-text.js";

type TerminalInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
/** Output that may be a terminal, which knows its width (Node's `tty.WriteStream`). */
type TerminalOutput = TextSink & { columns?: number };

/** The pane's width in columns, or `undefined` for output that has none (a pipe, a file). */
function paneColumns(out: TerminalOutput | null): number | undefined {
  const columns = out?.columns;
  return typeof columns === "number" && Number.isFinite(columns) && columns > 0 ? columns : undefined;
}

const ALT_SCREEN_ON = "\u001b[?1049h\u001b[?25l";
const ALT_SCREEN_OFF = "\u001b[?25h\u001b[?1049l";
const CLEAR = "\u001b[H\u001b[2J";

/**
 * Draws frames: redrawn in place on a terminal, one after another on a pipe (tests, logs). A frame is
 * made only when it is drawn, and drawing waits for a slow reader, so piped keys by the million
 * neither build frames nobody sees nor queue output in memory.
 */
interface Screen {
  draw(frame: () => string): Promise<void>;
  close(): void;
}

/** A frame made inert for the terminal (see `terminalSafe`), keeping the CLI's own colours when on. */
type Guard = (frame: string) => string;

function terminalScreen(out: TextSink, input: TerminalInput, guard: Guard): Screen {
  input.setRawMode?.(true);
  out.write(ALT_SCREEN_ON);
  return {
    // Raw mode is set on the input side only, but \r\n keeps lines aligned whatever the output settings;
    // the guard runs first, since it escapes any CR of the frame's own.
    draw: (frame) => whenDrained(out, out.write(`${CLEAR}${guard(frame()).replaceAll("\n", "\r\n")}\r\n`)),
    close: () => {
      out.write(ALT_SCREEN_OFF);
      input.setRawMode?.(false);
    },
  };
}

function streamScreen(out: TextSink | null, guard: Guard): Screen {
  return {
    draw: async (frame) => {
      if (out) await whenDrained(out, out.write(`${guard(frame())}\n\n`));
    },
    close: () => {},
  };
}

async function runPlay(ctx: CliContext, packDir: string, levelId: string | undefined): Promise<void> {
  const pack = await loadPlayablePack(packDir, ctx.registry);
  const entries = playSequence(pack);
  const start =
    levelId === undefined
      ? 0
      : entries.findIndex((e) => e.type === "level" && e.id === requireLevel(pack, levelId));
  const player = new Player(pack, entries, start, ctx.colors);

  const input = ctx.io.stdin as TerminalInput;
  const interactive = ctx.io.isTTY && input.isTTY === true && typeof input.setRawMode === "function";
  const guard: Guard = (frame) => terminalSafe(frame, ctx.colors.isColorSupported);
  // With --json, stdout carries only the summary: a terminal still needs its screen, so it goes to stderr.
  const out: TerminalOutput | null = ctx.json ? (interactive ? ctx.io.stderr : null) : ctx.io.stdout;
  const screen = out && interactive ? terminalScreen(out, input, guard) : streamScreen(out, guard);
  try {
    // Read at every frame, so a resized terminal gets prose wrapped to its new width from the next key.
    const frame = () => player.frame(paneColumns(out));
    await screen.draw(frame);
    await readKeys(input, interactive, async (key) => {
      player.press(key);
      await screen.draw(frame);
      return player.finished;
    });
  } finally {
    screen.close();
  }
  if (ctx.json) printJson(ctx, { solved: player.solved, finished: player.finished && !player.quit });
  // A finished player's last frame was the farewell already; input that simply ran out still gets one.
  else if (interactive || !player.finished) printLine(ctx, player.farewell());
}

/** Feeds key presses to `onKey` until it returns true or the input ends. */
async function readKeys(
  input: Readable,
  interactive: boolean,
  onKey: (key: string) => Promise<boolean>,
): Promise<void> {
  const decoder = new KeyDecoder();
  const text = new TextDecoder();
  for await (const chunk of input) {
    const keys = decoder.push(typeof chunk === "string" ? chunk : text.decode(chunk, { stream: true }));
    // A terminal delivers an escape sequence in one read, so an ESC left over is the Escape key itself.
    if (interactive) keys.push(...decoder.end());
    for (const key of keys) if (await onKey(key)) return;
  }
  for (const key of decoder.end()) if (await onKey(key)) return;
}

export function registerPlay(program: Command, ctx: CliContext): void {
  program
    .command("play")
    .description("play a pack in the terminal")
    .argument("<pack>", "pack folder")
    .argument("[level]", "level id to start at (default: the first screen of the game)")
    .addHelpText(
      "after",
      `
Keys are read as the web player reads them: the game's own key bindings, arrows or WASD move,
u undo, Shift+U redo, r reset, h hint (replays the solution up to its next hint stop); q quits.
Other actions get digit or letter keys, listed on screen; for actions that take a position, t
toggles cursor mode, arrows move the cursor and Enter or space acts at it.

When stdin is not a terminal, its bytes are read as keys and every frame is printed in turn, e.g.:
  printf 'ddss' | gridponder play packs/lantern-cellar lc01_bottom_step`,
    )
    .action((packDir: string, levelId: string | undefined) => runPlay(ctx, packDir, levelId));
}
