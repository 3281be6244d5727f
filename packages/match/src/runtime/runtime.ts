/**
 * Runs a compiled game on one mutable state: legal moves for the seat to move, making a move and
 * taking it back in place, the turn passing, phases, and how the game ended. Sessions, perft and the
 * bots all play through this.
 * @module
 */
import type { CompiledSetup } from "../compile/game.js";
import type { CompiledChoice, CompiledGame, CompiledMove, CompiledPhase, Fn, Rt } from "../contract.js";
import { FROM, MOVER, PIECE, TARGET, TO } from "../contract.js";
import { MatchState } from "./state.js";

/** One step of a move: a move definition applied to a piece, a cell, choices. */
export interface Step {
  readonly def: number;
  readonly from: number;
  readonly to: number;
  readonly piece: number;
  /** The value bound to each of the move's choices, in order; empty without choices. */
  readonly choices: readonly number[];
}

/** A move as the runtime plays it: its steps (more than one for a chain). */
export interface Move {
  readonly steps: readonly Step[];
}

/** How a game ended: each seat's result, why, and the seats' scores when the result ranks them. */
export interface Outcome {
  readonly reason: string;
  readonly results: readonly ("win" | "loss" | "draw")[];
  readonly scores?: readonly number[];
}

const NO_CHOICES: readonly number[] = [];

export class MatchRuntime implements Rt {
  readonly b: Int32Array;
  /** Position keys of the positions played through, oldest first, while `track` is on. */
  private readonly keys: number[] = [];
  private cachedLegal: Move[] | null = null;

  constructor(
    readonly g: CompiledGame,
    readonly s: MatchState,
  ) {
    this.b = new Int32Array(8 + g.choiceSlots);
  }

  /** A runtime at the start of a game: the setup placed and run, with this seed for random numbers. */
  static start(g: CompiledGame, setup: CompiledSetup, seed: number): MatchRuntime {
    const s = new MatchState({
      cellCount: g.cellCount,
      attrCount: g.attrs.length,
      varCount: g.vars.length,
      seatVarCount: g.seatVars.length,
      seatCount: g.seatCount,
      zoneCount: g.slotZone.length,
    });
    const r = new MatchRuntime(g, s);
    for (const v of g.vars) s.vars[v.index] = v.initial;
    for (let seat = 0; seat < g.seatCount; seat++)
      for (const v of g.seatVars) s.seatVars[seat * g.seatVars.length + v.index] = v.initial;
    for (const [index, value] of setup.vars) s.vars[index] = value;
    for (const p of setup.placements) {
      const id = s.allocate(p.type, p.owner);
      for (const [slot, value] of p.attrs) s.setAttr(id, slot, value);
      s.cells[p.cell] = id;
      s.pcell[id] = p.cell;
    }
    s.rng = seed | 0;
    s.current = setup.first;
    s.phase = g.startPhase;
    r.b[MOVER] = setup.first;
    setup.run?.(r);
    const phase = g.phases[s.phase] as CompiledPhase;
    phase.onEnter?.(r);
    s.commit();
    r.keys.push(r.positionKey());
    return r;
  }

  /** An independent copy at the same position, with the same position history. */
  clone(): MatchRuntime {
    const r = new MatchRuntime(this.g, this.s.clone());
    r.keys.push(...this.keys);
    return r;
  }

  // ---- legal moves ----

  /** The legal moves of the seat to move (cached until the state changes through `play`/`undo`). */
  legal(): Move[] {
    if (this.cachedLegal === null) this.cachedLegal = this.generate();
    return this.cachedLegal;
  }

  legalCount(): number {
    return this.legal().length;
  }

  /** Generates the legal moves afresh. */
  generate(): Move[] {
    const g = this.g;
    const s = this.s;
    const mover = s.current;
    const steps: Step[] = [];
    const out: Move[] = [];
    const plan = this.planOf(s.phase);
    // Each piece of the mover once, with the moves of its type: not every move over every cell.
    const cells = s.cells;
    for (let c = 0; c < cells.length; c++) {
      const p = cells[c] as number;
      if (p < 0 || s.powner[p] !== mover) continue;
      const defs = plan.byType[s.ptype[p] as number] as readonly CompiledMove[];
      for (let i = 0; i < defs.length; i++) this.pieceSteps(defs[i] as CompiledMove, c, p, mover, steps);
    }
    for (const def of plan.others) this.stepsOf(def, mover, -1, steps);
    let best = -Infinity;
    for (const step of steps) {
      const def = g.moves[step.def] as CompiledMove;
      if (def.chain !== null) this.expand(step, [], mover, out);
      else if (g.legal === null) out.push({ steps: [step] });
      else {
        const mark = s.mark();
        this.b[MOVER] = mover;
        this.bind(step);
        g.beforeEach?.(this);
        def.run(this);
        if (this.isLegal(step, step, mover)) out.push({ steps: [step] });
        s.rewind(mark);
      }
    }
    const priority = (m: Move) => (g.moves[(m.steps[0] as Step).def] as CompiledMove).priority;
    for (const m of out) best = Math.max(best, priority(m));
    if (out.length === 0) return out;
    const allSame = out.every((m) => priority(m) === best);
    return allSame ? out : out.filter((m) => priority(m) === best);
  }

  private isLegal(first: Step, last: Step, mover: number): boolean {
    const legal = this.g.legal;
    if (legal === null) return true;
    const b = this.b;
    b[MOVER] = mover;
    b[FROM] = first.from;
    b[TO] = last.to;
    b[PIECE] = first.piece;
    return legal(this) !== 0;
  }

  private bind(step: Step): void {
    const b = this.b;
    b[FROM] = step.from;
    b[TO] = step.to;
    b[PIECE] = step.piece;
    b[TARGET] = step.to >= 0 ? (this.s.cells[step.to] as number) : -1;
    const def = this.g.moves[step.def] as CompiledMove;
    for (let i = 0; i < def.choices.length; i++)
      b[(def.choices[i] as CompiledChoice).slot] = step.choices[i] as number;
  }

  /** Continues a chain from `step` (made on top of `prefix`), adding every complete chain to `out`. */
  private expand(step: Step, prefix: Step[], mover: number, out: Move[]): void {
    const g = this.g;
    const s = this.s;
    const def = g.moves[step.def] as CompiledMove;
    this.b[MOVER] = mover;
    this.bind(step);
    const chain = def.chain as NonNullable<CompiledMove["chain"]>;
    const stop = chain.until !== null && chain.until(this) !== 0;
    const mark = s.mark();
    if (prefix.length === 0) {
      g.beforeEach?.(this);
      this.bind(step);
    }
    def.run(this);
    const path = [...prefix, step];
    const next: Step[] = [];
    if (!stop) for (const d of chain.with) this.stepsOf(g.moves[d] as CompiledMove, mover, step.piece, next);
    // A chain that may stop anywhere is a move at every step; else only where it can go no further.
    if ((next.length === 0 || chain.optional) && this.isLegal(path[0] as Step, step, mover))
      out.push({ steps: path });
    for (const n of next) this.expand(n, path, mover, out);
    s.rewind(mark);
  }

  /** Every step of one move definition whose condition holds, for `only` piece when not -1. */
  /** The moves of each phase split once: board moves by piece type, and the rest. */
  private plans: ({ byType: CompiledMove[][]; others: CompiledMove[] } | undefined)[] = [];

  private planOf(phase: number): { byType: CompiledMove[][]; others: CompiledMove[] } {
    let plan = this.plans[phase];
    if (plan === undefined) {
      const g = this.g;
      const defs = (g.phases[phase] as CompiledPhase).moves.map((d) => g.moves[d] as CompiledMove);
      plan = {
        byType: g.typeNames.map((_, t) => defs.filter((d) => d.source === "board" && d.types[t] === 1)),
        others: defs.filter((d) => d.source !== "board"),
      };
      this.plans[phase] = plan;
    }
    return plan;
  }

  /** The steps of one board move for the piece `p` on cell `c`. */
  private pieceSteps(def: CompiledMove, c: number, p: number, mover: number, out: Step[]): void {
    const g = this.g;
    const b = this.b;
    b[MOVER] = mover;
    if (def.pattern === "place") {
      this.placements(def, c, p, out);
      return;
    }
    const cells = this.s.cells;
    const offs = def.offsets[mover] as Int32Array;
    const w = g.width;
    const h = g.height;
    const playable = g.playable;
    const step = def.pattern === "step";
    const x0 = c % w;
    const y0 = (c - x0) / w;
    for (let k = 0; k < offs.length; k += 2) {
      const dx = offs[k] as number;
      const dy = offs[k + 1] as number;
      let x = x0 + dx;
      let y = y0 + dy;
      while (x >= 0 && y >= 0 && x < w && y < h) {
        const t = y * w + x;
        if (playable[t] !== 1) break;
        const there = cells[t] as number;
        b[FROM] = c;
        b[TO] = t;
        b[PIECE] = p;
        b[TARGET] = there;
        this.offer(def, c, t, p, out);
        if (step || there >= 0) break;
        x += dx;
        y += dy;
      }
    }
  }

  private stepsOf(def: CompiledMove, mover: number, only: number, out: Step[]): void {
    const s = this.s;
    const b = this.b;
    b[MOVER] = mover;
    if (def.source === "board") {
      const cells = s.cells;
      const start = only >= 0 ? (s.pcell[only] as number) : 0;
      const stop = only >= 0 ? start + 1 : cells.length;
      for (let c = start; c < stop; c++) {
        const p = cells[c] as number;
        if (p < 0 || s.powner[p] !== mover || def.types[s.ptype[p] as number] !== 1) continue;
        this.pieceSteps(def, c, p, mover, out);
      }
      return;
    }
    if (def.source === "zone") {
      const pile = s.zones[(def.zone as Fn)(this)] ?? [];
      for (const p of pile.slice()) {
        if (def.types[s.ptype[p] as number] !== 1) continue;
        if (def.pattern === "place") this.placements(def, -1, p, out);
        else {
          b[FROM] = -1;
          b[TO] = -1;
          b[PIECE] = p;
          b[TARGET] = -1;
          this.offer(def, -1, -1, p, out);
        }
      }
      return;
    }
    if (def.pattern === "place") this.placements(def, -1, -1, out);
    else {
      b[FROM] = -1;
      b[TO] = -1;
      b[PIECE] = -1;
      b[TARGET] = -1;
      this.offer(def, -1, -1, -1, out);
    }
  }

  private placements(def: CompiledMove, from: number, piece: number, out: Step[]): void {
    const s = this.s;
    const b = this.b;
    for (let t = 0; t < s.cells.length; t++) {
      if (this.g.playable[t] !== 1 || (def.placeEmpty && s.cells[t] !== -1)) continue;
      b[FROM] = from;
      b[TO] = t;
      b[PIECE] = piece;
      b[TARGET] = s.cells[t] as number;
      this.offer(def, from, t, piece, out);
    }
  }

  /** Adds the step (one per combination of its choices) when its condition holds. */
  private offer(def: CompiledMove, from: number, to: number, piece: number, out: Step[]): void {
    if (def.cond !== null && def.cond(this) === 0) return;
    if (def.choices.length === 0) {
      out.push({ def: def.index, from, to, piece, choices: NO_CHOICES });
      return;
    }
    const values: number[][] = [[]];
    for (const choice of def.choices) {
      const applies = choice.when === null || choice.when(this) !== 0;
      const next: number[][] = [];
      for (const prefix of values) {
        if (!applies) next.push([...prefix, -1]);
        else for (const v of choice.values) next.push([...prefix, v]);
      }
      values.splice(0, values.length, ...next);
    }
    for (const choices of values) out.push({ def: def.index, from, to, piece, choices });
  }

  // ---- making moves ----

  /**
   * Makes a move for the seat to move and passes the turn; returns the mark to `undo` to. With
   * `track`, the new position joins the history repetitions are counted in.
   */
  play(move: Move, track = true): number {
    const g = this.g;
    const s = this.s;
    const mark = s.mark();
    const mover = s.current;
    const b = this.b;
    b[MOVER] = mover;
    if (s.again !== 0) s.setAgain(0);
    if (s.skip !== 0) s.setSkip(0);
    if (s.goto !== -1) s.setGoto(-1);
    const first = move.steps[0] as Step;
    this.bind(first);
    g.beforeEach?.(this);
    for (const step of move.steps) {
      this.bind(step);
      (g.moves[step.def] as CompiledMove).run(this);
    }
    s.setPly(s.ply + 1);
    this.cachedLegal = null;
    this.pass(mover);
    this.cachedLegal = null;
    if (track) this.keys.push(this.positionKey());
    else this.keys.push(Number.NaN);
    return mark;
  }

  /** A point to `restore` to, however many moves are made after it. */
  savepoint(): { readonly mark: number; readonly history: number } {
    return { mark: this.s.mark(), history: this.keys.length };
  }

  /** Takes back every move made since the savepoint. */
  restore(point: { readonly mark: number; readonly history: number }): void {
    this.s.rewind(point.mark);
    this.keys.length = point.history;
    this.cachedLegal = null;
  }

  /** Takes back the moves made since `mark`. */
  undo(mark: number): void {
    this.s.rewind(mark);
    this.keys.pop();
    this.cachedLegal = null;
  }

  /** Passes the turn after `mover`'s move and runs phase ends. */
  private pass(mover: number): void {
    const g = this.g;
    const s = this.s;
    const n = g.seatCount;
    const next = s.again !== 0 ? mover : (((mover + s.direction * (1 + s.skip)) % n) + n) % n;
    if (next !== s.current) s.setCurrent(next);
    const phase = g.phases[s.phase] as CompiledPhase;
    this.b[MOVER] = mover;
    for (const e of phase.end) {
      if (e.cond(this) === 0) continue;
      e.run?.(this);
      s.setGoto(e.goto);
      break;
    }
    // A phase ends (a round is scored) before the game's end is checked; a game that has ended enters
    // no next phase, so its last round stays on the table.
    if (s.goto >= 0 && this.outcome(mover) === null) {
      s.setRound(s.round + 1);
      s.setPhase(s.goto);
      this.b[MOVER] = s.current;
      (g.phases[s.goto] as CompiledPhase).onEnter?.(this);
    }
  }

  /** Forgets the undo log: the moves made so far can no longer be taken back in place. */
  commit(): void {
    this.s.commit();
  }

  // ---- the end ----

  /** How the game has ended, or null while it goes on; `mover` is the seat that moved last. */
  outcome(mover: number): Outcome | null {
    const g = this.g;
    this.b[MOVER] = mover;
    for (const e of g.end) {
      if (e.cond(this) === 0) continue;
      const results: ("win" | "loss" | "draw")[] = Array(g.seatCount).fill("draw");
      const res = e.result;
      this.b[MOVER] = mover;
      if (res.kind === "winner") {
        const w = res.seat(this);
        results.fill("loss");
        if (w >= 0 && w < g.seatCount) results[w] = "win";
      } else if (res.kind === "loser") {
        const l = res.seat(this);
        results.fill("win");
        if (l >= 0 && l < g.seatCount) results[l] = "loss";
      } else if (res.kind === "ranking") {
        const scores = Array.from({ length: g.seatCount }, (_, seat) => res.score(this, seat));
        const best = res.high ? Math.max(...scores) : Math.min(...scores);
        const top = scores.filter((v) => v === best).length;
        scores.forEach((v, seat) => {
          results[seat] = top === g.seatCount ? "draw" : v === best ? "win" : "loss";
        });
        return { reason: e.reason, results, scores };
      }
      return { reason: e.reason, results };
    }
    return null;
  }

  // ---- positions ----

  repetitions(): number {
    const keys = this.keys;
    const now = keys[keys.length - 1];
    let n = 0;
    for (let i = keys.length - 1; i >= 0; i--) if (keys[i] === now) n++;
    return n;
  }

  /** A 52-bit key of the position: board, pieces, variables, zones, seat to move and phase. */
  positionKey(): number {
    const s = this.s;
    let h1 = 0x811c9dc5 | 0;
    let h2 = 0x01000193 | 0;
    const mix = (v: number) => {
      h1 = Math.imul(h1 ^ v, 0x01000193);
      h2 = Math.imul(h2 ^ (v + 0x9e3779b9), 0x85ebca6b) ^ (h2 >>> 13);
    };
    const attrs = s.shape.attrCount;
    const piece = (p: number) => {
      mix(s.ptype[p] as number);
      mix(s.powner[p] as number);
      for (let a = 0; a < attrs; a++) mix(s.pattr[p * attrs + a] as number);
    };
    for (let c = 0; c < s.cells.length; c++) {
      const p = s.cells[c] as number;
      if (p >= 0) {
        mix(c);
        piece(p);
      }
    }
    const g = this.g;
    for (const v of g.vars) if (v.inPosition) mix(s.vars[v.index] as number);
    for (let seat = 0; seat < g.seatCount; seat++)
      for (const v of g.seatVars) if (v.inPosition) mix(s.seatVar(seat, v.index));
    for (let z = 0; z < s.zones.length; z++) {
      mix(-2 - z);
      for (const p of s.zones[z] as number[]) piece(p);
    }
    mix(s.current);
    mix(s.phase);
    mix(s.direction);
    return (h1 >>> 0) * 2097152 + (h2 >>> 11);
  }
}
