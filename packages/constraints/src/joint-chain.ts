import {
  CHAIN_HEAD,
  CHAIN_MEMBER,
  CHAIN_NONE,
  isDynamic,
  JointKind,
  MAX_LINEAR_CORRECTION,
  maxLinearCorrection,
  newtonSteps,
  positionError,
} from './joint-kind';
import { moveLinear, pointImpulse, pointMatrix, pointRowsK, updateLeverArms } from './lever-arms';
import type { RevoluteJoint } from './revolute-joint';
import type { SolverBody } from './solver-body';

/*
 * Chains of rigid pins, solved together. Gauss-Seidel passes an impulse one link per iteration and,
 * across a high mass ratio, hands almost all of it to the light body (a 100 kg weight on forty 1 kg
 * links stretches the pins by metres). Where pins form a chain (every dynamic body in the middle
 * held by exactly two), the point rows make one block-tridiagonal system K λ = b (2x2 blocks,
 * positive definite), solved exactly in O(n) by block elimination (the Thomas algorithm); the
 * position pass becomes Newton's method on the chain's pins.
 *
 *   forward:  D₁ = K₁₁,  Eₖ = Uₖ₋₁ᵀ Dₖ₋₁⁻¹,  Dₖ = Kₖₖ - Eₖ Uₖ₋₁,  yₖ = bₖ - Eₖ yₖ₋₁
 *   backward: xₙ = Dₙ⁻¹ yₙ,  xₖ = Dₖ⁻¹ (yₖ - Uₖ xₖ₊₁)
 *
 * with Uₖ = K(k, k+1) = sₖ sₖ₊₁ [ m I + i S(rₖ) S(rₖ₊₁)ᵀ ] through the body they share (m, i its
 * inverse mass and inertia, r the two lever arms on it, s = +1 when it is the pin's body B, -1 for A,
 * S(r) = (-r.y, r.x)ᵀ). Motors and limits stay Gauss-Seidel rows before the chain's solve. Bodies
 * held by three or more pins end chains; loops, singular chains and chains held at both ends by
 * immovable bodies (see `markAnchoredJoints`) are left to Gauss-Seidel. Joints join chains in array
 * order, so the result depends only on that order.
 */

/**
 * A rigid pin with an invertible K may join a chain, limits and motors included (a near limit is
 * first solved as a 3x3 block with its own point rows; left out, such pins broke heavy chains apart).
 */
function isChainable(joint: RevoluteJoint): boolean {
  return !joint.spring.soft && joint.k11 * joint.k22 - joint.k12 * joint.k12 > 0;
}

/** The other rigid pin on `body` when exactly two hold it (and `body` is dynamic), else null. */
function neighbour(joint: RevoluteJoint, body: SolverBody): RevoluteJoint | null {
  if (body.chainJointCount !== 2 || !isDynamic(body)) return null;
  return body.chainJoint0 === joint ? body.chainJoint1 : body.chainJoint0;
}

/** A joint that chains link: a rigid pin or a weld. @internal */
export interface ChainLink {
  chainRole: number;
  chainPrev: ChainLink | null;
  chainNext: ChainLink | null;
  chainBody: SolverBody | null;
}

/** Takes `j` out of any chain (role none, no links). @internal */
export function clearChainLink(j: ChainLink): void {
  j.chainRole = CHAIN_NONE;
  j.chainPrev = null;
  j.chainNext = null;
  j.chainBody = null;
}

/** Takes every joint of the chain that starts at `head` out of it. @internal */
export function unlinkChain(head: ChainLink): void {
  let j: ChainLink | null = head;
  while (j !== null) {
    const next: ChainLink | null = j.chainNext;
    clearChainLink(j);
    j = next;
  }
}

/**
 * Finds this step's chains of rigid pins among the first `count` prepared joints and links them
 * (`chainPrev`, `chainNext`, `chainBody`, `chainRole`); with `enabled` false only clears those
 * fields. Uses the bodies' `chainJoint*` scratch. Allocates nothing.
 * @param joints - the joints (any kind; only revolute joints take part)
 * @param count - how many of them are in the solve
 * @param enabled - whether to build chains (`settings.jointChains`)
 */
export function buildJointChains(joints: readonly { kind: number }[], count: number, enabled: boolean): void {
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Revolute) continue;
    const j = joint as RevoluteJoint;
    clearChainLink(j);
    j.bodyA.chainJointCount = 0;
    j.bodyA.chainJoint0 = null;
    j.bodyA.chainJoint1 = null;
    j.bodyB.chainJointCount = 0;
    j.bodyB.chainJoint0 = null;
    j.bodyB.chainJoint1 = null;
  }
  if (!enabled) return;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Revolute) continue;
    const j = joint as RevoluteJoint;
    if (!isChainable(j)) continue;
    addToBody(j.bodyA, j);
    addToBody(j.bodyB, j);
  }
  let linked = false;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Revolute) continue;
    const head = joint as RevoluteJoint;
    if (head.chainRole !== CHAIN_NONE || !isChainable(head)) continue;
    const nA = neighbour(head, head.bodyA);
    const nB = neighbour(head, head.bodyB);
    // Chains start at an end; a pin with two neighbours is inside a chain or a loop.
    if ((nA === null) === (nB === null)) continue;
    let shared = nA !== null ? head.bodyA : head.bodyB;
    let next = nA !== null ? nA : (nB as RevoluteJoint);
    // A chain held at both ends by immovable bodies is left to the pins' own rows: when the ends
    // move apart no motion meets every pin, and the exact solve of that is huge impulses.
    if (!isDynamic(nA !== null ? head.bodyB : head.bodyA) && !isDynamic(chainEnd(head, shared, next)))
      continue;
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
    linked = true;
  }
  if (!linked) return;
  for (let i = 0; i < count; i++) {
    const joint = joints[i];
    if (joint.kind !== JointKind.Revolute) continue;
    const head = joint as RevoluteJoint;
    if (head.chainRole === CHAIN_HEAD && !factorJointChain(head)) unlinkChain(head);
  }
}

/** The body at the far end of the chain that starts with `head` (on `shared`, then `next`). */
function chainEnd(head: RevoluteJoint, shared: SolverBody, next: RevoluteJoint): SolverBody {
  let cur = next;
  let body = shared;
  // At most as many links as pins: a loop has no end (then it is never reached: its pins all have
  // two neighbours), so this walk ends.
  for (;;) {
    const other = cur.bodyA === body ? cur.bodyB : cur.bodyA;
    const after = neighbour(cur, other);
    if (after === null || after === head) return other;
    body = other;
    cur = after;
  }
}

function addToBody(body: SolverBody, joint: RevoluteJoint): void {
  const n = body.chainJointCount;
  if (n === 0) body.chainJoint0 = joint;
  else if (n === 1) body.chainJoint1 = joint;
  body.chainJointCount = n + 1;
}

/**
 * Factors the block-tridiagonal K of the chain starting at `head` from its pins' lever arms and
 * diagonal blocks (`rAx` ... `k22`, as the prepare or the position pass left them): writes each pin's
 * `u*` (coupling to the next pin), `e*` and `d*` (inverse of the eliminated diagonal block).
 *
 * @returns false when K is singular (or nearly): the chain cannot be solved as one block
 */
export function factorJointChain(head: RevoluteJoint): boolean {
  let prev: RevoluteJoint | null = null;
  for (let j: RevoluteJoint | null = head; j !== null; j = j.chainNext) {
    let a11 = j.k11;
    let a12 = j.k12;
    let a22 = j.k22;
    if (prev !== null) {
      const u11 = prev.u11;
      const u12 = prev.u12;
      const u21 = prev.u21;
      const u22 = prev.u22;
      const d11 = prev.d11;
      const d12 = prev.d12;
      const d22 = prev.d22;
      // E = Uᵀ D⁻¹
      const e11 = u11 * d11 + u21 * d12;
      const e12 = u11 * d12 + u21 * d22;
      const e21 = u12 * d11 + u22 * d12;
      const e22 = u12 * d12 + u22 * d22;
      j.e11 = e11;
      j.e12 = e12;
      j.e21 = e21;
      j.e22 = e22;
      // D = K - E U (symmetric up to rounding)
      a11 -= e11 * u11 + e12 * u21;
      a22 -= e21 * u12 + e22 * u22;
      a12 -= 0.5 * (e11 * u12 + e12 * u22 + e21 * u11 + e22 * u21);
    }
    const det = a11 * a22 - a12 * a12;
    // Relative guard: the eliminated block of a (nearly) redundant pin loses all its digits.
    if (!(det > 1e-12 * a11 * a22) || !(a11 > 0)) return false;
    const invDet = 1 / det;
    j.d11 = a22 * invDet;
    j.d12 = -a12 * invDet;
    j.d22 = a11 * invDet;
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
      j.u11 = s * (m + i * ry * qy);
      j.u12 = -s * i * ry * qx;
      j.u21 = -s * i * rx * qy;
      j.u22 = s * (m + i * rx * qx);
    }
    prev = j;
  }
  return true;
}

/**
 * Solves K x = b for the chain at `head`, b in each pin's `chainX`, `chainY`; leaves x there.
 * Returns the last pin.
 */
function substitute(head: RevoluteJoint): RevoluteJoint {
  let prev: RevoluteJoint | null = null;
  let tail = head;
  for (let j: RevoluteJoint | null = head; j !== null; j = j.chainNext) {
    if (prev !== null) {
      const px = prev.chainX;
      const py = prev.chainY;
      j.chainX -= j.e11 * px + j.e12 * py;
      j.chainY -= j.e21 * px + j.e22 * py;
    }
    prev = j;
    tail = j;
  }
  for (let j: RevoluteJoint | null = tail; j !== null; j = j.chainPrev) {
    let yx = j.chainX;
    let yy = j.chainY;
    const next = j.chainNext;
    if (next !== null) {
      yx -= j.u11 * next.chainX + j.u12 * next.chainY;
      yy -= j.u21 * next.chainX + j.u22 * next.chainY;
    }
    j.chainX = j.d11 * yx + j.d12 * yy;
    j.chainY = j.d12 * yx + j.d22 * yy;
  }
  return tail;
}

/** The point rows of the chain headed by `head`, at once, on the packed velocities `v`. @internal */
export function solveJointChainVelocitiesAt(head: RevoluteJoint, v: Float64Array): void {
  for (let j: RevoluteJoint | null = head; j !== null; j = j.chainNext) {
    const oA = j.velocityA;
    const oB = j.velocityB;
    const wA = v[oA + 2];
    const wB = v[oB + 2];
    const cdotX = v[oB] - wB * j.rBy - v[oA] + wA * j.rAy;
    const cdotY = v[oB + 1] + wB * j.rBx - v[oA + 1] - wA * j.rAx;
    j.chainX = j.biasX - cdotX;
    j.chainY = j.biasY - cdotY;
  }
  substitute(head);
  for (let j: RevoluteJoint | null = head; j !== null; j = j.chainNext) {
    let Px = j.chainX;
    let Py = j.chainY;
    if (j.softRows) {
      // The soft step's joint spring (see prepareJoints), in the form of a single pin's rows:
      // massScale K⁻¹ (bias - Ċ) - impulseScale λacc, with K⁻¹ (bias - Ċ) the chain's exact solve.
      const softness = j.softness;
      Px = softness.massScale * Px - softness.impulseScale * j.impulseX;
      Py = softness.massScale * Py - softness.impulseScale * j.impulseY;
    }
    j.impulseX += Px;
    j.impulseY += Py;
    // Written out (as in each kind's solve): through the shared apply this loop took 5% more
    // instructions on the heavy chain.
    const oA = j.velocityA;
    const oB = j.velocityB;
    const bA = j.bodyA;
    const bB = j.bodyB;
    v[oA] -= bA.invMass * Px;
    v[oA + 1] -= bA.invMass * Py;
    v[oA + 2] -= bA.invI * (j.rAx * Py - j.rAy * Px);
    v[oB] += bB.invMass * Px;
    v[oB + 1] += bB.invMass * Py;
    v[oB + 2] += bB.invI * (j.rBx * Py - j.rBy * Px);
  }
}

/**
 * The position pass of the chain at `head`: Newton steps on all its pins at once (K rebuilt from
 * the poses, each error C = pB - pA clamped to {@link MAX_LINEAR_CORRECTION}, K Δλ = -C) until
 * within `CHAIN_TOLERANCE` or after `CHAIN_NEWTON_STEPS`. The move also changes the
 * velocities by Δx / dt: evaluating the pins at the step's end keeps a taut light chain's
 * transverse modes (ω dt ≈ 3 under a heavy weight) bounded, where semi-implicit Euler lets them grow.
 * @returns the largest pin error before the first correction, m
 */
export function solveJointChainPositions(head: RevoluteJoint): number {
  chainPositionStep(head);
  return positionError[0];
}

/** {@link solveJointChainPositions} without the returned number: the error goes to `positionError[0]`. @internal */
export function chainPositionStep(head: RevoluteJoint): void {
  newtonSteps(newtonStep, head);
}

/** One Newton step on the chain's pins; the largest pin error before it goes to `positionError[0]`. */
function newtonStep(head: RevoluteJoint): void {
  let error = 0;
  for (let j: RevoluteJoint | null = head; j !== null; j = j.chainNext) {
    const bA = j.bodyA;
    const bB = j.bodyB;
    updateLeverArms(j);
    pointRowsK(j);
    j.k11 = pointMatrix[0];
    j.k12 = pointMatrix[1];
    j.k22 = pointMatrix[3];
    let Cx = bB.center.x + j.rBx - bA.center.x - j.rAx;
    let Cy = bB.center.y + j.rBy - bA.center.y - j.rAy;
    const length = Math.sqrt(Cx * Cx + Cy * Cy);
    if (length > error) error = length;
    if (length > maxLinearCorrection()) {
      const scale = maxLinearCorrection() / length;
      Cx *= scale;
      Cy *= scale;
    }
    j.chainX = -Cx;
    j.chainY = -Cy;
  }
  if (!factorJointChain(head)) {
    positionError[0] = error;
    return;
  }
  substitute(head);
  for (let j: RevoluteJoint | null = head; j !== null; j = j.chainNext) {
    const Px = j.chainX;
    const Py = j.chainY;
    pointImpulse[0] = Px;
    pointImpulse[1] = Py;
    moveLinear(j);
    const bA = j.bodyA;
    const bB = j.bodyB;
    const mA = bA.invMass;
    const mB = bB.invMass;
    // The velocity the correction implies (position-based): the chain moves as it is put back.
    {
      const f = j.invDt;
      bA.linearVelocity.x -= f * mA * Px;
      bA.linearVelocity.y -= f * mA * Py;
      bA.angularVelocity -= f * bA.invI * (j.rAx * Py - j.rAy * Px);
      bB.linearVelocity.x += f * mB * Px;
      bB.linearVelocity.y += f * mB * Py;
      bB.angularVelocity += f * bB.invI * (j.rBx * Py - j.rBy * Px);
    }
  }
  positionError[0] = error;
}
