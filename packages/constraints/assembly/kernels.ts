// The soft contact solver's hottest passes in AssemblyScript, compiled to WebAssembly by
// `scripts/build-kernels.mjs` into `src/kernels-wasm.ts` (committed; a test checks it is current).
//
// Each function here is the same arithmetic, in the same order, as its TypeScript counterpart in
// `src/soft-contact-solver.ts` (named beside each), on the same packed numbers: the solver's rows,
// its per-contact integers, the body states and its step constants, which lie in one WebAssembly
// memory when the kernels run (see `src/kernels.ts`). WebAssembly's doubles are IEEE 754 doubles
// rounded as JavaScript rounds them, so both give bit-identical results; a test steps worlds both
// ways and compares every pose. What WebAssembly saves is the JavaScript engine's bounds check and
// address arithmetic on every typed-array access (a load here is one instruction), about a quarter
// of a pass's time.
//
// Keep the layouts below equal to the TypeScript enums of the same names.

/** `Row` in soft-contact-solver.ts: one contact's header, then two points of `Pt.Stride`. */
const enum Row {
  MassA = 0,
  InvIA = 1,
  MassB = 2,
  InvIB = 3,
  NormalX = 4,
  NormalY = 5,
  Friction = 6,
  Restitution = 7,
  BiasRate = 8,
  MassScale = 9,
  ImpulseScale = 10,
  K11 = 11,
  K12 = 12,
  K22 = 13,
  Point0 = 17,
  Point1 = 41,
  Stride = 65,
}

/** `Pt` in soft-contact-solver.ts. */
const enum Pt {
  R_AX = 0,
  R_AY = 1,
  R_BX = 2,
  R_BY = 3,
  BaseSeparation = 4,
  NormalMass = 5,
  TangentMass = 6,
  NormalImpulse = 7,
  TangentImpulse = 8,
  MaxNormalImpulse = 9,
  RelativeVelocity = 10,
  RnA = 11,
  RnB = 12,
  RtA = 13,
  RtB = 14,
  Bounced = 15,
  NormalAccel = 16,
  BounceShift = 17,
  Share = 18,
  SepAX = 19,
  SepAY = 20,
  SepBX = 21,
  SepBY = 22,
  Separation = 23,
  Stride = 24,
}

/** `Param` in soft-contact-solver.ts. */
const enum Param {
  BlockIo = 0,
  InvH = 4,
  MaxPush = 5,
  Threshold = 6,
  Compliance = 7,
  PushRate = 8,
  Deep = 9,
  Stamp = 10,
  Bias0 = 11,
  Separation = 13,
}

/** `Meta` in soft-contact-solver.ts. */
const enum Meta {
  SlotA = 0,
  SlotB = 1,
  PointCount = 2,
  BlockUsable = 3,
  Deep = 5,
  Held = 6,
  Stride = 8,
}

/** `State` in body-state.ts. */
const enum State {
  Vx = 0,
  Vy = 1,
  W = 2,
  Dpx = 3,
  Dpy = 4,
  Qc = 5,
  Qs = 6,
  Da = 7,
  Stride = 8,
}

/** `Motion` in body-state.ts. */
const enum Motion {
  Ax = 0,
  Ay = 1,
  Alpha = 2,
  LinearDamping = 3,
  AngularDamping = 4,
  Stride = 8,
}

/** `PushRow` and `PushPt` in soft-contact-solver.ts. */
const enum PushRow {
  MassA = 0,
  InvIA = 1,
  MassB = 2,
  InvIB = 3,
  NormalX = 4,
  NormalY = 5,
  Point0 = 6,
  Point1 = 12,
  Stride = 18,
}
const enum PushPt {
  Excess = 0,
  Bias = 1,
  RnA = 2,
  RnB = 3,
  NormalMass = 4,
  Impulse = 5,
}

/** `PushInt` in soft-contact-solver.ts. */
const enum PushInt {
  OffsetA = 0,
  OffsetB = 1,
  PointCount = 2,
  Held = 3,
  Stride = 4,
}

/** `Factor` in soft-contact-solver.ts: one chain position's factors. */
const enum Factor {
  D11 = 0,
  D12 = 1,
  D22 = 2,
  Det = 3,
  U11 = 4,
  U12 = 5,
  U21 = 6,
  U22 = 7,
  E11 = 8,
  E12 = 9,
  E21 = 10,
  E22 = 11,
  G1 = 12,
  Stride = 14,
}

/** `SolveMode` in soft-contact-solver.ts. */
const enum Mode {
  Bias = 1,
  Block = 2,
  Normals = 4,
  Cached = 8,
}

/**
 * The doubles a call needs besides its addresses, written to the memory by the caller (`Scalar` in
 * kernels.ts): a double passed to WebAssembly from JavaScript may be boxed, an allocation per call.
 */
const enum Scalar {
  H = 0,
  ChainCompliance = 1,
  MaxLinearSpeed = 2,
}

/** `Index.Mask` in body-state.ts. */
const MASK: i32 = 0x7fffff;
/** `TWO_POINTS` in soft-contact-solver.ts. */
const TWO_POINTS: i32 = 0x1000000;

/** The double at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline function F(p: usize, k: i32): f64 {
  return load<f64>(p + ((<usize>k) << 3));
}

/** Writes x to the double at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline function setF(p: usize, k: i32, x: f64): void {
  store<f64>(p + ((<usize>k) << 3), x);
}

/** The 32-bit integer at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline function I(p: usize, k: i32): i32 {
  return load<i32>(p + ((<usize>k) << 2));
}

/** Writes x to the 32-bit integer at index k of the array at byte address p. */
// @ts-ignore: decorator
@inline function setI(p: usize, k: i32, x: i32): void {
  store<i32>(p + ((<usize>k) << 2), x);
}

/** `measureSeparation`: the point at q's current separation, also left in `Pt.Separation`. */
// @ts-ignore: decorator
@inline function measureSeparation(q: usize, vA: usize, vB: usize, nx: f64, ny: f64): f64 {
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

/** `bounceBias`: point j's bias when it bounces in this sub-step (to `Param.Bias0 + j`). */
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

/** Whether the last {@link pointBias} made its row soft (a second result, kept in a global). */
let softRow = false;

/**
 * The bias of the point at q (j: 0 or 1) of the contact at r and m, for `solveSoftContact`'s
 * paths, at the velocities given; sets {@link softRow}.
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
  nx: f64,
  ny: f64,
  vAx: f64,
  vAy: f64,
  wA: f64,
  vBx: f64,
  vBy: f64,
  wB: f64,
): f64 {
  const useBias = (mode & Mode.Bias) != 0;
  let b = 0.0;
  softRow = false;
  const sep = (mode & Mode.Cached) != 0 ? F(q, Pt.Separation) : measureSeparation(q, vA, vB, nx, ny);
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
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * F(q, Pt.RnB) - wA * F(q, Pt.RnA);
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
    softRow = true;
  }
  return b;
}

/** `solveOnePointContact`: contact i's normal row, then its friction row. */
function solveOnePoint(rows: usize, meta: usize, v: usize, params: usize, i: i32, mode: i32): void {
  const useBias = (mode & Mode.Bias) != 0;
  const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
  const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
  const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & MASK)) << 3);
  const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & MASK)) << 3);
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

  const b1 = pointBias(r, m, q1, vA, vB, params, 0, mode, nx, ny, vAx, vAy, wA, vBx, vBy, wB);
  const soft1 = softRow;
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
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA;
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
}


/**
 * `solveBlockLcpAt`: the 2x2 block's complementarity problem by total enumeration, the block
 * (k11, k12, k22 and its inverse m11, m12, m22) at k, b' in io[0..1]; the impulses to io[2..3].
 * Returns the case that held (1 to 4), or -1 when none did.
 */
// @ts-ignore: decorator
@inline function solveBlockLcp(k: usize, io: usize): i32 {
  const k11 = F(k, 0);
  const k12 = F(k, 1);
  const k22 = F(k, 2);
  const m11 = F(k, 3);
  const m12 = F(k, 4);
  const m22 = F(k, 5);
  const b1 = F(io, 0);
  const b2 = F(io, 1);
  let lcpCase = -1;
  let x1 = 0.0;
  let x2 = 0.0;
  const y1 = -(m11 * b1 + m12 * b2);
  const y2 = -(m12 * b1 + m22 * b2);
  if (y1 >= 0 && y2 >= 0) {
    lcpCase = 1;
    x1 = y1;
    x2 = y2;
  } else {
    const only1 = -b1 / k11;
    const only2 = -b2 / k22;
    if (only1 >= 0 && k12 * only1 + b2 >= 0) {
      lcpCase = 2;
      x1 = only1;
    } else if (only2 >= 0 && k12 * only2 + b1 >= 0) {
      lcpCase = 3;
      x2 = only2;
    } else if (b1 >= 0 && b2 >= 0) {
      lcpCase = 4;
    }
  }
  setF(io, 2, x1);
  setF(io, 3, x2);
  return lcpCase;
}

/**
 * `solveSoftContact`: contact i's normal rows (as the 2x2 block when both points are in the same
 * regime, else one by one), then its friction rows.
 */
function solveSoft(rows: usize, meta: usize, v: usize, params: usize, i: i32, mode: i32): void {
  const useBias = (mode & Mode.Bias) != 0;
  const useBlock = (mode & Mode.Block) != 0;
  const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
  const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
  const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & MASK)) << 3);
  const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & MASK)) << 3);
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
    const b1 = pointBias(r, m, q1, vA, vB, params, 0, mode, nx, ny, vAx, vAy, wA, vBx, vBy, wB);
    const soft1 = softRow;
    let b2 = 0.0;
    let soft2 = false;
    if (pointCount == 2) {
      b2 = pointBias(r, m, q2, vA, vB, params, 1, mode, nx, ny, vAx, vAy, wA, vBx, vBy, wB);
      soft2 = softRow;
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
  if (pointCount > 0) {
    const rtA = F(q1, Pt.RtA);
    const rtB = F(q1, Pt.RtB);
    const maxFriction = friction * F(q1, Pt.NormalImpulse);
    const old = F(q1, Pt.TangentImpulse);
    if (maxFriction == 0 && old == 0) setF(q1, Pt.TangentImpulse, 0);
    else {
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA;
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
      const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA;
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
}

/**
 * `SoftContactSolver.solveSingles`: one pass over the `count` contacts listed at `singles` (a
 * two-point one with the bit `TWO_POINTS`), in list order. Addresses are byte offsets into the
 * memory: the rows, the per-contact integers, the body states and the step constants.
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
    if (e < TWO_POINTS) solveOnePoint(rows, meta, v, params, e, mode);
    else solveSoft(rows, meta, v, params, e & MASK, mode);
  }
}

/**
 * `SoftContactSolver.warmStart`: applies each of the `count` contacts' accumulated impulses to its
 * bodies' velocities, in contact order.
 */
export function warmStart(rows: usize, meta: usize, v: usize, count: i32): void {
  for (let i = 0; i < count; i++) {
    const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
    const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
    const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & MASK)) << 3);
    const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & MASK)) << 3);
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
  }
}

/** `recordPush`: adds work[at] to the point at q's normal impulse (contact i), as a push. */
// @ts-ignore: decorator
@inline function recordPush(rows: usize, meta: usize, v: usize, q: usize, d: f64, i: i32): void {
  const total = F(q, Pt.NormalImpulse) + d;
  if (total > F(q, Pt.MaxNormalImpulse)) {
    if (F(q, Pt.MaxNormalImpulse) == 0) {
      const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
      const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
      const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & MASK)) << 3);
      const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & MASK)) << 3);
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
 * `solveChain`: the normal rows of the chain at positions start to end - 1 of `order`, solved
 * exactly from its factors, then each contact's friction. Returns false (having changed nothing)
 * when an impulse would turn negative.
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
    const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
    const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
    const two = I(m, Meta.PointCount) == 2;
    const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & MASK)) << 3);
    const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & MASK)) << 3);
    const nx = F(r, Row.NormalX);
    const ny = F(r, Row.NormalY);
    const dvx = F(vB, State.Vx) - F(vA, State.Vx);
    const dvy = F(vB, State.Vy) - F(vA, State.Vy);
    const wA = F(vA, State.W);
    const wB = F(vB, State.W);
    const biasRate = F(r, Row.BiasRate);
    const f = factors + (<usize>(Factor.Stride * (k & MASK)) << 3);
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
    const w = work + (<usize>(4 * ((k - start) & MASK)) << 3);
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
    const w = work + (<usize>(4 * ((k - start) & MASK)) << 3);
    const f = factors + (<usize>(Factor.Stride * (k & MASK)) << 3);
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
    const q1 = rows + (<usize>((i & MASK) * Row.Stride + Row.Point0) << 3);
    if (F(q1, Pt.NormalImpulse) + d1 < 0) return false;
    if (
      I(meta + (<usize>((i & MASK) * Meta.Stride) << 2), Meta.PointCount) == 2 &&
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
    const w = work + (<usize>(4 * ((k - start) & MASK)) << 3);
    const i = I(order, k);
    const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
    const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
    const two = I(m, Meta.PointCount) == 2;
    const d1 = F(w, 2);
    const d2 = two ? F(w, 3) : 0.0;
    const q1 = r + (Row.Point0 << 3);
    const q2 = r + (Row.Point1 << 3);
    recordPush(rows, meta, v, q1, F(w, 2), i);
    if (two) recordPush(rows, meta, v, q2, F(w, 3), i);
    const vA = v + (<usize>(State.Stride * (I(m, Meta.SlotA) & MASK)) << 3);
    const vB = v + (<usize>(State.Stride * (I(m, Meta.SlotB) & MASK)) << 3);
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
 * `SoftContactSolver.solveChains`: each of the `count` chains (chain c at positions chainStart[c]
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

/**
 * `SoftContactSolver.push`'s passes after the first's gathering: each of the `count` listed
 * contacts whose held flags are clear of `heldMask` (`pushContact`), on the push velocities.
 */
export function pushPass(pushRows: usize, pushInts: usize, push: usize, count: i32, heldMask: i32): void {
  for (let k = 0; k < count; k++) {
    const u = pushInts + (<usize>((k & MASK) * PushInt.Stride) << 2);
    if ((I(u, PushInt.Held) & heldMask) != 0) continue;
    const w = pushRows + (<usize>((k & MASK) * PushRow.Stride) << 3);
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

/** `capVelocity` in body-state.ts: the slot at `o`'s velocity scaled down to `max`. */
function capVelocity(o: usize, max: f64): void {
  let vx = F(o, State.Vx);
  let vy = F(o, State.Vy);
  let vv = vx * vx + vy * vy;
  if (vv == Infinity) {
    const big = Math.max(Math.abs(vx), Math.abs(vy));
    if (big == Infinity) return;
    vx /= big;
    vy /= big;
    vv = vx * vx + vy * vy;
  }
  const scale = max / Math.sqrt(vv);
  setF(o, State.Vx, vx * scale);
  setF(o, State.Vy, vy * scale);
}

/** `BodyStates.integrateVelocities`: slots 1 to `slotCount` - 1, over the sub-step and under the speed cap in `scalars`. */
export function integrateVelocities(state: usize, motion: usize, slotCount: i32, scalars: usize): void {
  const h = F(scalars, Scalar.H);
  const max = F(scalars, Scalar.MaxLinearSpeed);
  const max2 = max * max;
  for (let slot = 1; slot < slotCount; slot++) {
    const at = slot & MASK;
    const o = state + (<usize>(State.Stride * at) << 3);
    const p = motion + (<usize>(Motion.Stride * at) << 3);
    let vx = F(o, State.Vx) + h * F(p, Motion.Ax);
    let vy = F(o, State.Vy) + h * F(p, Motion.Ay);
    let w = F(o, State.W) + h * F(p, Motion.Alpha);
    const linear = F(p, Motion.LinearDamping);
    if (linear > 0) {
      const scale = 1 / (1 + h * linear);
      vx *= scale;
      vy *= scale;
    }
    const angular = F(p, Motion.AngularDamping);
    if (angular > 0) w *= 1 / (1 + h * angular);
    setF(o, State.Vx, vx);
    setF(o, State.Vy, vy);
    setF(o, State.W, w);
    if (vx * vx + vy * vy > max2) capVelocity(o, max);
  }
}

/**
 * `BodyStates.integratePositions` without writing poses: slots 1 to `slotCount` - 1, over the
 * sub-step and under the speed cap in `scalars`. A slot that
 * turns by |δ| ≥ 1/4 in the sub-step is left for the caller to turn (its cosine and sine want a
 * range reduction): its slot and δ go to `pending` (pairs of doubles). Returns how many did.
 */
export function integratePositions(state: usize, push: usize, slotCount: i32, scalars: usize, pending: usize): i32 {
  const h = F(scalars, Scalar.H);
  const max = F(scalars, Scalar.MaxLinearSpeed);
  const max2 = max * max;
  let count = 0;
  for (let slot = 1; slot < slotCount; slot++) {
    const at = slot & MASK;
    const o = state + (<usize>(State.Stride * at) << 3);
    const u = push + (<usize>(3 * at) << 3);
    let vx = F(o, State.Vx);
    let vy = F(o, State.Vy);
    if (vx * vx + vy * vy > max2) {
      capVelocity(o, max);
      vx = F(o, State.Vx);
      vy = F(o, State.Vy);
    }
    const dpx = F(o, State.Dpx) + h * (vx + F(u, 0));
    const dpy = F(o, State.Dpy) + h * (vy + F(u, 1));
    const w = F(o, State.W) + F(u, 2);
    setF(u, 0, 0);
    setF(u, 1, 0);
    setF(u, 2, 0);
    setF(o, State.Dpx, dpx);
    setF(o, State.Dpy, dpy);
    if (w != 0) {
      const delta = h * w;
      setF(o, State.Da, F(o, State.Da) + delta);
      if (delta > -0.25 && delta < 0.25) {
        const d2 = delta * delta;
        const cd =
          1 -
          d2 *
            (1.0 / 2) *
            (1 - d2 * (1.0 / 12) * (1 - d2 * (1.0 / 30) * (1 - d2 * (1.0 / 56) * (1 - d2 * (1.0 / 90)))));
        const sd =
          delta *
          (1 -
            d2 *
              (1.0 / 6) *
              (1 - d2 * (1.0 / 20) * (1 - d2 * (1.0 / 42) * (1 - d2 * (1.0 / 72) * (1 - d2 * (1.0 / 110))))));
        const qc = F(o, State.Qc);
        const qs = F(o, State.Qs);
        setF(o, State.Qc, qc * cd - qs * sd);
        setF(o, State.Qs, qs * cd + qc * sd);
      } else {
        setF(pending, 2 * count, <f64>slot);
        setF(pending, 2 * count + 1, delta);
        count++;
      }
    }
  }
  return count;
}

/** `loadPushRow`: what the push passes read of contact i, at position k of their list. */
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
  const r = rows + (<usize>((i & MASK) * Row.Stride) << 3);
  const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
  const slotA = I(m, Meta.SlotA) & MASK;
  const slotB = I(m, Meta.SlotB) & MASK;
  const pointCount = I(m, Meta.PointCount);
  const vA = v + (<usize>(State.Stride * slotA) << 3);
  const vB = v + (<usize>(State.Stride * slotB) << 3);
  const w = pushRows + (<usize>((k & MASK) * PushRow.Stride) << 3);
  const u = pushInts + (<usize>((k & MASK) * PushInt.Stride) << 2);
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
 * `SoftContactSolver.push`'s first pass of a sub-step: lists the `count` contacts the solve found
 * deep (their `Meta.Deep` holds the sub-step's stamp), those between two moving bodies first, then
 * those with a still one, each in contact order, and sets out what the passes read of each
 * (`loadPushRow`). Returns how many it listed.
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
    const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
    if (I(m, Meta.Deep) == stamp && I(m, Meta.SlotA) != 0 && I(m, Meta.SlotB) != 0) {
      loadPushRow(rows, meta, v, pushRows, pushInts, params, i, k, cached);
      k++;
    }
  }
  for (let i = 0; i < count; i++) {
    const m = meta + (<usize>((i & MASK) * Meta.Stride) << 2);
    if (I(m, Meta.Deep) == stamp && (I(m, Meta.SlotA) == 0 || I(m, Meta.SlotB) == 0)) {
      loadPushRow(rows, meta, v, pushRows, pushInts, params, i, k, cached);
      k++;
    }
  }
  return k;
}
