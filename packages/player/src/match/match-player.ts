/**
 * The match player: a board or card game for several seats, each a person at this device or a bot.
 * A person picks a piece, then where it goes (each landing of a chain in turn), or a card, by pointer
 * or keyboard; a choice (a promotion, a suit) is asked in a dialog. When the game hides cards and
 * several people share the device, a "pass the device" screen stands between their turns and the
 * table is drawn only for the seat whose turn it is. Everything drawn comes from one seat's
 * observation, so a hidden card never reaches the page.
 * @module
 */
import {
  actionKey,
  type CompiledGame,
  type CompiledSetup,
  compileGame,
  type MatchAction,
  type MatchGame,
  MatchSession,
  type MatchTheme,
  type Setup,
} from "@gridponder/match";
import { type BoardRenderer, type BoardView, transitionBetween } from "@gridponder/view";
import {
  cellNameAt,
  describeMatchMove,
  describeOutcome,
  describeTurn,
  EMPTY_PICK,
  type MatchLook,
  type MatchPick,
  matchLook,
  matchScene,
  matchTable,
  pickCard,
  pickCell,
  pickChoice,
  pickOptions,
  sceneCell,
} from "@gridponder/view/match";
import { createBoard } from "../create-board.js";
import { DialogLayer } from "../dialog.js";
import { button, el } from "../dom.js";
import { botFor, defaultSeats, SEAT_PLAYER_LABELS, type SeatPlayer, seatPlayersOf } from "./seats.js";
import { applyMatchStyles } from "./styles.js";
import { drawTable } from "./table-dom.js";

export interface MatchPlayerOptions {
  readonly game: MatchGame;
  readonly theme?: MatchTheme;
  /** The name shown above the board. */
  readonly title: string;
  /** A start position in place of the game's setup. */
  readonly setup?: Setup;
  /** How many seats play; the game's fewest by default. */
  readonly seatCount?: number;
  /** Who plays each seat; seat 1 a person and the others the best bot by default. */
  readonly seats?: readonly SeatPlayer[];
  /** The seed of the game's random numbers; 1 by default. */
  readonly seed?: number;
  /** Moves to replay first (action keys, as a share link carries them). */
  readonly log?: readonly string[];
  readonly renderer?: "auto" | "webgl" | "2d";
  readonly view?: BoardView;
  readonly reducedMotion?: boolean;
  /** A pause before each bot move, so people can follow; 350 ms by default. */
  readonly botDelayMs?: number;
}

/** What the player tells its page after every change. */
export interface MatchChange {
  readonly seed: number;
  readonly seatCount: number;
  readonly seats: readonly SeatPlayer[];
  readonly log: readonly string[];
  readonly outcome: string | null;
}

export interface MatchHandle {
  readonly session: MatchSession;
  readonly seats: readonly SeatPlayer[];
  /** Starts again with these seats (and seat count, seed). */
  newGame(options?: { seats?: readonly SeatPlayer[]; seatCount?: number; seed?: number }): void;
  /** Plays an action for the seat to move, as a person would. */
  act(action: MatchAction | string): boolean;
  /** A board cell's centre in viewport px (for pointers); null without a board. */
  cellPoint(name: string): { x: number; y: number } | null;
  /** Resolves once no bot is about to move and the board is not animating. */
  idle(): Promise<void>;
  destroy(): void;
}

interface Started {
  readonly game: CompiledGame;
  readonly setup: CompiledSetup;
  readonly look: MatchLook;
}

function compile(options: MatchPlayerOptions, seatCount: number): Started {
  const c = compileGame(options.game, seatCount, options.setup ?? options.game.setup);
  if (!c.ok) throw new Error(`the game does not compile: ${c.errors[0]?.pointer} ${c.errors[0]?.message}`);
  return { game: c.game, setup: c.setup, look: matchLook(c.game, options.theme) };
}

export function mountMatch(element: HTMLElement, options: MatchPlayerOptions): MatchHandle {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  const styles = applyMatchStyles(shadow);
  const root = el("div", "gp gpm");
  const top = el("div", "gp-top");
  top.append(el("h1", "gp-title", options.title));
  const status = el("div", "gpm-status");
  status.dataset.status = "";
  const seatBar = el("div", "gpm-seats");
  const main = el("div", "gp-main");
  const boardBox = el("div", "gp-board");
  const table = el("div", "gpm-table");
  const controls = el("div", "gp-controls");
  const buttons = el("div", "gp-buttons");
  const moveButtons = el("div", "gpm-moves");
  controls.append(buttons, moveButtons);
  const live = el("div", "gp-live");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const pass = el("div", "gpm-pass");
  pass.hidden = true;
  const dialog = new DialogLayer(() => element.focus({ preventScroll: true }));
  root.append(top, status, seatBar, main, controls, live, pass, dialog.root);
  shadow.replaceChildren(...styles, root);
  if (!element.hasAttribute("tabindex")) element.tabIndex = 0;
  element.setAttribute("role", element.getAttribute("role") ?? "application");
  element.setAttribute("aria-label", options.title);

  const reducedMotion =
    options.reducedMotion ??
    (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
  const botDelay = options.botDelayMs ?? 350;
  let seatCount = options.seatCount ?? options.game.seats.min;
  let seed = options.seed ?? 1;
  let started = compile(options, seatCount);
  let seats: SeatPlayer[] = options.seats ? [...options.seats] : defaultSeats(started.game);
  let session = new MatchSession(started.game, started.setup, { seed });
  let pick: MatchPick = EMPTY_PICK;
  let cursor: string | null = null;
  let lastMove: string[] = [];
  /** The person at the device: whose hand the table shows. */
  let viewer: number | null = null;
  let passing = false;
  let botTimer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;

  let renderer: BoardRenderer | null = null;
  let scene: ReturnType<typeof matchScene> = null;
  const onTap = (cellName: string): void => {
    element.focus({ preventScroll: true });
    chooseCell(cellName);
  };
  const makeBoard = (): void => {
    renderer?.dispose();
    renderer = null;
    scene = null;
    main.replaceChildren();
    if (started.game.width > 0) {
      main.append(boardBox);
      renderer = createBoard(
        options.renderer ?? "auto",
        boardBox,
        () => "",
        (g) => {
          if (g.type === "tap") onTap(cellNameAt(g.cell, started.game.height));
        },
        reducedMotion,
        options.view ?? "isometric",
      );
    }
    if (started.game.zones.length > 0) main.append(table);
  };

  const humans = (): number[] => seats.flatMap((p, i) => (p === "human" ? [i] : []));
  const isHuman = (seat: number): boolean => seats[seat] === "human";
  const emit = (): void => {
    const detail: MatchChange = {
      seed,
      seatCount,
      seats: [...seats],
      log: session.log,
      outcome: session.outcome ? describeOutcome(started.game, session.outcome) : null,
    };
    element.dispatchEvent(new CustomEvent("match-change", { detail, bubbles: true, composed: true }));
  };
  const say = (text: string): void => {
    live.textContent = text;
  };

  /** Who looks at the table: the person to move; with no person to move, the last one who did. */
  const chooseViewer = (): void => {
    const current = session.current;
    const people = humans();
    if (people.length === 0) viewer = null;
    else if (isHuman(current)) {
      // Several people and hidden cards: the next one must take the device first.
      if (started.game.hidesInformation && people.length > 1 && viewer !== current && !session.outcome) {
        viewer = null;
        passing = true;
      } else viewer = current;
    } else if (viewer === null || !isHuman(viewer))
      viewer = people.length === 1 ? (people[0] as number) : null;
  };

  const drawSeatBar = (): void => {
    const parts: HTMLElement[] = [];
    if (options.game.seats.max > options.game.seats.min) {
      const label = el("label", undefined, "Seats");
      const select = el("select");
      select.dataset.seatCount = "";
      for (let n = options.game.seats.min; n <= options.game.seats.max; n++) {
        const o = el("option", undefined, String(n));
        o.value = String(n);
        o.selected = n === seatCount;
        select.append(o);
      }
      select.addEventListener("change", () => newGame({ seatCount: Number(select.value) }));
      label.append(select);
      parts.push(label);
    }
    seats.forEach((player, seat) => {
      const label = el("label");
      const swatch = el("span", "gpm-swatch");
      swatch.style.background = started.look.seatColors[seat] ?? "#888";
      label.append(swatch, started.game.seatNames[seat] ?? `Seat ${seat + 1}`);
      const select = el("select");
      select.dataset.seat = String(seat);
      for (const p of seatPlayersOf(started.game)) {
        const o = el("option", undefined, SEAT_PLAYER_LABELS[p]);
        o.value = p;
        o.selected = p === player;
        select.append(o);
      }
      select.addEventListener("change", () => {
        const next = [...seats];
        next[seat] = select.value as SeatPlayer;
        seats = next;
        // Changing who plays keeps the game: a bot may take over a seat mid-game, or a person.
        chooseViewer();
        render();
        emit();
        scheduleBot();
      });
      label.append(select);
      parts.push(label);
    });
    const fresh = button("New game", () => newGame({ seed: seed + 1 }));
    fresh.dataset.control = "new-game";
    parts.push(fresh);
    seatBar.replaceChildren(...parts);
  };

  const drawControls = (): void => {
    const undo = button("Undo", () => takeBack());
    undo.dataset.control = "undo";
    undo.disabled = !canTakeBack();
    const redo = button("Redo", () => {
      if (session.redo()) afterMove(null);
    });
    redo.dataset.control = "redo";
    redo.disabled = !session.canRedo || passing;
    const parts: HTMLElement[] = [undo, redo];
    if (renderer?.setView) {
      const flip = button(renderer.view === "isometric" ? "Top-down view" : "3D view", () => {
        renderer?.setView?.(renderer.view === "isometric" ? "top-down" : "isometric");
        drawControls();
      });
      flip.dataset.control = "view";
      parts.push(flip);
    }
    buttons.replaceChildren(...parts);
    const options =
      session.outcome || passing || !isHuman(session.current)
        ? null
        : pickOptions(session.legalActions(), pick);
    const finish = options?.finish ?? null;
    // A chain that may stop: the piece could go on, or the move ends where it stands.
    const end = finish ? button("End the move here", () => play(finish)) : null;
    if (end) end.dataset.control = "finish";
    moveButtons.replaceChildren(
      ...(options?.buttons ?? []).map((action) => {
        const label = started.game.moves[started.game.moveIndex.get(action.move) ?? -1]?.label ?? action.move;
        const b = button(label, () => play(action));
        b.dataset.move = action.move;
        return b;
      }),
      ...(end ? [end] : []),
    );
  };

  /** Takes back the last move of a person, and the bot moves after it. */
  const canTakeBack = (): boolean => !passing && session.canUndo && humans().length > 0;
  const takeBack = (): void => {
    if (!canTakeBack()) return;
    cancelBot();
    let undone = session.undo();
    while (undone && !isHuman(session.current) && session.canUndo) undone = session.undo();
    pick = EMPTY_PICK;
    lastMove = [];
    say(`Move taken back. ${describeTurn(started.game, session.current)}`);
    afterMove(null);
  };

  const render = (): void => {
    const observation = session.observe(viewer);
    const current = session.current;
    const legal =
      !session.outcome && !passing && isHuman(current) && viewer === current ? session.legalActions() : [];
    const options = pickOptions(legal, pick);
    if (renderer) {
      const targets = pick.cells.length > 0 || pick.piece !== null ? options.cells : [];
      const next = matchScene(observation, started.look, {
        selected: pick.cells.at(-1) ?? null,
        targets,
        lastMove,
        cursor,
      });
      if (next) {
        if (scene && !reducedMotion) void renderer.play(transitionBetween(scene, next, "redo"));
        else renderer.setScene(next);
        scene = next;
      }
    }
    if (started.game.zones.length > 0)
      drawTable(table, matchTable(started.game, started.look, observation), {
        playable: new Set(options.cards),
        picked: pick.piece,
        seatNames: started.game.seatNames,
        viewer,
        onCard: (id) => chooseCard(id),
      });
    status.textContent = session.outcome
      ? describeOutcome(started.game, session.outcome)
      : `${describeTurn(started.game, current)}${isHuman(current) ? "" : " (thinking…)"}`;
    status.dataset.status = session.outcome ? "over" : isHuman(current) ? "human" : "bot";
    root.dataset.current = String(current);
    root.dataset.viewer = viewer === null ? "" : String(viewer);
    root.dataset.cursor = cursor ?? "";
    drawPass();
    drawControls();
  };

  const drawPass = (): void => {
    pass.hidden = !passing;
    if (!passing) {
      pass.replaceChildren();
      return;
    }
    const name = started.game.seatNames[session.current] ?? `Seat ${session.current + 1}`;
    const card = el("div", "gp-card");
    card.append(
      el("h2", undefined, `Pass the device to ${name}`),
      el(
        "p",
        undefined,
        session.ply === 0 ? "Each seat sees only its own cards." : "The last player's cards are hidden.",
      ),
    );
    const ready = button(
      `I am ${name}: show my cards`,
      () => {
        passing = false;
        viewer = session.current;
        render();
        say(describeTurn(started.game, session.current));
        element.focus({ preventScroll: true });
      },
      "gp-primary",
    );
    ready.dataset.control = "pass-ready";
    card.append(ready);
    pass.replaceChildren(card);
    ready.focus();
  };

  const play = (action: MatchAction): void => {
    const seat = session.current;
    const turn = session.act(action);
    if (!turn.accepted || !turn.action) return;
    pick = EMPTY_PICK;
    lastMove = [turn.action.from, turn.action.to, ...(turn.action.chain ?? []).map((s) => s.to)].filter(
      (c): c is string => c !== undefined,
    );
    afterMove(describeMatchMove(started.game, started.look, seat, turn.action, session.observe(viewer)));
  };

  const afterMove = (said: string | null): void => {
    chooseViewer();
    render();
    const outcome = session.outcome ? describeOutcome(started.game, session.outcome) : null;
    say(
      [said, outcome ?? (passing ? null : describeTurn(started.game, session.current))]
        .filter(Boolean)
        .join(". "),
    );
    emit();
    scheduleBot();
  };

  const cancelBot = (): void => {
    if (botTimer !== null) clearTimeout(botTimer);
    botTimer = null;
  };
  const scheduleBot = (): void => {
    cancelBot();
    if (destroyed || session.outcome) return;
    const seat = session.current;
    const player = seats[seat];
    if (!player || player === "human") return;
    botTimer = setTimeout(() => {
      botTimer = null;
      if (destroyed || session.outcome || session.current !== seat) return;
      const bot = botFor(player, started.game, seed * 31 + session.ply);
      play(actionOfMove(bot.choose(session.position)));
    }, botDelay);
  };
  // Bots answer with the runtime's move; legalActions lists the same moves in the same order.
  const actionOfMove = (move: Parameters<MatchSession["playMove"]>[0]): MatchAction =>
    session.legalActions()[session.legalMoves().indexOf(move)] as MatchAction;

  const offer = (): void => {
    const legal = session.legalActions();
    const options = pickOptions(legal, pick);
    if (options.action) {
      play(options.action);
      return;
    }
    if (options.choice) {
      const { name, options: choices } = options.choice;
      dialog.show({
        kind: "choice",
        title: `${name.charAt(0).toUpperCase()}${name.slice(1)}: choose one`,
        paragraphs: [],
        actions: [
          ...choices.map((option) => ({
            label: option,
            name: `choice-${option}`,
            run: () => {
              dialog.close();
              const action = pickChoice(legal, pick, name, option);
              if (action) play(action);
            },
          })),
          {
            label: "Cancel",
            name: "cancel",
            run: () => {
              dialog.close();
              pick = EMPTY_PICK;
              render();
            },
          },
        ],
      });
      return;
    }
    render();
  };

  const chooseCell = (name: string): void => {
    if (passing || session.outcome || !isHuman(session.current)) return;
    pick = pickCell(session.legalActions(), pick, name);
    cursor = name;
    offer();
  };
  const chooseCard = (id: number): void => {
    if (passing || session.outcome || !isHuman(session.current)) return;
    pick = pickCard(session.legalActions(), id);
    offer();
  };

  const onKey = (event: KeyboardEvent): void => {
    if (dialog.open) {
      if (dialog.key(event.key)) event.preventDefault();
      return;
    }
    if (passing) return;
    const g = started.game;
    if ((event.key === "z" && (event.ctrlKey || event.metaKey)) || event.key === "u") {
      takeBack();
      event.preventDefault();
      return;
    }
    if (g.width === 0) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const delta = moves[event.key];
    if (delta) {
      const [x, y] = cursor ? sceneCell(cursor, g.height) : [0, g.height - 1];
      const nx = Math.min(g.width - 1, Math.max(0, x + delta[0]));
      const ny = Math.min(g.height - 1, Math.max(0, y + delta[1]));
      cursor = cellNameAt([nx, ny], g.height);
      // What stands there, as a seat would call it: the square's name, then the piece or "empty".
      const on = session.observe(viewer).board?.pieces.find((piece) => piece.at === cursor);
      const owner = on?.owner === null || on?.owner === undefined ? "" : `${g.seatNames[on.owner] ?? ""} `;
      say(
        `${cursor}: ${on ? `${owner}${g.typeLabels[g.typeIndex.get(on.type) ?? -1] ?? on.type}` : "empty"}`,
      );
      render();
      event.preventDefault();
    } else if ((event.key === "Enter" || event.key === " ") && cursor) {
      chooseCell(cursor);
      event.preventDefault();
    } else if (event.key === "Escape") {
      pick = EMPTY_PICK;
      render();
      event.preventDefault();
    }
  };
  element.addEventListener("keydown", onKey);
  const onResize = (): void => renderer?.resize();
  if (typeof window !== "undefined") window.addEventListener("resize", onResize);

  const newGame = (next: { seats?: readonly SeatPlayer[]; seatCount?: number; seed?: number } = {}): void => {
    cancelBot();
    const count = next.seatCount ?? seatCount;
    if (count !== seatCount) {
      seatCount = count;
      started = compile(options, seatCount);
      seats = next.seats
        ? [...next.seats]
        : [...seats.slice(0, seatCount), ...defaultSeats(started.game).slice(seats.length)];
      seats = seats.slice(0, seatCount);
      makeBoard();
    } else if (next.seats) seats = [...next.seats];
    seed = next.seed ?? seed;
    session = new MatchSession(started.game, started.setup, { seed });
    pick = EMPTY_PICK;
    lastMove = [];
    viewer = null;
    passing = false;
    drawSeatBar();
    afterMove(null);
  };

  makeBoard();
  drawSeatBar();
  if (options.log && options.log.length > 0) session.replay(options.log);
  afterMove(null);

  return {
    get session() {
      return session;
    },
    get seats() {
      return seats;
    },
    newGame,
    act(action) {
      if (!isHuman(session.current) || passing) return false;
      const key = typeof action === "string" ? action : actionKey(action);
      const found = session.legalActions().find((a) => actionKey(a) === key);
      if (!found) return false;
      play(found);
      return true;
    },
    cellPoint(name) {
      if (!renderer) return null;
      const p = renderer.project(sceneCell(name, started.game.height));
      const box = boardBox.getBoundingClientRect();
      return { x: box.left + p.x, y: box.top + p.y };
    },
    async idle() {
      for (let i = 0; i < 600; i++) {
        if (botTimer === null && !renderer?.animating) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    destroy() {
      destroyed = true;
      cancelBot();
      element.removeEventListener("keydown", onKey);
      if (typeof window !== "undefined") window.removeEventListener("resize", onResize);
      renderer?.dispose();
      shadow.replaceChildren();
    },
  };
}
