/**
 * Independent references for the tests: finite-difference Jacobians of position constraints and
 * J M⁻¹ Jᵀ computed from them, written with Math.cos/Math.sin and plain arrays (none of the
 * engine's code paths), and the soft step's settings the solver-level tests share.
 */
import { Vec2 } from '@lite/math';
import { type DrivenBody, SolverBody } from '../src/index';

/** A generalised position (xA, yA, θA, xB, yB, θB). */
export type Pose = [number, number, number, number, number, number];

/** The pose of two bodies. */
export function poseOf(a: SolverBody, b: SolverBody): Pose {
  return [a.position.x, a.position.y, a.angle, b.position.x, b.position.y, b.angle];
}

/** World point of a body-local point at a pose (body index 0 = A, 1 = B). */
export function worldPoint(q: Pose, body: 0 | 1, lx: number, ly: number): [number, number] {
  const x = q[3 * body];
  const y = q[3 * body + 1];
  const a = q[3 * body + 2];
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [x + c * lx - s * ly, y + s * lx + c * ly];
}

/** Body-local coordinates of a world point at a pose. */
export function localPoint(q: Pose, body: 0 | 1, wx: number, wy: number): [number, number] {
  const dx = wx - q[3 * body];
  const dy = wy - q[3 * body + 1];
  const a = q[3 * body + 2];
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c * dx + s * dy, -s * dx + c * dy];
}

/**
 * The Jacobian of a vector constraint C(q) (m rows) by central differences with step h:
 * J[i][k] = (C_i(q + h e_k) - C_i(q - h e_k)) / 2h.
 */
export function finiteDifferenceJacobian(C: (q: Pose) => number[], q: Pose, h = 1e-6): number[][] {
  const rows = C(q).length;
  const J: number[][] = [];
  for (let i = 0; i < rows; i++) J.push([0, 0, 0, 0, 0, 0]);
  for (let k = 0; k < 6; k++) {
    const plus = q.slice() as Pose;
    const minus = q.slice() as Pose;
    plus[k] += h;
    minus[k] -= h;
    const cp = C(plus);
    const cm = C(minus);
    for (let i = 0; i < rows; i++) J[i][k] = (cp[i] - cm[i]) / (2 * h);
  }
  return J;
}

/** J M⁻¹ Jᵀ with M⁻¹ = diag(mA, mA, iA, mB, mB, iB). */
export function effectiveMassMatrix(J: number[][], a: SolverBody, b: SolverBody): number[][] {
  const w = [a.invMass, a.invMass, a.invI, b.invMass, b.invMass, b.invI];
  const n = J.length;
  const K: number[][] = [];
  for (let i = 0; i < n; i++) {
    K.push([]);
    for (let j = 0; j < n; j++) {
      let sum = 0;
      for (let k = 0; k < 6; k++) sum += J[i][k] * w[k] * J[j][k];
      K[i].push(sum);
    }
  }
  return K;
}

/** Relative difference |a - b| / max(|a|, |b|, floor). */
export function relativeDifference(a: number, b: number, floor = 1e-12): number {
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), floor);
}

/** The soft step's settings the solver-level tests prepare with (4 sub-steps, 30 Hz contacts, ...). */
export const softSettings = {
  substeps: 4,
  contactHertz: 30,
  contactDampingRatio: 10,
  maxPushVelocity: 3,
  baumgarte: 0.2,
  restitutionThreshold: 1,
  blockSolver: true,
  warmStarting: true,
  accumulateImpulses: true,
};

/** A 1 kg unit box at (x, y), falling at 1 m/s, that `BodyStates.add` accepts. */
export function fallingBox(x: number, y: number): DrivenBody {
  const body = Object.assign(new SolverBody(x, y).setBoxMass(1, 1, 1), {
    force: new Vec2(0, 0),
    torque: 0,
    gravityScale: 1,
    linearDamping: 0,
    angularDamping: 0,
  });
  body.linearVelocity.y = -1;
  return body;
}
