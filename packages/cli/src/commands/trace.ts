import type { CanonicalState, GameEvent } from "@gridponder/engine";
import { buildScene, createViewContext, sceneText, type ViewContext } from "@gridponder/view";
import type { Command } from "commander";
import { type ActionObject, describeAction, goldPathSteps, parseActionArg } from "../actions.js";
import { type CliContext, jsonText, printLine, whenDrained, writeText } from "../context.js";
import { ForwardPlay } from "../forward-play.js";
import { loadPlayablePack, requireLevel } from "../packs.js";
import { plural } from "../plural.js";
import { blockText, inlineText } from "../terminal-text.js";

interface TraceStep {
  action: ActionObject;
  accepted: boolean;
  reason?: string;
  events: readonly GameEvent[];
  state: CanonicalState;
}

/** The board as the view's text renderer draws it, indented under its step. */
function board(view: ViewContext, play: ForwardPlay): string {
  const text = sceneText(view, buildScene(view, play.level, play.state));
  return blockText(text)
    .split("\n")
    .map((row) => `   ${row}`)
    .join("\n");
}

function outcome(play: ForwardPlay): string {
  const actions = plural(play.state.actionCount, "action");
  if (play.state.won) return `won after ${actions}`;
  if (play.state.lost) return `lost after ${actions}`;
  return `not won after ${actions}`;
}

function stepText(
  ctx: CliContext,
  view: ViewContext,
  play: ForwardPlay,
  index: number,
  step: TraceStep,
): string {
  const { colors } = ctx;
  const verdict = step.accepted
    ? colors.green("accepted")
    : colors.red(`rejected${step.reason ? ` (${inlineText(step.reason)})` : ""}`);
  const lines = [`${colors.bold(`${index + 1}. ${inlineText(describeAction(step.action))}`)}: ${verdict}`];
  if (step.events.length > 0)
    lines.push(colors.dim(`   events: ${step.events.map((e) => inlineText(e.type)).join(", ")}`));
  lines.push(board(view, play));
  return lines.join("\n");
}

/** One element of the `--json` array, indented as `JSON.stringify(steps, null, 2)` would indent it. */
function jsonElement(step: TraceStep): string {
  return jsonText(step).replaceAll("\n", "\n  ");
}

/**
 * Plays the actions (the gold path when none are given) and prints each step as it is played, so
 * nothing grows with the number of steps: neither the output (streamed, `--json` too) nor the states
 * (played forward, without the undo history a session keeps).
 */
async function runTrace(
  ctx: CliContext,
  packDir: string,
  levelId: string,
  actionArgs: string[],
): Promise<void> {
  // Actions are parsed before the pack is read, so a malformed one is reported whatever the pack.
  const given = actionArgs.map(parseActionArg);
  const pack = await loadPlayablePack(packDir, ctx.registry);
  const def = pack.levels[requireLevel(pack, levelId)];
  const actions: Iterable<ActionObject> = given.length > 0 || !def ? given : goldPathSteps(def);
  const play = new ForwardPlay(pack, levelId);
  const view = createViewContext(pack);
  const out = ctx.io.stdout;

  if (ctx.json) await whenDrained(out, writeText(ctx, out, "["));
  else {
    const title = def?.title ? ` "${inlineText(def.title)}"` : "";
    printLine(ctx, ctx.colors.bold(`${inlineText(levelId)}${title}: start`));
    printLine(ctx, board(view, play));
  }
  let index = 0;
  for (const action of actions) {
    const result = play.act(action);
    const step: TraceStep = {
      action,
      accepted: result.accepted,
      ...(result.reason === undefined ? {} : { reason: result.reason }),
      events: result.events,
      state: play.canonicalState(),
    };
    const text = ctx.json
      ? `${index === 0 ? "\n  " : ",\n  "}${jsonElement(step)}`
      : `${stepText(ctx, view, play, index, step)}\n`;
    await whenDrained(out, writeText(ctx, out, text));
    index++;
  }
  if (ctx.json) writeText(ctx, out, index === 0 ? "]\n" : "\n]\n");
  else printLine(ctx, outcome(play));
}

export function registerTrace(program: Command, ctx: CliContext): void {
  program
    .command("trace")
    .description("play actions on a level and show each step: accepted or not, events, board")
    .argument("<pack>", "pack folder")
    .argument("<level>", "level id")
    .argument("[actions...]", "actions to play; the level's gold path when none are given")
    .addHelpText(
      "after",
      `
Actions: up, down, left, right (moves), a bare action id (flood_red), or a JSON object
('{"action":"tap_cell","position":[1,2]}', nested at most 64 levels deep). With --json, prints an
array of { action, accepted, events, state } with the canonical state after each step. Steps are
printed as they are played, so a gold path of any length is traced in constant memory.

Examples:
  gridponder trace packs/lantern-cellar lc01_bottom_step
  gridponder trace packs/lantern-cellar lc02_storeroom down down right --json`,
    )
    .action((packDir: string, levelId: string, actions: string[]) =>
      runTrace(ctx, packDir, levelId, actions),
    );
}
