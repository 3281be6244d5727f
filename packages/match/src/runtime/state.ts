/**
 * The mutable state of one match and its undo log. Every change goes through a method here that logs
 * the old value first, so a search can make a move and take it back in place (`rewind`), with no copy
 * of the state per node: the form perft and the bots need to be fast.
 * @module
 */

enum Op {
  Cell = 0,
  Type = 1,
  Owner = 2,
  Where = 3,
  Attr = 4,
  Var = 5,
  SeatVar = 6,
  Current = 7,
  Direction = 8,
  Phase = 9,
  Rng = 10,
  Ply = 11,
  Alloc = 12,
  Zone = 13,
  Again = 14,
  Skip = 15,
  Goto = 16,
  Zoned = 17,
  Round = 18,
}

/** Where a piece is when it is not on the board: `NOWHERE` (removed) or in a zone (`zones[i]`). */
export const NOWHERE = -1;

/** The dimensions a state is made for. */
export interface StateShape {
  readonly cellCount: number;
  readonly attrCount: number;
  readonly varCount: number;
  readonly seatVarCount: number;
  readonly seatCount: number;
  readonly zoneCount: number;
}

export class MatchState {
  /** The piece on each cell, or -1. */
  readonly cells: Int32Array;
  /** Per piece: type index, owner seat (-1 for none), cell (-1 off the board), zone (-1 for none). */
  ptype: Int32Array;
  powner: Int32Array;
  pcell: Int32Array;
  pzone: Int32Array;
  /** Per piece, `attrCount` attribute slots. */
  pattr: Int32Array;
  pieceCount = 0;
  readonly vars: Int32Array;
  readonly seatVars: Int32Array;
  /** The pieces of each zone, bottom first. */
  readonly zones: number[][];
  current = 0;
  direction = 1;
  phase = 0;
  rng = 0;
  ply = 0;
  /** How many times a phase has been entered by a phase's end: rounds played, stages passed. */
  round = 0;
  /** Set by effects during a move: the mover moves again; the next seat is skipped; a phase to enter. */
  again = 0;
  skip = 0;
  goto = -1;
  private log: Int32Array = new Int32Array(3 * 1024);
  private logLength = 0;
  private saved: number[][] = [];

  constructor(readonly shape: StateShape) {
    this.cells = new Int32Array(shape.cellCount).fill(-1);
    const capacity = 64;
    this.ptype = new Int32Array(capacity);
    this.powner = new Int32Array(capacity);
    this.pcell = new Int32Array(capacity);
    this.pzone = new Int32Array(capacity);
    this.pattr = new Int32Array(capacity * Math.max(1, shape.attrCount));
    this.vars = new Int32Array(shape.varCount);
    this.seatVars = new Int32Array(shape.seatCount * shape.seatVarCount);
    this.zones = Array.from({ length: shape.zoneCount }, () => []);
  }

  /** A copy with the same values and an empty undo log. */
  clone(): MatchState {
    const c = new MatchState(this.shape);
    c.cells.set(this.cells);
    c.ptype = this.ptype.slice();
    c.powner = this.powner.slice();
    c.pcell = this.pcell.slice();
    c.pzone = this.pzone.slice();
    c.pattr = this.pattr.slice();
    c.pieceCount = this.pieceCount;
    c.vars.set(this.vars);
    c.seatVars.set(this.seatVars);
    for (let i = 0; i < this.zones.length; i++) c.zones[i] = (this.zones[i] as number[]).slice();
    c.current = this.current;
    c.direction = this.direction;
    c.phase = this.phase;
    c.rng = this.rng;
    c.ply = this.ply;
    c.round = this.round;
    return c;
  }

  /** A point in the undo log to rewind to. */
  mark(): number {
    return this.logLength;
  }

  /** Drops the undo log: the changes so far can no longer be taken back. */
  commit(): void {
    this.logLength = 0;
    this.saved.length = 0;
  }

  private push(op: Op, a: number, b: number): void {
    let n = this.logLength;
    if (n + 3 > this.log.length) {
      const grown = new Int32Array(this.log.length * 2);
      grown.set(this.log);
      this.log = grown;
    }
    const log = this.log;
    log[n++] = op;
    log[n++] = a;
    log[n++] = b;
    this.logLength = n;
  }

  /** Takes back every change made since `mark`. */
  rewind(mark: number): void {
    const log = this.log;
    let n = this.logLength;
    while (n > mark) {
      const b = log[--n] as number;
      const a = log[--n] as number;
      const op = log[--n] as number as Op;
      switch (op) {
        case Op.Cell:
          this.cells[a] = b;
          break;
        case Op.Type:
          this.ptype[a] = b;
          break;
        case Op.Owner:
          this.powner[a] = b;
          break;
        case Op.Where:
          this.pcell[a] = b;
          break;
        case Op.Zoned:
          this.pzone[a] = b;
          break;
        case Op.Attr:
          this.pattr[a] = b;
          break;
        case Op.Var:
          this.vars[a] = b;
          break;
        case Op.SeatVar:
          this.seatVars[a] = b;
          break;
        case Op.Current:
          this.current = b;
          break;
        case Op.Direction:
          this.direction = b;
          break;
        case Op.Phase:
          this.phase = b;
          break;
        case Op.Rng:
          this.rng = b;
          break;
        case Op.Ply:
          this.ply = b;
          break;
        case Op.Round:
          this.round = b;
          break;
        case Op.Alloc:
          this.pieceCount = b;
          break;
        case Op.Zone:
          this.zones[a] = this.saved.pop() as number[];
          break;
        case Op.Again:
          this.again = b;
          break;
        case Op.Skip:
          this.skip = b;
          break;
        case Op.Goto:
          this.goto = b;
          break;
      }
    }
    this.logLength = n;
  }

  /** Puts `piece` (or -1) on a cell, keeping the piece's own cell in step. */
  setCell(cell: number, piece: number): void {
    this.push(Op.Cell, cell, this.cells[cell] as number);
    this.cells[cell] = piece;
  }

  setWhere(piece: number, cell: number): void {
    this.push(Op.Where, piece, this.pcell[piece] as number);
    this.pcell[piece] = cell;
  }

  setZoned(piece: number, zone: number): void {
    this.push(Op.Zoned, piece, this.pzone[piece] as number);
    this.pzone[piece] = zone;
  }

  setType(piece: number, type: number): void {
    this.push(Op.Type, piece, this.ptype[piece] as number);
    this.ptype[piece] = type;
  }

  setOwner(piece: number, owner: number): void {
    this.push(Op.Owner, piece, this.powner[piece] as number);
    this.powner[piece] = owner;
  }

  setAttr(piece: number, slot: number, value: number): void {
    const i = piece * this.shape.attrCount + slot;
    this.push(Op.Attr, i, this.pattr[i] as number);
    this.pattr[i] = value;
  }

  attr(piece: number, slot: number): number {
    return this.pattr[piece * this.shape.attrCount + slot] as number;
  }

  setVar(index: number, value: number): void {
    this.push(Op.Var, index, this.vars[index] as number);
    this.vars[index] = value;
  }

  setSeatVar(seat: number, index: number, value: number): void {
    const i = seat * this.shape.seatVarCount + index;
    this.push(Op.SeatVar, i, this.seatVars[i] as number);
    this.seatVars[i] = value;
  }

  seatVar(seat: number, index: number): number {
    return this.seatVars[seat * this.shape.seatVarCount + index] as number;
  }

  setCurrent(seat: number): void {
    this.push(Op.Current, 0, this.current);
    this.current = seat;
  }

  setDirection(direction: number): void {
    this.push(Op.Direction, 0, this.direction);
    this.direction = direction;
  }

  setPhase(phase: number): void {
    this.push(Op.Phase, 0, this.phase);
    this.phase = phase;
  }

  setRng(value: number): void {
    this.push(Op.Rng, 0, this.rng);
    this.rng = value | 0;
  }

  setPly(ply: number): void {
    this.push(Op.Ply, 0, this.ply);
    this.ply = ply;
  }

  setRound(round: number): void {
    this.push(Op.Round, 0, this.round);
    this.round = round;
  }

  setAgain(value: number): void {
    this.push(Op.Again, 0, this.again);
    this.again = value;
  }

  setSkip(value: number): void {
    this.push(Op.Skip, 0, this.skip);
    this.skip = value;
  }

  setGoto(value: number): void {
    this.push(Op.Goto, 0, this.goto);
    this.goto = value;
  }

  /** Replaces a zone's list of pieces, keeping the old list to rewind to. */
  setZone(zone: number, pieces: number[]): void {
    this.saved.push(this.zones[zone] as number[]);
    this.push(Op.Zone, zone, 0);
    this.zones[zone] = pieces;
  }

  /** A new piece, off the board and in no zone, with every attribute 0. */
  allocate(type: number, owner: number): number {
    const id = this.pieceCount;
    if (id >= this.ptype.length) this.grow();
    this.push(Op.Alloc, 0, id);
    this.pieceCount = id + 1;
    // A rewound allocation leaves its slots as they were: set them without logging.
    this.ptype[id] = type;
    this.powner[id] = owner;
    this.pcell[id] = -1;
    this.pzone[id] = -1;
    this.pattr.fill(0, id * this.shape.attrCount, (id + 1) * this.shape.attrCount);
    return id;
  }

  private grow(): void {
    const n = this.ptype.length * 2;
    const widen = (a: Int32Array, size: number) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.ptype = widen(this.ptype, n);
    this.powner = widen(this.powner, n);
    this.pcell = widen(this.pcell, n);
    this.pzone = widen(this.pzone, n);
    this.pattr = widen(this.pattr, n * Math.max(1, this.shape.attrCount));
  }
}
