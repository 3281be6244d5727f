import { type CanonicalState, type GameEvent, type Pack, renderText, Session } from "@gridponder/engine";
import type { Command } from "commander";
import { type ActionObject, describeAction, goldPathOf, parseActionArg } from "../actions.js";
import { type CliContext, printJson, printLine } from "../context.js";
import { loadPlayablePack, requireLevel } from "../packs.js";
import { plural } from "../plural.js";

interface TraceStep {
  action: ActionObject;
  accepted: boolean;
  reason?: string;
  events: readonly GameEvent[];
  state: CanonicalState;
}

function board(pack: Pack, session: Session): string {
  const text = renderText(pack, session.state, session.level.width, session.level.height);
  return text
    .split("\n")
    .map((row) => `   ${row}`)
    .join("\n");
}

function outcome(session: Session): string {
  const actions = plural(session.actionCount, "action");
  if (session.won) return `won after ${actions}`;
  if (session.lost) return `lost after ${actions}`;
  return `not won after ${actions}`;
}

function printStep(ctx: CliContext, pack: Pack, session: Session, index: number, step: TraceStep): void {
  const { colors } = ctx;
  const verdict = step.accepted
    ? colors.green("accepted")
    : colors.red(`rejected${step.reason ? ` (${step.reason})` : ""}`);
  printLine(ctx, `${colors.bold(`${index + 1}. ${describeAction(step.action)}`)}: ${verdict}`);
  if (step.events.length > 0)
    printLine(ctx, colors.dim(`   events: ${step.events.map((e) => e.type).join(", ")}`));
  printLine(ctx, board(pack, session));
}

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
  const actions = given.length > 0 || !def ? given : goldPathOf(def);
  const session = new Session(pack, levelId);

  if (!ctx.json) {
    printLine(ctx, ctx.colors.bold(`${levelId}${def?.title ? ` "${def.title}"` : ""}: start`));
    printLine(ctx, board(pack, session));
  }
  const steps: TraceStep[] = [];
  for (const [index, action] of actions.entries()) {
    const result = session.act(action);
    const step: TraceStep = {
      action,
      accepted: result.accepted,
      ...(result.reason === undefined ? {} : { reason: result.reason }),
      events: result.events,
      state: session.canonicalState(),
    };
    steps.push(step);
    if (!ctx.json) printStep(ctx, pack, session, index, step);
  }
  if (ctx.json) printJson(ctx, steps);
  else printLine(ctx, outcome(session));
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
('{"action":"tap_cell","position":[1,2]}'). With --json, prints an array of
{ action, accepted, events, state } with the canonical state after each step.

Examples:
  gridponder trace packs/lantern-cellar lc01_bottom_step
  gridponder trace packs/lantern-cellar lc02_storeroom down down right --json`,
    )
    .action((packDir: string, levelId: string, actions: string[]) =>
      runTrace(ctx, packDir, levelId, actions),
    );
}
