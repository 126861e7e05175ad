import { LENGTH_UNITS, objectArray } from '@lite/math';
import { buildBlockFrom } from './block-solver';
import { type BodyStates, slotUsable, unslottedBody } from './body-state';
import type { ContactConstraint } from './contact-constraint';
import type { ContactGather } from './contact-gather';
import { ConstraintError, requireCount } from './errors';
import { Region } from './kernels';
import {
  ContactData,
  Ctx,
  Index,
  Meta,
  Mode,
  Motion,
  Param,
  PointData,
  Pt,
  Row,
  Scalar,
  State,
} from './layout';
import { factorChain, otherContactOf, otherSlot } from './soft-chains';
import { SoftContactArrays } from './soft-contact-arrays';
import type { SoftStepContext } from './soft-step-context';

/**
 * Overlap the soft contact rows take on themselves, m, plus what each point's spring needs for the
 * load it carried last step (at most {@link MAX_LOAD_SHARE}): the push pass separates deeper overlap
 * by position only (see `SoftContactSolver.push`), so bodies created inside each other are not
 * launched. Times the length unit (`setLengthUnitsPerMeter`).
 */
export const DEEP_OVERLAP = 0.02;

/**
 * The most a contact's soft share grows beyond {@link DEEP_OVERLAP} for the load it carries, m: the
 * compression of a 1 m box's contact under about 100 boxes at 30 Hz. Times the length unit.
 */
export const MAX_LOAD_SHARE = 0.1;

/**
 * How many of a sub-step's push passes a contact takes part in when a joint holds one of its bodies
 * ({@link SoftContactSolver.push}, {@link BodyStates.markHeld}): the pass moves bodies without
 * their joints (ragdolls down stairs: 0.049 rad past a limit with 3 passes, 0.069 with 5).
 */
export const HELD_PUSH_PASSES = 3;

/** `Param.Stamp` counts sub-steps modulo this (an int32 in `Meta.Deep`). */
const STAMP_PERIOD = 0x40000000;

/** The contacts a new {@link SoftContactSolver} has room for (the arrays double when needed). */
const INITIAL_CONTACTS = 8;

/**
 * The soft step's contact solver (after Box2D v3's `contact_solver.c`): contacts are prepared once
 * per step (arms, effective masses, start separation); each sub-step then warm starts, solves with
 * the soft bias (chains of touching contacts exactly), pushes deep overlaps apart on push
 * velocities, and relaxes without bias. A point's separation is its start separation moved by the
 * bodies' motion ({@link BodyStates}), so nothing is collided again between sub-steps. The passes
 * are the kernels (`kernels.ts`): WebAssembly where it runs, else TypeScript, with the same results.
 */
export class SoftContactSolver extends SoftContactArrays {
  private contactCount = 0;
  /** How many of the prepared contacts have restitution (see `applyRestitution`). */
  private bouncyCount = 0;
  /** Per contact: the block its data lies in (`ContactConstraint.dataBlock`), for storing impulses. */
  private readonly dataBlocks: Float64Array[] = objectArray();
  /** Where this step's blocks are listed: `dataBlocks`, or the prepare's gather's `blocks`. */
  private blockSource: Float64Array[] = this.dataBlocks;
  private chainCount = 0;
  private singleCount = 0;
  private deepCount = 0;
  /** The body states and their `poseStamp` when a pass last left the separations in the rows. */
  private sepStates: BodyStates | null = null;
  private sepStamp = -1;
  /** `Param.Stamp` of the sub-step the push list was gathered in (-1: none yet). */
  private deepStamp = -1;
  /** The body states' masses per slot while the chains are built (`BodyStates.masses`). */
  private slotMasses: Float64Array = new Float64Array(2);
  /** Per body slot: how many chainable contacts touch it. */
  private degree = new Int32Array(0);
  /** Per body slot: its first two chainable contacts. */
  private slotContacts = new Int32Array(0);

  /** A solver with room for `INITIAL_CONTACTS` contacts; its arrays grow (doubling) when needed. */
  constructor() {
    super();
    // Fields that change later are written twice, the stamp first as a fraction (docs/performance.md, "Fields").
    this.grow(INITIAL_CONTACTS);
    this.degree = new Int32Array(2 * INITIAL_CONTACTS);
    this.slotContacts = new Int32Array(4 * INITIAL_CONTACTS);
    this.deepCount = 1;
    this.deepCount = 0;
    this.deepStamp = 0.5;
    this.deepStamp = -1;
  }

  /** The number of contacts prepared. */
  get count(): number {
    return this.contactCount;
  }

  /**
   * Prepares the first `count` contacts for the step: slots, lever arms, effective masses, softness,
   * start separation, approach velocity and (warm starting) last step's impulses. With a `gather`
   * of the same contacts, slots and data come from it; it is kept until
   * {@link SoftContactSolver.storeImpulses}, so change it only after that.
   * @throws ConstraintError when `count` is out of range or differs from the gather's, or when a
   *   contact's body has mass but no slot in `states`
   */
  prepare(
    contacts: ContactConstraint[],
    count: number,
    states: BodyStates,
    ctx: SoftStepContext,
    gather?: ContactGather,
  ): void {
    requireCount(count, contacts.length);
    if (gather !== undefined && gather.count !== count) {
      throw new ConstraintError('gather.count', gather.count, `must equal count (${count})`);
    }
    this.contactCount = count;
    this.sepStates = null;
    if (this.meta.length < Meta.Stride * count) this.grow(count);
    this.bouncyCount = 0;
    this.blockSource = gather === undefined ? this.dataBlocks : gather.blocks;
    this.attach(states);
    this.slotMasses = states.masses;
    this.beginChains(states.count);
    if (gather === undefined) this.slotsFromContacts(contacts, count, states);
    else this.slotsGathered(gather, count, states);
    this.bouncyCount = this.prepareRows(contacts, this.blockSource, count, states, ctx);
    this.walkChains();
    this.factorChains(ctx);
    this.singleCount = this.listSingles();
  }

  /**
   * The contacts outside chains, in contact order, into `singles` (a two-point one with the bit
   * `Index.TwoPoints` set) for the solve and relax passes; returns how many (nothing after the loop).
   */
  private listSingles(): number {
    const meta = this.meta;
    const chainOf = this.chainOf;
    const singles = this.singles;
    let count = 0;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      if (chainOf[i] >= 0) continue;
      singles[count++] =
        meta[(i & Index.Mask) * Meta.Stride + Meta.PointCount] === 1 ? i : i | Index.TwoPoints;
    }
    return count;
  }

  /**
   * The block elimination of every chain's matrix, once per step (it holds only prepared numbers):
   * the passes do only the substitutions. A chain with a singular block is solved contact by contact.
   */
  private factorChains(ctx: SoftStepContext): void {
    // (The context, not its compliance: a number passed to a call V8 does not inline is boxed.)
    const compliance = ctx.values[Ctx.ChainCompliance];
    const params = this.params;
    for (let c = 0, n = this.chainCount; c < n; c++) {
      params[Param.Compliance] = this.chainCompliant[c] === 1 ? compliance : 0;
      const ok = factorChain(
        this.rows,
        this.meta,
        this.chainOrder,
        this.chainShared,
        this.chainFactors,
        params,
        this.chainStart[c],
        this.chainStart[c + 1],
      );
      this.chainSingular[c] = ok ? 0 : 1;
    }
  }

  /** {@link SoftContactSolver.prepare}: each contact's slots, point count and data offset, from its object. */
  private slotsFromContacts(contacts: ContactConstraint[], count: number, states: BodyStates): void {
    const meta = this.meta;
    for (let i = 0; i < count; i++) {
      const c = contacts[i];
      c.blockCase = 0;
      const m = (i & Index.Mask) * Meta.Stride;
      meta[m + Meta.SlotA] = states.slotOf(c.bodyA) & Index.Mask;
      meta[m + Meta.SlotB] = states.slotOf(c.bodyB) & Index.Mask;
      meta[m + Meta.PointCount] = c.pointCount;
      meta[m + Meta.DataOffset] = c.dataOffset;
      this.dataBlocks[i] = c.dataBlock;
    }
  }

  /** {@link SoftContactSolver.prepare}: each contact's slots, point count and data offset, from the gather. */
  private slotsGathered(gather: ContactGather, count: number, states: BodyStates): void {
    const ints = gather.ints;
    const meta = this.meta;
    for (let i = 0; i < count; i++) {
      const g = 4 * (i & Index.Mask);
      const m = (i & Index.Mask) * Meta.Stride;
      meta[m + Meta.SlotA] = states.slotOfIndex(ints[g]) & Index.Mask;
      meta[m + Meta.SlotB] = states.slotOfIndex(ints[g + 1]) & Index.Mask;
      meta[m + Meta.PointCount] = ints[g + 2];
      meta[m + Meta.DataOffset] = ints[g + 3];
    }
  }

  /**
   * Finds the chains of touching contacts: runs where each moving body between two contacts touches
   * exactly those two (a column of boxes); static or kinematic bodies only end chains. Their normal
   * rows are solved exactly ({@link solveChain}). Chains follow contact order, so the result depends
   * only on ids; a closed ring is left to the contact-by-contact solve. This clears the counts that
   * `prepareRows` makes (per body slot, its chainable contacts and its first two) and `walkChains` follows.
   */
  private beginChains(slotCount: number): void {
    this.chainCount = 0;
    if (this.degree.length < slotCount) {
      this.degree = new Int32Array(2 * slotCount);
      this.slotContacts = new Int32Array(4 * slotCount);
    }
    this.chainOf.fill(-1, 0, this.contactCount);
    this.degree.fill(0, 0, slotCount);
  }

  /** {@link beginChains}: walks each chain from one end, in contact order. */
  private walkChains(): void {
    const count = this.contactCount;
    const meta = this.meta;
    const chainOf = this.chainOf;
    const degree = this.degree;
    const slotContacts = this.slotContacts;
    const order = this.chainOrder;
    const shared = this.chainShared;
    let length = 0;
    for (let i = 0; i < count; i++) {
      if (chainOf[i] !== -1 || !this.chainable(i)) continue;
      let via = meta[(i & Index.Mask) * Meta.Stride + Meta.SlotB];
      // No body of two chainable contacts on either side: a chain of one (most contacts of a pile).
      if (degree[via] !== 2 && degree[meta[(i & Index.Mask) * Meta.Stride + Meta.SlotA]] !== 2) {
        chainOf[i] = -2;
        continue;
      }
      // Walk through body A's side to one end of the chain.
      let cur = i;
      let ring = false;
      for (;;) {
        const y = otherSlot(meta, cur, via);
        if (y === 0 || degree[y] !== 2) {
          via = y;
          break;
        }
        const next = otherContactOf(slotContacts, y, cur);
        if (next === i) {
          ring = true;
          break;
        }
        via = y;
        cur = next;
      }
      if (ring) {
        // Leave the ring to the contact-by-contact solve (marked so it is not walked again).
        let c = i;
        let from = meta[(i & Index.Mask) * Meta.Stride + Meta.SlotB];
        do {
          chainOf[c] = -2;
          const y = otherSlot(meta, c, from);
          c = otherContactOf(slotContacts, y, c);
          from = y;
        } while (c !== i);
        continue;
      }
      // From that end, collect the chain in order.
      const start = length;
      let c = cur;
      let from = via;
      for (;;) {
        order[length] = c;
        const y = otherSlot(meta, c, from);
        if (y === 0 || degree[y] !== 2) {
          length++;
          break;
        }
        shared[length] = y;
        length++;
        c = otherContactOf(slotContacts, y, c);
        from = y;
      }
      if (length - start < 2) {
        length = start;
        chainOf[c] = -2;
        continue;
      }
      const id = this.chainCount++;
      this.chainCompliant[id] = this.stillSlot(via) && this.stillSlot(otherSlot(meta, c, from)) ? 1 : 0;
      this.chainStart[id] = start;
      this.chainStart[id + 1] = length;
      for (let k = start; k < length; k++) chainOf[order[k]] = id;
    }
  }

  /** Whether `slot` holds a body nothing moves: the still slot 0, or a kinematic body's. */
  private stillSlot(slot: number): boolean {
    const masses = this.slotMasses;
    return slot === 0 || (masses[2 * slot] === 0 && masses[2 * slot + 1] === 0);
  }

  /** A contact may join a chain: it touches, and a two-point one has a usable block. */
  private chainable(i: number): boolean {
    const m = (i & Index.Mask) * Meta.Stride;
    const pc = this.meta[m + Meta.PointCount];
    return this.meta[m + Meta.Touching] === 1 && (pc === 1 || this.meta[m + Meta.BlockUsable] === 1);
  }

  /**
   * {@link SoftContactSolver.prepare}'s loop over the contacts, their slots in `meta` and their data
   * in `blocks`; a contact's object is read only for a body in slot 0. One loop, the step's
   * constants in locals. Returns how many have restitution (nothing after the loop: see
   * docs/performance.md, "Loops in their own functions").
   */
  private prepareRows(
    contacts: ContactConstraint[],
    blocks: Float64Array[],
    count: number,
    states: BodyStates,
    ctx: SoftStepContext,
  ): number {
    const rows = this.rows;
    const meta = this.meta;
    const motion = states.motion;
    const masses = states.masses;
    const held = states.held;
    const v = states.state;
    const cv = ctx.values;
    const warm = ctx.warmStarting;
    // Stored impulses are per step; each sub-step's rows carry 1/n of them.
    const substeps = ctx.substeps;
    const perSubstep = 1 / substeps;
    const stepDt = substeps * cv[Ctx.H];
    const omega2 = cv[Ctx.Omega] * cv[Ctx.Omega];
    const staticOmega2 = cv[Ctx.StaticOmega] * cv[Ctx.StaticOmega];
    const shareBase = DEEP_OVERLAP * LENGTH_UNITS[0];
    const shareMax = MAX_LOAD_SHARE * LENGTH_UNITS[0];
    const degree = this.degree;
    const slotContacts = this.slotContacts;
    let bouncy = 0;
    for (let i = 0; i < count; i++) {
      const r = (i & Index.Mask) * Row.Stride;
      const m = (i & Index.Mask) * Meta.Stride;
      const sA = meta[m + Meta.SlotA];
      const sB = meta[m + Meta.SlotB];
      const pointCount = meta[m + Meta.PointCount];
      const base = meta[m + Meta.DataOffset];
      const data = blocks[i];
      // Centres: a moving body's from its slot's start pose, a still body's from the object (a body
      // with mass but no slot would set the still slot moving: refused).
      const pA = Motion.Stride * sA;
      const pB = Motion.Stride * sB;
      let xAx = motion[pA + Motion.X0];
      let xAy = motion[pA + Motion.Y0];
      let xBx = motion[pB + Motion.X0];
      let xBy = motion[pB + Motion.Y0];
      if (sA === 0) {
        const bA = contacts[i].bodyA;
        if (!slotUsable(sA, bA)) throw unslottedBody(bA, `contacts[${i}].bodyA`);
        xAx = bA.center.x;
        xAy = bA.center.y;
      }
      if (sB === 0) {
        const bB = contacts[i].bodyB;
        if (!slotUsable(sB, bB)) throw unslottedBody(bB, `contacts[${i}].bodyB`);
        xBx = bB.center.x;
        xBy = bB.center.y;
      }
      meta[m + Meta.Held] = held[sA] | (held[sB] << 1);
      // Inverse masses and inertias from the slots (slot 0: none).
      const mA = masses[2 * sA];
      const iA = masses[2 * sA + 1];
      const mB = masses[2 * sB];
      const iB = masses[2 * sB + 1];
      const nx = data[base + ContactData.NormalX];
      const ny = data[base + ContactData.NormalY];
      const tx = ny;
      const ty = -nx;
      rows[r + Row.MassA] = mA;
      rows[r + Row.InvIA] = iA;
      rows[r + Row.MassB] = mB;
      rows[r + Row.InvIB] = iB;
      rows[r + Row.NormalX] = nx;
      rows[r + Row.NormalY] = ny;
      const restitution = data[base + ContactData.Restitution];
      if (restitution > 0) bouncy++;
      rows[r + Row.Friction] = data[base + ContactData.Friction];
      rows[r + Row.Restitution] = restitution;
      const still = mA === 0 || mB === 0;
      rows[r + Row.BiasRate] = still ? cv[Ctx.StaticBiasRate] : cv[Ctx.BiasRate];
      rows[r + Row.MassScale] = still ? cv[Ctx.StaticMassScale] : cv[Ctx.MassScale];
      rows[r + Row.ImpulseScale] = still ? cv[Ctx.StaticImpulseScale] : cv[Ctx.ImpulseScale];
      const rolling = data[base + ContactData.RollingResistance];
      rows[r + Row.RollingResistance] = rolling;
      if (rolling > 0) {
        const k = iA + iB;
        rows[r + Row.RollingMass] = k > 0 ? 1 / k : 0;
        rows[r + Row.RollingImpulse] = warm ? data[base + ContactData.RollingImpulse] / substeps : 0;
      }
      rows[r + Row.TangentSpeed] = data[base + ContactData.TangentSpeed];
      const oA = State.Stride * sA;
      const oB = State.Stride * sB;
      const roundA = data[base + ContactData.RadiusA];
      const roundB = data[base + ContactData.RadiusB];
      const springDt = stepDt * (still ? staticOmega2 : omega2);
      let touching = pointCount > 0 ? 1 : 0;
      for (let j = 0; j < pointCount; j++) {
        const d = base + j * PointData.Stride;
        const q = r + Row.Point0 + (j & 1) * Pt.Stride;
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
        // The separation arms (Pt.SepAX): a rounded side's is the centre of its rounding, which the
        // point (midway between the surfaces, s0 apart) lies s0 / 2 + ρ from along the normal.
        const separation = data[d + PointData.Separation];
        if (separation > 0) touching = 0;
        let sAx = rAx;
        let sAy = rAy;
        let sBx = rBx;
        let sBy = rBy;
        if (roundA > 0) {
          const k = 0.5 * separation + roundA;
          sAx = rAx - k * nx;
          sAy = rAy - k * ny;
        }
        if (roundB > 0) {
          const k = 0.5 * separation + roundB;
          sBx = rBx + k * nx;
          sBy = rBy + k * ny;
        }
        rows[q + Pt.SepAX] = sAx;
        rows[q + Pt.SepAY] = sAy;
        rows[q + Pt.SepBX] = sBx;
        rows[q + Pt.SepBY] = sBy;
        // The start separation less what the arms contribute, so that in a sub-step
        // s = base + n · ((dpB + R(ΔθB) sB) - (dpA + R(ΔθA) sA)) is the separation of the moved sides.
        rows[q + Pt.BaseSeparation] = separation - ((sBx - sAx) * nx + (sBy - sAy) * ny);
        // Normal row J = [-n, -(rA × n), n, rB × n], K = mA + mB + iA (rA × n)² + iB (rB × n)²; the
        // friction row likewise with t.
        const rnA = rAx * ny - rAy * nx;
        const rnB = rBx * ny - rBy * nx;
        const rtA = rAx * ty - rAy * tx;
        const rtB = rBx * ty - rBy * tx;
        const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
        rows[q + Pt.NormalMass] = kNormal > 0 ? 1 / kNormal : 0;
        rows[q + Pt.TangentMass] = kTangent > 0 ? 1 / kTangent : 0;
        const normalImpulse = warm ? data[d + PointData.NormalImpulse] : 0;
        rows[q + Pt.NormalImpulse] = normalImpulse * perSubstep;
        rows[q + Pt.TangentImpulse] = warm ? data[d + PointData.TangentImpulse] * perSubstep : 0;
        rows[q + Pt.MaxNormalImpulse] = 0;
        rows[q + Pt.RnA] = rnA;
        rows[q + Pt.RnB] = rnB;
        rows[q + Pt.RtA] = rtA;
        rows[q + Pt.RtB] = rtB;
        // (The push pass keeps its impulses apart: see loadPushRow in assembly/push.ts.)
        if (restitution > 0) {
          // vn⁻ before this step's gravity and impulses: restitution's reference.
          const wA = v[oA + State.W];
          const wB = v[oB + State.W];
          rows[q + Pt.RelativeVelocity] =
            (v[oB + State.Vx] - wB * rBy - v[oA + State.Vx] + wA * rAy) * nx +
            (v[oB + State.Vy] + wB * rBx - v[oA + State.Vy] - wA * rAx) * ny;
          rows[q + Pt.Bounced] = 0;
          // The anchors' relative acceleration along n: a · n + α (r × n), B's less A's.
          rows[q + Pt.NormalAccel] =
            motion[pB + Motion.Ax] * nx +
            motion[pB + Motion.Ay] * ny +
            motion[pB + Motion.Alpha] * rnB -
            (motion[pA + Motion.Ax] * nx + motion[pA + Motion.Ay] * ny + motion[pA + Motion.Alpha] * rnA);
          rows[q + Pt.BounceShift] = 0;
        }
        // The spring k = m ω² (m = 1 / K) carrying last step's load F = λ / dt is compressed F / k;
        // at most MAX_LOAD_SHARE more (a load that grows with the overlap it is given must not feed
        // itself without bound: a light body crushed by a heavy one).
        const compression = warm ? (normalImpulse * kNormal) / springDt : 0;
        // (Math.min, not a conditional: TurboFan kept the conditional's result tagged and boxed it.)
        rows[q + Pt.Share] = shareBase + Math.min(compression, shareMax);
      }
      let usable = false;
      if (pointCount === 2) {
        // (The rows hold the masses and both points' arms already, the arms as RnA then RnB.)
        usable = buildBlockFrom(
          rows,
          r + Row.MassA,
          r + Row.Point0 + Pt.RnA,
          r + Row.Point1 + Pt.RnA,
          rows,
          r + Row.K11,
        );
      }
      meta[m + Meta.BlockUsable] = usable ? 1 : 0;
      meta[m + Meta.Touching] = touching;
      meta[m + Meta.Deep] = -1;
      // Chainable ({@link chainable}): count it on each side but a body nothing moves (static or
      // kinematic), which ends every chain it touches, as a static one.
      if (touching === 1 && (pointCount === 1 || usable)) {
        if (sA !== 0 && (mA !== 0 || iA !== 0)) {
          const d = degree[sA]++;
          if (d < 2) slotContacts[2 * sA + d] = i;
        }
        if (sB !== 0 && (mB !== 0 || iB !== 0)) {
          const d = degree[sB]++;
          if (d < 2) slotContacts[2 * sB + d] = i;
        }
      }
    }
    return bouncy;
  }

  /** Applies every contact's accumulated impulses P = λn n + λt t (once per sub-step, before the solve). */
  warmStart(states: BodyStates): void {
    const memory = this.attach(states);
    // Until this sub-step's solve has looked, any point may be deep (see Param.Deep).
    this.params[Param.Deep] = 1;
    const o = this.kernelOffsets;
    memory.exports.warmStart(o[Region.Rows], o[Region.Meta], o[Region.State], this.contactCount);
  }

  /**
   * One pass over every contact: `useBias` true is the sub-step's solve (soft rows push overlaps
   * apart, at most `maxPushVelocity`); false the relax pass (rigid rows, no push, taking back the
   * push's velocity). A point still apart may close its gap but no more. Singles first, then chains.
   * The separations a pass leaves are reused until a {@link BodyStates} method moves the bodies; code
   * writing `states.state` itself must call {@link SoftContactSolver.prepare} again.
   */
  solve(states: BodyStates, ctx: SoftStepContext, useBias: boolean): void {
    const memory = this.attach(states);
    const params = this.params;
    const cv = ctx.values;
    params[Param.InvH] = cv[Ctx.InvH];
    params[Param.MaxPush] = cv[Ctx.MaxPushVelocity];
    params[Param.Threshold] = cv[Ctx.RestitutionThreshold];
    if (useBias) {
      params[Param.Deep] = 0;
      params[Param.Stamp] = (params[Param.Stamp] + 1) % STAMP_PERIOD;
    }
    // The separations the last pass left hold while the bodies have not moved since: a sub-step's
    // solve reads those of the relax pass before it (and its push passes, the solve's).
    const cached = this.separationsHold(states);
    this.sepStates = states;
    this.sepStamp = states.poseStamp;
    const mode =
      (useBias ? Mode.Bias : 0) |
      (ctx.blockSolver ? Mode.Block : 0) |
      (cached ? Mode.Cached : 0) |
      Mode.Normals;
    const o = this.kernelOffsets;
    const k = memory.exports;
    k.solveSingles(
      o[Region.Rows],
      o[Region.Meta],
      o[Region.State],
      o[Region.Params],
      o[Region.Singles],
      this.singleCount,
      mode,
    );
    if (this.chainCount === 0) return;
    memory.scalars[Scalar.ChainCompliance] = cv[Ctx.ChainCompliance];
    k.solveChains(
      o[Region.Rows],
      o[Region.Meta],
      o[Region.State],
      o[Region.Params],
      o[Region.ChainOrder],
      o[Region.ChainFactors],
      o[Region.ChainWork],
      o[Region.ChainStart],
      o[Region.ChainCompliant],
      o[Region.ChainSingular],
      this.chainCount,
      o[Region.Scalars],
      mode,
    );
  }

  /** Whether the rows hold every point's separation at the bodies' current poses. */
  private separationsHold(states: BodyStates): boolean {
    return this.sepStates === states && this.sepStamp === states.poseStamp;
  }

  /**
   * The push pass: rigid rows for points deeper than their share remove part of the excess (at most
   * `maxPushVelocity`) on the push velocities ({@link BodyStates.push}), from zero impulses each
   * sub-step, so no speed is left. Moving pairs first, then those with a still body. Pass 0 gathers
   * the deep contacts for the later passes; held bodies join the first {@link HELD_PUSH_PASSES} only.
   */
  push(states: BodyStates, ctx: SoftStepContext, pass = 0): void {
    const memory = this.attach(states);
    const params = this.params;
    // Nothing deep in this sub-step's solve: every push row would be skipped.
    if (params[Param.Deep] === 0) return;
    params[Param.PushRate] = ctx.values[Ctx.PushRate];
    params[Param.MaxPush] = ctx.values[Ctx.MaxPushVelocity];
    // Contacts with a still body go last, so the push out of fixed geometry has the last word.
    const o = this.kernelOffsets;
    if (pass === 0 || this.deepStamp !== params[Param.Stamp]) {
      this.deepStamp = params[Param.Stamp];
      this.deepCount = memory.exports.gatherPush(
        o[Region.Rows],
        o[Region.Meta],
        o[Region.State],
        o[Region.Params],
        o[Region.PushRows],
        o[Region.PushInts],
        this.contactCount,
        this.separationsHold(states) ? Mode.Cached : 0,
      );
    }
    // Past the first passes, contacts of held bodies are left out (-1 matches any Held bit).
    const heldMask = pass < HELD_PUSH_PASSES ? 0 : -1;
    memory.exports.pushPass(o[Region.PushRows], o[Region.PushInts], o[Region.Push], this.deepCount, heldMask);
  }

  /**
   * Restitution, once after the sub-steps (Box2D v3's `b2ApplyRestitution`): each point that
   * approached faster than the threshold before the step and pushed during it gets the normal
   * velocity -e vn⁻, its accumulated impulse kept non-negative.
   */
  applyRestitution(states: BodyStates, ctx: SoftStepContext): void {
    const memory = this.attach(states);
    this.params[Param.Threshold] = ctx.values[Ctx.RestitutionThreshold];
    // Most worlds have no bouncy contact at all: then no pass over the rows.
    if (this.bouncyCount === 0) return;
    const o = this.kernelOffsets;
    memory.exports.applyRestitution(
      o[Region.Rows],
      o[Region.Meta],
      o[Region.State],
      o[Region.Params],
      this.contactCount,
    );
  }

  /**
   * Writes each contact's impulses back as impulses over the whole step (the last sub-step's times
   * the sub-step count); `lastNormalImpulse` gets the largest sub-step's push.
   */
  storeImpulses(ctx: SoftStepContext): void {
    const perStep = ctx.substeps;
    this.syncViews();
    const rows = this.rows;
    const meta = this.meta;
    const blocks = this.blockSource;
    for (let i = 0, n = this.contactCount; i < n; i++) {
      const data = blocks[i];
      const r = (i & Index.Mask) * Row.Stride;
      const m = (i & Index.Mask) * Meta.Stride;
      const base = meta[m + Meta.DataOffset];
      if (rows[r + Row.RollingResistance] > 0) {
        data[base + ContactData.RollingImpulse] = perStep * rows[r + Row.RollingImpulse];
      }
      for (let j = 0, pc = meta[m + Meta.PointCount]; j < pc; j++) {
        const d = base + j * PointData.Stride;
        const q = r + Row.Point0 + (j & 1) * Pt.Stride;
        data[d + PointData.NormalImpulse] = perStep * rows[q + Pt.NormalImpulse];
        data[d + PointData.TangentImpulse] = perStep * rows[q + Pt.TangentImpulse];
        data[d + PointData.LastNormalImpulse] = perStep * rows[q + Pt.MaxNormalImpulse];
      }
    }
  }
}
