import { solveBlockLcpAt } from './block-solver';
import { Index, Meta, Param, Pt, Row, State } from './layout';

/**
 * One contact of `SoftContactSolver.applyRestitution`. Both points of a two-point manifold
 * that bounce are solved together (the 2x2 block with the target -e vn⁻ for each), so a box that
 * lands flat leaves flat instead of spinning from the order of its points.
 */
export function restituteContact(
  rows: Float64Array,
  meta: Int32Array,
  v: Float64Array,
  params: Float64Array,
  i: number,
): void {
  const threshold = params[Param.Threshold];
  const r = (i & Index.Mask) * Row.Stride;
  const m = (i & Index.Mask) * Meta.Stride;
  const e = rows[r + Row.Restitution];
  const oA = State.Stride * (meta[m + Meta.SlotA] & Index.Mask);
  const oB = State.Stride * (meta[m + Meta.SlotB] & Index.Mask);
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
  const bounce1 =
    rows[q1 + Pt.Bounced] === 0 &&
    rows[q1 + Pt.RelativeVelocity] < -threshold &&
    rows[q1 + Pt.MaxNormalImpulse] > 0;
  const bounce2 =
    pointCount === 2 &&
    rows[q2 + Pt.Bounced] === 0 &&
    rows[q2 + Pt.RelativeVelocity] < -threshold &&
    rows[q2 + Pt.MaxNormalImpulse] > 0;
  if (bounce1 && bounce2 && meta[m + Meta.BlockUsable] === 1) {
    const rn1A = rows[q1 + Pt.RnA];
    const rn1B = rows[q1 + Pt.RnB];
    const rn2A = rows[q2 + Pt.RnA];
    const rn2B = rows[q2 + Pt.RnB];
    const a1 = rows[q1 + Pt.NormalImpulse];
    const a2 = rows[q2 + Pt.NormalImpulse];
    const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
    // b' = (vn + e vn⁻) - K a: the rigid LCP aiming each row at -e vn⁻.
    params[Param.BlockIo] =
      dvn +
      wB * rn1B -
      wA * rn1A +
      e * rows[q1 + Pt.RelativeVelocity] -
      (rows[r + Row.K11] * a1 + rows[r + Row.K12] * a2);
    params[Param.BlockIo + 1] =
      dvn +
      wB * rn2B -
      wA * rn2A +
      e * rows[q2 + Pt.RelativeVelocity] -
      (rows[r + Row.K12] * a1 + rows[r + Row.K22] * a2);
    if (solveBlockLcpAt(rows, r + Row.K11, params) > 0) {
      const d1 = params[Param.BlockIo + 2] - a1;
      const d2 = params[Param.BlockIo + 3] - a2;
      rows[q1 + Pt.NormalImpulse] = params[Param.BlockIo + 2];
      rows[q2 + Pt.NormalImpulse] = params[Param.BlockIo + 3];
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
      const q = r + Row.Point0 + (j & 1) * Pt.Stride;
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
