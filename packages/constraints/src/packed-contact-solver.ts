import { objectArray } from '@lite/math';
import { solveBlockLcp } from '../generated/block-lcp';
import { buildBlockFrom } from './block-solver';
import { type BodyStates, Index, slotUsable, unslottedBody } from './body-state';
import type { ContactConstraint } from './contact-constraint';
import { ConstraintError, requireCount } from './errors';
import { ContactData, PointData, State } from './layout';
import type { SolverSettings } from './settings';
import type { SolverBody } from './solver-body';

/** Layout of one contact in `ContactSolver.rows` (doubles): a header, then two points of `Pt.Stride`. */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum Row {
  MassA = 0,
  InvIA = 1,
  MassB = 2,
  InvIB = 3,
  NormalX = 4,
  NormalY = 5,
  Friction = 6,
  K11 = 7,
  K12 = 8,
  K22 = 9,
  M11 = 10,
  M12 = 11,
  M22 = 12,
  /** The contact's rolling resistance, m (0: the rolling row is skipped). */
  RollingResistance = 13,
  /** The rolling row's effective mass, 1 / (iA + iB). */
  RollingMass = 14,
  /** The rolling row's accumulated impulse (or, without accumulation, the step's sum), N m s. */
  RollingImpulse = 15,
  /** The friction rows' target tangential speed, m/s. */
  TangentSpeed = 16,
  Point0 = 17,
  Point1 = 34,
  Stride = 51,
}

/** Layout of one point inside a contact's block of `rows`, from the point's base. */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum Pt {
  R_AX = 0,
  R_AY = 1,
  R_BX = 2,
  R_BY = 3,
  NormalMass = 4,
  TangentMass = 5,
  Target = 6,
  VelocityBias = 7,
  NormalImpulse = 8,
  TangentImpulse = 9,
  LastNormalImpulse = 10,
  Bias = 11,
  /** rA × n: the normal row's angular Jacobian on A (up to sign). */
  RnA = 12,
  /** rB × n. */
  RnB = 13,
  /** rA × t: the friction row's angular Jacobian on A (up to sign). */
  RtA = 14,
  /** rB × t. */
  RtB = 15,
  /** The split-impulse pass's accumulated pseudo-impulse (zero at every prepare, never carried). */
  SplitImpulse = 16,
  Stride = 17,
}

/** Layout of one contact in `ContactSolver.meta` (int32). */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum Meta {
  SlotA = 0,
  SlotB = 1,
  PointCount = 2,
  BlockUsable = 3,
  Stride = 4,
}

/** Bodies and contacts a new {@link ContactSolver} has room for; the arrays double when needed. */
const INITIAL_CAPACITY = 2;

/**
 * The classic contact solver's working set for one step: each contact's prepared rows in a
 * fixed-stride block of `rows`, on the velocities of a {@link BodyStates} (which the joints act on
 * too). Use: fill the states, {@link ContactSolver.prepare}, any number of
 * {@link ContactSolver.solve}, then `BodyStates.storeVelocities` and
 * {@link ContactSolver.storeImpulses}. A step that fits allocates nothing.
 */
export class ContactSolver {
  /** Per body slot: 1 when a loaded contact names it (the bodies split impulses move), else 0. */
  private named = new Int32Array(0);
  /** Per contact: {@link Row.Stride} doubles; then the block solver's b' in and x out (`blockIo`). */
  private rows = new Float64Array(0);
  /** Where in `rows` the block solver's b' in and x out lie (see `solveBlockLcp`). */
  private blockIo = 0;
  /** Per contact: slot A, slot B, point count, block usable. */
  private meta = new Int32Array(0);
  /** Per body slot, laid out as `BodyStates.state`: the split-impulse pass's pseudo-velocity vx, vy, w. */
  private pseudo = new Float64Array(0);
  /** Per contact: the split-impulse pass's block cases (kept apart from the velocity solve's). */
  private splitCases = new Int32Array(0);
  /** Per contact: the block solver's last case (see `ContactConstraint.blockCase`). */
  private blockCases = new Int32Array(0);
  private contacts: ContactConstraint[] = objectArray();
  private contactCount = 0;
  /** This prepare's Baumgarte rate β / dt (0 with position correction off), 1/s. */
  private betaInvDt = 0.5;

  /** A solver with room for `INITIAL_CAPACITY` bodies and contacts; the arrays double when needed. */
  constructor() {
    // Written twice (docs/performance.md, "Fields").
    this.growBodies(INITIAL_CAPACITY);
    this.growContacts(INITIAL_CAPACITY);
  }

  /** The number of contacts loaded. */
  get count(): number {
    return this.contactCount;
  }

  /**
   * Prepares every contact (Box2D-Lite `Arbiter::PreStep`) into the packed rows, then warm starts it
   * (P = λn n + λt t applied, or zeroed when warm starting or accumulation is off) on `states`.
   * @param contacts - the constraints; the first `count` are prepared
   * @param count - how many
   * @param invDt - 1 / time step, 1/s (0 gives no bias)
   * @param settings - the live switches (position correction, warm starting, accumulation, slop, β)
   * @param states - the bodies' slots: every body with mass must have one
   * @throws ConstraintError when `count` is out of range, `invDt` is negative or not finite, or a
   *   body with mass has no slot in `states`
   */
  prepare(
    contacts: ContactConstraint[],
    count: number,
    invDt: number,
    settings: SolverSettings,
    states: BodyStates,
  ): void {
    requireCount(count, contacts.length);
    if (!(Number.isFinite(invDt) && invDt >= 0)) {
      throw new ConstraintError('invDt', invDt, 'must be a finite number >= 0');
    }
    this.begin(contacts, count, states);
    // A field, not an argument (docs/performance.md, "Boxed numbers").
    this.betaInvDt = settings.positionCorrection ? settings.baumgarte * invDt : 0;
    const warm = settings.warmStarting && settings.accumulateImpulses;
    for (let i = 0; i < count; i++) {
      this.prepareContact(contacts[i], i, settings, warm, states);
    }
  }

  /** One contact of {@link ContactSolver.prepare} (outside the loop, for the reason given at `solveContact`). */
  private prepareContact(
    c: ContactConstraint,
    i: number,
    settings: SolverSettings,
    warm: boolean,
    states: BodyStates,
  ): void {
    const betaInvDt = this.betaInvDt;
    const slop = settings.linearSlop;
    const threshold = settings.restitutionThreshold;
    const split = settings.splitImpulses;
    const rows = this.rows;
    const meta = this.meta;
    const bA = c.bodyA;
    const bB = c.bodyB;
    const r = (i & Index.Mask) * Row.Stride;
    const m = (i & Index.Mask) * Meta.Stride;
    const sA = this.slotOf(bA, states) & Index.Mask;
    const sB = this.slotOf(bB, states) & Index.Mask;
    const v = states.state;
    const oA = State.Stride * sA;
    const oB = State.Stride * sB;
    const pointCount = c.pointCount;
    meta[m + Meta.SlotA] = sA;
    meta[m + Meta.SlotB] = sB;
    meta[m + Meta.PointCount] = pointCount;
    const mA = bA.invMass;
    const iA = bA.invI;
    const mB = bB.invMass;
    const iB = bB.invI;
    const xAx = bA.center.x;
    const xAy = bA.center.y;
    const xBx = bB.center.x;
    const xBy = bB.center.y;
    const nx = c.normalX;
    const ny = c.normalY;
    // Tangent t = n × 1 = (n.y, -n.x).
    const tx = ny;
    const ty = -nx;
    const e = c.restitution;
    rows[r + Row.MassA] = mA;
    rows[r + Row.InvIA] = iA;
    rows[r + Row.MassB] = mB;
    rows[r + Row.InvIB] = iB;
    rows[r + Row.NormalX] = nx;
    rows[r + Row.NormalY] = ny;
    rows[r + Row.Friction] = c.friction;
    let vAx = v[oA];
    let vAy = v[oA + 1];
    let wA = v[oA + 2];
    let vBx = v[oB];
    let vBy = v[oB + 1];
    let wB = v[oB + 2];
    const data = c.data;

    for (let j = 0; j < pointCount; j++) {
      const d = (j & 1) * PointData.Stride;
      const q = r + Row.Point0 + (j & 1) * Pt.Stride;
      const rAx = data[d + PointData.X] - xAx;
      const rAy = data[d + PointData.Y] - xAy;
      const rBx = data[d + PointData.X] - xBx;
      const rBy = data[d + PointData.Y] - xBy;
      rows[q + Pt.R_AX] = rAx;
      rows[q + Pt.R_AY] = rAy;
      rows[q + Pt.R_BX] = rBx;
      rows[q + Pt.R_BY] = rBy;

      // Normal row (docs/contacts.md): J = [ -n, -(rA × n), n, (rB × n) ],
      // K = mA + mB + iA (rA × n)² + iB (rB × n)²; friction likewise with t.
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      rows[q + Pt.NormalMass] = kNormal > 0 ? 1 / kNormal : 0;
      const rtA = rAx * ty - rAy * tx;
      const rtB = rBx * ty - rBy * tx;
      rows[q + Pt.RnA] = rnA;
      rows[q + Pt.RnB] = rnB;
      rows[q + Pt.RtA] = rtA;
      rows[q + Pt.RtB] = rtB;
      const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      rows[q + Pt.TangentMass] = kTangent > 0 ? 1 / kTangent : 0;

      // Baumgarte with slop: push apart at (β/dt) of the penetration beyond the slop.
      const excess = data[d + PointData.Separation] + slop;
      const bias = excess < 0 ? -betaInvDt * excess : 0;
      // Restitution: with vn⁻ the approach velocity measured by update() (before the step's
      // forces), above the threshold aim for vn⁺ = -e vn⁻.
      const vn = data[d + PointData.ApproachVelocity];
      const velocityBias = vn < -threshold ? -e * vn : 0;
      rows[q + Pt.Bias] = bias;
      rows[q + Pt.VelocityBias] = velocityBias;
      // The larger, not the sum: a bounce stays exactly -e vn⁻. With split impulses the bias goes to
      // the pseudo-velocity pass (solvePositions).
      rows[q + Pt.Target] = split ? velocityBias : bias > velocityBias ? bias : velocityBias;
      rows[q + Pt.SplitImpulse] = 0;
      rows[q + Pt.LastNormalImpulse] = 0;

      // Warm start: apply last step's accumulated impulses (or forget them).
      const normalImpulse = warm ? data[d + PointData.NormalImpulse] : 0;
      const tangentImpulse = warm ? data[d + PointData.TangentImpulse] : 0;
      rows[q + Pt.NormalImpulse] = normalImpulse;
      rows[q + Pt.TangentImpulse] = tangentImpulse;
      if (warm) {
        const Px = normalImpulse * nx + tangentImpulse * ny;
        const Py = normalImpulse * ny - tangentImpulse * nx;
        vAx -= mA * Px;
        vAy -= mA * Py;
        wA -= iA * (rAx * Py - rAy * Px);
        vBx += mB * Px;
        vBy += mB * Py;
        wB += iB * (rBx * Py - rBy * Px);
      }
    }

    const rolling = loadRolling(rows, r, c, warm);
    if (rolling !== 0) {
      wA -= iA * rolling;
      wB += iB * rolling;
    }

    this.blockCases[i] = 0;
    // (The rows hold the masses and both points' arms already, the arms as RnA then RnB.)
    const usable =
      pointCount === 2 &&
      buildBlockFrom(
        rows,
        r + Row.MassA,
        r + Row.Point0 + Pt.RnA,
        r + Row.Point1 + Pt.RnA,
        rows,
        r + Row.K11,
      );
    meta[m + Meta.BlockUsable] = usable ? 1 : 0;

    if (warm) {
      v[oA] = vAx;
      v[oA + 1] = vAy;
      v[oA + 2] = wA;
      v[oB] = vBx;
      v[oB + 1] = vBy;
      v[oB + 2] = wB;
    }
  }

  /** Writes what {@link ContactSolver.prepare} computed back to the {@link ContactConstraint}s. */
  storePrepared(): void {
    const rows = this.rows;
    const meta = this.meta;
    const contacts = this.contacts;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      const c = contacts[i];
      const r = (i & Index.Mask) * Row.Stride;
      const m = (i & Index.Mask) * Meta.Stride;
      c.k11 = rows[r + Row.K11];
      c.k12 = rows[r + Row.K12];
      c.k22 = rows[r + Row.K22];
      c.m11 = rows[r + Row.M11];
      c.m12 = rows[r + Row.M12];
      c.m22 = rows[r + Row.M22];
      c.blockUsable = meta[m + Meta.BlockUsable] === 1;
      for (let j = 0, pc = meta[m + Meta.PointCount]; j < pc; j++) {
        const p = c.points[j];
        const q = r + Row.Point0 + (j & 1) * Pt.Stride;
        p.rAx = rows[q + Pt.R_AX];
        p.rAy = rows[q + Pt.R_AY];
        p.rBx = rows[q + Pt.R_BX];
        p.rBy = rows[q + Pt.R_BY];
        p.normalMass = rows[q + Pt.NormalMass];
        p.tangentMass = rows[q + Pt.TangentMass];
        p.bias = rows[q + Pt.Bias];
        p.velocityBias = rows[q + Pt.VelocityBias];
        p.targetVelocity = rows[q + Pt.Target];
      }
    }
    this.storeImpulses();
  }

  /**
   * Packs the first `count` prepared contacts, their bodies' velocities those in `states`.
   * @throws ConstraintError when `count` is out of range or a body with mass has no slot in `states`
   */
  load(contacts: ContactConstraint[], count: number, states: BodyStates): void {
    requireCount(count, contacts.length);
    this.begin(contacts, count, states);
    const rows = this.rows;
    const meta = this.meta;
    for (let i = 0; i < count; i++) {
      const c = contacts[i];
      const bA = c.bodyA;
      const bB = c.bodyB;
      const r = (i & Index.Mask) * Row.Stride;
      const m = (i & Index.Mask) * Meta.Stride;
      meta[m + Meta.SlotA] = this.slotOf(bA, states);
      meta[m + Meta.SlotB] = this.slotOf(bB, states);
      const pointCount = c.pointCount;
      meta[m + Meta.PointCount] = pointCount;
      meta[m + Meta.BlockUsable] = c.blockUsable ? 1 : 0;
      rows[r + Row.MassA] = bA.invMass;
      rows[r + Row.InvIA] = bA.invI;
      rows[r + Row.MassB] = bB.invMass;
      rows[r + Row.InvIB] = bB.invI;
      const nx = c.normalX;
      const ny = c.normalY;
      rows[r + Row.NormalX] = nx;
      rows[r + Row.NormalY] = ny;
      rows[r + Row.Friction] = c.friction;
      loadRolling(rows, r, c, true);
      rows[r + Row.K11] = c.k11;
      rows[r + Row.K12] = c.k12;
      rows[r + Row.K22] = c.k22;
      rows[r + Row.M11] = c.m11;
      rows[r + Row.M12] = c.m12;
      rows[r + Row.M22] = c.m22;
      for (let j = 0; j < pointCount; j++) {
        const p = c.points[j];
        const q = r + Row.Point0 + (j & 1) * Pt.Stride;
        const rAx = p.rAx;
        const rAy = p.rAy;
        const rBx = p.rBx;
        const rBy = p.rBy;
        rows[q + Pt.R_AX] = rAx;
        rows[q + Pt.R_AY] = rAy;
        rows[q + Pt.R_BX] = rBx;
        rows[q + Pt.R_BY] = rBy;
        // The rows' angular Jacobians, as prepare computes them (t = (n.y, -n.x)).
        rows[q + Pt.RnA] = rAx * ny - rAy * nx;
        rows[q + Pt.RnB] = rBx * ny - rBy * nx;
        rows[q + Pt.RtA] = rAx * -nx - rAy * ny;
        rows[q + Pt.RtB] = rBx * -nx - rBy * ny;
        rows[q + Pt.NormalMass] = p.normalMass;
        rows[q + Pt.TangentMass] = p.tangentMass;
        rows[q + Pt.Target] = p.targetVelocity;
        rows[q + Pt.VelocityBias] = p.velocityBias;
        rows[q + Pt.Bias] = p.bias;
        rows[q + Pt.NormalImpulse] = p.normalImpulse;
        rows[q + Pt.TangentImpulse] = p.tangentImpulse;
        rows[q + Pt.LastNormalImpulse] = p.lastNormalImpulse;
      }
    }
  }

  /**
   * Writes each loaded contact's impulses (normal, tangent, latest normal increment) and block
   * case back to its {@link ContactConstraint}: they warm start the next step and are what users read.
   */
  storeImpulses(): void {
    const rows = this.rows;
    const meta = this.meta;
    const contacts = this.contacts;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      const c = contacts[i];
      const data = c.data;
      const r = (i & Index.Mask) * Row.Stride;
      c.blockCase = this.blockCases[i];
      if (rows[r + Row.RollingResistance] > 0)
        data[ContactData.RollingImpulse] = rows[r + Row.RollingImpulse];
      for (let j = 0, pc = meta[(i & Index.Mask) * Meta.Stride + Meta.PointCount]; j < pc; j++) {
        const d = (j & 1) * PointData.Stride;
        const q = r + Row.Point0 + (j & 1) * Pt.Stride;
        data[d + PointData.NormalImpulse] = rows[q + Pt.NormalImpulse];
        data[d + PointData.TangentImpulse] = rows[q + Pt.TangentImpulse];
        data[d + PointData.LastNormalImpulse] = rows[q + Pt.LastNormalImpulse];
      }
    }
  }

  /**
   * One iteration over the loaded contacts (Box2D-Lite `Arbiter::ApplyImpulse`) on `states`;
   * `useBias` false aims the normal rows at their restitution target only (the relax pass).
   */
  solve(states: BodyStates, settings: SolverSettings, useBias: boolean): void {
    // The normal row's target: the Baumgarte-or-restitution target, or the restitution target only.
    const target = useBias ? Pt.Target : Pt.VelocityBias;
    const accumulate = settings.accumulateImpulses;
    this.pass(
      states.state,
      this.blockCases,
      accumulate,
      settings.blockSolver,
      target,
      Pt.NormalImpulse,
      true,
    );
  }

  /**
   * One split-impulse iteration (with `settings.splitImpulses` and `positionCorrection`): the normal
   * rows on the pseudo-velocities, aiming at the Baumgarte bias, from zero impulses each step.
   */
  solvePositions(settings: SolverSettings): void {
    if (!(settings.splitImpulses && settings.positionCorrection)) return;
    this.pass(this.pseudo, this.splitCases, true, settings.blockSolver, Pt.Bias, Pt.SplitImpulse, false);
  }

  /** {@link solveContact} over every loaded contact, in order, on the velocities `v`. */
  private pass(
    v: Float64Array,
    cases: Int32Array,
    accumulate: boolean,
    useBlock: boolean,
    target: number,
    impulseAt: number,
    withFriction: boolean,
  ): void {
    const rows = this.rows;
    const meta = this.meta;
    const io = this.blockIo;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      solveContact(rows, meta, v, cases, io, i, accumulate, useBlock, target, impulseAt, withFriction);
    }
  }

  /**
   * Moves every body a loaded contact names by its pseudo-velocity over `dt` (split impulses'
   * position half). Does nothing unless `settings.splitImpulses` and `positionCorrection` are on.
   */
  applyPseudoVelocities(dt: number, settings: SolverSettings, states: BodyStates): void {
    if (!(settings.splitImpulses && settings.positionCorrection)) return;
    const pseudo = this.pseudo;
    const named = this.named;
    for (let s = 1, n = states.count; s < n; s++) {
      if (named[s] === 0) continue;
      const b = states.bodyAt(s);
      const o = State.Stride * (s & Index.Mask);
      const p = b.center;
      p.x += dt * pseudo[o];
      p.y += dt * pseudo[o + 1];
      b.angle += dt * pseudo[o + 2];
    }
  }

  /** Starts a new load: room for `count` contacts and the slots of `states`, none named, no pseudo-velocity. */
  private begin(contacts: ContactConstraint[], count: number, states: BodyStates): void {
    this.contacts = contacts;
    this.contactCount = count;
    if (this.meta.length < Meta.Stride * count) this.growContacts(count);
    const slots = states.count;
    if (this.named.length < slots) this.growBodies(slots);
    const named = this.named;
    const pseudo = this.pseudo;
    for (let s = 0; s < slots; s++) named[s] = 0;
    for (let k = 0, n = State.Stride * slots; k < n; k++) pseudo[k] = 0;
  }

  /** The body's slot in `states`, marked as named by a contact. */
  private slotOf(body: SolverBody, states: BodyStates): number {
    const slot = states.slotOf(body);
    if (!slotUsable(slot, body)) throw unslottedBody(body, 'contacts');
    this.named[slot & Index.Mask] = 1;
    return slot;
  }

  private growBodies(count: number): void {
    const capacity = Math.max(count, 2 * this.named.length);
    this.named = new Int32Array(capacity);
    this.pseudo = new Float64Array(State.Stride * capacity);
  }

  private growContacts(count: number): void {
    if (count > Index.Mask + 1) {
      throw new ConstraintError('count', count, `must be at most ${Index.Mask + 1} (contacts in one solve)`);
    }
    const capacity = Math.min(Math.max(count, 2 * (this.meta.length / Meta.Stride)), Index.Mask + 1);
    this.rows = new Float64Array(Row.Stride * capacity + 4);
    this.blockIo = Row.Stride * capacity;
    this.meta = new Int32Array(Meta.Stride * capacity);
    this.blockCases = new Int32Array(capacity);
    this.splitCases = new Int32Array(capacity);
  }
}

/**
 * One contact of {@link ContactSolver.solve}: friction rows, then normal rows (block or one by one).
 * Outside the loop (docs/performance.md, "Loops in their own functions").
 */
function solveContact(
  rows: Float64Array,
  meta: Int32Array,
  v: Float64Array,
  blockCases: Int32Array,
  io: number,
  i: number,
  accumulate: boolean,
  useBlock: boolean,
  target: number,
  impulseAt: number,
  withFriction: boolean,
): void {
  const r = (i & Index.Mask) * Row.Stride;
  const m = (i & Index.Mask) * Meta.Stride;
  const sA = State.Stride * (meta[m + Meta.SlotA] & Index.Mask);
  const sB = State.Stride * (meta[m + Meta.SlotB] & Index.Mask);
  const pointCount = meta[m + Meta.PointCount];
  const mA = rows[r + Row.MassA];
  const iA = rows[r + Row.InvIA];
  const mB = rows[r + Row.MassB];
  const iB = rows[r + Row.InvIB];
  let vAx = v[sA];
  let vAy = v[sA + 1];
  let wA = v[sA + 2];
  let vBx = v[sB];
  let vBy = v[sB + 1];
  let wB = v[sB + 2];
  const nx = rows[r + Row.NormalX];
  const ny = rows[r + Row.NormalY];
  // Tangent t = n × 1 = (n.y, -n.x).
  const tx = ny;
  const ty = -nx;
  const friction = rows[r + Row.Friction];
  const tangentSpeed = rows[r + Row.TangentSpeed];

  // Each row has J = [ -d, -(rA × d), d, (rB × d) ] for d = n or t; the cross products are prepared.

  // Friction first, so that the normal rows (solved last) win (not in the split-impulse pass).
  if (withFriction) {
    for (let j = 0; j < pointCount; j++) {
      const q = r + Row.Point0 + (j & 1) * Pt.Stride;
      const rtA = rows[q + Pt.RtA];
      const rtB = rows[q + Pt.RtB];
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - tangentSpeed;
      let lambda = -rows[q + Pt.TangentMass] * vt;
      if (accumulate) {
        const maxFriction = friction * rows[q + Pt.NormalImpulse];
        const old = rows[q + Pt.TangentImpulse];
        let total = old + lambda;
        total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
        rows[q + Pt.TangentImpulse] = total;
        lambda = total - old;
      } else {
        const maxFriction = friction * rows[q + Pt.LastNormalImpulse];
        lambda = lambda < -maxFriction ? -maxFriction : lambda > maxFriction ? maxFriction : lambda;
        rows[q + Pt.TangentImpulse] += lambda;
      }
      const lA = mA * lambda;
      const lB = mB * lambda;
      vAx -= lA * tx;
      vAy -= lA * ty;
      wA -= iA * lambda * rtA;
      vBx += lB * tx;
      vBy += lB * ty;
      wB += iB * lambda * rtB;
    }
    if (pointCount > 0 && rows[r + Row.RollingResistance] > 0) {
      // The rolling row (Box2D v3's rolling resistance): wB - wA to 0, bounded by the resistance
      // times the contact's total normal impulse.
      const at = accumulate ? Pt.NormalImpulse : Pt.LastNormalImpulse;
      let normal = rows[r + Row.Point0 + at];
      if (pointCount === 2) normal += rows[r + Row.Point1 + at];
      const maxLambda = rows[r + Row.RollingResistance] * normal;
      let lambda = -rows[r + Row.RollingMass] * (wB - wA);
      if (accumulate) {
        const old = rows[r + Row.RollingImpulse];
        let total = old + lambda;
        total = total < -maxLambda ? -maxLambda : total > maxLambda ? maxLambda : total;
        rows[r + Row.RollingImpulse] = total;
        lambda = total - old;
      } else {
        lambda = lambda < -maxLambda ? -maxLambda : lambda > maxLambda ? maxLambda : lambda;
        rows[r + Row.RollingImpulse] += lambda;
      }
      wA -= iA * lambda;
      wB += iB * lambda;
    }
  }

  if (pointCount === 2 && useBlock && meta[m + Meta.BlockUsable] === 1) {
    const q1 = r + Row.Point0;
    const q2 = r + Row.Point1;
    const rn1A = rows[q1 + Pt.RnA];
    const rn1B = rows[q1 + Pt.RnB];
    const rn2A = rows[q2 + Pt.RnA];
    const rn2B = rows[q2 + Pt.RnB];
    const a1 = accumulate ? rows[q1 + impulseAt] : 0;
    const a2 = accumulate ? rows[q2 + impulseAt] : 0;
    // Normal velocities now, less the targets: b = vn - target.
    const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
    let b1 = dvn + wB * rn1B - wA * rn1A - rows[q1 + target];
    let b2 = dvn + wB * rn2B - wA * rn2A - rows[q2 + target];
    // b' = b - K a: the LCP in the new totals x = a + d.
    const k11 = rows[r + Row.K11];
    const k12 = rows[r + Row.K12];
    const k22 = rows[r + Row.K22];
    b1 -= k11 * a1 + k12 * a2;
    b2 -= k12 * a1 + k22 * a2;
    rows[io] = b1;
    rows[io + 1] = b2;
    const lcpCase = solveBlockLcp(rows, 8 * (r + Row.K11), 8 * io);
    blockCases[i] = lcpCase;
    if (lcpCase > 0) {
      const x1 = rows[io + 2];
      const x2 = rows[io + 3];
      const d1 = x1 - a1;
      const d2 = x2 - a2;
      if (accumulate) {
        rows[q1 + impulseAt] = x1;
        rows[q2 + impulseAt] = x2;
      } else {
        rows[q1 + impulseAt] += x1;
        rows[q2 + impulseAt] += x2;
        rows[q1 + Pt.LastNormalImpulse] = x1;
        rows[q2 + Pt.LastNormalImpulse] = x2;
      }
      const d = d1 + d2;
      const lA = mA * d;
      const lB = mB * d;
      vAx -= lA * nx;
      vAy -= lA * ny;
      wA -= iA * (d1 * rn1A + d2 * rn2A);
      vBx += lB * nx;
      vBy += lB * ny;
      wB += iB * (d1 * rn1B + d2 * rn2B);
    }
  } else {
    blockCases[i] = 0;
    for (let j = 0; j < pointCount; j++) {
      const q = r + Row.Point0 + (j & 1) * Pt.Stride;
      const rnA = rows[q + Pt.RnA];
      const rnB = rows[q + Pt.RnB];
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      let lambda = rows[q + Pt.NormalMass] * (rows[q + target] - vn);
      if (accumulate) {
        const old = rows[q + impulseAt];
        const total = old + lambda > 0 ? old + lambda : 0;
        rows[q + impulseAt] = total;
        lambda = total - old;
      } else {
        lambda = lambda > 0 ? lambda : 0;
        rows[q + impulseAt] += lambda;
        rows[q + Pt.LastNormalImpulse] = lambda;
      }
      const lA = mA * lambda;
      const lB = mB * lambda;
      vAx -= lA * nx;
      vAy -= lA * ny;
      wA -= iA * lambda * rnA;
      vBx += lB * nx;
      vBy += lB * ny;
      wB += iB * lambda * rnB;
    }
  }

  v[sA] = vAx;
  v[sA + 1] = vAy;
  v[sA + 2] = wA;
  v[sB] = vBx;
  v[sB + 1] = vBy;
  v[sB + 2] = wB;
}

/**
 * A contact's tangent speed and rolling row into its rows at r: the resistance, the effective mass
 * and (when `warm`) last step's rolling impulse, which it returns for the warm start (else 0).
 */
function loadRolling(rows: Float64Array, r: number, c: ContactConstraint, warm: boolean): number {
  const data = c.data;
  const rolling = data[ContactData.RollingResistance];
  rows[r + Row.TangentSpeed] = data[ContactData.TangentSpeed];
  rows[r + Row.RollingResistance] = rolling;
  if (!(rolling > 0)) return 0;
  const k = c.bodyA.invI + c.bodyB.invI;
  rows[r + Row.RollingMass] = k > 0 ? 1 / k : 0;
  const impulse = warm ? data[ContactData.RollingImpulse] : 0;
  rows[r + Row.RollingImpulse] = impulse;
  return impulse;
}
