// Written by scripts/build-kernels.mjs from assembly/*.ts: do not edit.
import type { KernelExports } from '../src/kernels';
import {
  Factor,
  Index,
  Meta,
  Mode,
  Motion,
  Param,
  Pt,
  PushInt,
  PushPt,
  PushRow,
  Row,
  Scalar,
  State,
} from '../src/layout';

/**
 * The soft solver's kernels as TypeScript (`assembly/*.ts` transformed), on `buffer`: the same
 * functions as the WebAssembly module, at the same byte addresses, with the same results. Opt-in:
 * `installJsKernels(jsKernels)` (or `new World({ jsKernels })`) installs them where WebAssembly
 * is missing or by choice. See `src/kernels.ts`.
 */
export function jsKernels(buffer: ArrayBuffer): KernelExports {
  const f64 = new Float64Array(buffer);
  const i32 = new Int32Array(buffer);
  /**
   * Solves the 2x2 LCP of a two-point manifold's normal rows, vn = K x + b', vn ≥ 0, x ≥ 0,
   * vn_i x_i = 0, by total enumeration (docs/block-solver.md): both rows active, row 1 only, row 2
   * only, neither; the first valid case is taken. The block K (k11, k12, k22) and its inverse (m11,
   * m12, m22) are the six doubles at byte address k, b' the two at io; the new totals x go to io + 2
   * and io + 3. Returns the case taken (1 to 4), or -1 (x = 0) when none holds.
   */
  function solveBlockLcp(k: number, io: number): number {
    const k11 = f64[(k >>> 3) + 0];
    const k12 = f64[(k >>> 3) + 1];
    const k22 = f64[(k >>> 3) + 2];
    const m11 = f64[(k >>> 3) + 3];
    const m12 = f64[(k >>> 3) + 4];
    const m22 = f64[(k >>> 3) + 5];
    const b1 = f64[(io >>> 3) + 0];
    const b2 = f64[(io >>> 3) + 1];
    let lcpCase = -1;
    let x1 = 0.0;
    let x2 = 0.0;
    // Case 1: vn = 0 for both rows; 0 = K x + b' gives x = -K⁻¹ b'.
    const y1 = -(m11 * b1 + m12 * b2);
    const y2 = -(m12 * b1 + m22 * b2);
    if (y1 >= 0 && y2 >= 0) {
      lcpCase = 1;
      x1 = y1;
      x2 = y2;
    } else {
      // Case 2: vn1 = 0, x2 = 0; case 3: x1 = 0, vn2 = 0; case 4: x = 0, vn = b'.
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
    f64[(io >>> 3) + 2] = x1;
    f64[(io >>> 3) + 3] = x2;
    return lcpCase;
  }

  /**
   * The current separation of the point at q (normal (nx, ny), bodies' states at vA and vB): the start
   * separation plus its sides' motion along the normal (d = dp + R(Δθ) s - s, s the separation arm),
   * also left in `Pt.Separation` for `Mode.Cached`. Small enough to inline; the larger functions
   * below pass doubles through the memory (docs/performance.md, "Boxed numbers").
   */
  function measureSeparation(q: number, vA: number, vB: number, nx: number, ny: number): number {
    const cA = f64[(vA >>> 3) + State.Qc];
    const sA = f64[(vA >>> 3) + State.Qs];
    const cB = f64[(vB >>> 3) + State.Qc];
    const sB = f64[(vB >>> 3) + State.Qs];
    const ax = f64[(q >>> 3) + Pt.SepAX];
    const ay = f64[(q >>> 3) + Pt.SepAY];
    const bx = f64[(q >>> 3) + Pt.SepBX];
    const by = f64[(q >>> 3) + Pt.SepBY];
    const ddx =
      f64[(vB >>> 3) + State.Dpx] - f64[(vA >>> 3) + State.Dpx] + (cB * bx - sB * by) - (cA * ax - sA * ay);
    const ddy =
      f64[(vB >>> 3) + State.Dpy] - f64[(vA >>> 3) + State.Dpy] + (sB * bx + cB * by) - (sA * ax + cA * ay);
    const sep = f64[(q >>> 3) + Pt.BaseSeparation] + ddx * nx + ddy * ny;
    f64[(q >>> 3) + Pt.Separation] = sep;
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
  function bounceBias(
    r: number,
    q: number,
    vA: number,
    vB: number,
    params: number,
    j: number,
    useBias: boolean,
  ): boolean {
    const invH = f64[(params >>> 3) + Param.InvH];
    const threshold = f64[(params >>> 3) + Param.Threshold];
    const s = f64[(params >>> 3) + Param.Separation];
    const restitution = f64[(r >>> 3) + Row.Restitution];
    const vn0 =
      useBias && f64[(q >>> 3) + Pt.MaxNormalImpulse] === 0
        ? (f64[(vB >>> 3) + State.Vx] - f64[(vA >>> 3) + State.Vx]) * f64[(r >>> 3) + Row.NormalX] +
          (f64[(vB >>> 3) + State.Vy] - f64[(vA >>> 3) + State.Vy]) * f64[(r >>> 3) + Row.NormalY] +
          f64[(vB >>> 3) + State.W] * f64[(q >>> 3) + Pt.RnB] -
          f64[(vA >>> 3) + State.W] * f64[(q >>> 3) + Pt.RnA]
        : 0.0;
    if (vn0 < -threshold && (s <= 0 || s < -vn0 / invH)) {
      const h = 1 / invH;
      const tau = s > 0 ? -s / vn0 : 0.0;
      const a = f64[(q >>> 3) + Pt.NormalAccel];
      const rest = h - tau;
      const vc = vn0 + a * (tau - 0.5 * h);
      f64[(params >>> 3) + (Param.Bias0 + j)] = (s + restitution * vc * rest - 0.5 * a * rest * rest) * invH;
      f64[(q >>> 3) + Pt.BounceShift] = -(1 + restitution) * a * (tau - 0.5 * h);
      return true;
    }
    if (
      !useBias &&
      f64[(q >>> 3) + Pt.Bounced] === 0 &&
      f64[(q >>> 3) + Pt.MaxNormalImpulse] > 0 &&
      f64[(q >>> 3) + Pt.RelativeVelocity] < -threshold
    ) {
      f64[(params >>> 3) + (Param.Bias0 + j)] =
        restitution * f64[(q >>> 3) + Pt.RelativeVelocity] - f64[(q >>> 3) + Pt.BounceShift];
      f64[(q >>> 3) + Pt.Bounced] = 1;
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
  function pointBias(
    r: number,
    m: number,
    q: number,
    vA: number,
    vB: number,
    params: number,
    j: number,
    mode: number,
  ): boolean {
    const useBias = (mode & Mode.Bias) !== 0;
    let b = 0.0;
    let soft = false;
    const sep =
      (mode & Mode.Cached) !== 0
        ? f64[(q >>> 3) + Pt.Separation]
        : measureSeparation(q, vA, vB, f64[(r >>> 3) + Row.NormalX], f64[(r >>> 3) + Row.NormalY]);
    const share = useBias ? f64[(q >>> 3) + Pt.Share] : 0.0;
    if (useBias && sep < -share) {
      f64[(params >>> 3) + Param.Deep] = 1;
      i32[(m >>> 2) + Meta.Deep] = f64[(params >>> 3) + Param.Stamp];
    }
    let bounced = false;
    if (f64[(r >>> 3) + Row.Restitution] > 0) {
      f64[(params >>> 3) + Param.Separation] = sep;
      bounced = bounceBias(r, q, vA, vB, params, j, useBias);
    }
    if (bounced) b = f64[(params >>> 3) + (Param.Bias0 + j)];
    else if (sep > 0) {
      b = sep * f64[(params >>> 3) + Param.InvH];
      if (!useBias && f64[(q >>> 3) + Pt.MaxNormalImpulse] === 0) {
        const vn =
          (f64[(vB >>> 3) + State.Vx] - f64[(vA >>> 3) + State.Vx]) * f64[(r >>> 3) + Row.NormalX] +
          (f64[(vB >>> 3) + State.Vy] - f64[(vA >>> 3) + State.Vy]) * f64[(r >>> 3) + Row.NormalY] +
          f64[(vB >>> 3) + State.W] * f64[(q >>> 3) + Pt.RnB] -
          f64[(vA >>> 3) + State.W] * f64[(q >>> 3) + Pt.RnA];
        if (b < -vn) b = -vn;
      }
    } else if (useBias) {
      const biasRate = f64[(r >>> 3) + Row.BiasRate];
      const maxPush = f64[(params >>> 3) + Param.MaxPush];
      const over = -sep - share;
      if (over <= 0) b = biasRate * sep;
      else if (i32[(m >>> 2) + Meta.Held] !== 0) b = -biasRate * share;
      else b = over < share ? -biasRate * (share - over) : 0.0;
      if (b < -maxPush) b = -maxPush;
      soft = true;
    }
    f64[(params >>> 3) + (Param.Bias0 + j)] = b;
    return soft;
  }

  /** Contact i (one point): its normal row, then its friction row. */
  function solveOnePoint(
    rows: number,
    meta: number,
    v: number,
    params: number,
    i: number,
    mode: number,
  ): void {
    const useBias = (mode & Mode.Bias) !== 0;
    const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
    const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
    const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
    const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
    const q1 = r + (Row.Point0 << 3);
    const mA = f64[(r >>> 3) + Row.MassA];
    const iA = f64[(r >>> 3) + Row.InvIA];
    const mB = f64[(r >>> 3) + Row.MassB];
    const iB = f64[(r >>> 3) + Row.InvIB];
    const nx = f64[(r >>> 3) + Row.NormalX];
    const ny = f64[(r >>> 3) + Row.NormalY];
    const softMass = useBias ? f64[(r >>> 3) + Row.MassScale] : 1.0;
    const softImpulse = useBias ? f64[(r >>> 3) + Row.ImpulseScale] : 0.0;
    let vAx = f64[(vA >>> 3) + State.Vx];
    let vAy = f64[(vA >>> 3) + State.Vy];
    let wA = f64[(vA >>> 3) + State.W];
    let vBx = f64[(vB >>> 3) + State.Vx];
    let vBy = f64[(vB >>> 3) + State.Vy];
    let wB = f64[(vB >>> 3) + State.W];

    const soft1 = pointBias(r, m, q1, vA, vB, params, 0, mode);
    const b1 = f64[(params >>> 3) + Param.Bias0];
    {
      const ms = soft1 ? softMass : 1.0;
      const is = soft1 ? softImpulse : 0.0;
      const rnA = f64[(q1 >>> 3) + Pt.RnA];
      const rnB = f64[(q1 >>> 3) + Pt.RnB];
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      const old = f64[(q1 >>> 3) + Pt.NormalImpulse];
      const lambda0 = -f64[(q1 >>> 3) + Pt.NormalMass] * ms * (vn + b1) - is * old;
      const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
      const lambda = total - old;
      f64[(q1 >>> 3) + Pt.NormalImpulse] = total;
      if (total > f64[(q1 >>> 3) + Pt.MaxNormalImpulse]) {
        if (f64[(q1 >>> 3) + Pt.MaxNormalImpulse] === 0) f64[(q1 >>> 3) + Pt.RelativeVelocity] = vn;
        f64[(q1 >>> 3) + Pt.MaxNormalImpulse] = total;
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
      const rtA = f64[(q1 >>> 3) + Pt.RtA];
      const rtB = f64[(q1 >>> 3) + Pt.RtB];
      const maxFriction = f64[(r >>> 3) + Row.Friction] * f64[(q1 >>> 3) + Pt.NormalImpulse];
      const old = f64[(q1 >>> 3) + Pt.TangentImpulse];
      if (maxFriction === 0 && old === 0) f64[(q1 >>> 3) + Pt.TangentImpulse] = 0;
      else {
        const vt =
          (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - f64[(r >>> 3) + Row.TangentSpeed];
        let total = old - f64[(q1 >>> 3) + Pt.TangentMass] * vt;
        total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
        f64[(q1 >>> 3) + Pt.TangentImpulse] = total;
        const lambda = total - old;
        vAx -= mA * lambda * tx;
        vAy -= mA * lambda * ty;
        wA -= iA * lambda * rtA;
        vBx += mB * lambda * tx;
        vBy += mB * lambda * ty;
        wB += iB * lambda * rtB;
      }
    }
    f64[(vA >>> 3) + State.Vx] = vAx;
    f64[(vA >>> 3) + State.Vy] = vAy;
    f64[(vA >>> 3) + State.W] = wA;
    f64[(vB >>> 3) + State.Vx] = vBx;
    f64[(vB >>> 3) + State.Vy] = vBy;
    f64[(vB >>> 3) + State.W] = wB;
    if (f64[(r >>> 3) + Row.RollingResistance] > 0) solveRolling(r, vA, vB, 1);
  }

  /**
   * The rolling row of the contact at r (Box2D v3's rolling resistance), on its bodies' states at vA
   * and vB: it drives the relative angular velocity wB - wA to 0 with an accumulated impulse bounded
   * by the rolling resistance times the contact's total normal impulse (of its `pointCount` points).
   */
  function solveRolling(r: number, vA: number, vB: number, pointCount: number): void {
    const iA = f64[(r >>> 3) + Row.InvIA];
    const iB = f64[(r >>> 3) + Row.InvIB];
    let normal = f64[(r >>> 3) + (Row.Point0 + Pt.NormalImpulse)];
    if (pointCount === 2) normal += f64[(r >>> 3) + (Row.Point1 + Pt.NormalImpulse)];
    const maxLambda = f64[(r >>> 3) + Row.RollingResistance] * normal;
    const old = f64[(r >>> 3) + Row.RollingImpulse];
    let total =
      old - f64[(r >>> 3) + Row.RollingMass] * (f64[(vB >>> 3) + State.W] - f64[(vA >>> 3) + State.W]);
    total = total < -maxLambda ? -maxLambda : total > maxLambda ? maxLambda : total;
    f64[(r >>> 3) + Row.RollingImpulse] = total;
    const lambda = total - old;
    f64[(vA >>> 3) + State.W] = f64[(vA >>> 3) + State.W] - iA * lambda;
    f64[(vB >>> 3) + State.W] = f64[(vB >>> 3) + State.W] + iB * lambda;
  }

  /**
   * Contact i: its normal rows (the 2x2 block when both points are in the same regime), then friction
   * bounded by the new normal impulses (without `Mode.Normals`: friction only). The block solves
   * x ≥ 0, w = K x + b' ≥ 0, x·w = 0 with b' = s (vn + bias) - (1 - i) K a (s, i: the mass and
   * impulse scales; 1 and 0 for a rigid row).
   */
  function solveSoft(rows: number, meta: number, v: number, params: number, i: number, mode: number): void {
    const useBias = (mode & Mode.Bias) !== 0;
    const useBlock = (mode & Mode.Block) !== 0;
    const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
    const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
    const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
    const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
    const pointCount = i32[(m >>> 2) + Meta.PointCount];
    const q1 = r + (Row.Point0 << 3);
    const q2 = r + (Row.Point1 << 3);
    const mA = f64[(r >>> 3) + Row.MassA];
    const iA = f64[(r >>> 3) + Row.InvIA];
    const mB = f64[(r >>> 3) + Row.MassB];
    const iB = f64[(r >>> 3) + Row.InvIB];
    const nx = f64[(r >>> 3) + Row.NormalX];
    const ny = f64[(r >>> 3) + Row.NormalY];
    const softMass = useBias ? f64[(r >>> 3) + Row.MassScale] : 1.0;
    const softImpulse = useBias ? f64[(r >>> 3) + Row.ImpulseScale] : 0.0;
    let vAx = f64[(vA >>> 3) + State.Vx];
    let vAy = f64[(vA >>> 3) + State.Vy];
    let wA = f64[(vA >>> 3) + State.W];
    let vBx = f64[(vB >>> 3) + State.Vx];
    let vBy = f64[(vB >>> 3) + State.Vy];
    let wB = f64[(vB >>> 3) + State.W];

    if ((mode & Mode.Normals) !== 0 && pointCount > 0) {
      const soft1 = pointBias(r, m, q1, vA, vB, params, 0, mode);
      const b1 = f64[(params >>> 3) + Param.Bias0];
      let b2 = 0.0;
      let soft2 = false;
      if (pointCount === 2) {
        soft2 = pointBias(r, m, q2, vA, vB, params, 1, mode);
        b2 = f64[(params >>> 3) + Param.Bias1];
      }
      if (pointCount === 2 && useBlock && soft1 === soft2 && i32[(m >>> 2) + Meta.BlockUsable] === 1) {
        const ms = soft1 ? softMass : 1.0;
        const is = soft1 ? softImpulse : 0.0;
        const rn1A = f64[(q1 >>> 3) + Pt.RnA];
        const rn1B = f64[(q1 >>> 3) + Pt.RnB];
        const rn2A = f64[(q2 >>> 3) + Pt.RnA];
        const rn2B = f64[(q2 >>> 3) + Pt.RnB];
        const a1 = f64[(q1 >>> 3) + Pt.NormalImpulse];
        const a2 = f64[(q2 >>> 3) + Pt.NormalImpulse];
        const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
        const vn1 = dvn + wB * rn1B - wA * rn1A;
        const vn2 = dvn + wB * rn2B - wA * rn2A;
        const k11 = f64[(r >>> 3) + Row.K11];
        const k12 = f64[(r >>> 3) + Row.K12];
        const k22 = f64[(r >>> 3) + Row.K22];
        const keep = 1 - is;
        f64[(params >>> 3) + Param.BlockIo] = ms * (vn1 + b1) - keep * (k11 * a1 + k12 * a2);
        f64[(params >>> 3) + (Param.BlockIo + 1)] = ms * (vn2 + b2) - keep * (k12 * a1 + k22 * a2);
        if (solveBlockLcp(r + (Row.K11 << 3), params + (Param.BlockIo << 3)) > 0) {
          const x1 = f64[(params >>> 3) + (Param.BlockIo + 2)];
          const x2 = f64[(params >>> 3) + (Param.BlockIo + 3)];
          const d1 = x1 - a1;
          const d2 = x2 - a2;
          f64[(q1 >>> 3) + Pt.NormalImpulse] = x1;
          f64[(q2 >>> 3) + Pt.NormalImpulse] = x2;
          if (x1 > f64[(q1 >>> 3) + Pt.MaxNormalImpulse]) {
            if (f64[(q1 >>> 3) + Pt.MaxNormalImpulse] === 0) f64[(q1 >>> 3) + Pt.RelativeVelocity] = vn1;
            f64[(q1 >>> 3) + Pt.MaxNormalImpulse] = x1;
          }
          if (x2 > f64[(q2 >>> 3) + Pt.MaxNormalImpulse]) {
            if (f64[(q2 >>> 3) + Pt.MaxNormalImpulse] === 0) f64[(q2 >>> 3) + Pt.RelativeVelocity] = vn2;
            f64[(q2 >>> 3) + Pt.MaxNormalImpulse] = x2;
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
          const rnA = f64[(q1 >>> 3) + Pt.RnA];
          const rnB = f64[(q1 >>> 3) + Pt.RnB];
          const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
          const old = f64[(q1 >>> 3) + Pt.NormalImpulse];
          const lambda0 = -f64[(q1 >>> 3) + Pt.NormalMass] * ms * (vn + b1) - is * old;
          const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
          const lambda = total - old;
          f64[(q1 >>> 3) + Pt.NormalImpulse] = total;
          if (total > f64[(q1 >>> 3) + Pt.MaxNormalImpulse]) {
            if (f64[(q1 >>> 3) + Pt.MaxNormalImpulse] === 0) f64[(q1 >>> 3) + Pt.RelativeVelocity] = vn;
            f64[(q1 >>> 3) + Pt.MaxNormalImpulse] = total;
          }
          vAx -= mA * lambda * nx;
          vAy -= mA * lambda * ny;
          wA -= iA * lambda * rnA;
          vBx += mB * lambda * nx;
          vBy += mB * lambda * ny;
          wB += iB * lambda * rnB;
        }
        if (pointCount === 2) {
          const ms = soft2 ? softMass : 1.0;
          const is = soft2 ? softImpulse : 0.0;
          const rnA = f64[(q2 >>> 3) + Pt.RnA];
          const rnB = f64[(q2 >>> 3) + Pt.RnB];
          const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
          const old = f64[(q2 >>> 3) + Pt.NormalImpulse];
          const lambda0 = -f64[(q2 >>> 3) + Pt.NormalMass] * ms * (vn + b2) - is * old;
          const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
          const lambda = total - old;
          f64[(q2 >>> 3) + Pt.NormalImpulse] = total;
          if (total > f64[(q2 >>> 3) + Pt.MaxNormalImpulse]) {
            if (f64[(q2 >>> 3) + Pt.MaxNormalImpulse] === 0) f64[(q2 >>> 3) + Pt.RelativeVelocity] = vn;
            f64[(q2 >>> 3) + Pt.MaxNormalImpulse] = total;
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
    const friction = f64[(r >>> 3) + Row.Friction];
    const tangentSpeed = f64[(r >>> 3) + Row.TangentSpeed];
    if (pointCount > 0) {
      const rtA = f64[(q1 >>> 3) + Pt.RtA];
      const rtB = f64[(q1 >>> 3) + Pt.RtB];
      const maxFriction = friction * f64[(q1 >>> 3) + Pt.NormalImpulse];
      const old = f64[(q1 >>> 3) + Pt.TangentImpulse];
      if (maxFriction === 0 && old === 0) f64[(q1 >>> 3) + Pt.TangentImpulse] = 0;
      else {
        const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - tangentSpeed;
        let total = old - f64[(q1 >>> 3) + Pt.TangentMass] * vt;
        total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
        f64[(q1 >>> 3) + Pt.TangentImpulse] = total;
        const lambda = total - old;
        vAx -= mA * lambda * tx;
        vAy -= mA * lambda * ty;
        wA -= iA * lambda * rtA;
        vBx += mB * lambda * tx;
        vBy += mB * lambda * ty;
        wB += iB * lambda * rtB;
      }
    }
    if (pointCount === 2) {
      const rtA = f64[(q2 >>> 3) + Pt.RtA];
      const rtB = f64[(q2 >>> 3) + Pt.RtB];
      const maxFriction = friction * f64[(q2 >>> 3) + Pt.NormalImpulse];
      const old = f64[(q2 >>> 3) + Pt.TangentImpulse];
      if (maxFriction === 0 && old === 0) f64[(q2 >>> 3) + Pt.TangentImpulse] = 0;
      else {
        const vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * rtB - wA * rtA - tangentSpeed;
        let total = old - f64[(q2 >>> 3) + Pt.TangentMass] * vt;
        total = total < -maxFriction ? -maxFriction : total > maxFriction ? maxFriction : total;
        f64[(q2 >>> 3) + Pt.TangentImpulse] = total;
        const lambda = total - old;
        vAx -= mA * lambda * tx;
        vAy -= mA * lambda * ty;
        wA -= iA * lambda * rtA;
        vBx += mB * lambda * tx;
        vBy += mB * lambda * ty;
        wB += iB * lambda * rtB;
      }
    }
    f64[(vA >>> 3) + State.Vx] = vAx;
    f64[(vA >>> 3) + State.Vy] = vAy;
    f64[(vA >>> 3) + State.W] = wA;
    f64[(vB >>> 3) + State.Vx] = vBx;
    f64[(vB >>> 3) + State.Vy] = vBy;
    f64[(vB >>> 3) + State.W] = wB;
    if (pointCount > 0 && f64[(r >>> 3) + Row.RollingResistance] > 0) solveRolling(r, vA, vB, pointCount);
  }

  /**
   * One solve or relax pass over the `count` contacts listed at `singles` (a two-point one with the
   * bit `Index.TwoPoints`), in list order; addresses are byte offsets.
   */
  function solveSingles(
    rows: number,
    meta: number,
    v: number,
    params: number,
    singles: number,
    count: number,
    mode: number,
  ): void {
    for (let k = 0; k < count; k++) {
      const e = i32[(singles >>> 2) + k];
      if (e < Index.TwoPoints) solveOnePoint(rows, meta, v, params, e, mode);
      else solveSoft(rows, meta, v, params, e & Index.Mask, mode);
    }
  }

  /** The warm start: applies the `count` contacts' accumulated impulses, in contact order. */
  function warmStart(rows: number, meta: number, v: number, count: number): void {
    for (let i = 0; i < count; i++) {
      const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
      const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
      const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
      const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
      const mA = f64[(r >>> 3) + Row.MassA];
      const iA = f64[(r >>> 3) + Row.InvIA];
      const mB = f64[(r >>> 3) + Row.MassB];
      const iB = f64[(r >>> 3) + Row.InvIB];
      const nx = f64[(r >>> 3) + Row.NormalX];
      const ny = f64[(r >>> 3) + Row.NormalY];
      let vAx = f64[(vA >>> 3) + State.Vx];
      let vAy = f64[(vA >>> 3) + State.Vy];
      let wA = f64[(vA >>> 3) + State.W];
      let vBx = f64[(vB >>> 3) + State.Vx];
      let vBy = f64[(vB >>> 3) + State.Vy];
      let wB = f64[(vB >>> 3) + State.W];
      for (let j = 0, pc = i32[(m >>> 2) + Meta.PointCount]; j < pc; j++) {
        const q = r + ((Row.Point0 + (j & 1) * Pt.Stride) << 3);
        const ln = f64[(q >>> 3) + Pt.NormalImpulse];
        const lt = f64[(q >>> 3) + Pt.TangentImpulse];
        const px = ln * nx + lt * ny;
        const py = ln * ny - lt * nx;
        vAx -= mA * px;
        vAy -= mA * py;
        wA -= iA * (f64[(q >>> 3) + Pt.R_AX] * py - f64[(q >>> 3) + Pt.R_AY] * px);
        vBx += mB * px;
        vBy += mB * py;
        wB += iB * (f64[(q >>> 3) + Pt.R_BX] * py - f64[(q >>> 3) + Pt.R_BY] * px);
      }
      f64[(vA >>> 3) + State.Vx] = vAx;
      f64[(vA >>> 3) + State.Vy] = vAy;
      f64[(vA >>> 3) + State.W] = wA;
      f64[(vB >>> 3) + State.Vx] = vBx;
      f64[(vB >>> 3) + State.Vy] = vBy;
      f64[(vB >>> 3) + State.W] = wB;
      if (f64[(r >>> 3) + Row.RollingResistance] > 0) {
        const rolling = f64[(r >>> 3) + Row.RollingImpulse];
        f64[(vA >>> 3) + State.W] = f64[(vA >>> 3) + State.W] - iA * rolling;
        f64[(vB >>> 3) + State.W] = f64[(vB >>> 3) + State.W] + iB * rolling;
      }
    }
  }

  /**
   * Restitution, once after the sub-steps (Box2D v3's `b2ApplyRestitution`), over the `count` contacts:
   * each point that approached faster than the threshold before the step and pushed during it gets the
   * normal velocity -e vn⁻, its accumulated impulse kept non-negative.
   */
  function applyRestitution(rows: number, meta: number, v: number, params: number, count: number): void {
    for (let i = 0; i < count; i++) {
      const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
      if (f64[(r >>> 3) + Row.Restitution] === 0) continue;
      restitute(r, meta + (((i & Index.Mask) * Meta.Stride) << 2), v, params);
    }
  }

  /**
   * Restitution of the contact at r and m. Both points of a two-point manifold that bounce are solved
   * together (the 2x2 block with the target -e vn⁻ for each), so a box that lands flat leaves flat
   * instead of spinning from the order of its points.
   */
  function restitute(r: number, m: number, v: number, params: number): void {
    const threshold = f64[(params >>> 3) + Param.Threshold];
    const e = f64[(r >>> 3) + Row.Restitution];
    const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
    const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
    const pointCount = i32[(m >>> 2) + Meta.PointCount];
    const mA = f64[(r >>> 3) + Row.MassA];
    const iA = f64[(r >>> 3) + Row.InvIA];
    const mB = f64[(r >>> 3) + Row.MassB];
    const iB = f64[(r >>> 3) + Row.InvIB];
    const nx = f64[(r >>> 3) + Row.NormalX];
    const ny = f64[(r >>> 3) + Row.NormalY];
    let vAx = f64[(vA >>> 3) + State.Vx];
    let vAy = f64[(vA >>> 3) + State.Vy];
    let wA = f64[(vA >>> 3) + State.W];
    let vBx = f64[(vB >>> 3) + State.Vx];
    let vBy = f64[(vB >>> 3) + State.Vy];
    let wB = f64[(vB >>> 3) + State.W];
    const q1 = r + (Row.Point0 << 3);
    const q2 = r + (Row.Point1 << 3);
    const bounce1 =
      f64[(q1 >>> 3) + Pt.Bounced] === 0 &&
      f64[(q1 >>> 3) + Pt.RelativeVelocity] < -threshold &&
      f64[(q1 >>> 3) + Pt.MaxNormalImpulse] > 0;
    const bounce2 =
      pointCount === 2 &&
      f64[(q2 >>> 3) + Pt.Bounced] === 0 &&
      f64[(q2 >>> 3) + Pt.RelativeVelocity] < -threshold &&
      f64[(q2 >>> 3) + Pt.MaxNormalImpulse] > 0;
    if (bounce1 && bounce2 && i32[(m >>> 2) + Meta.BlockUsable] === 1) {
      const rn1A = f64[(q1 >>> 3) + Pt.RnA];
      const rn1B = f64[(q1 >>> 3) + Pt.RnB];
      const rn2A = f64[(q2 >>> 3) + Pt.RnA];
      const rn2B = f64[(q2 >>> 3) + Pt.RnB];
      const a1 = f64[(q1 >>> 3) + Pt.NormalImpulse];
      const a2 = f64[(q2 >>> 3) + Pt.NormalImpulse];
      const dvn = (vBx - vAx) * nx + (vBy - vAy) * ny;
      // b' = (vn + e vn⁻) - K a: the rigid LCP aiming each row at -e vn⁻.
      const b1 = dvn + wB * rn1B - wA * rn1A + e * f64[(q1 >>> 3) + Pt.RelativeVelocity];
      const b2 = dvn + wB * rn2B - wA * rn2A + e * f64[(q2 >>> 3) + Pt.RelativeVelocity];
      f64[(params >>> 3) + Param.BlockIo] =
        b1 - (f64[(r >>> 3) + Row.K11] * a1 + f64[(r >>> 3) + Row.K12] * a2);
      f64[(params >>> 3) + (Param.BlockIo + 1)] =
        b2 - (f64[(r >>> 3) + Row.K12] * a1 + f64[(r >>> 3) + Row.K22] * a2);
      if (solveBlockLcp(r + (Row.K11 << 3), params + (Param.BlockIo << 3)) > 0) {
        const x1 = f64[(params >>> 3) + (Param.BlockIo + 2)];
        const x2 = f64[(params >>> 3) + (Param.BlockIo + 3)];
        const d1 = x1 - a1;
        const d2 = x2 - a2;
        f64[(q1 >>> 3) + Pt.NormalImpulse] = x1;
        f64[(q2 >>> 3) + Pt.NormalImpulse] = x2;
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
        const q = j === 0 ? q1 : q2;
        const rnA = f64[(q >>> 3) + Pt.RnA];
        const rnB = f64[(q >>> 3) + Pt.RnB];
        const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
        const old = f64[(q >>> 3) + Pt.NormalImpulse];
        const lambda0 = -f64[(q >>> 3) + Pt.NormalMass] * (vn + e * f64[(q >>> 3) + Pt.RelativeVelocity]);
        const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
        const lambda = total - old;
        f64[(q >>> 3) + Pt.NormalImpulse] = total;
        vAx -= mA * lambda * nx;
        vAy -= mA * lambda * ny;
        wA -= iA * lambda * rnA;
        vBx += mB * lambda * nx;
        vBy += mB * lambda * ny;
        wB += iB * lambda * rnB;
      }
    }
    f64[(vA >>> 3) + State.Vx] = vAx;
    f64[(vA >>> 3) + State.Vy] = vAy;
    f64[(vA >>> 3) + State.W] = wA;
    f64[(vB >>> 3) + State.Vx] = vBx;
    f64[(vB >>> 3) + State.Vy] = vBy;
    f64[(vB >>> 3) + State.W] = wB;
  }

  /**
   * Adds the double at index k of w to the accumulated normal impulse of the point at q (contact i);
   * the first push of the step records the normal velocity just before it (the approach speed for
   * restitution).
   */
  function recordPush(
    rows: number,
    meta: number,
    v: number,
    q: number,
    w: number,
    k: number,
    i: number,
  ): void {
    const total = f64[(q >>> 3) + Pt.NormalImpulse] + f64[(w >>> 3) + k];
    if (total > f64[(q >>> 3) + Pt.MaxNormalImpulse]) {
      if (f64[(q >>> 3) + Pt.MaxNormalImpulse] === 0) {
        const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
        const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
        const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
        const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
        f64[(q >>> 3) + Pt.RelativeVelocity] =
          (f64[(vB >>> 3) + State.Vx] - f64[(vA >>> 3) + State.Vx]) * f64[(r >>> 3) + Row.NormalX] +
          (f64[(vB >>> 3) + State.Vy] - f64[(vA >>> 3) + State.Vy]) * f64[(r >>> 3) + Row.NormalY] +
          f64[(vB >>> 3) + State.W] * f64[(q >>> 3) + Pt.RnB] -
          f64[(vA >>> 3) + State.W] * f64[(q >>> 3) + Pt.RnA];
      }
      f64[(q >>> 3) + Pt.MaxNormalImpulse] = total;
    }
    f64[(q >>> 3) + Pt.NormalImpulse] = total;
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
    rows: number,
    meta: number,
    v: number,
    params: number,
    order: number,
    factors: number,
    work: number,
    start: number,
    end: number,
    mode: number,
  ): boolean {
    const useBias = (mode & Mode.Bias) !== 0;
    const cached = (mode & Mode.Cached) !== 0;
    const invH = f64[(params >>> 3) + Param.InvH];
    const maxPush = f64[(params >>> 3) + Param.MaxPush];
    const compliance = f64[(params >>> 3) + Param.Compliance];
    for (let k = start; k < end; k++) {
      const i = i32[(order >>> 2) + k];
      const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
      const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
      const two = i32[(m >>> 2) + Meta.PointCount] === 2;
      const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
      const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
      const nx = f64[(r >>> 3) + Row.NormalX];
      const ny = f64[(r >>> 3) + Row.NormalY];
      const dvx = f64[(vB >>> 3) + State.Vx] - f64[(vA >>> 3) + State.Vx];
      const dvy = f64[(vB >>> 3) + State.Vy] - f64[(vA >>> 3) + State.Vy];
      const wA = f64[(vA >>> 3) + State.W];
      const wB = f64[(vB >>> 3) + State.W];
      const biasRate = f64[(r >>> 3) + Row.BiasRate];
      const f = factors + ((Factor.Stride * (k & Index.Mask)) << 3);
      let y1 = 0.0;
      let y2 = 0.0;
      for (let j = 0, pc = two ? 2 : 1; j < pc; j++) {
        const q = r + ((Row.Point0 + (j & 1) * Pt.Stride) << 3);
        const sep = cached ? f64[(q >>> 3) + Pt.Separation] : measureSeparation(q, vA, vB, nx, ny);
        let bias = 0.0;
        if (sep > 0) bias = sep * invH;
        else if (useBias) {
          const share = f64[(q >>> 3) + Pt.Share];
          if (sep < -share) {
            f64[(params >>> 3) + Param.Deep] = 1;
            i32[(m >>> 2) + Meta.Deep] = f64[(params >>> 3) + Param.Stamp];
          }
          if (compliance > 0) {
            bias = biasRate * (sep < -share ? -share : sep);
            if (bias < -maxPush) bias = -maxPush;
          }
        }
        const vn = dvx * nx + dvy * ny + wB * f64[(q >>> 3) + Pt.RnB] - wA * f64[(q >>> 3) + Pt.RnA];
        const leak = useBias
          ? f64[(f >>> 3) + (Factor.G1 + (j & 1))] * f64[(q >>> 3) + Pt.NormalImpulse]
          : 0.0;
        if (j === 0) y1 = -(vn + bias) - leak;
        else y2 = -(vn + bias) - leak;
      }
      const w = work + ((4 * ((k - start) & Index.Mask)) << 3);
      if (k > start) {
        const p1 = f64[(w >>> 3) + -4];
        const p2 = f64[(w >>> 3) + -3];
        y1 -= f64[(f >>> 3) + Factor.E11] * p1 + f64[(f >>> 3) + Factor.E12] * p2;
        y2 -= f64[(f >>> 3) + Factor.E21] * p1 + f64[(f >>> 3) + Factor.E22] * p2;
      }
      f64[(w >>> 3) + 0] = y1;
      f64[(w >>> 3) + 1] = y2;
    }
    let next1 = 0.0;
    let next2 = 0.0;
    for (let k = end - 1; k >= start; k--) {
      const w = work + ((4 * ((k - start) & Index.Mask)) << 3);
      const f = factors + ((Factor.Stride * (k & Index.Mask)) << 3);
      let y1 = f64[(w >>> 3) + 0];
      let y2 = f64[(w >>> 3) + 1];
      if (k + 1 < end) {
        y1 -= f64[(f >>> 3) + Factor.U11] * next1 + f64[(f >>> 3) + Factor.U12] * next2;
        y2 -= f64[(f >>> 3) + Factor.U21] * next1 + f64[(f >>> 3) + Factor.U22] * next2;
      }
      const a = f64[(f >>> 3) + Factor.D11];
      const b = f64[(f >>> 3) + Factor.D12];
      const c = f64[(f >>> 3) + Factor.D22];
      const det = f64[(f >>> 3) + Factor.Det];
      const d1 = (c * y1 - b * y2) / det;
      const d2 = (a * y2 - b * y1) / det;
      const i = i32[(order >>> 2) + k];
      const q1 = rows + (((i & Index.Mask) * Row.Stride + Row.Point0) << 3);
      if (f64[(q1 >>> 3) + Pt.NormalImpulse] + d1 < 0) return false;
      if (
        i32[((meta + (((i & Index.Mask) * Meta.Stride) << 2)) >>> 2) + Meta.PointCount] === 2 &&
        f64[(q1 >>> 3) + (Pt.Stride + Pt.NormalImpulse)] + d2 < 0
      ) {
        return false;
      }
      f64[(w >>> 3) + 2] = d1;
      f64[(w >>> 3) + 3] = d2;
      next1 = d1;
      next2 = d2;
    }
    for (let k = start; k < end; k++) {
      const w = work + ((4 * ((k - start) & Index.Mask)) << 3);
      const i = i32[(order >>> 2) + k];
      const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
      const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
      const two = i32[(m >>> 2) + Meta.PointCount] === 2;
      const d1 = f64[(w >>> 3) + 2];
      const d2 = two ? f64[(w >>> 3) + 3] : 0.0;
      const q1 = r + (Row.Point0 << 3);
      const q2 = r + (Row.Point1 << 3);
      recordPush(rows, meta, v, q1, w, 2, i);
      if (two) recordPush(rows, meta, v, q2, w, 3, i);
      const vA = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotA] & Index.Mask)) << 3);
      const vB = v + ((State.Stride * (i32[(m >>> 2) + Meta.SlotB] & Index.Mask)) << 3);
      const mA = f64[(r >>> 3) + Row.MassA];
      const iA = f64[(r >>> 3) + Row.InvIA];
      const mB = f64[(r >>> 3) + Row.MassB];
      const iB = f64[(r >>> 3) + Row.InvIB];
      const nx = f64[(r >>> 3) + Row.NormalX];
      const ny = f64[(r >>> 3) + Row.NormalY];
      const d = d1 + d2;
      f64[(vA >>> 3) + State.Vx] = f64[(vA >>> 3) + State.Vx] - mA * d * nx;
      f64[(vA >>> 3) + State.Vy] = f64[(vA >>> 3) + State.Vy] - mA * d * ny;
      f64[(vA >>> 3) + State.W] =
        f64[(vA >>> 3) + State.W] -
        iA * (d1 * f64[(q1 >>> 3) + Pt.RnA] + d2 * (two ? f64[(q2 >>> 3) + Pt.RnA] : 0.0));
      f64[(vB >>> 3) + State.Vx] = f64[(vB >>> 3) + State.Vx] + mB * d * nx;
      f64[(vB >>> 3) + State.Vy] = f64[(vB >>> 3) + State.Vy] + mB * d * ny;
      f64[(vB >>> 3) + State.W] =
        f64[(vB >>> 3) + State.W] +
        iB * (d1 * f64[(q1 >>> 3) + Pt.RnB] + d2 * (two ? f64[(q2 >>> 3) + Pt.RnB] : 0.0));
    }
    for (let k = start; k < end; k++)
      solveSoft(rows, meta, v, params, i32[(order >>> 2) + k], mode & Mode.Bias);
    return true;
  }

  /**
   * Each of the `count` chains (chain c at positions chainStart[c]
   * to chainStart[c + 1] - 1 of `order`) solved exactly, or contact by contact when its matrix is
   * singular or its exact solve would pull; the compliance of chains held at both ends in `scalars`.
   */
  function solveChains(
    rows: number,
    meta: number,
    v: number,
    params: number,
    order: number,
    factors: number,
    work: number,
    chainStart: number,
    chainCompliant: number,
    chainSingular: number,
    count: number,
    scalars: number,
    mode: number,
  ): void {
    const compliance = f64[(scalars >>> 3) + Scalar.ChainCompliance];
    for (let c = 0; c < count; c++) {
      const start = i32[(chainStart >>> 2) + c];
      const end = i32[(chainStart >>> 2) + (c + 1)];
      f64[(params >>> 3) + Param.Compliance] = i32[(chainCompliant >>> 2) + c] === 1 ? compliance : 0.0;
      if (
        i32[(chainSingular >>> 2) + c] === 1 ||
        !solveChain(rows, meta, v, params, order, factors, work, start, end, mode)
      ) {
        for (let k = start; k < end; k++) solveSoft(rows, meta, v, params, i32[(order >>> 2) + k], mode);
      }
    }
  }

  /**
   * A push pass: each of the `count` listed contacts whose held flags are clear of `heldMask`, each
   * deeply overlapping point's rigid row on the push velocities (p below),
   * Δλ = -m (pn + bias), clamped so the accumulated push impulse stays ≥ 0. Shallower points are
   * left to the velocity rows (once pushed, a point stays in: its impulse may only fall back to zero).
   */
  function pushPass(pushRows: number, pushInts: number, push: number, count: number, heldMask: number): void {
    for (let k = 0; k < count; k++) {
      const u = pushInts + (((k & Index.Mask) * PushInt.Stride) << 2);
      if ((i32[(u >>> 2) + PushInt.Held] & heldMask) !== 0) continue;
      const w = pushRows + (((k & Index.Mask) * PushRow.Stride) << 3);
      const pA = push + (i32[(u >>> 2) + PushInt.OffsetA] << 3);
      const pB = push + (i32[(u >>> 2) + PushInt.OffsetB] << 3);
      const mA = f64[(w >>> 3) + PushRow.MassA];
      const iA = f64[(w >>> 3) + PushRow.InvIA];
      const mB = f64[(w >>> 3) + PushRow.MassB];
      const iB = f64[(w >>> 3) + PushRow.InvIB];
      const nx = f64[(w >>> 3) + PushRow.NormalX];
      const ny = f64[(w >>> 3) + PushRow.NormalY];
      let pAx = f64[(pA >>> 3) + 0];
      let pAy = f64[(pA >>> 3) + 1];
      let wA = f64[(pA >>> 3) + 2];
      let pBx = f64[(pB >>> 3) + 0];
      let pBy = f64[(pB >>> 3) + 1];
      let wB = f64[(pB >>> 3) + 2];
      for (let j = 0, pc = i32[(u >>> 2) + PushInt.PointCount]; j < pc; j++) {
        const e = w + ((PushRow.Point0 + (j & 1) * (PushRow.Point1 - PushRow.Point0)) << 3);
        const old = f64[(e >>> 3) + PushPt.Impulse];
        if (f64[(e >>> 3) + PushPt.Excess] >= 0 && old === 0) continue;
        const rnA = f64[(e >>> 3) + PushPt.RnA];
        const rnB = f64[(e >>> 3) + PushPt.RnB];
        const pn = (pBx - pAx) * nx + (pBy - pAy) * ny + wB * rnB - wA * rnA;
        const lambda0 = -f64[(e >>> 3) + PushPt.NormalMass] * (pn + f64[(e >>> 3) + PushPt.Bias]);
        const total = old + lambda0 > 0 ? old + lambda0 : 0.0;
        const lambda = total - old;
        f64[(e >>> 3) + PushPt.Impulse] = total;
        pAx -= mA * lambda * nx;
        pAy -= mA * lambda * ny;
        wA -= iA * lambda * rnA;
        pBx += mB * lambda * nx;
        pBy += mB * lambda * ny;
        wB += iB * lambda * rnB;
      }
      f64[(pA >>> 3) + 0] = pAx;
      f64[(pA >>> 3) + 1] = pAy;
      f64[(pA >>> 3) + 2] = wA;
      f64[(pB >>> 3) + 0] = pBx;
      f64[(pB >>> 3) + 1] = pBy;
      f64[(pB >>> 3) + 2] = wB;
    }
  }

  /**
   * What the push passes read of contact i, at list position k: masses, normal, slots and per point
   * the excess s + share, the bias max(pushRate · excess, -maxPush) for a deeper point, the arms and
   * the effective mass; the push impulses start at zero.
   */
  function loadPushRow(
    rows: number,
    meta: number,
    v: number,
    pushRows: number,
    pushInts: number,
    params: number,
    i: number,
    k: number,
    cached: boolean,
  ): void {
    const pushRate = f64[(params >>> 3) + Param.PushRate];
    const maxPush = f64[(params >>> 3) + Param.MaxPush];
    const r = rows + (((i & Index.Mask) * Row.Stride) << 3);
    const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
    const slotA = i32[(m >>> 2) + Meta.SlotA] & Index.Mask;
    const slotB = i32[(m >>> 2) + Meta.SlotB] & Index.Mask;
    const pointCount = i32[(m >>> 2) + Meta.PointCount];
    const vA = v + ((State.Stride * slotA) << 3);
    const vB = v + ((State.Stride * slotB) << 3);
    const w = pushRows + (((k & Index.Mask) * PushRow.Stride) << 3);
    const u = pushInts + (((k & Index.Mask) * PushInt.Stride) << 2);
    i32[(u >>> 2) + PushInt.OffsetA] = 3 * slotA;
    i32[(u >>> 2) + PushInt.OffsetB] = 3 * slotB;
    i32[(u >>> 2) + PushInt.PointCount] = pointCount;
    i32[(u >>> 2) + PushInt.Held] = i32[(m >>> 2) + Meta.Held];
    const nx = f64[(r >>> 3) + Row.NormalX];
    const ny = f64[(r >>> 3) + Row.NormalY];
    f64[(w >>> 3) + PushRow.MassA] = f64[(r >>> 3) + Row.MassA];
    f64[(w >>> 3) + PushRow.InvIA] = f64[(r >>> 3) + Row.InvIA];
    f64[(w >>> 3) + PushRow.MassB] = f64[(r >>> 3) + Row.MassB];
    f64[(w >>> 3) + PushRow.InvIB] = f64[(r >>> 3) + Row.InvIB];
    f64[(w >>> 3) + PushRow.NormalX] = nx;
    f64[(w >>> 3) + PushRow.NormalY] = ny;
    for (let j = 0; j < pointCount; j++) {
      const q = r + ((Row.Point0 + (j & 1) * Pt.Stride) << 3);
      const e = w + ((PushRow.Point0 + (j & 1) * (PushRow.Point1 - PushRow.Point0)) << 3);
      const sep = cached ? f64[(q >>> 3) + Pt.Separation] : measureSeparation(q, vA, vB, nx, ny);
      const excess = sep + f64[(q >>> 3) + Pt.Share];
      let bias = excess < 0 ? pushRate * excess : 0.0;
      if (bias < -maxPush) bias = -maxPush;
      f64[(e >>> 3) + PushPt.Excess] = excess;
      f64[(e >>> 3) + PushPt.Bias] = bias;
      f64[(e >>> 3) + PushPt.RnA] = f64[(q >>> 3) + Pt.RnA];
      f64[(e >>> 3) + PushPt.RnB] = f64[(q >>> 3) + Pt.RnB];
      f64[(e >>> 3) + PushPt.NormalMass] = f64[(q >>> 3) + Pt.NormalMass];
      f64[(e >>> 3) + PushPt.Impulse] = 0;
    }
  }

  /**
   * Lists the contacts the solve found deep (`Meta.Deep` holds the sub-step's stamp), moving pairs
   * first, then those with a still body, each in contact order, loading each ({@link loadPushRow}).
   * Returns how many it listed.
   */
  function gatherPush(
    rows: number,
    meta: number,
    v: number,
    params: number,
    pushRows: number,
    pushInts: number,
    count: number,
    mode: number,
  ): number {
    const stamp = f64[(params >>> 3) + Param.Stamp];
    const cached = (mode & Mode.Cached) !== 0;
    let k = 0;
    for (let i = 0; i < count; i++) {
      const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
      if (
        i32[(m >>> 2) + Meta.Deep] === stamp &&
        i32[(m >>> 2) + Meta.SlotA] !== 0 &&
        i32[(m >>> 2) + Meta.SlotB] !== 0
      ) {
        loadPushRow(rows, meta, v, pushRows, pushInts, params, i, k, cached);
        k++;
      }
    }
    for (let i = 0; i < count; i++) {
      const m = meta + (((i & Index.Mask) * Meta.Stride) << 2);
      if (
        i32[(m >>> 2) + Meta.Deep] === stamp &&
        (i32[(m >>> 2) + Meta.SlotA] === 0 || i32[(m >>> 2) + Meta.SlotB] === 0)
      ) {
        loadPushRow(rows, meta, v, pushRows, pushInts, params, i, k, cached);
        k++;
      }
    }
    return k;
  }

  /**
   * Scales the velocity of the slot at o down to the speed cap in `scalars` (the caller found v · v
   * above its square), direction kept, as Box2D v3 does. A velocity whose square overflows is first
   * divided by its largest component, so that it keeps its direction too; one with a non-finite
   * component is left as it is, for the step's finite check to report.
   */
  function capVelocity(o: number, scalars: number): void {
    const max = f64[(scalars >>> 3) + Scalar.MaxLinearSpeed];
    let vx = f64[(o >>> 3) + State.Vx];
    let vy = f64[(o >>> 3) + State.Vy];
    let vv = vx * vx + vy * vy;
    if (vv === Infinity) {
      const big = Math.max(Math.abs(vx), Math.abs(vy));
      if (big === Infinity) return;
      vx /= big;
      vy /= big;
      vv = vx * vx + vy * vy;
    }
    const scale = max / Math.sqrt(vv);
    f64[(o >>> 3) + State.Vx] = vx * scale;
    f64[(o >>> 3) + State.Vy] = vy * scale;
  }

  /**
   * The velocity update of slots 1 to `slotCount` - 1 over the sub-step h (in `scalars`): v += h a,
   * then v /= 1 + h c (c the damping), then v scaled down to the speed cap (in `scalars`) when faster.
   */
  function integrateVelocities(state: number, motion: number, slotCount: number, scalars: number): void {
    const h = f64[(scalars >>> 3) + Scalar.H];
    const max = f64[(scalars >>> 3) + Scalar.MaxLinearSpeed];
    const max2 = max * max;
    for (let slot = 1; slot < slotCount; slot++) {
      const at = slot & Index.Mask;
      const o = state + ((State.Stride * at) << 3);
      const p = motion + ((Motion.Stride * at) << 3);
      let vx = f64[(o >>> 3) + State.Vx] + h * f64[(p >>> 3) + Motion.Ax];
      let vy = f64[(o >>> 3) + State.Vy] + h * f64[(p >>> 3) + Motion.Ay];
      let w = f64[(o >>> 3) + State.W] + h * f64[(p >>> 3) + Motion.Alpha];
      const linear = f64[(p >>> 3) + Motion.LinearDamping];
      if (linear > 0) {
        const scale = 1 / (1 + h * linear);
        vx *= scale;
        vy *= scale;
      }
      const angular = f64[(p >>> 3) + Motion.AngularDamping];
      if (angular > 0) w *= 1 / (1 + h * angular);
      f64[(o >>> 3) + State.Vx] = vx;
      f64[(o >>> 3) + State.Vy] = vy;
      f64[(o >>> 3) + State.W] = w;
      if (vx * vx + vy * vy > max2) capVelocity(o, scalars);
    }
  }

  /**
   * The position update of slots 1 to `slotCount` - 1 (h and the speed cap in `scalars`): v capped
   * (and kept so), dp += h (v + push), the push dropped, and Δθ += δ = h ω with cos and sin turned by
   * δ. For |δ| < 1/4 cos δ and sin δ are their Taylor series to δ¹⁰ and δ¹¹ (the next terms are below
   * 2e-16 there); a slot turning further goes to `pending` (slot, δ) for the caller's range-reduced
   * turn. With `list`, every turned slot is listed, one turned here with its slot negated. Returns how
   * many are listed.
   */
  function integratePositions(
    state: number,
    push: number,
    slotCount: number,
    scalars: number,
    pending: number,
    list: number,
  ): number {
    const h = f64[(scalars >>> 3) + Scalar.H];
    const max = f64[(scalars >>> 3) + Scalar.MaxLinearSpeed];
    const max2 = max * max;
    let count = 0;
    for (let slot = 1; slot < slotCount; slot++) {
      const at = slot & Index.Mask;
      const o = state + ((State.Stride * at) << 3);
      const u = push + ((3 * at) << 3);
      let vx = f64[(o >>> 3) + State.Vx];
      let vy = f64[(o >>> 3) + State.Vy];
      if (vx * vx + vy * vy > max2) {
        capVelocity(o, scalars);
        vx = f64[(o >>> 3) + State.Vx];
        vy = f64[(o >>> 3) + State.Vy];
      }
      const dpx = f64[(o >>> 3) + State.Dpx] + h * (vx + f64[(u >>> 3) + 0]);
      const dpy = f64[(o >>> 3) + State.Dpy] + h * (vy + f64[(u >>> 3) + 1]);
      const w = f64[(o >>> 3) + State.W] + f64[(u >>> 3) + 2];
      f64[(u >>> 3) + 0] = 0;
      f64[(u >>> 3) + 1] = 0;
      f64[(u >>> 3) + 2] = 0;
      f64[(o >>> 3) + State.Dpx] = dpx;
      f64[(o >>> 3) + State.Dpy] = dpy;
      if (w !== 0) {
        const delta = h * w;
        f64[(o >>> 3) + State.Da] = f64[(o >>> 3) + State.Da] + delta;
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
                (1 -
                  d2 * (1.0 / 20) * (1 - d2 * (1.0 / 42) * (1 - d2 * (1.0 / 72) * (1 - d2 * (1.0 / 110))))));
          const qc = f64[(o >>> 3) + State.Qc];
          const qs = f64[(o >>> 3) + State.Qs];
          f64[(o >>> 3) + State.Qc] = qc * cd - qs * sd;
          f64[(o >>> 3) + State.Qs] = qs * cd + qc * sd;
          if (list !== 0) {
            f64[(pending >>> 3) + 2 * count] = -slot;
            count++;
          }
        } else {
          f64[(pending >>> 3) + 2 * count] = slot;
          f64[(pending >>> 3) + (2 * count + 1)] = delta;
          count++;
        }
      }
    }
    return count;
  }

  /**
   * Writes the layouts' strides and counts as this build sees them, in order, as 32-bit integers at
   * `out` (for a test that compares them with the TypeScript's): State, Motion, Row, Pt, PushRow,
   * PushInt, Factor and Meta strides, then the counts of Param and Scalar. Returns how many.
   */
  function layoutSizes(out: number): number {
    i32[(out >>> 2) + 0] = State.Stride;
    i32[(out >>> 2) + 1] = Motion.Stride;
    i32[(out >>> 2) + 2] = Row.Stride;
    i32[(out >>> 2) + 3] = Pt.Stride;
    i32[(out >>> 2) + 4] = PushRow.Stride;
    i32[(out >>> 2) + 5] = PushInt.Stride;
    i32[(out >>> 2) + 6] = Factor.Stride;
    i32[(out >>> 2) + 7] = Meta.Stride;
    i32[(out >>> 2) + 8] = Param.Count;
    i32[(out >>> 2) + 9] = Scalar.Count;
    return 10;
  }
  return {
    applyRestitution,
    gatherPush,
    integratePositions,
    integrateVelocities,
    layoutSizes,
    pushPass,
    solveChains,
    solveSingles,
    warmStart,
  };
}
