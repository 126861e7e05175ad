// The per-contact solve (one-point and two-point contacts, the 2x2 block, restitution's timed
// bounce), the warm start and restitution's pass after the sub-steps.
import { Index, Meta, Mode, Param, Pt, Row, State } from '../src/layout';
import { solveBlockLcp } from './block';
import { F, I, setF, setI } from './memory';

/**
 * The current separation of the point at q (normal (nx, ny), bodies' states at vA and vB): the start
 * separation plus its sides' motion along the normal (d = dp + R(Δθ) s - s, s the separation arm),
 * also left in `Pt.Separation` for `Mode.Cached`. Small enough to inline; the larger functions
 * below pass doubles through the memory (docs/performance.md, "Boxed numbers").
 */
// @ts-ignore: decorator
@inline export function measureSeparation(q: usize, vA: usize, vB: usize, nx: f64, ny: f64): f64 {
  const cA = F(vA, State.Qc);
  const sA = F(vA, State.Qs);
  const cB = F(vB, State.Qc);
  const sB = F(vB, State.Qs);
  const ax = F(q, Pt.SepAX);
  const ay = F(q, Pt.SepAY);
  const bx = F(q, Pt.SepBX);
  const by = F(q, Pt.SepBY);
  const ddx = F(vB, State.Dpx) - F(vA, State.Dpx) + (cB * bx - sB * by) - (cA * ax - sA * ay);
  const ddy = F(vB, State.Dpy) - F(vA, State.Dpy) + (sB * bx + cB * by) - (sA * ax + cA * ay);
  const sep = F(q, Pt.BaseSeparation) + ddx * nx + ddy * ny;
  setF(q, Pt.Separation, sep);
  return sep;
}

/**
 * The bias of point j (at q) of a contact with restitution, at separation `Param.Separation`, when
 * it bounces in this sub-step: writes it (a rigid row's) to `Param.Bias0 + j` and returns true;
 * otherwise returns false and leaves the bias to {@link pointBias}.
 *
 * A bouncing point meets the face within the sub-step, τ = s / |vn| into it, moving at
 * vc = vn + a (τ - h/2) there (a: the anchors' relative normal acceleration; semi-implicit Euler's
 * vn is the sub-step's mean). It leaves at -e vc, and `BounceShift` = -(1 + e) a (τ - h/2) corrects
 * the later -e vn⁻ for where in its sub-step the face was met. The relax pass of the sub-step in
 * which a point first pushed bounces it at -e vn⁻, so that the rest of the step flies.
 */
function bounceBias(r: usize, q: usize, vA: usize, vB: usize, params: usize, j: i32, useBias: bool): bool {
  const invH = F(params, Param.InvH);
  const threshold = F(params, Param.Threshold);
  const s = F(params, Param.Separation);
  const restitution = F(r, Row.Restitution);
  const vn0 =
    useBias && F(q, Pt.MaxNormalImpulse) == 0
      ? (F(vB, State.Vx) - F(vA, State.Vx)) * F(r, Row.NormalX) +
        (F(vB, State.Vy) - F(vA, State.Vy)) * F(r, Row.NormalY) +
        F(vB, State.W) * F(q, Pt.RnB) -
        F(vA, State.W) * F(q, Pt.RnA)
      : 0.0;
  if (vn0 < -threshold && (s <= 0 || s < -vn0 / invH)) {
    const h = 1 / invH;
    const tau = s > 0 ? -s / vn0 : 0.0;
    const a = F(q, Pt.NormalAccel);
    const rest = h - tau;
    const vc = vn0 + a * (tau - 0.5 * h);
    setF(params, Param.Bias0 + j, (s + restitution * vc * rest - 0.5 * a * rest * rest) * invH);
    setF(q, Pt.BounceShift, -(1 + restitution) * a * (tau - 0.5 * h));
    return true;
  }
  if (
    !useBias &&
    F(q, Pt.Bounced) == 0 &&
    F(q, Pt.MaxNormalImpulse) > 0 &&
    F(q, Pt.RelativeVelocity) < -threshold
  ) {
    setF(params, Param.Bias0 + j, restitution * F(q, Pt.RelativeVelocity) - F(q, Pt.BounceShift));
    setF(q, Pt.Bounced, 1);
    return true;
  }
  return false;
}

/**
 * The bias of the point at q (j: 0 or 1) of the contact at r and m into `Param.Bias0 + j`; returns
 * whether the row is soft. A point apart may close its gap within the sub-step, no more. An overlap
 * up to the point's share is the soft row's; between free bodies its bias fades from one share to
 * two and is 0 beyond (left to the push pass, which leaves no speed); a held body keeps it.
 */
// @ts-ignore: decorator
@inline function pointBias(
  r: usize,
  m: usize,
  q: usize,
  vA: usize,
  vB: usize,
  params: usize,
  j: i32,
  mode: i32,
): bool {
  const useBias = (mode & Mode.Bias) != 0;
  let b = 0.0;
  let soft = false;
  const sep =
    (mode & Mode.Cached) != 0
      ? F(q, Pt.Separation)
      : measureSeparation(q, vA, vB, F(r, Row.NormalX), F(r, Row.NormalY));
  const share = useBias ? F(q, Pt.Share) : 0.0;
  if (useBias && sep < -share) {
    setF(params, Param.Deep, 1);
    setI(m, Meta.Deep, <i32>F(params, Param.Stamp));
  }
  let bounced = false;
  if (F(r, Row.Restitution) > 0) {
    setF(params, Param.Separation, sep);
    bounced = bounceBias(r, q, vA, vB, params, j, useBias);
  }
  if (bounced) b = F(params, Param.Bias0 + j);
  else if (sep > 0) {
    b = sep * F(params, Param.InvH);
    if (!useBias && F(q, Pt.MaxNormalImpulse) == 0) {
      const vn =
        (F(vB, State.Vx) - F(vA, State.Vx)) * F(r, Row.NormalX) +
        (F(vB, State.Vy) - F(vA, State.Vy)) * F(r, Row.NormalY) +
        F(vB, State.W) * F(q, Pt.RnB) -
        F(vA, State.W) * F(q, Pt.RnA);
      if (b < -vn) b = -vn;
    }
  } else if (useBias) {
    const biasRate = F(r, Row.BiasRate);
    const maxPush = F(params, Param.MaxPush);
    const over = -sep - share;
    if (over <= 0) b = biasRate * sep;
    else if (I(m, Meta.Held) != 0) b = -biasRate * share;
    else b = over < share ? -biasRate * (share - over) : 0.0;
    if (b < -maxPush) b = -maxPush;
    soft = true;
  }
  setF(params, Param.Bias0 + j, b);
  return soft;
}

/** Contact i (one point): its normal row, then its friction row. */
function solveOnePoint(rows: usize, meta: usize, v: usize, params: usize, i: i32, mode: i32): void {
  const useBias = (mode & Mode.Bias) != 0;
  const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
  const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
  const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
  const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
  const q1 = r + (Row.Point0 << 3);
  const mA = F(r, Row.MassA);
  const iA = F(r, Row.InvIA);
  const mB = F(r, Row.MassB);
  const iB = F(r, Row.InvIB);
  const nx = F(r, Row.NormalX);
  const ny = F(r, Row.NormalY);
  const softMass = useBias ? F(r, Row.MassScale) : 1.0;
  const softImpulse = useBias ? F(r, Row.ImpulseScale) : 0.0;
  let vAx = F(vA, State.Vx);
  let vAy = F(vA, State.Vy);
  let wA = F(vA, State.W);
  let vBx = F(vB, State.Vx);
  let vBy = F(vB, State.Vy);
  let wB = F(vB, State.W);

  const soft1 = pointBias(r, m, q1, vA, vB, params, 0, mode);
  const b1 = F(params, Param.Bias0);
  {
    const ms = soft1 ? softMass : 1.0;
    const is = soft1 ? softImpulse : 0.0;
    const rnA = F(q1, Pt.RnA);
    const rnB = F(q1, Pt.RnB);
    const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
    const old = F(q1, Pt.NormalImpulse);
    const lambda0 = -F(q1, Pt.NormalMass) * ms * (vn + b1) - is * old;
    const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
    const lambda = total - old;
    setF(q1, Pt.NormalImpulse, total);
    if (total > F(q1, Pt.MaxNormalImpulse)) {
      if (F(q1, Pt.MaxNormalImpulse) == 0) setF(q1, Pt.RelativeVelocity, vn);
      setF(q1, Pt.MaxNormalImpulse, total);
    }
    vAx -= mA * lambda * nx;
    vAy -= mA * lambda * ny;
    wA -= iA * lambda * rnA;
    vBx += mB * lambda * nx;
    vBy += mB * lambda * ny;
    wB += iB * lambda * rnB;
  }

  const tx = ny;
  const ty = -nx;
  {
    const rtA = F(q1, Pt.RtA);
    const rtB = F(q1, Pt.RtB);
    const maxFriction = F(r, Row.Friction) * F(q1, Pt.NormalImpulse);
    const old = F(q1, Pt.TangentImpulse);
    if (maxFriction == 0 && old == 0) setF(q1, Pt.TangentImpulse, 0);
    else {
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - F(r, Row.TangentSpeed);
      let total = old - F(q1, Pt.TangentMass) * vt;
      total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
      setF(q1, Pt.TangentImpulse, total);
      const lambda = total - old;
      vAx -= mA * lambda * tx;
      vAy -= mA * lambda * ty;
      wA -= iA * lambda * rtA;
      vBx += mB * lambda * tx;
      vBy += mB * lambda * ty;
      wB += iB * lambda * rtB;
    }
  }
  setF(vA, State.Vx, vAx);
  setF(vA, State.Vy, vAy);
  setF(vA, State.W, wA);
  setF(vB, State.Vx, vBx);
  setF(vB, State.Vy, vBy);
  setF(vB, State.W, wB);
  if (F(r, Row.RollingResistance) > 0) solveRolling(r, vA, vB, 1);
}

/**
 * The rolling row of the contact at r (Box2D v3's rolling resistance), on its bodies' states at vA
 * and vB: it drives the relative angular velocity wB - wA to 0 with an accumulated impulse bounded
 * by the rolling resistance times the contact's total normal impulse (of its `pointCount` points).
 */
function solveRolling(r: usize, vA: usize, vB: usize, pointCount: i32): void {
  const iA = F(r, Row.InvIA);
  const iB = F(r, Row.InvIB);
  let normal = F(r, Row.Point0 + Pt.NormalImpulse);
  if (pointCount == 2) normal += F(r, Row.Point1 + Pt.NormalImpulse);
  const maxLambda = F(r, Row.RollingResistance) * normal;
  const old = F(r, Row.RollingImpulse);
  let total = old - F(r, Row.RollingMass) * (F(vB, State.W) - F(vA, State.W));
  total = total < -maxLambda ? -maxLambda : total > maxLambda ? maxLambda : total;
  setF(r, Row.RollingImpulse, total);
  const lambda = total - old;
  setF(vA, State.W, F(vA, State.W) - iA * lambda);
  setF(vB, State.W, F(vB, State.W) + iB * lambda);
}

/**
 * Contact i: its normal rows (the 2x2 block when both points are in the same regime), then friction
 * bounded by the new normal impulses (without `Mode.Normals`: friction only). The block solves
 * x ≥ 0, w = K x + b' ≥ 0, x·w = 0 with b' = s (vn + bias) - (1 - i) K a (s, i: the mass and
 * impulse scales; 1 and 0 for a rigid row).
 */
export function solveSoft(rows: usize, meta: usize, v: usize, params: usize, i: i32, mode: i32): void {
  const useBias = (mode & Mode.Bias) != 0;
  const useBlock = (mode & Mode.Block) != 0;
  const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
  const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
  const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
  const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
  const pointCount = I(m, Meta.PointCount);
  const q1 = r + (Row.Point0 << 3);
  const q2 = r + (Row.Point1 << 3);
  const mA = F(r, Row.MassA);
  const iA = F(r, Row.InvIA);
  const mB = F(r, Row.MassB);
  const iB = F(r, Row.InvIB);
  const nx = F(r, Row.NormalX);
  const ny = F(r, Row.NormalY);
  const softMass = useBias ? F(r, Row.MassScale) : 1.0;
  const softImpulse = useBias ? F(r, Row.ImpulseScale) : 0.0;
  let vAx = F(vA, State.Vx);
  let vAy = F(vA, State.Vy);
  let wA = F(vA, State.W);
  let vBx = F(vB, State.Vx);
  let vBy = F(vB, State.Vy);
  let wB = F(vB, State.W);

  if ((mode & Mode.Normals) != 0 && pointCount > 0) {
    const soft1 = pointBias(r, m, q1, vA, vB, params, 0, mode);
    const b1 = F(params, Param.Bias0);
    let b2 = 0.0;
    let soft2 = false;
    if (pointCount == 2) {
      soft2 = pointBias(r, m, q2, vA, vB, params, 1, mode);
      b2 = F(params, Param.Bias1);
    }
    if (pointCount == 2 && useBlock && soft1 == soft2 && I(m, Meta.BlockUsable) == 1) {
      const ms = soft1 ? softMass : 1.0;
      const is = soft1 ? softImpulse : 0.0;
      const rn1A = F(q1, Pt.RnA);
      const rn1B = F(q1, Pt.RnB);
      const rn2A = F(q2, Pt.RnA);
      const rn2B = F(q2, Pt.RnB);
      const a1 = F(q1, Pt.NormalImpulse);
      const a2 = F(q2, Pt.NormalImpulse);
      const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
      const vn1 = dvn + wB * rn1B - wA * rn1A;
      const vn2 = dvn + wB * rn2B - wA * rn2A;
      const k11 = F(r, Row.K11);
      const k12 = F(r, Row.K12);
      const k22 = F(r, Row.K22);
      const keep = 1 - is;
      setF(params, Param.BlockIo, ms * (vn1 + b1) - keep * (k11 * a1 + k12 * a2));
      setF(params, Param.BlockIo + 1, ms * (vn2 + b2) - keep * (k12 * a1 + k22 * a2));
      if (solveBlockLcp(r + (Row.K11 << 3), params + (Param.BlockIo << 3)) > 0) {
        const x1 = F(params, Param.BlockIo + 2);
        const x2 = F(params, Param.BlockIo + 3);
        const d1 = x1 - a1;
        const d2 = x2 - a2;
        setF(q1, Pt.NormalImpulse, x1);
        setF(q2, Pt.NormalImpulse, x2);
        if (x1 > F(q1, Pt.MaxNormalImpulse)) {
          if (F(q1, Pt.MaxNormalImpulse) == 0) setF(q1, Pt.RelativeVelocity, vn1);
          setF(q1, Pt.MaxNormalImpulse, x1);
        }
        if (x2 > F(q2, Pt.MaxNormalImpulse)) {
          if (F(q2, Pt.MaxNormalImpulse) == 0) setF(q2, Pt.RelativeVelocity, vn2);
          setF(q2, Pt.MaxNormalImpulse, x2);
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
      {
        const ms = soft1 ? softMass : 1.0;
        const is = soft1 ? softImpulse : 0.0;
        const rnA = F(q1, Pt.RnA);
        const rnB = F(q1, Pt.RnB);
        const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
        const old = F(q1, Pt.NormalImpulse);
        const lambda0 = -F(q1, Pt.NormalMass) * ms * (vn + b1) - is * old;
        const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
        const lambda = total - old;
        setF(q1, Pt.NormalImpulse, total);
        if (total > F(q1, Pt.MaxNormalImpulse)) {
          if (F(q1, Pt.MaxNormalImpulse) == 0) setF(q1, Pt.RelativeVelocity, vn);
          setF(q1, Pt.MaxNormalImpulse, total);
        }
        vAx -= mA * lambda * nx;
        vAy -= mA * lambda * ny;
        wA -= iA * lambda * rnA;
        vBx += mB * lambda * nx;
        vBy += mB * lambda * ny;
        wB += iB * lambda * rnB;
      }
      if (pointCount == 2) {
        const ms = soft2 ? softMass : 1.0;
        const is = soft2 ? softImpulse : 0.0;
        const rnA = F(q2, Pt.RnA);
        const rnB = F(q2, Pt.RnB);
        const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
        const old = F(q2, Pt.NormalImpulse);
        const lambda0 = -F(q2, Pt.NormalMass) * ms * (vn + b2) - is * old;
        const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
        const lambda = total - old;
        setF(q2, Pt.NormalImpulse, total);
        if (total > F(q2, Pt.MaxNormalImpulse)) {
          if (F(q2, Pt.MaxNormalImpulse) == 0) setF(q2, Pt.RelativeVelocity, vn);
          setF(q2, Pt.MaxNormalImpulse, total);
        }
        vAx -= mA * lambda * nx;
        vAy -= mA * lambda * ny;
        wA -= iA * lambda * rnA;
        vBx += mB * lambda * nx;
        vBy += mB * lambda * ny;
        wB += iB * lambda * rnB;
      }
    }
  }

  const tx = ny;
  const ty = -nx;
  const friction = F(r, Row.Friction);
  const tangentSpeed = F(r, Row.TangentSpeed);
  if (pointCount > 0) {
    const rtA = F(q1, Pt.RtA);
    const rtB = F(q1, Pt.RtB);
    const maxFriction = friction * F(q1, Pt.NormalImpulse);
    const old = F(q1, Pt.TangentImpulse);
    if (maxFriction == 0 && old == 0) setF(q1, Pt.TangentImpulse, 0);
    else {
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - tangentSpeed;
      let total = old - F(q1, Pt.TangentMass) * vt;
      total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
      setF(q1, Pt.TangentImpulse, total);
      const lambda = total - old;
      vAx -= mA * lambda * tx;
      vAy -= mA * lambda * ty;
      wA -= iA * lambda * rtA;
      vBx += mB * lambda * tx;
      vBy += mB * lambda * ty;
      wB += iB * lambda * rtB;
    }
  }
  if (pointCount == 2) {
    const rtA = F(q2, Pt.RtA);
    const rtB = F(q2, Pt.RtB);
    const maxFriction = friction * F(q2, Pt.NormalImpulse);
    const old = F(q2, Pt.TangentImpulse);
    if (maxFriction == 0 && old == 0) setF(q2, Pt.TangentImpulse, 0);
    else {
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - tangentSpeed;
      let total = old - F(q2, Pt.TangentMass) * vt;
      total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
      setF(q2, Pt.TangentImpulse, total);
      const lambda = total - old;
      vAx -= mA * lambda * tx;
      vAy -= mA * lambda * ty;
      wA -= iA * lambda * rtA;
      vBx += mB * lambda * tx;
      vBy += mB * lambda * ty;
      wB += iB * lambda * rtB;
    }
  }
  setF(vA, State.Vx, vAx);
  setF(vA, State.Vy, vAy);
  setF(vA, State.W, wA);
  setF(vB, State.Vx, vBx);
  setF(vB, State.Vy, vBy);
  setF(vB, State.W, wB);
  if (pointCount > 0 && F(r, Row.RollingResistance) > 0) solveRolling(r, vA, vB, pointCount);
}

/**
 * One solve or relax pass over the `count` contacts listed at `singles` (a two-point one with the
 * bit `Index.TwoPoints`), in list order; addresses are byte offsets.
 */
export function solveSingles(
  rows: usize,
  meta: usize,
  v: usize,
  params: usize,
  singles: usize,
  count: i32,
  mode: i32,
): void {
  for (let k = 0; k < count; k++) {
    const e = I(singles, k);
    if (e < Index.TwoPoints) solveOnePoint(rows, meta, v, params, e, mode);
    else solveSoft(rows, meta, v, params, e & Index.Mask, mode);
  }
}

/** The warm start: applies the `count` contacts' accumulated impulses, in contact order. */
export function warmStart(rows: usize, meta: usize, v: usize, count: i32): void {
  for (let i = 0; i < count; i++) {
    const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
    const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
    const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
    const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
    const mA = F(r, Row.MassA);
    const iA = F(r, Row.InvIA);
    const mB = F(r, Row.MassB);
    const iB = F(r, Row.InvIB);
    const nx = F(r, Row.NormalX);
    const ny = F(r, Row.NormalY);
    let vAx = F(vA, State.Vx);
    let vAy = F(vA, State.Vy);
    let wA = F(vA, State.W);
    let vBx = F(vB, State.Vx);
    let vBy = F(vB, State.Vy);
    let wB = F(vB, State.W);
    for (let j = 0, pc = I(m, Meta.PointCount); j < pc; j++) {
      const q = r + (<usize>(Row.Point0 + (j & 1) * Pt.Stride) << 3);
      const ln = F(q, Pt.NormalImpulse);
      const lt = F(q, Pt.TangentImpulse);
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (F(q, Pt.R_AX) * py - F(q, Pt.R_AY) * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (F(q, Pt.R_BX) * py - F(q, Pt.R_BY) * px);
    }
    setF(vA, State.Vx, vAx);
    setF(vA, State.Vy, vAy);
    setF(vA, State.W, wA);
    setF(vB, State.Vx, vBx);
    setF(vB, State.Vy, vBy);
    setF(vB, State.W, wB);
    if (F(r, Row.RollingResistance) > 0) {
      const rolling = F(r, Row.RollingImpulse);
      setF(vA, State.W, F(vA, State.W) - iA * rolling);
      setF(vB, State.W, F(vB, State.W) + iB * rolling);
    }
  }
}

/**
 * Restitution, once after the sub-steps (Box2D v3's `b2ApplyRestitution`), over the `count` contacts:
 * each point that approached faster than the threshold before the step and pushed during it gets the
 * normal velocity -e vn⁻, its accumulated impulse kept non-negative.
 */
export function applyRestitution(rows: usize, meta: usize, v: usize, params: usize, count: i32): void {
  for (let i = 0; i < count; i++) {
    const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
    if (F(r, Row.Restitution) == 0) continue;
    restitute(r, meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2), v, params);
  }
}

/**
 * Restitution of the contact at r and m. Both points of a two-point manifold that bounce are solved
 * together (the 2x2 block with the target -e vn⁻ for each), so a box that lands flat leaves flat
 * instead of spinning from the order of its points.
 */
function restitute(r: usize, m: usize, v: usize, params: usize): void {
  const threshold = F(params, Param.Threshold);
  const e = F(r, Row.Restitution);
  const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & Index.Mask)) << 3);
  const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & Index.Mask)) << 3);
  const pointCount = I(m, Meta.PointCount);
  const mA = F(r, Row.MassA);
  const iA = F(r, Row.InvIA);
  const mB = F(r, Row.MassB);
  const iB = F(r, Row.InvIB);
  const nx = F(r, Row.NormalX);
  const ny = F(r, Row.NormalY);
  let vAx = F(vA, State.Vx);
  let vAy = F(vA, State.Vy);
  let wA = F(vA, State.W);
  let vBx = F(vB, State.Vx);
  let vBy = F(vB, State.Vy);
  let wB = F(vB, State.W);
  const q1 = r + (Row.Point0 << 3);
  const q2 = r + (Row.Point1 << 3);
  const bounce1 =
    F(q1, Pt.Bounced) == 0 && F(q1, Pt.RelativeVelocity) < -threshold && F(q1, Pt.MaxNormalImpulse) > 0;
  const bounce2 =
    pointCount == 2 &&
    F(q2, Pt.Bounced) == 0 &&
    F(q2, Pt.RelativeVelocity) < -threshold &&
    F(q2, Pt.MaxNormalImpulse) > 0;
  if (bounce1 && bounce2 && I(m, Meta.BlockUsable) == 1) {
    const rn1A = F(q1, Pt.RnA);
    const rn1B = F(q1, Pt.RnB);
    const rn2A = F(q2, Pt.RnA);
    const rn2B = F(q2, Pt.RnB);
    const a1 = F(q1, Pt.NormalImpulse);
    const a2 = F(q2, Pt.NormalImpulse);
    const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
    // b' = (vn + e vn⁻) - K a: the rigid LCP aiming each row at -e vn⁻.
    const b1 = dvn + wB * rn1B - wA * rn1A + e * F(q1, Pt.RelativeVelocity);
    const b2 = dvn + wB * rn2B - wA * rn2A + e * F(q2, Pt.RelativeVelocity);
    setF(params, Param.BlockIo, b1 - (F(r, Row.K11) * a1 + F(r, Row.K12) * a2));
    setF(params, Param.BlockIo + 1, b2 - (F(r, Row.K12) * a1 + F(r, Row.K22) * a2));
    if (solveBlockLcp(r + (Row.K11 << 3), params + (Param.BlockIo << 3)) > 0) {
      const x1 = F(params, Param.BlockIo + 2);
      const x2 = F(params, Param.BlockIo + 3);
      const d1 = x1 - a1;
      const d2 = x2 - a2;
      setF(q1, Pt.NormalImpulse, x1);
      setF(q2, Pt.NormalImpulse, x2);
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
      if (!(j == 0 ? bounce1 : bounce2)) continue;
      const q = j == 0 ? q1 : q2;
      const rnA = F(q, Pt.RnA);
      const rnB = F(q, Pt.RnB);
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      const old = F(q, Pt.NormalImpulse);
      const lambda0 = -F(q, Pt.NormalMass) * (vn + e * F(q, Pt.RelativeVelocity));
      const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
      const lambda = total - old;
      setF(q, Pt.NormalImpulse, total);
      vAx -= mA * lambda * nx;
      vAy -= mA * lambda * ny;
      wA -= iA * lambda * rnA;
      vBx += mB * lambda * nx;
      vBy += mB * lambda * ny;
      wB += iB * lambda * rnB;
    }
  }
  setF(vA, State.Vx, vAx);
  setF(vA, State.Vy, vAy);
  setF(vA, State.W, wA);
  setF(vB, State.Vx, vBx);
  setF(vB, State.Vy, vBy);
  setF(vB, State.W, wB);
}
