// The chains of touching contacts, solved exactly from the factors the prepare computed.
import { Factor, Index, Meta, Mode, Param, Pt, Row, Scalar, State } from '../src/layout';
import { measureSeparation, solveSoft } from './contact';
import { F, I, setF, setI } from './memory';

/**
 * Adds the double at index k of w to the accumulated normal impulse of the point at q (contact i);
 * the first push of the step records the normal velocity just before it (the approach speed for
 * restitution).
 */
// @ts-ignore: decorator
@inline function recordPush(rows: usize, meta: usize, v: usize, q: usize, w: usize, k: i32, i: i32): void {
  const total = F(q, Pt.NormalImpulse) + F(w, k);
  if (total > F(q, Pt.MaxNormalImpulse)) {
    if (F(q, Pt.MaxNormalImpulse) == 0) {
      const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
      const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
      const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
      const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
      setF(
        q,
        Pt.RelativeVelocity,
        (F(vB, State.Vx) - F(vA, State.Vx)) * F(r, Row.NormalX) +
          (F(vB, State.Vy) - F(vA, State.Vy)) * F(r, Row.NormalY) +
          F(vB, State.W) * F(q, Pt.RnB) -
          F(vA, State.W) * F(q, Pt.RnA),
      );
    }
    setF(q, Pt.MaxNormalImpulse, total);
  }
  setF(q, Pt.NormalImpulse, total);
}

/**
 * The normal rows of the chain at positions start to end - 1 of `order`, solved exactly as one
 * block-tridiagonal system K d = -(vn + bias) (each contact's 2x2 K on the diagonal, couplings
 * through shared bodies off it), eliminated once per step (`factorChain`, into `factors`), so a pass
 * only substitutes. Rows are rigid (a point apart may close its gap); a compliant chain's are
 * springs with the soft bias. Then each contact's friction. Returns false, having changed nothing,
 * when an impulse would turn negative (the chain is then solved contact by contact).
 */
function solveChain(
  rows: usize,
  meta: usize,
  v: usize,
  params: usize,
  order: usize,
  factors: usize,
  work: usize,
  start: i32,
  end: i32,
  mode: i32,
): bool {
  const useBias = (mode & Mode.Bias) != 0;
  const cached = (mode & Mode.Cached) != 0;
  const invH = F(params, Param.InvH);
  const maxPush = F(params, Param.MaxPush);
  const compliance = F(params, Param.Compliance);
  for (let k = start; k < end; k++) {
    const i = I(order, k);
    const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
    const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
    const two = I(m, Meta.PointCount) == 2;
    const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
    const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
    const nx = F(r, Row.NormalX);
    const ny = F(r, Row.NormalY);
    const dvx = F(vB, State.Vx) - F(vA, State.Vx);
    const dvy = F(vB, State.Vy) - F(vA, State.Vy);
    const wA = F(vA, State.W);
    const wB = F(vB, State.W);
    const biasRate = F(r, Row.BiasRate);
    const f = factors + (<usize>(Factor.Stride * (k & Index.Mask)) << 3);
    let y1 = 0.0;
    let y2 = 0.0;
    for (let j = 0, pc = two ? 2 : 1; j < pc; j++) {
      const q = r + (<usize>(Row.Point0 + (j & 1) * Pt.Stride) << 3);
      const sep = cached ? F(q, Pt.Separation) : measureSeparation(q, vA, vB, nx, ny);
      let bias = 0.0;
      if (sep > 0) bias = sep * invH;
      else if (useBias) {
        const share = F(q, Pt.Share);
        if (sep < -share) {
          setF(params, Param.Deep, 1);
          setI(m, Meta.Deep, <i32>F(params, Param.Stamp));
        }
        if (compliance > 0) {
          bias = biasRate * (sep < -share ? -share : sep);
          if (bias < -maxPush) bias = -maxPush;
        }
      }
      const vn = dvx * nx + dvy * ny + wB * F(q, Pt.RnB) - wA * F(q, Pt.RnA);
      const leak = useBias ? F(f, Factor.G1 + (j & 1)) * F(q, Pt.NormalImpulse) : 0.0;
      if (j == 0) y1 = -(vn + bias) - leak;
      else y2 = -(vn + bias) - leak;
    }
    const w = work + (<usize>(4 * ((k - start) & Index.Mask)) << 3);
    if (k > start) {
      const p1 = F(w, -4);
      const p2 = F(w, -3);
      y1 -= F(f, Factor.E11) * p1 + F(f, Factor.E12) * p2;
      y2 -= F(f, Factor.E21) * p1 + F(f, Factor.E22) * p2;
    }
    setF(w, 0, y1);
    setF(w, 1, y2);
  }
  let next1 = 0.0;
  let next2 = 0.0;
  for (let k = end - 1; k >= start; k--) {
    const w = work + (<usize>(4 * ((k - start) & Index.Mask)) << 3);
    const f = factors + (<usize>(Factor.Stride * (k & Index.Mask)) << 3);
    let y1 = F(w, 0);
    let y2 = F(w, 1);
    if (k + 1 < end) {
      y1 -= F(f, Factor.U11) * next1 + F(f, Factor.U12) * next2;
      y2 -= F(f, Factor.U21) * next1 + F(f, Factor.U22) * next2;
    }
    const a = F(f, Factor.D11);
    const b = F(f, Factor.D12);
    const c = F(f, Factor.D22);
    const det = F(f, Factor.Det);
    const d1 = (c * y1 - b * y2) / det;
    const d2 = (a * y2 - b * y1) / det;
    const i = I(order, k);
    const q1 = rows + (<usize>((i & Index.Mask) * Row.Stride + Row.Point0) << 3);
    if (F(q1, Pt.NormalImpulse) + d1 < 0) return false;
    if (
      I(meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2), Meta.PointCount) == 2 &&
      F(q1, Pt.Stride + Pt.NormalImpulse) + d2 < 0
    ) {
      return false;
    }
    setF(w, 2, d1);
    setF(w, 3, d2);
    next1 = d1;
    next2 = d2;
  }
  for (let k = start; k < end; k++) {
    const w = work + (<usize>(4 * ((k - start) & Index.Mask)) << 3);
    const i = I(order, k);
    const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
    const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
    const two = I(m, Meta.PointCount) == 2;
    const d1 = F(w, 2);
    const d2 = two ? F(w, 3) : 0.0;
    const q1 = r + (Row.Point0 << 3);
    const q2 = r + (Row.Point1 << 3);
    recordPush(rows, meta, v, q1, w, 2, i);
    if (two) recordPush(rows, meta, v, q2, w, 3, i);
    const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
    const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
    const mA = F(r, Row.MassA);
    const iA = F(r, Row.InvIA);
    const mB = F(r, Row.MassB);
    const iB = F(r, Row.InvIB);
    const nx = F(r, Row.NormalX);
    const ny = F(r, Row.NormalY);
    const d = d1 + d2;
    setF(vA, State.Vx, F(vA, State.Vx) - mA * d * nx);
    setF(vA, State.Vy, F(vA, State.Vy) - mA * d * ny);
    setF(vA, State.W, F(vA, State.W) - iA * (d1 * F(q1, Pt.RnA) + d2 * (two ? F(q2, Pt.RnA) : 0.0)));
    setF(vB, State.Vx, F(vB, State.Vx) + mB * d * nx);
    setF(vB, State.Vy, F(vB, State.Vy) + mB * d * ny);
    setF(vB, State.W, F(vB, State.W) + iB * (d1 * F(q1, Pt.RnB) + d2 * (two ? F(q2, Pt.RnB) : 0.0)));
  }
  for (let k = start; k < end; k++) solveSoft(rows, meta, v, params, I(order, k), mode & Mode.Bias);
  return true;
}

/**
 * Each of the `count` chains (chain c at positions chainStart[c]
 * to chainStart[c + 1] - 1 of `order`) solved exactly, or contact by contact when its matrix is
 * singular or its exact solve would pull; the compliance of chains held at both ends in `scalars`.
 */
export function solveChains(
  rows: usize,
  meta: usize,
  v: usize,
  params: usize,
  order: usize,
  factors: usize,
  work: usize,
  chainStart: usize,
  chainCompliant: usize,
  chainSingular: usize,
  count: i32,
  scalars: usize,
  mode: i32,
): void {
  const compliance = F(scalars, Scalar.ChainCompliance);
  for (let c = 0; c < count; c++) {
    const start = I(chainStart, c);
    const end = I(chainStart, c + 1);
    setF(params, Param.Compliance, I(chainCompliant, c) == 1 ? compliance : 0.0);
    if (
      I(chainSingular, c) == 1 ||
      !solveChain(rows, meta, v, params, order, factors, work, start, end, mode)
    ) {
      for (let k = start; k < end; k++) solveSoft(rows, meta, v, params, I(order, k), mode);
    }
  }
}
