// The push passes: deep overlaps pushed apart on the bodies' push velocities.
import { Index, Meta, Mode, Param, Pt, PushInt, PushPt, PushRow, Row, State } from '../src/layout';
import { measureSeparation } from './contact';
import { F, I, setF, setI } from './memory';

/**
 * A push pass: each of the `count` listed contacts whose held flags are clear of `heldMask`, each
 * deeply overlapping point's rigid row on the push velocities (p below),
 * Δλ = -m (pn + bias), clamped so the accumulated push impulse stays ≥ 0. Shallower points are
 * left to the velocity rows (once pushed, a point stays in: its impulse may only fall back to zero).
 */
export function pushPass(pushRows: usize, pushInts: usize, push: usize, count: i32, heldMask: i32): void {
  for (let k = 0; k < count; k++) {
    const u = pushInts + (<usize>((k & Index.Mask) * PushInt.Stride) << 2);
    if ((I(u, PushInt.Held) & heldMask) != 0) continue;
    const w = pushRows + (<usize>((k & Index.Mask) * PushRow.Stride) << 3);
    const pA = push + (<usize>I(u, PushInt.OffsetA) << 3);
    const pB = push + (<usize>I(u, PushInt.OffsetB) << 3);
    const mA = F(w, PushRow.MassA);
    const iA = F(w, PushRow.InvIA);
    const mB = F(w, PushRow.MassB);
    const iB = F(w, PushRow.InvIB);
    const nx = F(w, PushRow.NormalX);
    const ny = F(w, PushRow.NormalY);
    let pAx = F(pA, 0);
    let pAy = F(pA, 1);
    let wA = F(pA, 2);
    let pBx = F(pB, 0);
    let pBy = F(pB, 1);
    let wB = F(pB, 2);
    for (let j = 0, pc = I(u, PushInt.PointCount); j < pc; j++) {
      const e = w + (<usize>(PushRow.Point0 + (j & 1) * (PushRow.Point1 - PushRow.Point0)) << 3);
      const old = F(e, PushPt.Impulse);
      if (F(e, PushPt.Excess) >= 0 && old == 0) continue;
      const rnA = F(e, PushPt.RnA);
      const rnB = F(e, PushPt.RnB);
      const pn = (pBx - pAx) * nx + (pBy - pAy) * ny + wB * rnB - wA * rnA;
      const lambda0 = -F(e, PushPt.NormalMass) * (pn + F(e, PushPt.Bias));
      const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
      const lambda = total - old;
      setF(e, PushPt.Impulse, total);
      pAx -= mA * lambda * nx;
      pAy -= mA * lambda * ny;
      wA -= iA * lambda * rnA;
      pBx += mB * lambda * nx;
      pBy += mB * lambda * ny;
      wB += iB * lambda * rnB;
    }
    setF(pA, 0, pAx);
    setF(pA, 1, pAy);
    setF(pA, 2, wA);
    setF(pB, 0, pBx);
    setF(pB, 1, pBy);
    setF(pB, 2, wB);
  }
}

/**
 * What the push passes read of contact i, at list position k: masses, normal, slots and per point
 * the excess s + share, the bias max(pushRate · excess, -maxPush) for a deeper point, the arms and
 * the effective mass; the push impulses start at zero.
 */
// @ts-ignore: decorator
@inline function loadPushRow(
  rows: usize,
  meta: usize,
  v: usize,
  pushRows: usize,
  pushInts: usize,
  params: usize,
  i: i32,
  k: i32,
  cached: bool,
): void {
  const pushRate = F(params, Param.PushRate);
  const maxPush = F(params, Param.MaxPush);
  const r = rows + (<usize>((i & Index.Mask) * Row.Stride) << 3);
  const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
  const slotA = I(m, Meta.SlotA) & Index.Mask;
  const slotB = I(m, Meta.SlotB) & Index.Mask;
  const pointCount = I(m, Meta.PointCount);
  const vA = v + (<usize>(State.Stride * slotA) << 3);
  const vB = v + (<usize>(State.Stride * slotB) << 3);
  const w = pushRows + (<usize>((k & Index.Mask) * PushRow.Stride) << 3);
  const u = pushInts + (<usize>((k & Index.Mask) * PushInt.Stride) << 2);
  setI(u, PushInt.OffsetA, 3 * slotA);
  setI(u, PushInt.OffsetB, 3 * slotB);
  setI(u, PushInt.PointCount, pointCount);
  setI(u, PushInt.Held, I(m, Meta.Held));
  const nx = F(r, Row.NormalX);
  const ny = F(r, Row.NormalY);
  setF(w, PushRow.MassA, F(r, Row.MassA));
  setF(w, PushRow.InvIA, F(r, Row.InvIA));
  setF(w, PushRow.MassB, F(r, Row.MassB));
  setF(w, PushRow.InvIB, F(r, Row.InvIB));
  setF(w, PushRow.NormalX, nx);
  setF(w, PushRow.NormalY, ny);
  for (let j = 0; j < pointCount; j++) {
    const q = r + (<usize>(Row.Point0 + (j & 1) * Pt.Stride) << 3);
    const e = w + (<usize>(PushRow.Point0 + (j & 1) * (PushRow.Point1 - PushRow.Point0)) << 3);
    const sep = cached ? F(q, Pt.Separation) : measureSeparation(q, vA, vB, nx, ny);
    const excess = sep + F(q, Pt.Share);
    let bias = excess < 0 ? pushRate * excess : 0.0;
    if (bias < -maxPush) bias = -maxPush;
    setF(e, PushPt.Excess, excess);
    setF(e, PushPt.Bias, bias);
    setF(e, PushPt.RnA, F(q, Pt.RnA));
    setF(e, PushPt.RnB, F(q, Pt.RnB));
    setF(e, PushPt.NormalMass, F(q, Pt.NormalMass));
    setF(e, PushPt.Impulse, 0);
  }
}

/**
 * Lists the contacts the solve found deep (`Meta.Deep` holds the sub-step's stamp), moving pairs
 * first, then those with a still body, each in contact order, loading each ({@link loadPushRow}).
 * Returns how many it listed.
 */
export function gatherPush(
  rows: usize,
  meta: usize,
  v: usize,
  params: usize,
  pushRows: usize,
  pushInts: usize,
  count: i32,
  mode: i32,
): i32 {
  const stamp = <i32>F(params, Param.Stamp);
  const cached = (mode & Mode.Cached) != 0;
  let k = 0;
  for (let i = 0; i < count; i++) {
    const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
    if (I(m, Meta.Deep) == stamp && I(m, Meta.SlotA) != 0 && I(m, Meta.SlotB) != 0) {
      loadPushRow(rows, meta, v, pushRows, pushInts, params, i, k, cached);
      k++;
    }
  }
  for (let i = 0; i < count; i++) {
    const m = meta + (<usize>((i & Index.Mask) * Meta.Stride) << 2);
    if (I(m, Meta.Deep) == stamp && (I(m, Meta.SlotA) == 0 || I(m, Meta.SlotB) == 0)) {
      loadPushRow(rows, meta, v, pushRows, pushInts, params, i, k, cached);
      k++;
    }
  }
  return k;
}
