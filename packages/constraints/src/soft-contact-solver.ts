import { buildBlock, solveBlockLcpAt } from './block-solver';
import { type BodyStates, State } from './body-state';
import { type ContactConstraint, PointData } from './contact-constraint';
import { requireCount } from './errors';

/**
 * Layout of one contact in `SoftContactSolver.rows` (doubles): a header, then two points of
 * `Pt.Stride` doubles each.
 */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum Row {
  MassA = 0,
  InvIA = 1,
  MassB = 2,
  InvIB = 3,
  NormalX = 4,
  NormalY = 5,
  Friction = 6,
  Restitution = 7,
  /** The contact's soft coefficients (against a static body: the stiffer pair). */
  BiasRate = 8,
  MassScale = 9,
  ImpulseScale = 10,
  K11 = 11,
  K12 = 12,
  K22 = 13,
  M11 = 14,
  M12 = 15,
  M22 = 16,
  Point0 = 17,
  Point1 = 32,
  Stride = 47,
}

/** Layout of one point inside a contact's block of `rows`, from the point's base. */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum Pt {
  /** Anchor on A, from A's centre, at the start of the step, m. */
  R_AX = 0,
  R_AY = 1,
  /** Anchor on B, from B's centre, at the start of the step, m. */
  R_BX = 2,
  R_BY = 3,
  /** Separation at the start of the step less n · (rB - rA): add n · (dB - dA) for the current one. */
  BaseSeparation = 4,
  NormalMass = 5,
  TangentMass = 6,
  NormalImpulse = 7,
  TangentImpulse = 8,
  /** The largest normal impulse of any sub-step (restitution only bounces points that pushed). */
  MaxNormalImpulse = 9,
  /**
   * The approach velocity for restitution, m/s: the normal velocity just before the point's first
   * push in the step (before the step when it never pushed).
   */
  RelativeVelocity = 10,
  RnA = 11,
  RnB = 12,
  RtA = 13,
  RtB = 14,
  Stride = 15,
}

/** Layout of one contact in `SoftContactSolver.meta` (int32). */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum Meta {
  SlotA = 0,
  SlotB = 1,
  PointCount = 2,
  BlockUsable = 3,
  Stride = 4,
}

/**
 * The soft step's per-step constants, resolved once per step from the settings (Box2D v3's
 * `b2StepContext`): the sub-step h and 1/h, and the contact softness at that h.
 */
export class SoftStepContext {
  /** The sub-step, s. */
  h = 0;
  /** 1 / h, 1/s. */
  invH = 0;
  /** Contact softness between two moving bodies: bias rate ω / (2ζ + hω), 1/s. */
  biasRate = 0;
  /** Its mass scale hω(2ζ + hω) / (1 + hω(2ζ + hω)). */
  massScale = 1;
  /** Its impulse scale 1 / (1 + hω(2ζ + hω)). */
  impulseScale = 0;
  /** The same against a static or kinematic body (twice the frequency). */
  staticBiasRate = 0;
  /** See {@link SoftStepContext.massScale}. */
  staticMassScale = 1;
  /** See {@link SoftStepContext.impulseScale}. */
  staticImpulseScale = 0;
  /** The fastest an overlap is pushed apart, m/s. */
  maxPushVelocity = 3;
  /** Restitution applies above this approach speed, m/s. */
  restitutionThreshold = 1;
  /** Solve a two-point manifold's normal rows together. */
  blockSolver = true;
  /** Start each step from the last step's impulses. */
  warmStarting = true;
  /** Sub-steps in the step. */
  substeps = 1;

  /**
   * Sets the constants for a step of `dt` in `substeps` sub-steps with contacts of frequency
   * `hertz` (capped at a quarter of the sub-step rate, so the spring stays well resolved) and damping
   * ratio `dampingRatio`. Returns this.
   */
  set(
    dt: number,
    substeps: number,
    hertz: number,
    dampingRatio: number,
    maxPushVelocity: number,
    restitutionThreshold: number,
    blockSolver: boolean,
    warmStarting: boolean,
  ): this {
    const h = dt / substeps;
    this.substeps = substeps;
    this.h = h;
    this.invH = 1 / h;
    const f = Math.min(hertz, 0.25 * this.invH);
    this.setSoftness(f, dampingRatio, h, false);
    this.setSoftness(2 * f, dampingRatio, h, true);

    this.maxPushVelocity = maxPushVelocity;
    this.restitutionThreshold = restitutionThreshold;
    this.blockSolver = blockSolver;
    this.warmStarting = warmStarting;
    return this;
  }

  /**
   * The soft row of frequency f and damping ratio ζ over h (Erin Catto, "Solver2D"): with ω = 2πf,
   * a1 = 2ζ + hω, a2 = hω a1, a3 = 1 / (1 + a2): bias rate ω / a1, mass scale a2 a3, impulse
   * scale a3. A row λ += -m (massScale (vn + biasRate C)) - impulseScale λ is then the implicit
   * Euler step of a spring k = m ω² and damper c = 2 m ζ ω on it, whatever its effective mass m.
   */
  private setSoftness(hertz: number, zeta: number, h: number, stiff: boolean): void {
    let biasRate = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (hertz > 0) {
      const omega = 2 * Math.PI * hertz;
      const a1 = 2 * zeta + h * omega;
      const a2 = h * omega * a1;
      const a3 = 1 / (1 + a2);
      biasRate = omega / a1;
      massScale = a2 * a3;
      impulseScale = a3;
    }
    if (stiff) {
      this.staticBiasRate = biasRate;
      this.staticMassScale = massScale;
      this.staticImpulseScale = impulseScale;
    } else {
      this.biasRate = biasRate;
      this.massScale = massScale;
      this.impulseScale = impulseScale;
    }
  }
}

/**
 * The soft step's contact solver (Box2D v3's `contact_solver.c`, written for this engine): contacts
 * are prepared once per step from the manifolds (anchors relative to each body's centre, effective
 * masses, the separation at the start of the step), then each sub-step warm starts, solves with the
 * soft bias, and relaxes (solves again without it); restitution comes once, after the sub-steps.
 * The current separation of a point is the start separation moved by the bodies' motion in the
 * step (read from {@link BodyStates}), so nothing is collided again between sub-steps.
 *
 * Rows are packed in typed arrays as in the classic `ContactSolver`; velocities live in the shared
 * {@link BodyStates}. Allocates nothing once its arrays are large enough.
 */
export class SoftContactSolver {
  private rows = new Float64Array(Row.Stride * 64);
  private meta = new Int32Array(Meta.Stride * 64);
  private contacts: ContactConstraint[] = [];
  private contactCount = 0;
  /** The block solver's b' in and x out (see `solveBlockLcpAt`). */
  private readonly blockIo = new Float64Array(4);

  /** The number of contacts prepared. */
  get count(): number {
    return this.contactCount;
  }

  /**
   * Prepares the first `count` contacts for the step: slots from `states`, lever arms, effective
   * masses of the normal and friction rows (and the 2x2 block), the softness, the start separation,
   * the approach velocity for restitution, and last step's impulses (when warm starting) ready to
   * be applied by {@link SoftContactSolver.warmStart}.
   * @throws ConstraintError when `count` is out of range
   */
  prepare(contacts: ContactConstraint[], count: number, states: BodyStates, ctx: SoftStepContext): void {
    requireCount(count, contacts.length);
    this.contacts = contacts;
    this.contactCount = count;
    if (this.meta.length < Meta.Stride * count) this.grow(count);
    for (let i = 0; i < count; i++) this.prepareContact(contacts[i], i, states, ctx);
  }

  /** One contact of {@link SoftContactSolver.prepare}. */
  private prepareContact(c: ContactConstraint, i: number, states: BodyStates, ctx: SoftStepContext): void {
    const rows = this.rows;
    const meta = this.meta;
    const bA = c.bodyA;
    const bB = c.bodyB;
    const r = i * Row.Stride;
    const m = i * Meta.Stride;
    const sA = states.slotOf(bA);
    const sB = states.slotOf(bB);
    const v = states.state;
    const pointCount = c.pointCount;
    meta[m + Meta.SlotA] = sA;
    meta[m + Meta.SlotB] = sB;
    meta[m + Meta.PointCount] = pointCount;
    const mA = bA.invMass;
    const iA = bA.invI;
    const mB = bB.invMass;
    const iB = bB.invI;
    const nx = c.normalX;
    const ny = c.normalY;
    const tx = ny;
    const ty = -nx;
    rows[r + Row.MassA] = mA;
    rows[r + Row.InvIA] = iA;
    rows[r + Row.MassB] = mB;
    rows[r + Row.InvIB] = iB;
    rows[r + Row.NormalX] = nx;
    rows[r + Row.NormalY] = ny;
    rows[r + Row.Friction] = c.friction;
    rows[r + Row.Restitution] = c.restitution;
    const still = mA === 0 || mB === 0;
    rows[r + Row.BiasRate] = still ? ctx.staticBiasRate : ctx.biasRate;
    rows[r + Row.MassScale] = still ? ctx.staticMassScale : ctx.massScale;
    rows[r + Row.ImpulseScale] = still ? ctx.staticImpulseScale : ctx.impulseScale;
    const oA = State.Stride * sA;
    const oB = State.Stride * sB;
    const vAx = v[oA + State.Vx];
    const vAy = v[oA + State.Vy];
    const wA = v[oA + State.W];
    const vBx = v[oB + State.Vx];
    const vBy = v[oB + State.Vy];
    const wB = v[oB + State.W];
    const xAx = bA.position.x;
    const xAy = bA.position.y;
    const xBx = bB.position.x;
    const xBy = bB.position.y;
    const warm = ctx.warmStarting;
    // Stored impulses are per step; each sub-step's rows carry 1/n of them.
    const perSubstep = 1 / ctx.substeps;
    const data = c.data;

    for (let j = 0; j < pointCount; j++) {
      const d = j * PointData.Stride;
      const q = r + Row.Point0 + j * Pt.Stride;
      const px = data[d + PointData.X];
      const py = data[d + PointData.Y];
      const rAx = px - xAx;
      const rAy = py - xAy;
      const rBx = px - xBx;
      const rBy = py - xBy;
      rows[q + Pt.R_AX] = rAx;
      rows[q + Pt.R_AY] = rAy;
      rows[q + Pt.R_BX] = rBx;
      rows[q + Pt.R_BY] = rBy;
      // The start separation less what the anchors contribute, so that in a sub-step
      // s = base + n · ((dpB + R(ΔθB) rB) - (dpA + R(ΔθA) rA)) is the separation of the moved anchors.
      rows[q + Pt.BaseSeparation] = data[d + PointData.Separation] - ((rBx - rAx) * nx + (rBy - rAy) * ny);
      // Normal row J = [-n, -(rA × n), n, rB × n], K = mA + mB + iA (rA × n)² + iB (rB × n)²; the
      // friction row likewise with t.
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const rtA = rAx * ty - rAy * tx;
      const rtB = rBx * ty - rBy * tx;
      rows[q + Pt.RnA] = rnA;
      rows[q + Pt.RnB] = rnB;
      rows[q + Pt.RtA] = rtA;
      rows[q + Pt.RtB] = rtB;
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      rows[q + Pt.NormalMass] = kNormal > 0 ? 1 / kNormal : 0;
      rows[q + Pt.TangentMass] = kTangent > 0 ? 1 / kTangent : 0;
      // vn⁻ before this step's gravity and impulses: restitution's reference.
      rows[q + Pt.RelativeVelocity] =
        (vBx - wB * rBy - vAx + wA * rAy) * nx + (vBy + wB * rBx - vAy - wA * rAx) * ny;
      rows[q + Pt.NormalImpulse] = warm ? data[d + PointData.NormalImpulse] * perSubstep : 0;
      rows[q + Pt.TangentImpulse] = warm ? data[d + PointData.TangentImpulse] * perSubstep : 0;
      rows[q + Pt.MaxNormalImpulse] = 0;
    }

    let usable = false;
    if (pointCount === 2) {
      const q1 = r + Row.Point0;
      const q2 = r + Row.Point1;
      usable = buildBlock(
        mA,
        iA,
        mB,
        iB,
        rows[q1 + Pt.RnA],
        rows[q1 + Pt.RnB],
        rows[q2 + Pt.RnA],
        rows[q2 + Pt.RnB],
        rows,
        r + Row.K11,
      );
    }
    meta[m + Meta.BlockUsable] = usable ? 1 : 0;
  }

  /**
   * Applies every contact's accumulated impulses P = λn n + λt t to the bodies' velocities (once
   * per sub-step, before the solve: the impulses are those of the whole last sub-step).
   */
  warmStart(states: BodyStates): void {
    const rows = this.rows;
    const meta = this.meta;
    const v = states.state;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      const r = i * Row.Stride;
      const m = i * Meta.Stride;
      const oA = State.Stride * meta[m + Meta.SlotA];
      const oB = State.Stride * meta[m + Meta.SlotB];
      const mA = rows[r + Row.MassA];
      const iA = rows[r + Row.InvIA];
      const mB = rows[r + Row.MassB];
      const iB = rows[r + Row.InvIB];
      const nx = rows[r + Row.NormalX];
      const ny = rows[r + Row.NormalY];
      let vAx = v[oA + State.Vx];
      let vAy = v[oA + State.Vy];
      let wA = v[oA + State.W];
      let vBx = v[oB + State.Vx];
      let vBy = v[oB + State.Vy];
      let wB = v[oB + State.W];
      for (let j = 0, pc = meta[m + Meta.PointCount]; j < pc; j++) {
        const q = r + Row.Point0 + j * Pt.Stride;
        const ln = rows[q + Pt.NormalImpulse];
        const lt = rows[q + Pt.TangentImpulse];
        // P = λn n + λt t with t = (n.y, -n.x).
        const Px = ln * nx + lt * ny;
        const Py = ln * ny - lt * nx;
        vAx -= mA * Px;
        vAy -= mA * Py;
        wA -= iA * (rows[q + Pt.R_AX] * Py - rows[q + Pt.R_AY] * Px);
        vBx += mB * Px;
        vBy += mB * Py;
        wB += iB * (rows[q + Pt.R_BX] * Py - rows[q + Pt.R_BY] * Px);
      }
      // A still body's slot (0) is shared: its velocity stays 0 because its masses are 0.
      v[oA + State.Vx] = vAx;
      v[oA + State.Vy] = vAy;
      v[oA + State.W] = wA;
      v[oB + State.Vx] = vBx;
      v[oB + State.Vy] = vBy;
      v[oB + State.W] = wB;
    }
  }

  /**
   * One pass over every contact. `useBias` true is the sub-step's solve: overlaps are pushed apart
   * by the soft row (at most `maxPushVelocity`); false is the relax pass: rigid rows with no push,
   * which takes back the velocity the push left so that it does not carry into the next sub-step.
   * In both, a point still apart (speculative) may close its gap within the sub-step but no more.
   */
  solve(states: BodyStates, ctx: SoftStepContext, useBias: boolean): void {
    const rows = this.rows;
    const meta = this.meta;
    const v = states.state;
    const io = this.blockIo;
    const invH = ctx.invH;
    const maxPush = ctx.maxPushVelocity;
    const useBlock = ctx.blockSolver;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      solveSoftContact(rows, meta, v, io, i, invH, maxPush, useBias, useBlock);
    }
  }

  /**
   * Restitution, once after the sub-steps (Box2D v3's `b2ApplyRestitution`): each point that
   * approached faster than the threshold before the step and pushed during it gets the normal
   * velocity -e vn⁻, its accumulated impulse kept non-negative.
   */
  applyRestitution(states: BodyStates, ctx: SoftStepContext): void {
    const rows = this.rows;
    const meta = this.meta;
    const v = states.state;
    const io = this.blockIo;
    const threshold = ctx.restitutionThreshold;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      if (rows[i * Row.Stride + Row.Restitution] === 0) continue;
      restituteContact(rows, meta, v, io, i, threshold);
    }
  }

  /**
   * Writes each contact's impulses back to its constraint, as impulses over the whole step (the
   * last sub-step's accumulated impulse times the number of sub-steps, as if every sub-step pushed
   * alike): they warm start the next step and are what users read. `lastNormalImpulse` gets the
   * largest sub-step's push, likewise per step.
   */
  storeImpulses(ctx: SoftStepContext): void {
    const perStep = ctx.substeps;
    const rows = this.rows;
    const meta = this.meta;
    const contacts = this.contacts;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      const c = contacts[i];
      const data = c.data;
      const r = i * Row.Stride;
      c.blockCase = 0;
      for (let j = 0, pc = meta[i * Meta.Stride + Meta.PointCount]; j < pc; j++) {
        const d = j * PointData.Stride;
        const q = r + Row.Point0 + j * Pt.Stride;
        data[d + PointData.NormalImpulse] = perStep * rows[q + Pt.NormalImpulse];
        data[d + PointData.TangentImpulse] = perStep * rows[q + Pt.TangentImpulse];
        data[d + PointData.LastNormalImpulse] = perStep * rows[q + Pt.MaxNormalImpulse];
      }
    }
  }

  private grow(count: number): void {
    const capacity = Math.max(count, 2 * (this.meta.length / Meta.Stride));
    this.rows = new Float64Array(Row.Stride * capacity);
    this.meta = new Int32Array(Meta.Stride * capacity);
  }
}

/**
 * One contact of {@link SoftContactSolver.solve}: normal rows (as a 2x2 block when both points are
 * in the same regime, else one by one), then friction, bounded by the normal impulses just found.
 * Outside the loop so that V8 optimises it on its call count (see the classic solver's `solveContact`).
 */
function solveSoftContact(
  rows: Float64Array,
  meta: Int32Array,
  v: Float64Array,
  io: Float64Array,
  i: number,
  invH: number,
  maxPush: number,
  useBias: boolean,
  useBlock: boolean,
): void {
  const r = i * Row.Stride;
  const m = i * Meta.Stride;
  const oA = State.Stride * meta[m + Meta.SlotA];
  const oB = State.Stride * meta[m + Meta.SlotB];
  const pointCount = meta[m + Meta.PointCount];
  const mA = rows[r + Row.MassA];
  const iA = rows[r + Row.InvIA];
  const mB = rows[r + Row.MassB];
  const iB = rows[r + Row.InvIB];
  const nx = rows[r + Row.NormalX];
  const ny = rows[r + Row.NormalY];
  const tx = ny;
  const ty = -nx;
  let vAx = v[oA + State.Vx];
  let vAy = v[oA + State.Vy];
  let wA = v[oA + State.W];
  let vBx = v[oB + State.Vx];
  let vBy = v[oB + State.Vy];
  let wB = v[oB + State.W];
  // The bodies' motion so far in the step: d = dp + R(Δθ) r - r for each anchor (added below).
  const dpx = v[oB + State.Dpx] - v[oA + State.Dpx];
  const dpy = v[oB + State.Dpy] - v[oA + State.Dpy];
  const cA = v[oA + State.Qc];
  const sA = v[oA + State.Qs];
  const cB = v[oB + State.Qc];
  const sB = v[oB + State.Qs];
  const biasRate = rows[r + Row.BiasRate];
  const softMass = useBias ? rows[r + Row.MassScale] : 1;
  const softImpulse = useBias ? rows[r + Row.ImpulseScale] : 0;

  // Per point: the current separation, and from it the bias b (a velocity) and whether the row is soft.
  let b1 = 0;
  let b2 = 0;
  let soft1 = false;
  let soft2 = false;
  for (let j = 0; j < pointCount; j++) {
    const q = r + Row.Point0 + j * Pt.Stride;
    const rAx = rows[q + Pt.R_AX];
    const rAy = rows[q + Pt.R_AY];
    const rBx = rows[q + Pt.R_BX];
    const rBy = rows[q + Pt.R_BY];
    // (dpB + R(ΔθB) rB) - (dpA + R(ΔθA) rA)
    const ddx = dpx + (cB * rBx - sB * rBy) - (cA * rAx - sA * rAy);
    const ddy = dpy + (sB * rBx + cB * rBy) - (sA * rAx + cA * rAy);
    const s = rows[q + Pt.BaseSeparation] + ddx * nx + ddy * ny;
    let bias = 0;
    let soft = false;
    if (s > 0) {
      // Still apart: the row may let the gap close within this sub-step, no more.
      bias = s * invH;
    } else if (useBias) {
      bias = biasRate * s;
      if (bias < -maxPush) bias = -maxPush;
      soft = true;
    }
    if (j === 0) {
      b1 = bias;
      soft1 = soft;
    } else {
      b2 = bias;
      soft2 = soft;
    }
  }

  if (pointCount === 2 && useBlock && soft1 === soft2 && meta[m + Meta.BlockUsable] === 1) {
    // Both rows at once: x ≥ 0, w = K x + b' ≥ 0, x·w = 0 with b' = s (vn + bias) - (1 - i) K a,
    // s and i the mass and impulse scales (1 and 0 for a rigid row): the soft row's fixed point
    // x = (1 - i) a - s K⁻¹ (vn + bias) when both stay pushing.
    const q1 = r + Row.Point0;
    const q2 = r + Row.Point1;
    const ms = soft1 ? softMass : 1;
    const is = soft1 ? softImpulse : 0;
    const rn1A = rows[q1 + Pt.RnA];
    const rn1B = rows[q1 + Pt.RnB];
    const rn2A = rows[q2 + Pt.RnA];
    const rn2B = rows[q2 + Pt.RnB];
    const a1 = rows[q1 + Pt.NormalImpulse];
    const a2 = rows[q2 + Pt.NormalImpulse];
    const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
    const vn1 = dvn + wB * rn1B - wA * rn1A;
    const vn2 = dvn + wB * rn2B - wA * rn2A;
    const k11 = rows[r + Row.K11];
    const k12 = rows[r + Row.K12];
    const k22 = rows[r + Row.K22];
    const keep = 1 - is;
    io[0] = ms * (vn1 + b1) - keep * (k11 * a1 + k12 * a2);
    io[1] = ms * (vn2 + b2) - keep * (k12 * a1 + k22 * a2);
    const lcpCase = solveBlockLcpAt(rows, r + Row.K11, io);
    if (lcpCase > 0) {
      const x1 = io[2];
      const x2 = io[3];
      const d1 = x1 - a1;
      const d2 = x2 - a2;
      rows[q1 + Pt.NormalImpulse] = x1;
      rows[q2 + Pt.NormalImpulse] = x2;
      if (x1 > rows[q1 + Pt.MaxNormalImpulse]) {
        if (rows[q1 + Pt.MaxNormalImpulse] === 0) rows[q1 + Pt.RelativeVelocity] = vn1;
        rows[q1 + Pt.MaxNormalImpulse] = x1;
      }
      if (x2 > rows[q2 + Pt.MaxNormalImpulse]) {
        if (rows[q2 + Pt.MaxNormalImpulse] === 0) rows[q2 + Pt.RelativeVelocity] = vn2;
        rows[q2 + Pt.MaxNormalImpulse] = x2;
      }
      const d = d1 + d2;
      vAx -= mA * d * nx;
      vAy -= mA * d * ny;
      wA -= iA * (d1 * rn1A + d2 * rn2A);
      vBx += mB * d * nx;
      vBy += mB * d * ny;
      wB += iB * (d1 * rn1B + d2 * rn2B);
    }
  } else {
    for (let j = 0; j < pointCount; j++) {
      const q = r + Row.Point0 + j * Pt.Stride;
      const soft = j === 0 ? soft1 : soft2;
      const bias = j === 0 ? b1 : b2;
      const ms = soft ? softMass : 1;
      const is = soft ? softImpulse : 0;
      const rnA = rows[q + Pt.RnA];
      const rnB = rows[q + Pt.RnB];
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      const old = rows[q + Pt.NormalImpulse];
      const lambda0 = -rows[q + Pt.NormalMass] * ms * (vn + bias) - is * old;
      const total = old + lambda0 > 0 ? old + lambda0 : 0;
      const lambda = total - old;
      rows[q + Pt.NormalImpulse] = total;
      if (total > rows[q + Pt.MaxNormalImpulse]) {
        // The first push of the step: the approach speed at impact, for restitution.
        if (rows[q + Pt.MaxNormalImpulse] === 0) rows[q + Pt.RelativeVelocity] = vn;
        rows[q + Pt.MaxNormalImpulse] = total;
      }
      vAx -= mA * lambda * nx;
      vAy -= mA * lambda * ny;
      wA -= iA * lambda * rnA;
      vBx += mB * lambda * nx;
      vBy += mB * lambda * ny;
      wB += iB * lambda * rnB;
    }
  }

  // Friction: rigid rows, bounded by μ times the normal impulse.
  const friction = rows[r + Row.Friction];
  for (let j = 0; j < pointCount; j++) {
    const q = r + Row.Point0 + j * Pt.Stride;
    const rtA = rows[q + Pt.RtA];
    const rtB = rows[q + Pt.RtB];
    const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA;
    const maxFriction = friction * rows[q + Pt.NormalImpulse];
    const old = rows[q + Pt.TangentImpulse];
    let total = old - rows[q + Pt.TangentMass] * vt;
    total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
    rows[q + Pt.TangentImpulse] = total;
    const lambda = total - old;
    vAx -= mA * lambda * tx;
    vAy -= mA * lambda * ty;
    wA -= iA * lambda * rtA;
    vBx += mB * lambda * tx;
    vBy += mB * lambda * ty;
    wB += iB * lambda * rtB;
  }

  v[oA + State.Vx] = vAx;
  v[oA + State.Vy] = vAy;
  v[oA + State.W] = wA;
  v[oB + State.Vx] = vBx;
  v[oB + State.Vy] = vBy;
  v[oB + State.W] = wB;
}

/**
 * One contact of {@link SoftContactSolver.applyRestitution}. Both points of a two-point manifold
 * that bounce are solved together (the 2x2 block with the target -e vn⁻ for each), so a box that
 * lands flat leaves flat instead of spinning from the order of its points.
 */
function restituteContact(
  rows: Float64Array,
  meta: Int32Array,
  v: Float64Array,
  io: Float64Array,
  i: number,
  threshold: number,
): void {
  const r = i * Row.Stride;
  const m = i * Meta.Stride;
  const e = rows[r + Row.Restitution];
  const oA = State.Stride * meta[m + Meta.SlotA];
  const oB = State.Stride * meta[m + Meta.SlotB];
  const pointCount = meta[m + Meta.PointCount];
  const mA = rows[r + Row.MassA];
  const iA = rows[r + Row.InvIA];
  const mB = rows[r + Row.MassB];
  const iB = rows[r + Row.InvIB];
  const nx = rows[r + Row.NormalX];
  const ny = rows[r + Row.NormalY];
  let vAx = v[oA + State.Vx];
  let vAy = v[oA + State.Vy];
  let wA = v[oA + State.W];
  let vBx = v[oB + State.Vx];
  let vBy = v[oB + State.Vy];
  let wB = v[oB + State.W];
  const q1 = r + Row.Point0;
  const q2 = r + Row.Point1;
  const bounce1 = rows[q1 + Pt.RelativeVelocity] < -threshold && rows[q1 + Pt.MaxNormalImpulse] > 0;
  const bounce2 =
    pointCount === 2 && rows[q2 + Pt.RelativeVelocity] < -threshold && rows[q2 + Pt.MaxNormalImpulse] > 0;
  if (bounce1 && bounce2 && meta[m + Meta.BlockUsable] === 1) {
    const rn1A = rows[q1 + Pt.RnA];
    const rn1B = rows[q1 + Pt.RnB];
    const rn2A = rows[q2 + Pt.RnA];
    const rn2B = rows[q2 + Pt.RnB];
    const a1 = rows[q1 + Pt.NormalImpulse];
    const a2 = rows[q2 + Pt.NormalImpulse];
    const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
    // b' = (vn + e vn⁻) - K a: the rigid LCP aiming each row at -e vn⁻.
    io[0] =
      dvn +
      wB * rn1B -
      wA * rn1A +
      e * rows[q1 + Pt.RelativeVelocity] -
      (rows[r + Row.K11] * a1 + rows[r + Row.K12] * a2);
    io[1] =
      dvn +
      wB * rn2B -
      wA * rn2A +
      e * rows[q2 + Pt.RelativeVelocity] -
      (rows[r + Row.K12] * a1 + rows[r + Row.K22] * a2);
    if (solveBlockLcpAt(rows, r + Row.K11, io) > 0) {
      const d1 = io[2] - a1;
      const d2 = io[3] - a2;
      rows[q1 + Pt.NormalImpulse] = io[2];
      rows[q2 + Pt.NormalImpulse] = io[3];
      const d = d1 + d2;
      vAx -= mA * d * nx;
      vAy -= mA * d * ny;
      wA -= iA * (d1 * rn1A + d2 * rn2A);
      vBx += mB * d * nx;
      vBy += mB * d * ny;
      wB += iB * (d1 * rn1B + d2 * rn2B);
    }
  } else {
    for (let j = 0; j < pointCount; j++) {
      if (!(j === 0 ? bounce1 : bounce2)) continue;
      const q = r + Row.Point0 + j * Pt.Stride;
      const rnA = rows[q + Pt.RnA];
      const rnB = rows[q + Pt.RnB];
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      const old = rows[q + Pt.NormalImpulse];
      const lambda0 = -rows[q + Pt.NormalMass] * (vn + e * rows[q + Pt.RelativeVelocity]);
      const total = old + lambda0 > 0 ? old + lambda0 : 0;
      const lambda = total - old;
      rows[q + Pt.NormalImpulse] = total;
      vAx -= mA * lambda * nx;
      vAy -= mA * lambda * ny;
      wA -= iA * lambda * rnA;
      vBx += mB * lambda * nx;
      vBy += mB * lambda * ny;
      wB += iB * lambda * rnB;
    }
  }
  v[oA + State.Vx] = vAx;
  v[oA + State.Vy] = vAy;
  v[oA + State.W] = wA;
  v[oB + State.Vx] = vBx;
  v[oB + State.Vy] = vBy;
  v[oB + State.W] = wB;
}
