/**
 * The testbed's memory of past steps: a stack of saved states (each pane's `saveWorld(world)` and
 * the step count), newest last, bounded by a byte budget and a frame count. Pushing past either
 * drops the oldest; stepping back pops the newest. A snapshot restored into its world continues
 * bit for bit as the world did, so stepping back and then forward again replays the same steps.
 * The dropped states' buffers are handed out again (`spare`) for the next snapshots to be written
 * into (`saveWorld(world, { into })`): once the stack is full, keeping a snapshot allocates nothing.
 */
import type { GameState } from './game';
import type { RollingStats } from './rolling-stats';

/** The snapshot time a running step may spend on average, ms; a costlier snapshot is taken less often. */
export const SNAPSHOT_BUDGET_MS = 0.5;

/**
 * Every how many steps a running simulation keeps a snapshot for stepping back, given a snapshot's
 * cost, ms: every step while it is within {@link SNAPSHOT_BUDGET_MS}, else as rarely as keeps
 * the mean cost per step within it (a 4 ms snapshot every 8 steps).
 */
export function snapshotInterval(snapshotMs: number): number {
  return Math.max(1, Math.ceil(snapshotMs / SNAPSHOT_BUDGET_MS - 1e-9));
}

/**
 * The cost of a snapshot that sets the interval between them, ms, from the recent snapshots' times
 * (0 before the first: a snapshot at once): the newest or the median, whichever is less. The first
 * snapshot of a page runs before the browser has compiled `saveWorld` and costs several times what
 * later ones do (in many bodies about 170 ms against 30): the newest drops the estimate as soon as
 * a snapshot is fast, and the median keeps one slow snapshot (a garbage collection in the middle of
 * it) from spacing them out.
 */
export function snapshotCost(times: RollingStats): number {
  return Math.min(times.last, times.median);
}

/** The state of every pane's world at one step. */
export interface SavedState {
  /** Each pane's `saveWorld(world)`, in pane order. */
  readonly snapshots: readonly Uint8Array[];
  /** The simulation's step count when it was taken. */
  readonly stepCount: number;
  /** Each pane's game character (`src/game.ts`), null where there is none. */
  readonly games?: readonly (GameState | null)[];
}

/** The bytes a saved state holds. */
export function stateBytes(state: SavedState): number {
  let bytes = 0;
  for (const s of state.snapshots) bytes += s.byteLength;
  return bytes;
}

/**
 * The most buffers of dropped states kept for reuse: once the stack is full each capture drops about
 * one state, so two per pane of a two-pane scene suffice. They sit outside the byte budget (at most
 * four snapshots' worth).
 */
const MAX_SPARES = 4;

/** A bounded stack of saved states, oldest first. */
export class Rewind {
  /** The most bytes the kept states may hold together. */
  readonly maxBytes: number;
  /** The most states kept. */
  readonly maxFrames: number;
  private readonly states: SavedState[] = [];
  /** Index of the oldest kept state in `states` (dropped ones are left behind until compaction). */
  private head = 0;
  private bytes = 0;
  /** Buffers of dropped states, each as a view of its whole buffer, to be written into again. */
  private readonly spares: Uint8Array[] = [];

  /**
   * @param maxBytes - the byte budget (default 64 MiB)
   * @param maxFrames - the most states kept (default 600: ten seconds at 60 Hz)
   */
  constructor(maxBytes = 64 * 1024 * 1024, maxFrames = 600) {
    if (!(maxBytes > 0)) throw new RangeError(`maxBytes must be > 0, got ${maxBytes}`);
    if (!(Number.isInteger(maxFrames) && maxFrames > 0)) {
      throw new RangeError(`maxFrames must be an integer > 0, got ${maxFrames}`);
    }
    this.maxBytes = maxBytes;
    this.maxFrames = maxFrames;
  }

  /** How many states are kept. */
  get length(): number {
    return this.states.length - this.head;
  }

  /** The bytes the kept states hold. */
  get byteLength(): number {
    return this.bytes;
  }

  /** Keeps `state` as the newest, dropping the oldest while over the budget or the count. */
  push(state: SavedState): void {
    this.states.push(state);
    this.bytes += stateBytes(state);
    while (this.length > 1 && (this.bytes > this.maxBytes || this.length > this.maxFrames)) {
      const dropped = this.states[this.head];
      this.bytes -= stateBytes(dropped);
      for (const s of dropped.snapshots) {
        if (this.spares.length < MAX_SPARES) this.spares.push(new Uint8Array(s.buffer, s.byteOffset));
      }
      this.head++;
    }
    // A state larger than the whole budget is not kept at all.
    if (this.bytes > this.maxBytes) this.clear();
    if (this.head > this.maxFrames) {
      this.states.splice(0, this.head);
      this.head = 0;
    }
  }

  /**
   * A buffer of a dropped state for the next snapshot to be written into (`saveWorld(world, { into })`),
   * `undefined` when none is left. No kept state uses it any more.
   */
  spare(): Uint8Array | undefined {
    return this.spares.pop();
  }

  /** Takes the newest state off the stack (`undefined` when none is kept). */
  pop(): SavedState | undefined {
    if (this.length === 0) return undefined;
    const state = this.states.pop()!;
    this.bytes -= stateBytes(state);
    return state;
  }

  /** Forgets every state. */
  clear(): void {
    this.states.length = 0;
    this.head = 0;
    this.bytes = 0;
  }
}
