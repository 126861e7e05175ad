import { clearChainLink, unlinkChain } from './joint-chain';
import {
  CHAIN_HEAD,
  CHAIN_MEMBER,
  CHAIN_NONE,
  isDynamic,
  JointKind,
  MAX_ANGULAR_CORRECTION,
  MAX_LINEAR_CORRECTION,
  maxLinearCorrection,
  newtonSteps,
  positionError,
} from './joint-kind';
import {
  applyPointImpulse,
  movePoint,
  pointImpulse,
  pointMatrix,
  pointRowsK,
  updateLeverArms,
} from './lever-arms';
import type { SolverBody } from './solver-body';
import type { WeldJoint } from './weld-joint';

/*
 * Chains of welds, solved together (as the rigid pins' chains, joint-chain.ts). In a cantilever each
 * weld carries the moment of everything beyond it, which Gauss-Seidel passes on one weld per
 * iteration (ten welds at 10 iterations sag by metres). Where welds form a chain (every dynamic body
 * in the middle held by exactly two), their rows (point x, point y, angle) make one
 * block-tridiagonal system K λ = b with 3x3 blocks, solved exactly in O(n) by block elimination:
 *
 *   forward:  A₁ = K₁₁,  Eₖ = Uₖ₋₁ᵀ Aₖ₋₁⁻¹,  Aₖ = Kₖₖ - Eₖ Uₖ₋₁,  yₖ = bₖ - Eₖ yₖ₋₁
 *   backward: xₙ = Aₙ⁻¹ yₙ,  xₖ = Aₖ⁻¹ (yₖ - Uₖ xₖ₊₁)
 *
 * The diagonal block Kₖₖ is the weld's own K (see `prepareWeldJoint`). The coupling through the body
 * b that welds k and k+1 share is Uₖ = sₖ sₖ₊₁ Aₖ(r) M_b⁻¹ Aₖ₊₁(q)ᵀ, with r and q the two welds' lever
 * arms on b, s = +1 when b is the weld's body B and -1 for A, and the weld's Jacobian on its body B
 * being A(r) = [1 0 -r.y; 0 1 r.x; 0 0 1] (on A, its opposite):
 *
 *   Uₖ = s [ m + i r.y q.y,  -i r.y q.x,     -i r.y ]
 *          [ -i r.x q.y,     m + i r.x q.x,   i r.x ]
 *          [ -i q.y,         i q.x,           i     ]      (m, i: b's inverse mass and inertia)
 *
 * Soft parts. A soft row's update λ = massScale · m (bias - Ċ) - impulseScale · λacc (softness.ts) is
 * the row (K + γ) Δλ = bias - Ċ - γ λacc with γ = c K, c = impulseScale / massScale; a soft point
 * block the same with γ = c K (2x2), and the point spring's stiffness form (K + γ I) Δλ = bias - Ċ -
 * γ λacc with the weld's `linearGamma`. The chain adds these γ to its diagonal blocks and its
 * right-hand side, so each weld's spring keeps exactly its own stiffness and damping, and the chain
 * solves them all at once.
 *
 * The position pass is Newton's method on the rigid rows (soft rows become identity rows with a zero
 * right-hand side), K rebuilt from the poses at each step. Welds join chains in array order; loops
 * and singular chains are left to Gauss-Seidel, and a chain welded to static bodies at both ends
 * (redundant) is regularized.
 */

/** Per-weld scratch of the chain solve, in `WeldJoint.chainData`: the inverse of the eliminated block. */
const A_INV = 0;
/** Coupling block Uₖ to the next weld. */
const U = 9;
/** Elimination factor Eₖ. */
const E = 18;
/** Right-hand side, then solution. */
const X = 27;
/** The chain's regularization ε (0, or {@link REDUNDANT_EPSILON} for a chain held at both ends). */
const EPS = 30;
/** Length of `WeldJoint.chainData`. @internal */
export const WELD_CHAIN_DATA = 31;

/**
 * The relative regularization of a chain welded to static bodies at both ends: each block's
 * diagonal gains ε times itself, which makes the singular K invertible and picks, among the impulses
 * that meet the rows, the one of least (diagonally weighted) norm; the rows are then met to about
 * ε of their impulses' effect.
 */
const REDUNDANT_EPSILON = 1e-8;

const block = new Float64Array(9);
const inverse = new Float64Array(9);

/**
 * A weld may join a chain when its three rows exist (k33 > 0) and its springs, if any, act (a
 * stiffness-form spring of zero stiffness and damping is no row at all). Kept in
 * `WeldJoint.chainable` by the prepare (see docs/performance.md, Boxed numbers). @internal
 */
export function isChainableWeld(joint: WeldJoint): boolean {
  return (
    joint.k33 > 0 &&
    joint.linearGamma !== Number.POSITIVE_INFINITY &&
    joint.linearSoftness.massScale > 0 &&
    joint.angularSoftness.massScale > 0
  );
}

/** The other chainable weld on `body` when exactly two hold it (and `body` is dynamic), else null. */
function neighbour(joint: WeldJoint, body: SolverBody): WeldJoint | null {
  if (body.weldChainCount !== 2 || !isDynamic(body)) return null;
  return body.weldJoint0 === joint ? body.weldJoint1 : body.weldJoint0;
}

function addToBody(body: SolverBody, joint: WeldJoint): void {
  const n = body.weldChainCount;
  if (n === 0) body.weldJoint0 = joint;
  else if (n === 1) body.weldJoint1 = joint;
  body.weldChainCount = n + 1;
}

/**
 * Finds this step's chains among the first `count` prepared joints, links them (`chainPrev`,
 * `chainNext`, `chainBody`, `chainRole`) and factors each; with `enabled` false only clears those
 * fields. Uses the bodies' `weldChainCount`, `weldJoint0`, `weldJoint1` scratch. Allocates nothing.
 * @param joints - the joints (any kind; only welds take part)
 * @param count - how many of them are in the solve
 * @param enabled - whether to build chains (`settings.jointChains`)
 */
export function buildWeldChains(joints: readonly { kind: number }[], count: number, enabled: boolean): void {
  let any = false;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Weld) continue;
    const j = joint as WeldJoint;
    any = true;
    clearChainLink(j);
    j.bodyA.weldChainCount = 0;
    j.bodyA.weldJoint0 = null;
    j.bodyA.weldJoint1 = null;
    j.bodyB.weldChainCount = 0;
    j.bodyB.weldJoint0 = null;
    j.bodyB.weldJoint1 = null;
  }
  if (!enabled || !any) return;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Weld) continue;
    const j = joint as WeldJoint;
    if (j.chainable !== true) continue;
    addToBody(j.bodyA, j);
    addToBody(j.bodyB, j);
  }
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Weld) continue;
    const head = joint as WeldJoint;
    if (head.chainRole !== CHAIN_NONE || head.chainable !== true) continue;
    linkChain(head);
  }
}

/**
 * Links and factors the chain starting at `head`, if `head` ends one. Outside the loop, which
 * otherwise boxed a number per call (allocation.test.ts).
 */
function linkChain(head: WeldJoint): void {
  const nA = neighbour(head, head.bodyA);
  const nB = neighbour(head, head.bodyB);
  // Chains start at an end; a weld with two neighbours is inside a chain or a loop.
  if ((nA === null) === (nB === null)) return;
  let shared = nA !== null ? head.bodyA : head.bodyB;
  let next = nA !== null ? nA : (nB as WeldJoint);
  let cur = head;
  head.chainRole = CHAIN_HEAD;
  for (;;) {
    cur.chainBody = shared;
    cur.chainNext = next;
    next.chainPrev = cur;
    next.chainRole = CHAIN_MEMBER;
    const other = next.bodyA === shared ? next.bodyB : next.bodyA;
    const after = neighbour(next, other);
    cur = next;
    if (after === null) break;
    shared = other;
    next = after;
  }
  // Held by bodies that do not move at both ends (a bridge between two piers), the chain's rows
  // are redundant by three (3 n + 3 rows on 3 n degrees of freedom) and its K singular: the chain
  // is regularized (see REDUNDANT_EPSILON), so the load is shared as the least-norm impulses
  // share it (symmetrically on a symmetric bridge) instead of as the order of the welds would.
  const outer = head.bodyA === head.chainBody ? head.bodyB : head.bodyA;
  const last = cur.bodyA === (cur.chainPrev as WeldJoint).chainBody ? cur.bodyB : cur.bodyA;
  const epsilon = !isDynamic(outer) && !isDynamic(last) ? REDUNDANT_EPSILON : 0;
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) j.chainData[EPS] = epsilon;
  if (!factorWeldChain(head, false)) unlinkChain(head);
}

/** Inverts the 3x3 `m` (row-major) into `out` at `o`; false when (nearly) singular. */
function invert3(m: Float64Array, out: Float64Array, o: number): boolean {
  const a = m[0];
  const b = m[1];
  const c = m[2];
  const d = m[3];
  const e = m[4];
  const f = m[5];
  const g = m[6];
  const h = m[7];
  const k = m[8];
  const c00 = e * k - f * h;
  const c01 = f * g - d * k;
  const c02 = d * h - e * g;
  const det = a * c00 + b * c01 + c * c02;
  // Relative guard: the eliminated block of a (nearly) redundant weld loses all its digits.
  if (!(Math.abs(det) > 1e-12 * Math.abs(a * e * k)) || !(a > 0)) return false;
  const s = 1 / det;
  out[o] = c00 * s;
  out[o + 1] = (c * h - b * k) * s;
  out[o + 2] = (b * f - c * e) * s;
  out[o + 3] = c01 * s;
  out[o + 4] = (a * k - c * g) * s;
  out[o + 5] = (c * d - a * f) * s;
  out[o + 6] = c02 * s;
  out[o + 7] = (b * g - a * h) * s;
  out[o + 8] = (a * e - b * d) * s;
  return true;
}

/**
 * Factors the chain at `head` from its welds' lever arms and K (`rAx` ... `k33`, as the prepare or
 * the position pass left them). `position` false: the velocity system, soft rows with their γ;
 * true: the position system, soft rows replaced by identity rows. Writes each weld's `chainData`.
 *
 * @returns false when K is singular (or nearly): the chain cannot be solved as one block
 */
function factorWeldChain(head: WeldJoint, position: boolean): boolean {
  let prev: WeldJoint | null = null;
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) {
    const data = j.chainData;
    // This weld's diagonal block.
    const k11 = j.k11;
    const k12 = j.k12;
    const k13 = j.k13;
    const k22 = j.k22;
    const k23 = j.k23;
    const k33 = j.k33;
    let linearOn = 1;
    let angularOn = 1;
    if (position) {
      linearOn = j.linearSpring.soft ? 0 : 1;
      angularOn = j.angularSpring.soft ? 0 : 1;
      block[0] = linearOn ? k11 : 1;
      block[1] = linearOn ? k12 : 0;
      block[2] = linearOn && angularOn ? k13 : 0;
      block[4] = linearOn ? k22 : 1;
      block[5] = linearOn && angularOn ? k23 : 0;
      block[8] = angularOn ? k33 : 1;
    } else {
      const g = j.linearGamma;
      const cL = g > 0 ? 0 : j.linearSoftness.impulseScale / j.linearSoftness.massScale;
      const cA = j.angularSoftness.impulseScale / j.angularSoftness.massScale;
      block[0] = k11 * (1 + cL) + g;
      block[1] = k12 * (1 + cL);
      block[2] = k13;
      block[4] = k22 * (1 + cL) + g;
      block[5] = k23;
      block[8] = k33 * (1 + cA);
    }
    const epsilon = data[EPS];
    if (epsilon > 0) {
      block[0] += epsilon * k11;
      block[4] += epsilon * k22;
      block[8] += epsilon * k33;
    }
    block[3] = block[1];
    block[6] = block[2];
    block[7] = block[5];
    if (prev !== null) {
      const p = prev.chainData;
      // E = Uᵀ A⁻¹ (previous weld's U and A⁻¹), then A = K - E U.
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          data[E + 3 * r + c] =
            p[U + r] * p[A_INV + c] + p[U + 3 + r] * p[A_INV + 3 + c] + p[U + 6 + r] * p[A_INV + 6 + c];
        }
      }
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          block[3 * r + c] -=
            data[E + 3 * r] * p[U + c] +
            data[E + 3 * r + 1] * p[U + 3 + c] +
            data[E + 3 * r + 2] * p[U + 6 + c];
        }
      }
    }
    if (!invert3(block, inverse, 0)) return false;
    for (let r = 0; r < 9; r++) data[A_INV + r] = inverse[r];
    const next = j.chainNext;
    if (next !== null) {
      const b = j.chainBody as SolverBody;
      const onB = b === j.bodyB;
      const rx = onB ? j.rBx : j.rAx;
      const ry = onB ? j.rBy : j.rAy;
      const nextOnB = b === next.bodyB;
      const qx = nextOnB ? next.rBx : next.rAx;
      const qy = nextOnB ? next.rBy : next.rAy;
      const s = onB === nextOnB ? 1 : -1;
      const m = b.invMass;
      const i = b.invI;
      let nextLinearOn = 1;
      let nextAngularOn = 1;
      if (position) {
        nextLinearOn = next.linearSpring.soft ? 0 : 1;
        nextAngularOn = next.angularSpring.soft ? 0 : 1;
      }
      // Rows belong to this weld, columns to the next; a row or column switched off is zero.
      const l0 = s * linearOn;
      const a0 = s * angularOn;
      data[U] = l0 * nextLinearOn * (m + i * ry * qy);
      data[U + 1] = -l0 * nextLinearOn * i * ry * qx;
      data[U + 2] = -l0 * nextAngularOn * i * ry;
      data[U + 3] = -l0 * nextLinearOn * i * rx * qy;
      data[U + 4] = l0 * nextLinearOn * (m + i * rx * qx);
      data[U + 5] = l0 * nextAngularOn * i * rx;
      data[U + 6] = -a0 * nextLinearOn * i * qy;
      data[U + 7] = a0 * nextLinearOn * i * qx;
      data[U + 8] = a0 * nextAngularOn * i;
    }
    prev = j;
  }
  return true;
}

/** Solves K x = b for the factored chain at `head`, b in each weld's `chainData[X..X+2]`; x there. */
function substitute(head: WeldJoint): void {
  let prev: WeldJoint | null = null;
  let tail = head;
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) {
    if (prev !== null) {
      const d = j.chainData;
      const p = prev.chainData;
      const y0 = p[X];
      const y1 = p[X + 1];
      const y2 = p[X + 2];
      d[X] -= d[E] * y0 + d[E + 1] * y1 + d[E + 2] * y2;
      d[X + 1] -= d[E + 3] * y0 + d[E + 4] * y1 + d[E + 5] * y2;
      d[X + 2] -= d[E + 6] * y0 + d[E + 7] * y1 + d[E + 8] * y2;
    }
    prev = j;
    tail = j;
  }
  for (let j: WeldJoint | null = tail; j !== null; j = j.chainPrev) {
    const d = j.chainData;
    let y0 = d[X];
    let y1 = d[X + 1];
    let y2 = d[X + 2];
    const next = j.chainNext;
    if (next !== null) {
      const n = next.chainData;
      const x0 = n[X];
      const x1 = n[X + 1];
      const x2 = n[X + 2];
      y0 -= d[U] * x0 + d[U + 1] * x1 + d[U + 2] * x2;
      y1 -= d[U + 3] * x0 + d[U + 4] * x1 + d[U + 5] * x2;
      y2 -= d[U + 6] * x0 + d[U + 7] * x1 + d[U + 8] * x2;
    }
    d[X] = d[A_INV] * y0 + d[A_INV + 1] * y1 + d[A_INV + 2] * y2;
    d[X + 1] = d[A_INV + 3] * y0 + d[A_INV + 4] * y1 + d[A_INV + 5] * y2;
    d[X + 2] = d[A_INV + 6] * y0 + d[A_INV + 7] * y1 + d[A_INV + 8] * y2;
  }
}

/** The rows of the weld chain headed by `head`, at once, on the packed velocities `v`. @internal */
export function solveWeldChainVelocitiesAt(head: WeldJoint, v: Float64Array): void {
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) {
    const oA = j.velocityA;
    const oB = j.velocityB;
    const wA = v[oA + 2];
    const wB = v[oB + 2];
    const cdotX = v[oB] - wB * j.rBy - v[oA] + wA * j.rAy;
    const cdotY = v[oB + 1] + wB * j.rBx - v[oA + 1] - wA * j.rAx;
    // The stiffness form's γ (linearGamma) replaces the frequency form's c K on the point rows.
    const g = j.linearGamma;
    const cL = g > 0 ? 0 : j.linearSoftness.impulseScale / j.linearSoftness.massScale;
    const cA = j.angularSoftness.impulseScale / j.angularSoftness.massScale;
    const lx = j.impulseX;
    const ly = j.impulseY;
    const d = j.chainData;
    const epsilon = d[EPS];
    d[X] = j.biasX - cdotX - cL * (j.k11 * lx + j.k12 * ly) - g * lx - epsilon * j.k11 * lx;
    d[X + 1] = j.biasY - cdotY - cL * (j.k12 * lx + j.k22 * ly) - g * ly - epsilon * j.k22 * ly;
    d[X + 2] = j.angularBias - (wB - wA) - cA * j.k33 * j.angularImpulse - epsilon * j.k33 * j.angularImpulse;
  }
  substitute(head);
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) {
    const d = j.chainData;
    pointImpulse[0] = d[X];
    pointImpulse[1] = d[X + 1];
    pointImpulse[2] = d[X + 2];
    j.impulseX += d[X];
    j.impulseY += d[X + 1];
    j.angularImpulse += d[X + 2];
    applyPointImpulse(j, v);
  }
}

/**
 * The position pass of the weld chain at `head`: Newton steps on all its rigid rows at once (K
 * rebuilt from the poses, errors clamped to {@link MAX_LINEAR_CORRECTION} and
 * {@link MAX_ANGULAR_CORRECTION}; see `newtonSteps`); the largest error before goes to
 * `positionError[0]`. @internal
 */
export function weldChainPositionStep(head: WeldJoint): void {
  newtonSteps(newtonStep, head);
}

/** One Newton step on the chain's rigid rows; the largest error before it goes to `positionError[0]`. */
function newtonStep(head: WeldJoint): void {
  let error = 0;
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) {
    const bA = j.bodyA;
    const bB = j.bodyB;
    updateLeverArms(j);
    pointRowsK(j);
    const k = pointMatrix;
    j.k11 = k[0];
    j.k12 = k[1];
    j.k13 = k[2];
    j.k22 = k[3];
    j.k23 = k[4];
    j.k33 = k[5];
    const d = j.chainData;
    if (j.linearSpring.soft) {
      d[X] = 0;
      d[X + 1] = 0;
    } else {
      let Cx = bB.center.x + j.rBx - bA.center.x - j.rAx;
      let Cy = bB.center.y + j.rBy - bA.center.y - j.rAy;
      const length = Math.sqrt(Cx * Cx + Cy * Cy);
      if (length > error) error = length;
      if (length > maxLinearCorrection()) {
        const scale = maxLinearCorrection() / length;
        Cx *= scale;
        Cy *= scale;
      }
      d[X] = -Cx;
      d[X + 1] = -Cy;
    }
    if (j.angularSpring.soft) {
      d[X + 2] = 0;
    } else {
      const Ca = bB.angle - bA.angle - j.referenceAngleValue;
      if (Math.abs(Ca) > error) error = Math.abs(Ca);
      d[X + 2] = -Math.min(Math.max(Ca, -MAX_ANGULAR_CORRECTION), MAX_ANGULAR_CORRECTION);
    }
  }
  if (!factorWeldChain(head, true)) {
    positionError[0] = error;
    return;
  }
  substitute(head);
  for (let j: WeldJoint | null = head; j !== null; j = j.chainNext) {
    const d = j.chainData;
    pointImpulse[0] = d[X];
    pointImpulse[1] = d[X + 1];
    pointImpulse[2] = d[X + 2];
    movePoint(j);
  }
  positionError[0] = error;
}
