// The body states' velocity and position updates of a sub-step.
import { Index, Motion, Scalar, State } from '../src/layout';
import { F, setF } from './memory';

/**
 * Scales the velocity of the slot at o down to the speed cap in `scalars` (the caller found v · v
 * above its square), direction kept, as Box2D v3 does. A velocity whose square overflows is first
 * divided by its largest component, so that it keeps its direction too; one with a non-finite
 * component is left as it is, for the step's finite check to report.
 */
function capVelocity(o: usize, scalars: usize): void {
  const max = F(scalars, Scalar.MaxLinearSpeed);
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

/**
 * The velocity update of slots 1 to `slotCount` - 1 over the sub-step h (in `scalars`): v += h a,
 * then v /= 1 + h c (c the damping), then v scaled down to the speed cap (in `scalars`) when faster.
 */
export function integrateVelocities(state: usize, motion: usize, slotCount: i32, scalars: usize): void {
  const h = F(scalars, Scalar.H);
  const max = F(scalars, Scalar.MaxLinearSpeed);
  const max2 = max * max;
  for (let slot = 1; slot < slotCount; slot++) {
    const at = slot & Index.Mask;
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
export function integratePositions(
  state: usize,
  push: usize,
  slotCount: i32,
  scalars: usize,
  pending: usize,
  list: i32,
): i32 {
  const h = F(scalars, Scalar.H);
  const max = F(scalars, Scalar.MaxLinearSpeed);
  const max2 = max * max;
  let count = 0;
  for (let slot = 1; slot < slotCount; slot++) {
    const at = slot & Index.Mask;
    const o = state + (<usize>(State.Stride * at) << 3);
    const u = push + (<usize>(3 * at) << 3);
    let vx = F(o, State.Vx);
    let vy = F(o, State.Vy);
    if (vx * vx + vy * vy > max2) {
      capVelocity(o, scalars);
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
        if (list != 0) {
          setF(pending, 2 * count, <f64>-slot);
          count++;
        }
      } else {
        setF(pending, 2 * count, <f64>slot);
        setF(pending, 2 * count + 1, delta);
        count++;
      }
    }
  }
  return count;
}
