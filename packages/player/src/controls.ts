import {
  type BoardView,
  type ButtonView,
  boardDirection,
  type Command,
  DIRECTION_GLYPHS,
  type Direction,
  type Gesture,
  type InputModel,
} from "@gridponder/view";
import { button, el, safeColor } from "./dom.js";

const COMMANDS: readonly Command[] = ["undo", "redo", "reset", "hint"];
/** The pad's cells by where they sit on screen, row by row. */
const DPAD_CELLS: readonly (Direction | "")[] = [
  "up_left",
  "up",
  "up_right",
  "left",
  "",
  "right",
  "down_left",
  "down",
  "down_right",
];
const VIEW_NAMES: Readonly<Record<BoardView, string>> = { isometric: "3D view", "top-down": "Top view" };

/** How the board is seen, the toggle between its views (absent on a board that has only one), and help. */
export interface ViewControl {
  readonly view: BoardView;
  readonly toggle: (() => void) | null;
  /** Whether V switches the view (the pack may bind V to an action of its own). */
  readonly toggleKey: boolean;
  /** Opens the controls panel. */
  readonly help: () => void;
  /** Sound on and off (absent when the pack makes no sound). */
  readonly sound: { readonly muted: () => boolean; readonly toggle: () => void } | null;
}

export interface Controls {
  readonly root: HTMLElement;
  /** Enables undo/redo/hint as the HUD allows. */
  update(state: { canUndo: boolean; canRedo: boolean; hint: boolean }): void;
}

function tooltip(b: HTMLButtonElement, view: ButtonView): void {
  b.title = view.key ? `${view.label} (${view.key})` : view.label;
}

/**
 * The button row: undo, redo, reset, hint, the pack's game buttons, the view toggle, and a d-pad for
 * packs played by swipes (on touch screens, and everywhere when it holds diagonal moves, which have no
 * arrow keys). The pad's arrows sit and point where their moves go on screen in `view` (in the
 * isometric view, along the board's axes). A press is the view's button gesture for that button id.
 */
export function buildControls(input: InputModel, gesture: (g: Gesture) => void, view: ViewControl): Controls {
  const root = el("div", "gp-controls");
  // Buttons wrap in their own box so that on a narrow screen the pad stays beside them.
  const row = el("div", "gp-buttons");
  root.append(row);
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
    row.append(b);
  }
  const help = button("?", view.help);
  help.dataset.help = "";
  help.setAttribute("aria-label", "Controls and keys");
  help.title = "Controls and keys (?)";
  row.append(help);
  const game = input.buttons.filter((b) => b.group === "game");
  if (game.length > 0) row.append(el("span", "gp-sep"));
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
    row.append(b);
  }
  if (view.sound) {
    const { muted, toggle } = view.sound;
    const label = () => (muted() ? "Sound off" : "Sound on");
    const b = button(label(), () => {
      toggle();
      b.textContent = label();
    });
    b.dataset.sound = "";
    b.title = "Turn the sounds on or off";
    row.append(b);
  }
  if (view.toggle) {
    const other: BoardView = view.view === "isometric" ? "top-down" : "isometric";
    const b = button(VIEW_NAMES[other], view.toggle);
    b.dataset.viewToggle = other;
    b.title = `Show the board ${other === "top-down" ? "from above" : "in 3D"}${view.toggleKey ? " (V)" : ""}`;
    row.append(el("span", "gp-sep"), b);
  }
  const directional = input.buttons.filter((b) => b.group === "direction");
  if (directional.length > 0) {
    const pad = el("div", "gp-dpad");
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", "Directions");
    pad.dataset.view = view.view;
    const actionOf = (b: ButtonView | undefined) =>
      b?.outcome.kind === "action" ? b.outcome.action.action : "";
    // The pad's main action is the cardinal one; another (a diagonal swap) is marked apart.
    const main = actionOf(directional.find((b) => !b.id.includes("_"))) || actionOf(directional[0]);
    for (const screen of DPAD_CELLS) {
      const direction = screen ? boardDirection(view.view, screen) : "";
      const bv = directional.find((b) => b.id === `direction:${direction}`);
      if (!screen || !bv) {
        pad.append(el("span"));
        continue;
      }
      const b = button(DIRECTION_GLYPHS[screen], press(bv));
      const does = bv.outcome.kind === "action" ? bv.outcome.action.action.replace(/_/g, " ") : "move";
      b.setAttribute("aria-label", `${does} ${direction.replace("_", " ")}`);
      tooltip(b, {
        ...bv,
        label: `${does[0]?.toUpperCase()}${does.slice(1)} ${direction.replace("_", " ")}`,
      });
      b.dataset.direction = direction;
      if (actionOf(bv) !== main) b.classList.add("gp-dpad-other");
      if (direction.includes("_")) pad.classList.add("gp-dpad-diagonal");
      pad.append(b);
    }
    root.append(pad);
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
