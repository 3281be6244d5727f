import type { ButtonView, Command, Gesture, InputModel } from "@gridponder/view";
import { button, el, safeColor } from "./dom.js";

const COMMANDS: readonly Command[] = ["undo", "redo", "reset", "hint"];
const DPAD_CELLS = ["up_left", "up", "up_right", "left", "", "right", "down_left", "down", "down_right"];

export interface Controls {
  readonly root: HTMLElement;
  /** Enables undo/redo/hint as the HUD allows. */
  update(state: { canUndo: boolean; canRedo: boolean; hint: boolean }): void;
}

function tooltip(b: HTMLButtonElement, view: ButtonView): void {
  b.title = view.key ? `${view.label} (${view.key})` : view.label;
}

/**
 * The button row: undo, redo, reset, hint, the pack's game buttons, and a d-pad (shown on touch
 * screens) for packs played by swipes. A press is the view's button gesture for that button id.
 */
export function buildControls(input: InputModel, gesture: (g: Gesture) => void): Controls {
  const root = el("div", "gp-controls");
  const press = (view: ButtonView) => () => gesture({ type: "button", buttonId: view.id });
  const commands = new Map<Command, HTMLButtonElement>();
  for (const command of COMMANDS) {
    const view = input.buttons.find((b) => b.group === "command" && b.id === `command:${command}`) ?? {
      id: `command:${command}`,
      label: command[0]?.toUpperCase() + command.slice(1),
      outcome: { kind: "command", command },
      color: null,
      key: null,
      group: "command",
    };
    const b = button(view.label, press(view));
    b.dataset.command = command;
    tooltip(b, view);
    commands.set(command, b);
    root.append(b);
  }
  const game = input.buttons.filter((b) => b.group === "game");
  if (game.length > 0) root.append(el("span", "gp-sep"));
  for (const view of game) {
    const b = button(view.label, press(view));
    b.dataset.button = view.id;
    if (view.outcome.kind === "action") b.dataset.action = view.outcome.action.action;
    tooltip(b, view);
    const color = safeColor(view.color);
    if (color) {
      b.style.borderColor = color;
      b.style.boxShadow = `inset 0 -3px 0 ${color}`;
    }
    root.append(b);
  }
  const directional = input.buttons.filter((b) => b.group === "direction");
  if (directional.length > 0) {
    const pad = el("div", "gp-dpad");
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", "Directions");
    for (const direction of DPAD_CELLS) {
      const view = directional.find((b) => b.id === `direction:${direction}`);
      if (!view) {
        pad.append(el("span"));
        continue;
      }
      const b = button(view.label, press(view));
      b.setAttribute("aria-label", `Move ${direction.replace("_", " ")}`);
      b.dataset.direction = direction;
      pad.append(b);
    }
    root.append(el("span", "gp-sep"), pad);
  }
  return {
    root,
    update({ canUndo, canRedo, hint }) {
      const set = (command: Command, enabled: boolean): void => {
        const b = commands.get(command);
        if (b) b.disabled = !enabled;
      };
      set("undo", canUndo);
      set("redo", canRedo);
      set("hint", hint);
    },
  };
}
