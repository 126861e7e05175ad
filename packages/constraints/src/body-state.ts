import { cosSinInPlace, type Vec2, type Vec2Like } from '@lite/math';
import type { BodyVelocities } from './body-velocities';
import { ConstraintError } from './errors';
import { KernelMemory, Region } from './kernels';
import { Index, Motion, Scalar, State } from './layout';
import type { SolverBody } from './solver-body';

/**
 * A body as the soft step drives it: a {@link SolverBody} with the forces and damping that act on it
 * over a step. `@lite/world`'s `Body` has these fields.
 */
export interface DrivenBody extends SolverBody {
  /** Force at the centre of mass, N (constant over the step). */
  readonly force: Vec2;
  /** Torque, N m. */
  readonly torque: number;
  /** Multiplier of the gravity this body feels. */
  readonly gravityScale: number;
  /** Linear damping c, 1/s: each sub-step divides v by 1 + h c. */
  readonly linearDamping: number;
  /** Angular damping, 1/s. */
  readonly angularDamping: number;
}

/** (Re-exported for the classic contact solver.) */
export { Index } from './layout';

/**
 * Whether `body` may use the slot {@link BodyStates.slotOf} gave it: any slot but the still one 0,
 * or the still one for a body nothing moves (inverse mass and inverse inertia 0). @internal
 */
export function slotUsable(slot: number, body: SolverBody): boolean {
  return slot !== 0 || (body.invMass === 0 && body.invI === 0);
}

/**
 * Whether `index` may number a body for {@link BodyStates.add}'s index map and a `ContactGather`:
 * an integer from 0 to `Index.Mask`. @internal
 */
export function isBodyIndex(index: number): boolean {
  return (index | 0) === index && index >= 0 && index <= Index.Mask;
}

/** The error for a body with mass but no slot, naming `argument`. @internal */
export function unslottedBody(body: SolverBody, argument: string): ConstraintError {
  return new ConstraintError(
    argument,
    `a body of inverse mass ${body.invMass}`,
    'has mass but no slot: add it (BodyStates.add) before preparing its contacts and joints',
  );
}

/**
 * The fastest a body moves by default, m/s (Box2D v3's `maximumLinearSpeed`: 4 m × 100 per
 * second). See {@link BodyStates.maxLinearSpeed}.
 */
export const DEFAULT_MAX_LINEAR_SPEED = 400;

/** Each {@link BodyStates.beginStep} takes a fresh stamp, unique across every instance. */
let nextStamp = 1;

/** The slots (and body indices) new {@link BodyStates} have room for (the arrays double when needed). */
const INITIAL_SLOTS = 8;

/**
 * The soft step's per-body state, packed (Box2D v3's `b2BodyState`): per moving body a slot with its
 * velocity and its translation and rotation since the step began; contacts and joints act on slots.
 * Slot 0 stands for every static body: velocity 0, no motion. Build it per step with
 * {@link BodyStates.begin} and {@link BodyStates.add}; a step that fits allocates nothing. A body
 * with mass but no slot is refused (an impulse on it would set the still slot moving).
 */
export class BodyStates implements BodyVelocities {
  /**
   * Per slot, 8 doubles (`State`): vx, vy, ω, the step's translation, cos and sin of its rotation,
   * the rotation. A view of the kernels' memory, replaced when it moves: read it again after
   * {@link BodyStates.add} or a `SoftContactSolver` pass (so `push` and `motion`).
   */
  state!: Float64Array;
  /** Per slot: the sub-step's push velocity (vx, vy, w), used by the position update then dropped. */
  push!: Float64Array;
  /** Per slot: accelerations, damping and the start pose (`Motion`). @internal */
  motion!: Float64Array;
  /** Per slot: 1 when a joint holds the body this step ({@link BodyStates.markHeld}), else 0. @internal */
  held = new Int32Array(INITIAL_SLOTS);
  /** Per slot: the body's inverse mass and inverse inertia, as {@link BodyStates.add} read them. @internal */
  masses = new Float64Array(2 * INITIAL_SLOTS);
  /**
   * Per index given to {@link BodyStates.add} (a world's position of the body in its list): the
   * body's slot, valid when `indexStamp` holds this step's stamp.
   */
  private slotByIndex = new Int32Array(INITIAL_SLOTS);
  private indexStamp = new Int32Array(INITIAL_SLOTS);
  /** The body of each slot (slot 0: none). */
  private readonly bodies: (SolverBody | null)[] = [null];
  private slotCount = 1;
  /** This instance's stamp on the bodies it gave slots ({@link BodyStates.begin} takes a new one). */
  private stamp = 0;
  /** The stamp of this step's entries in the index map (each begin and beginStep takes a new one). */
  private round = 0;
  /** The kernels' memory `state`, `push`, `motion` and `pending` lie in: see {@link BodyStates.kernelMemory}. */
  private readonly memory: KernelMemory;
  /** The memory's generation `state`, `push`, `motion` and `pending` were taken at. */
  private stateGeneration = -1;
  /** The (slot, rotation) pairs the position update kernel lists for `turnPending`. */
  private pending!: Float64Array;
  /** Body states with room for a few bodies (the arrays double when a step needs more). */
  constructor() {
    this.memory = new KernelMemory();
    this.reserve(INITIAL_SLOTS);
  }

  /** The sub-step the integrations use, s: set with {@link BodyStates.setStep}. */
  get h(): number {
    return this.step[0];
  }
  /** h, then the speed cap: in a typed array, not arguments (docs/performance.md, "Boxed numbers"). */
  private readonly step = new Float64Array([0, DEFAULT_MAX_LINEAR_SPEED]);

  /**
   * Speed cap, m/s (default {@link DEFAULT_MAX_LINEAR_SPEED}): both integrations scale faster slots
   * down to it, as Box2D v3 does; a safeguard against a failed solve.
   * @throws ConstraintError when set to anything but a finite number > 0
   */
  get maxLinearSpeed(): number {
    return this.step[1];
  }
  set maxLinearSpeed(value: number) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new ConstraintError('maxLinearSpeed', value, 'must be a finite number > 0');
    }
    this.step[1] = value;
  }

  /** Sets the sub-step h = dt / substeps (computed here: no new number is boxed to pass it). */
  setStep(dt: number, substeps: number): void {
    this.step[0] = dt / substeps;
  }

  /** {@link BodyStates.state} as packed velocities (vx, vy, ω first in each slot of 8) for the joints. */
  get velocities(): Float64Array {
    return this.state;
  }

  /** Doubles per slot of {@link BodyStates.velocities}: 8. */
  get velocityStride(): number {
    return State.Stride;
  }

  /**
   * {@link BodyStates.slotOf} for the joints: a body with no slot (static) shares the still slot 0.
   * @throws ConstraintError when the body has mass or rotational inertia but no slot
   */
  velocitySlot(body: SolverBody): number {
    const slot = this.slotOf(body);
    if (!slotUsable(slot, body)) throw unslottedBody(body, 'body');
    return slot;
  }

  /** Slots in use, slot 0 included. */
  get count(): number {
    return this.slotCount;
  }

  /** Counts changes of the slots' motion: separations computed at one count hold while it does. @internal */
  poseStamp = 0;

  /** Starts a step with no slots given: slot 0 is the still one; then {@link BodyStates.add} each body. */
  begin(): void {
    this.beginStep();
    this.stamp = this.round;
    for (let slot = 1; slot < this.slotCount; slot++) this.bodies[slot] = null;
    this.slotCount = 1;
  }

  /**
   * Starts a step keeping the slots {@link BodyStates.insert} gave (slot 0 still, the index map
   * empty); then {@link BodyStates.load} each slot's body.
   */
  beginStep(): void {
    // WebAssembly or TypeScript, as `setWasmKernels` now has it (a switch moves the states).
    this.kernelMemory();
    this.poseStamp++;
    // (Kept within an Int32Array's range, never 0: the index map stores stamps.)
    this.round = nextStamp;
    nextStamp = nextStamp === 0x7fffffff ? 1 : nextStamp + 1;
    const s = this.state;
    for (let k = 0; k < State.Stride; k++) s[k] = 0;
    s[State.Qc] = 1;
    this.push[0] = 0;
    this.push[1] = 0;
    this.push[2] = 0;
  }

  /**
   * Gives `body` a slot kept across {@link BodyStates.beginStep}s until {@link BodyStates.remove}
   * (nothing when it has one): its velocity and pose read, no accelerations until `load`.
   */
  insert(body: SolverBody): void {
    if (this.slotOf(body) > 0) return;
    this.place(body);
    this.reset(body);
  }

  /** Takes `body`'s slot back (if any): the last slot's body and numbers move into it. */
  remove(body: SolverBody): void {
    const slot = this.slotOf(body) & Index.Mask;
    if (slot === 0) return;
    body.solverSlot = -1;
    const last = --this.slotCount & Index.Mask;
    if (slot !== last) {
      const moved = this.bodies[last]!;
      this.bodies[slot] = moved;
      moved.solverSlot = slot;
      this.state.copyWithin(State.Stride * slot, State.Stride * last, State.Stride * (last + 1));
      this.motion.copyWithin(Motion.Stride * slot, Motion.Stride * last, Motion.Stride * (last + 1));
      this.push.copyWithin(3 * slot, 3 * last, 3 * last + 3);
      this.masses.copyWithin(2 * slot, 2 * last, 2 * last + 2);
      this.held[slot] = this.held[last];
    }
    this.bodies[last] = null;
  }

  /**
   * Gives `body` the next slot: its velocity, no motion yet, and its accelerations over the step
   * (scaled gravity, force / mass, torque / inertia). With an `index` (the caller's number for the
   * body), {@link BodyStates.slotOfIndex} finds the slot from it.
   * @returns the slot
   * @throws ConstraintError when `index` is not an integer (-1, the default, gives none)
   */
  add(body: DrivenBody, gravity: Vec2Like, index = -1): number {
    if (index !== -1) this.mapIndex(index);
    const slot = this.place(body);
    this.load(body, gravity, index);
    return slot;
  }

  /**
   * Reads a slot's body again for a step, as {@link BodyStates.add} does.
   * @throws ConstraintError when `index` is not an integer (-1 gives none)
   */
  load(body: DrivenBody, gravity: Vec2Like, index: number): void {
    if (index !== -1) this.mapIndex(index);
    const gx = gravity.x;
    const gy = gravity.y;
    const slot = this.reset(body);
    if (index !== -1) {
      this.slotByIndex[index] = slot;
      this.indexStamp[index] = this.round;
    }
    const m = this.motion;
    const p = Motion.Stride * slot;
    const invMass = body.invMass;
    const driven = invMass > 0;
    m[p + Motion.Ax] = driven ? body.gravityScale * gx + invMass * body.force.x : 0;
    m[p + Motion.Ay] = driven ? body.gravityScale * gy + invMass * body.force.y : 0;
    m[p + Motion.Alpha] = driven ? body.invI * body.torque : 0;
    m[p + Motion.LinearDamping] = driven ? body.linearDamping : 0;
    m[p + Motion.AngularDamping] = driven ? body.angularDamping : 0;
  }

  /**
   * The body's slot, giving it the next one (velocity and masses read, no accelerations) the first
   * time: for solving a few bodies outside a step, static ones included.
   */
  take(body: SolverBody): number {
    const held = this.slotOf(body);
    if (held > 0) return held;
    this.place(body);
    return this.reset(body);
  }

  /** Reads the body's velocity, masses and start pose into its slot: no motion, not held, no push. */
  private reset(body: SolverBody): number {
    const slot = body.solverSlot & Index.Mask;
    const s = this.state;
    const o = State.Stride * slot;
    s[o + State.Vx] = body.linearVelocity.x;
    s[o + State.Vy] = body.linearVelocity.y;
    s[o + State.W] = body.angularVelocity;
    s[o + State.Dpx] = 0;
    s[o + State.Dpy] = 0;
    s[o + State.Qc] = 1;
    s[o + State.Qs] = 0;
    s[o + State.Da] = 0;
    this.held[slot] = 0;
    this.push[3 * slot] = 0;
    this.push[3 * slot + 1] = 0;
    this.push[3 * slot + 2] = 0;
    this.masses[2 * slot] = body.invMass;
    this.masses[2 * slot + 1] = body.invI;
    const m = this.motion;
    const p = Motion.Stride * slot;
    m[p + Motion.X0] = body.center.x;
    m[p + Motion.Y0] = body.center.y;
    m[p + Motion.Angle0] = body.angle;
    return slot;
  }

  /** Gives `body` the next slot (its numbers are the caller's to write). */
  private place(body: SolverBody): number {
    const slot = this.slotCount++;
    if (State.Stride * (slot + 1) > this.state.length) this.grow(slot + 1);
    this.bodies[slot] = body;
    body.solverStamp = this.stamp;
    body.solverSlot = slot;
    return slot;
  }

  /**
   * The pose `body`'s slot started the step at (`part` 0 and 1: the centre of mass, 2: the angle),
   * as {@link BodyStates.load} read it: the step's motion counts from it.
   */
  startPose(body: SolverBody, part: number): number {
    return this.motion[Motion.Stride * (body.solverSlot & Index.Mask) + Motion.X0 + part];
  }

  /** The body in `slot` (1 to {@link BodyStates.count} - 1). */
  bodyAt(slot: number): SolverBody {
    return this.bodies[slot]!;
  }

  /** Reads every slot's velocity from its body again (after code that acted on the objects). */
  loadVelocities(): void {
    const s = this.state;
    const bodies = this.bodies;
    for (let slot = 1, n = this.slotCount; slot < n; slot++) {
      const o = State.Stride * (slot & Index.Mask);
      const body = bodies[slot]!;
      s[o + State.Vx] = body.linearVelocity.x;
      s[o + State.Vy] = body.linearVelocity.y;
      s[o + State.W] = body.angularVelocity;
    }
  }

  /**
   * Marks `body` (if it has a slot) as held by a joint this step: its contacts keep their bias on deep
   * overlaps and join only the first `HELD_PUSH_PASSES` push passes (which ignore joints).
   */
  markHeld(body: SolverBody): void {
    const slot = this.slotOf(body);
    if (slot > 0) this.held[slot] = 1;
  }

  /** The slot of the body added this step with `index` (see {@link BodyStates.add}), or 0 if none. */
  slotOfIndex(index: number): number {
    return index >= 0 && index < this.indexStamp.length && this.indexStamp[index] === this.round
      ? this.slotByIndex[index]
      : 0;
  }

  /** Room for `index` in the index map (grown as needed). */
  private mapIndex(index: number): void {
    if (!isBodyIndex(index)) {
      throw new ConstraintError('index', index, `must be an integer from 0 to ${Index.Mask}, or -1 for none`);
    }
    if (index < this.slotByIndex.length) return;
    const capacity = Math.min(Math.max(index + 1, 2 * this.slotByIndex.length), Index.Mask + 1);
    const slots = new Int32Array(capacity);
    slots.set(this.slotByIndex);
    this.slotByIndex = slots;
    const stamps = new Int32Array(capacity);
    stamps.set(this.indexStamp);
    this.indexStamp = stamps;
  }

  /** The body's slot in this step, or 0 (the still slot) when it has none. */
  slotOf(body: SolverBody): number {
    const slot = body.solverSlot;
    return body.solverStamp === this.stamp && slot > 0 && slot < this.slotCount && this.bodies[slot] === body
      ? slot
      : 0;
  }

  /**
   * Sub-step velocity update of every slot: v += h a, then v /= 1 + h c (c the damping), then v
   * capped at {@link BodyStates.maxLinearSpeed}.
   */
  integrateVelocities(): void {
    const memory = this.memory;
    memory.scalars[Scalar.H] = this.step[0];
    memory.scalars[Scalar.MaxLinearSpeed] = this.step[1];
    memory.exports.integrateVelocities(
      memory.offset(Region.State),
      memory.offset(Region.Motion),
      this.slotCount,
      memory.offset(Region.Scalars),
    );
  }

  /**
   * Sub-step position update of every slot: v capped at {@link BodyStates.maxLinearSpeed} (and kept
   * so), then dp += h (v + push) and Δθ += h ω (cos and sin recomputed deterministically). With
   * `writePoses` the bodies' poses are set too; else `storeVelocities(true)` does it after the last.
   */
  integratePositions(cosSin: Float64Array, writePoses: boolean): void {
    this.poseStamp++;
    const memory = this.memory;
    memory.scalars[Scalar.H] = this.step[0];
    memory.scalars[Scalar.MaxLinearSpeed] = this.step[1];
    const listed = memory.exports.integratePositions(
      memory.offset(Region.State),
      memory.offset(Region.Push),
      this.slotCount,
      memory.offset(Region.Scalars),
      memory.offset(Region.Pending),
      writePoses ? 1 : 0,
    );
    if (listed > 0) this.turnPending(listed, cosSin, writePoses);
    if (writePoses) this.writePositions();
  }

  /**
   * The `count` slots the position kernel listed in `pending`: a positive slot (turned by |δ| ≥ 1/4)
   * gets its rotation turned by δ with range-reduced cos and sin; with `angles`, every listed slot's
   * body (negative: turned by the kernel) gets its start angle plus the step's rotation.
   */
  private turnPending(count: number, cosSin: Float64Array, angles: boolean): void {
    const s = this.state;
    const m = this.motion;
    const pending = this.pending;
    for (let k = 0; k < count; k++) {
      const slot = pending[2 * k];
      const at = Math.abs(slot) & Index.Mask;
      const o = State.Stride * at;
      if (slot > 0) {
        cosSin[0] = pending[2 * k + 1];
        cosSinInPlace(cosSin);
        const cd = cosSin[0];
        const sd = cosSin[1];
        const qc = s[o + State.Qc];
        const qs = s[o + State.Qs];
        s[o + State.Qc] = qc * cd - qs * sd;
        s[o + State.Qs] = qs * cd + qc * sd;
      }
      if (angles) this.bodies[at]!.angle = m[Motion.Stride * at + Motion.Angle0] + s[o + State.Da];
    }
  }

  /** Sets every slot's body position to its start position plus the step's translation. */
  private writePositions(): void {
    const s = this.state;
    const m = this.motion;
    const bodies = this.bodies;
    for (let slot = 1, n = this.slotCount; slot < n; slot++) {
      const at = slot & Index.Mask;
      const o = State.Stride * at;
      const p = Motion.Stride * at;
      const position = bodies[at]!.center;
      position.x = m[p + Motion.X0] + s[o + State.Dpx];
      position.y = m[p + Motion.Y0] + s[o + State.Dpy];
    }
  }

  /** Re-reads the step's motion from the bodies' poses (after e.g. the joints' position passes). */
  syncFromPoses(cosSin: Float64Array): void {
    this.poseStamp++;
    const s = this.state;
    const m = this.motion;
    const bodies = this.bodies;
    for (let slot = 1, n = this.slotCount; slot < n; slot++) {
      const at = slot & Index.Mask;
      const o = State.Stride * at;
      const p = Motion.Stride * at;
      const body = bodies[slot]!;
      s[o + State.Dpx] = body.center.x - m[p + Motion.X0];
      s[o + State.Dpy] = body.center.y - m[p + Motion.Y0];
      const da = body.angle - m[p + Motion.Angle0];
      if (da !== s[o + State.Da]) {
        s[o + State.Da] = da;
        cosSin[0] = da;
        cosSinInPlace(cosSin);
        s[o + State.Qc] = cosSin[0];
        s[o + State.Qs] = cosSin[1];
      }
    }
  }

  /**
   * Writes every slot's velocity to its body; with `poses`, the start pose plus the step's motion
   * too (the angle only for a body that turned, so an untouched one keeps its exact value).
   * @returns true when every number written is finite
   */
  storeVelocities(poses = false): boolean {
    return this.store(poses, true);
  }

  /** {@link BodyStates.storeVelocities} (or poses alone); returns whether all written was finite. */
  private store(poses: boolean, velocities: boolean): boolean {
    const s = this.state;
    const m = this.motion;
    const bodies = this.bodies;
    let check = 0;
    // Updated in the loop, not after it (docs/performance.md, "Code that never ran").
    let finite = true;
    for (let slot = 1, n = this.slotCount; slot < n; slot++) {
      const at = slot & Index.Mask;
      const o = State.Stride * at;
      const body = bodies[slot]!;
      if (poses) {
        const p = Motion.Stride * at;
        const x = m[p + Motion.X0] + s[o + State.Dpx];
        const y = m[p + Motion.Y0] + s[o + State.Dpy];
        body.center.x = x;
        body.center.y = y;
        const da = s[o + State.Da];
        let angle = 0;
        if (da !== 0) {
          angle = m[p + Motion.Angle0] + da;
          body.angle = angle;
        }
        // x * 0 is 0 for a finite x, NaN otherwise: the sum stays 0 while everything is finite.
        check += x * 0 + y * 0 + angle * 0;
      }
      if (velocities) {
        const vx = s[o + State.Vx];
        const vy = s[o + State.Vy];
        const w = s[o + State.W];
        body.linearVelocity.x = vx;
        body.linearVelocity.y = vy;
        body.angularVelocity = w;
        check += vx * 0 + vy * 0 + w * 0;
      }
      finite = check === 0;
    }
    return finite;
  }

  /**
   * The kernels' memory {@link BodyStates.state} lies in, moved first to match `setWasmKernels`; the
   * contact solver reserves regions in it, then calls {@link BodyStates.syncKernelViews}. @internal
   */
  kernelMemory(): KernelMemory {
    this.memory.sync();
    this.syncKernelViews();
    return this.memory;
  }

  /** The kernels' memory when it is WebAssembly's (the WebAssembly kernels run), else null. @internal */
  get kernels(): KernelMemory | null {
    return this.memory.wasm ? this.memory : null;
  }

  /** Takes new views of the states after the kernels' memory moved. @internal */
  syncKernelViews(): void {
    const memory = this.memory;
    if (this.stateGeneration !== memory.generation) {
      this.state = memory.f64(Region.State);
      this.push = memory.f64(Region.Push);
      this.motion = memory.f64(Region.Motion);
      this.pending = memory.f64(Region.Pending);
      this.stateGeneration = memory.generation;
    }
  }

  /** The regions of the states sized for `capacity` slots (a move keeps their contents). */
  private reserve(capacity: number): void {
    const memory = this.memory;
    memory.want(Region.State, 8 * State.Stride * capacity);
    memory.want(Region.Push, 8 * 3 * capacity);
    memory.want(Region.Motion, 8 * Motion.Stride * capacity);
    memory.want(Region.Pending, 16 * capacity);
    memory.apply();
    this.syncKernelViews();
  }

  private grow(count: number): void {
    if (count > Index.Mask + 1) {
      throw new ConstraintError('count', count, `must be at most ${Index.Mask + 1} (bodies in one step)`);
    }
    const capacity = Math.min(Math.max(count, 2 * (this.state.length / State.Stride)), Index.Mask + 1);
    this.reserve(capacity);
    const held = new Int32Array(capacity);
    held.set(this.held);
    this.held = held;
    const masses = new Float64Array(2 * capacity);
    masses.set(this.masses);
    this.masses = masses;
  }
}
