import { BlockSolution, prepareBlock, solveBlockLcp } from './block-solver';
import type { ContactConstraint } from './contact-constraint';
import { ConstraintError, requireCount } from './errors';
import type { SolverSettings } from './settings';

const blockScratch = new BlockSolution();

/**
 * Pre-step of every contact (Box2D-Lite `Arbiter::PreStep`): lever arms, effective masses of the
 * normal and friction rows, the Baumgarte bias, the restitution target (from the approach velocity
 * {@link ContactConstraint.update} measured), the 2x2 block; then, in a second pass, the warm
 * start of every contact.
 *
 * @param contacts - the constraints; the first `count` are prepared
 * @param count - how many to prepare
 * @param invDt - 1 / time step, 1/s (0 gives no bias)
 * @param settings - the live switches (position correction, warm starting, accumulation, slop, β)
 * @throws ConstraintError when `count` is out of range or `invDt` is negative or not finite
 */
export function prepareContacts(
  contacts: ContactConstraint[],
  count: number,
  invDt: number,
  settings: SolverSettings,
): void {
  requireCount(count, contacts.length);
  if (!(Number.isFinite(invDt) && invDt >= 0)) {
    throw new ConstraintError('invDt', invDt, 'must be a finite number >= 0');
  }
  const betaInvDt = settings.positionCorrection ? settings.baumgarte * invDt : 0;
  const slop = settings.linearSlop;
  const threshold = settings.restitutionThreshold;

  for (let i = 0; i < count; i++) {
    const c = contacts[i];
    const bA = c.bodyA;
    const bB = c.bodyB;
    const mA = bA.invMass;
    const iA = bA.invI;
    const mB = bB.invMass;
    const iB = bB.invI;
    const xAx = bA.position.x;
    const xAy = bA.position.y;
    const xBx = bB.position.x;
    const xBy = bB.position.y;
    const nx = c.normalX;
    const ny = c.normalY;
    // Tangent t = n × 1 = (n.y, -n.x).
    const tx = ny;
    const ty = -nx;
    const e = c.restitution;
    const pointCount = c.pointCount;

    for (let j = 0; j < pointCount; j++) {
      const p = c.points[j];
      const rAx = p.x - xAx;
      const rAy = p.y - xAy;
      const rBx = p.x - xBx;
      const rBy = p.y - xBy;
      p.rAx = rAx;
      p.rAy = rAy;
      p.rBx = rBx;
      p.rBy = rBy;

      // Normal row (seed 001). Position: C = (pB - pA) · n >= 0, the separation along n of the two
      // material points that touch at p (the turning of n itself is dropped: C is about 0 here).
      //   Ċ = (vB + wB × rB - vA - wA × rA) · n
      //   J = [ -n, -(rA × n), n, (rB × n) ]
      //   K = J M⁻¹ Jᵀ = mA + mB + iA (rA × n)² + iB (rB × n)²
      // Friction row: the same with the tangent t in place of n.
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      p.normalMass = kNormal > 0 ? 1 / kNormal : 0;
      const rtA = rAx * ty - rAy * tx;
      const rtB = rBx * ty - rBy * tx;
      const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      p.tangentMass = kTangent > 0 ? 1 / kTangent : 0;

      // Baumgarte with slop: push apart at (β/dt) of the penetration beyond the slop.
      const excess = p.separation + slop;
      p.bias = excess < 0 ? -betaInvDt * excess : 0;

      // Restitution: with vn⁻ the approach velocity measured by update() (before the step's
      // forces), above the threshold aim for vn⁺ = -e vn⁻.
      const vn = p.approachVelocity;
      p.velocityBias = vn < -threshold ? -e * vn : 0;
      // The larger of the two: a bounce is exactly -e vn⁻ (the sum would add Baumgarte's push on
      // top and bounce higher than asked); a deep penetration with no bounce still gets pushed out.
      p.targetVelocity = p.bias > p.velocityBias ? p.bias : p.velocityBias;
      p.lastNormalImpulse = 0;
    }

    c.blockCase = 0;
    if (pointCount === 2) {
      prepareBlock(c);
    } else {
      c.blockUsable = false;
    }
  }

  warmStartContacts(contacts, count, settings);
}

/**
 * Applies every contact's accumulated impulses P = λn n + λt t (the warm start), or zeroes them
 * when warm starting or accumulated impulses are off. Called at the end of {@link prepareContacts};
 * exported for steps that separate the stages.
 */
export function warmStartContacts(
  contacts: ContactConstraint[],
  count: number,
  settings: SolverSettings,
): void {
  const warm = settings.warmStarting && settings.accumulateImpulses;
  for (let i = 0; i < count; i++) {
    const c = contacts[i];
    const pointCount = c.pointCount;
    if (!warm) {
      for (let j = 0; j < pointCount; j++) {
        const p = c.points[j];
        p.normalImpulse = 0;
        p.tangentImpulse = 0;
      }
      continue;
    }
    const bA = c.bodyA;
    const bB = c.bodyB;
    const mA = bA.invMass;
    const iA = bA.invI;
    const mB = bB.invMass;
    const iB = bB.invI;
    let vAx = bA.linearVelocity.x;
    let vAy = bA.linearVelocity.y;
    let wA = bA.angularVelocity;
    let vBx = bB.linearVelocity.x;
    let vBy = bB.linearVelocity.y;
    let wB = bB.angularVelocity;
    const nx = c.normalX;
    const ny = c.normalY;
    for (let j = 0; j < pointCount; j++) {
      const p = c.points[j];
      const Px = p.normalImpulse * nx + p.tangentImpulse * ny;
      const Py = p.normalImpulse * ny - p.tangentImpulse * nx;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (p.rAx * Py - p.rAy * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (p.rBx * Py - p.rBy * Px);
    }
    bA.linearVelocity.x = vAx;
    bA.linearVelocity.y = vAy;
    bA.angularVelocity = wA;
    bB.linearVelocity.x = vBx;
    bB.linearVelocity.y = vBy;
    bB.angularVelocity = wB;
  }
}

/**
 * One iteration over the contacts (Box2D-Lite `Arbiter::ApplyImpulse`): for each contact, first the
 * friction rows (clamped by μ times the normal impulse), then the normal rows, either both at once
 * by the 2x2 block solver (when `settings.blockSolver` is on, the manifold has two points and its K
 * is well conditioned) or one after the other. Allocates nothing.
 *
 * With `settings.accumulateImpulses` on, the running totals are clamped (λn >= 0,
 * |λt| <= μ λn); off, each iteration's impulse is clamped on its own (λn increment >= 0, friction
 * increment within ±μ times the latest normal increment), as Box2D-Lite does when the switch is off.
 *
 * @throws ConstraintError when `count` is out of range
 */
export function solveContacts(contacts: ContactConstraint[], count: number, settings: SolverSettings): void {
  solveContactRows(contacts, count, settings, true);
}

/**
 * One relax iteration (from Box2D v3's soft step), run after positions are integrated: the same
 * rows as {@link solveContacts} but aiming at the restitution target only, without the Baumgarte
 * bias. The bias has already moved the bodies apart during the position update; relaxing takes the
 * separating velocity it left back out of the accumulated impulses, so position correction no longer
 * turns into a bounce (without it, a box dropped with e = 0 pops up by as much as β² of the drop
 * height). Does nothing unless impulses are accumulated (only an accumulated impulse can be taken
 * back) and `settings.relax` is on. Allocates nothing.
 *
 * @throws ConstraintError when `count` is out of range
 */
export function relaxContacts(contacts: ContactConstraint[], count: number, settings: SolverSettings): void {
  requireCount(count, contacts.length);
  if (!(settings.relax && settings.accumulateImpulses)) return;
  solveContactRows(contacts, count, settings, false);
}

function solveContactRows(
  contacts: ContactConstraint[],
  count: number,
  settings: SolverSettings,
  useBias: boolean,
): void {
  requireCount(count, contacts.length);
  const accumulate = settings.accumulateImpulses;
  const useBlock = settings.blockSolver;
  const block = blockScratch;

  for (let i = 0; i < count; i++) {
    const c = contacts[i];
    const bA = c.bodyA;
    const bB = c.bodyB;
    const mA = bA.invMass;
    const iA = bA.invI;
    const mB = bB.invMass;
    const iB = bB.invI;
    let vAx = bA.linearVelocity.x;
    let vAy = bA.linearVelocity.y;
    let wA = bA.angularVelocity;
    let vBx = bB.linearVelocity.x;
    let vBy = bB.linearVelocity.y;
    let wB = bB.angularVelocity;
    const nx = c.normalX;
    const ny = c.normalY;
    const tx = ny;
    const ty = -nx;
    const friction = c.friction;
    const pointCount = c.pointCount;

    // Friction first, so that the normal rows (solved last) win.
    for (let j = 0; j < pointCount; j++) {
      const p = c.points[j];
      const rAx = p.rAx;
      const rAy = p.rAy;
      const rBx = p.rBx;
      const rBy = p.rBy;
      const dvx = vBx - wB * rBy - vAx + wA * rAy;
      const dvy = vBy + wB * rBx - vAy - wA * rAx;
      const vt = dvx * tx + dvy * ty;
      let lambda = -p.tangentMass * vt;
      if (accumulate) {
        const maxFriction = friction * p.normalImpulse;
        const old = p.tangentImpulse;
        let total = old + lambda;
        total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
        p.tangentImpulse = total;
        lambda = total - old;
      } else {
        const maxFriction = friction * p.lastNormalImpulse;
        lambda = lambda < -maxFriction ? -maxFriction : lambda > maxFriction ? maxFriction : lambda;
        p.tangentImpulse += lambda;
      }
      const Px = lambda * tx;
      const Py = lambda * ty;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (rAx * Py - rAy * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (rBx * Py - rBy * Px);
    }

    if (pointCount === 2 && useBlock && c.blockUsable) {
      const p1 = c.points[0];
      const p2 = c.points[1];
      const a1 = accumulate ? p1.normalImpulse : 0;
      const a2 = accumulate ? p2.normalImpulse : 0;
      // Normal velocities now, less the targets: b = vn - target.
      const dv1x = vBx - wB * p1.rBy - vAx + wA * p1.rAy;
      const dv1y = vBy + wB * p1.rBx - vAy - wA * p1.rAx;
      const dv2x = vBx - wB * p2.rBy - vAx + wA * p2.rAy;
      const dv2y = vBy + wB * p2.rBx - vAy - wA * p2.rAx;
      let b1 = dv1x * nx + dv1y * ny - (useBias ? p1.targetVelocity : p1.velocityBias);
      let b2 = dv2x * nx + dv2y * ny - (useBias ? p2.targetVelocity : p2.velocityBias);
      // b' = b - K a: the LCP in the new totals x = a + d.
      b1 -= c.k11 * a1 + c.k12 * a2;
      b2 -= c.k12 * a1 + c.k22 * a2;
      const lcpCase = solveBlockLcp(c.k11, c.k12, c.k22, c.m11, c.m12, c.m22, b1, b2, block);
      c.blockCase = lcpCase;
      if (lcpCase > 0) {
        const x1 = block.x1;
        const x2 = block.x2;
        const d1 = x1 - a1;
        const d2 = x2 - a2;
        if (accumulate) {
          p1.normalImpulse = x1;
          p2.normalImpulse = x2;
        } else {
          p1.normalImpulse += x1;
          p2.normalImpulse += x2;
          p1.lastNormalImpulse = x1;
          p2.lastNormalImpulse = x2;
        }
        const P1x = d1 * nx;
        const P1y = d1 * ny;
        const P2x = d2 * nx;
        const P2y = d2 * ny;
        vAx -= mA * (P1x + P2x);
        vAy -= mA * (P1y + P2y);
        wA -= iA * (p1.rAx * P1y - p1.rAy * P1x + p2.rAx * P2y - p2.rAy * P2x);
        vBx += mB * (P1x + P2x);
        vBy += mB * (P1y + P2y);
        wB += iB * (p1.rBx * P1y - p1.rBy * P1x + p2.rBx * P2y - p2.rBy * P2x);
      }
    } else {
      c.blockCase = 0;
      for (let j = 0; j < pointCount; j++) {
        const p = c.points[j];
        const rAx = p.rAx;
        const rAy = p.rAy;
        const rBx = p.rBx;
        const rBy = p.rBy;
        const dvx = vBx - wB * rBy - vAx + wA * rAy;
        const dvy = vBy + wB * rBx - vAy - wA * rAx;
        const vn = dvx * nx + dvy * ny;
        const target = useBias ? p.targetVelocity : p.velocityBias;
        let lambda = p.normalMass * (target - vn);
        if (accumulate) {
          const old = p.normalImpulse;
          const total = old + lambda > 0 ? old + lambda : 0;
          p.normalImpulse = total;
          lambda = total - old;
        } else {
          lambda = lambda > 0 ? lambda : 0;
          p.normalImpulse += lambda;
          p.lastNormalImpulse = lambda;
        }
        const Px = lambda * nx;
        const Py = lambda * ny;
        vAx -= mA * Px;
        vAy -= mA * Py;
        wA -= iA * (rAx * Py - rAy * Px);
        vBx += mB * Px;
        vBy += mB * Py;
        wB += iB * (rBx * Py - rBy * Px);
      }
    }

    bA.linearVelocity.x = vAx;
    bA.linearVelocity.y = vAy;
    bA.angularVelocity = wA;
    bB.linearVelocity.x = vBx;
    bB.linearVelocity.y = vBy;
    bB.angularVelocity = wB;
  }
}
