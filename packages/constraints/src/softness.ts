import { cos } from '@lite/math';
import { JOINT_DAMPING_RATIO, JOINT_HERTZ, type SolverSettings } from './settings';

/**
 * The inputs of {@link softnessFromFrequencyAt} and {@link softnessFromSpringAt}: [f or k, ζ or c,
 * effective mass, dt, and (internally) γ m]. @internal
 */
export const softnessInputs = new Float64Array(5);

/**
 * Soft constraints from a frequency and a damping ratio, by the implicit-Euler derivation in
 * docs/softness.md (after Erin Catto, "Soft Constraints", GDC 2011).
 *
 * A constraint row with effective mass m = 1/K becomes a spring-damper F = -k C - c Ċ with
 * k = m ω², c = 2 m ζ ω, ω = 2π f. Implicit Euler over one step with the impulse λ = dt F gives
 *
 * ```
 * m (Ċ₂ - Ċ₁) = λ = -dt k (C₁ + dt Ċ₂) - dt c Ċ₂
 * =>  Ċ₂ + γ λ + (β / dt) C₁ = 0,   γ = 1 / (dt (c + dt k)),   β = dt k / (c + dt k)
 * ```
 *
 * and the solver's row λ = (bias - J v - γ λacc) / (K + γ) with bias = -(β/dt) C. Units: γ λ must
 * be a velocity, so γ is in 1/kg. Box2D-Lite's bridge demo writes softness = 1 / (c + dt k), which
 * is γ dt: one factor dt off (see {@link box2dLiteSoftness}).
 *
 * For a spring given by its frequency, γ m = 1 / (dt ω (2ζ + dt ω)) and β = dt ω / (2ζ + dt ω) do
 * not depend on m. The same row can then be written without K + γ:
 * λ = massScale · m (bias - J v) - impulseScale · λacc with massScale = 1 / (1 + γ m) and
 * impulseScale = γ m / (1 + γ m). That form carries over to 2x2 blocks (the revolute and mouse
 * joints): massScale · K⁻¹ (bias - J v) - impulseScale · λacc is the row with γ = (γ m) K, so every
 * mode of the block oscillates at the given frequency whatever its effective mass.
 */
export class Softness {
  /** β: the fraction of the position error fed back per step (dimensionless). */
  beta: number;
  /** β / dt, 1/s: bias = -biasRate · C. */
  biasRate: number;
  /** γ for the effective mass passed in, 1/kg (0 when that mass is 0). */
  gamma: number;
  /** 1 / (1 + γ m): scales the rigid row's impulse (1 for a rigid row). */
  massScale: number;
  /** γ m / (1 + γ m): the share of the accumulated impulse taken back each iteration (0 for a rigid row). */
  impulseScale: number;
  /**
   * The damping rate c / m that {@link softnessFromFrequency} last matched (see {@link dampingRate}),
   * 1/s, kept with the frequency, damping ratio and step it was matched for: a joint's spring
   * rarely changes, so the match is computed once, not every step.
   */
  dampingRate: number;
  /** The frequency {@link Softness.dampingRate} was matched for, Hz (NaN: none yet). */
  matchedFrequency: number;
  /** The damping ratio {@link Softness.dampingRate} was matched for. */
  matchedDampingRatio: number;
  /** The step {@link Softness.dampingRate} was matched for, s. */
  matchedDt: number;

  /** The coefficients of a rigid row without position feedback (β = 0, γ = 0). */
  constructor() {
    this.beta = 0;
    this.biasRate = 0;
    this.gamma = 0;
    this.massScale = 1;
    this.impulseScale = 0;
    this.dampingRate = 0;
    this.matchedFrequency = Number.NaN;
    this.matchedDampingRatio = Number.NaN;
    this.matchedDt = Number.NaN;
  }

  /** Sets the coefficients of a rigid row with Baumgarte factor `beta` over the step `dt`; returns this. */
  setRigid(beta: number, dt: number): this {
    this.beta = beta;
    this.biasRate = dt > 0 ? beta / dt : 0;
    this.gamma = 0;
    this.massScale = 1;
    this.impulseScale = 0;
    return this;
  }
}

/**
 * Soft-row coefficients from a frequency and damping ratio: k = m ω², c = m · dampingRate (about
 * 2 m ζ ω; see {@link dampingRate}, which makes the discrete oscillation keep the frequency),
 * γ = 1 / (dt (c + dt k)), β = dt k / (c + dt k). A frequency of 0 (or dt = 0) is the limit
 * k = c = 0: no spring at all (massScale 0, impulseScale 1). Allocates nothing.
 *
 * @param out - receives the coefficients
 * @param frequencyHz - f, Hz (>= 0)
 * @param dampingRatio - ζ (>= 0; 1 is critical damping)
 * @param effectiveMass - m = 1/K of the row, kg (only `gamma` depends on it)
 * @param dt - the time step, s
 * @returns out
 */
export function softnessFromFrequency(
  out: Softness,
  frequencyHz: number,
  dampingRatio: number,
  effectiveMass: number,
  dt: number,
): Softness {
  const v = softnessInputs;
  v[0] = frequencyHz;
  v[1] = dampingRatio;
  v[2] = effectiveMass;
  v[3] = dt;
  return softnessFromFrequencyAt(out);
}

/**
 * {@link softnessFromFrequency} for the joints' prepares, with no number passed: reads f, ζ, the
 * effective mass and dt from {@link softnessInputs}[0..3] (a double passed to a call V8 does not
 * inline is boxed: an allocation per joint per step). @internal
 */
export function softnessFromFrequencyAt(out: Softness): Softness {
  const v = softnessInputs;
  const frequencyHz = v[0];
  const dampingRatio = v[1];
  const dt = v[3];
  const omega = 2 * Math.PI * frequencyHz;
  // Divide k and c by m: a = c/m + dt k/m, with c/m the frequency-matched damping rate (nominally
  // 2ζω) and k/m = ω².
  if (
    !(
      out.matchedFrequency === frequencyHz &&
      out.matchedDampingRatio === dampingRatio &&
      out.matchedDt === dt
    )
  ) {
    out.matchedFrequency = frequencyHz;
    out.matchedDampingRatio = dampingRatio;
    out.matchedDt = dt;
    out.dampingRate = dampingRate(omega, dampingRatio, dt);
  }
  const a = out.dampingRate + dt * omega * omega;
  v[4] = dt * a > 0 ? 1 / (dt * a) : Number.POSITIVE_INFINITY;
  out.beta = a > 0 ? (dt * omega * omega) / a : 0;
  out.biasRate = a > 0 ? (omega * omega) / a : 0;
  setScales(out);
  return out;
}

/**
 * Soft-row coefficients from a stiffness k (N/m) and a damping coefficient c (N s/m), the joints'
 * stiffness form: γ = 1 / (dt (c + dt k)), β = dt k / (c + dt k), used as given (no frequency
 * matching). Unlike {@link softnessFromFrequency}, the frequency then depends on the effective mass:
 * ω = √(k m⁻¹) for m = 1/K. (Box2D-Lite's bridge and chain demos compute a k and c of this kind but
 * pass 1 / (c + dt k) as γ; the spring they really make is k / dt, c / dt: see
 * {@link box2dLiteSoftness}.) Allocates nothing.
 *
 * @param out - receives the coefficients
 * @param stiffness - k, N/m (>= 0)
 * @param damping - c, N s/m (>= 0)
 * @param effectiveMass - m = 1/K of the row, kg
 * @param dt - the time step, s
 * @returns out
 */
export function softnessFromSpring(
  out: Softness,
  stiffness: number,
  damping: number,
  effectiveMass: number,
  dt: number,
): Softness {
  const v = softnessInputs;
  v[0] = stiffness;
  v[1] = damping;
  v[2] = effectiveMass;
  v[3] = dt;
  return softnessFromSpringAt(out);
}

/**
 * {@link softnessFromSpring} for the joints' prepares, with no number passed: reads k, c, the
 * effective mass and dt from {@link softnessInputs}[0..3]. @internal
 */
export function softnessFromSpringAt(out: Softness): Softness {
  const v = softnessInputs;
  const stiffness = v[0];
  const damping = v[1];
  const dt = v[3];
  const a = damping + dt * stiffness;
  const gamma = dt * a > 0 ? 1 / (dt * a) : Number.POSITIVE_INFINITY;
  out.beta = a > 0 ? (dt * stiffness) / a : 0;
  out.biasRate = a > 0 ? stiffness / a : 0;
  v[4] = gamma * v[2];
  setScales(out);
  return out;
}

/**
 * The damping rate c / m to build a soft row with, so that its implicit-Euler oscillation has the
 * frequency asked for while its stiffness k = m ω² (and so its static sag) stays exact.
 *
 * Per unit effective mass, with h the step, x = ωh and α = h c / m, one step of the soft row is
 * v₂ = (v₁ - h ω² C₁) / (1 + α + x²), C₂ = C₁ + h v₂. That map's eigenvalues λ have
 * |λ|² = 1 / (1 + α + x²) and cos arg λ = (2 + α) / (2 √(1 + α + x²)). With the nominal
 * α = 2ζx the discrete motion turns slower than the continuous one (undamped: arctan ωh per step
 * instead of ωh, 3% slow at 3 Hz and 60 Hz) and loses amplitude even when ζ = 0. Asking
 * cos arg λ = c for the continuous angle θ = ωh √(1 - ζ²), c = cos θ, s² = 1 - c²:
 *
 * ```
 * α² + 4 s² α + 4 (s² - c² x²) = 0   =>   α = 2 (√(s⁴ - s² + c² x²) - s²)
 * ```
 *
 * which is less than 2ζx (the implicit step's own damping takes the place of part of the
 * damper's) and may be negative for a lightly damped spring; the step stays stable while
 * α + x² > 0 (|λ| < 1). The damping ratio therefore comes out approximately, the frequency exactly.
 * Returns the nominal 2ζω when there is no oscillation to match (ζ >= 1, ω = 0) or no such α (a
 * spring too stiff for the step). In 1/s.
 */
export function dampingRate(omega: number, dampingRatio: number, dt: number): number {
  const nominal = 2 * dampingRatio * omega;
  if (!(omega > 0 && dt > 0 && dampingRatio < 1)) return nominal;
  const x = omega * dt;
  const theta = x * Math.sqrt(1 - dampingRatio * dampingRatio);
  if (!(theta < Math.PI / 2)) return nominal;
  const c = cos(theta);
  const s2 = 1 - c * c;
  const discriminant = s2 * s2 - s2 + c * c * x * x;
  if (!(discriminant >= 0)) return nominal;
  const alpha = 2 * (Math.sqrt(discriminant) - s2);
  if (!(alpha + x * x > 0)) return nominal;
  return alpha / dt;
}

function setScales(out: Softness): void {
  const gammaMass = softnessInputs[4];
  const effectiveMass = softnessInputs[2];
  if (gammaMass === Number.POSITIVE_INFINITY || Number.isNaN(gammaMass)) {
    out.gamma = effectiveMass > 0 ? Number.POSITIVE_INFINITY : 0;
    out.massScale = 0;
    out.impulseScale = 1;
    return;
  }
  out.gamma = effectiveMass > 0 ? gammaMass / effectiveMass : 0;
  out.massScale = 1 / (1 + gammaMass);
  out.impulseScale = gammaMass / (1 + gammaMass);
}

/**
 * Box2D-Lite's softness term, 1 / (c + dt k), for comparison: it equals γ · dt, so used in place of
 * γ it makes a joint stiffer than the spring it was given. It is exactly the γ of the spring
 * k' = k / dt, c' = c / dt (with the same β = dt k / (c + dt k)), which is how the joints'
 * stiffness form ({@link softnessFromSpring}) reproduces Box2D-Lite's demos. Documented so the
 * difference can be tested.
 */
export function box2dLiteSoftness(stiffness: number, damping: number, dt: number): number {
  return 1 / (damping + dt * stiffness);
}

/**
 * The soft step's coefficients for a rigid joint row (Box2D v3's joint softness): a spring of
 * `settings.jointHertz`, capped at a quarter of the sub-step rate 1 / dt, and
 * `settings.jointDampingRatio`, over `dt`, for a row of effective mass `effectiveMass` (kg; only
 * `gamma` depends on it). Writes `out` and returns it. Allocates nothing. @internal
 */
export function rigidRowSoftness(
  out: Softness,
  effectiveMass: number,
  dt: number,
  settings: SolverSettings,
): Softness {
  const numbers = settings.jointNumbers;
  const hertz = numbers[JOINT_HERTZ];
  const cap = dt > 0 ? 0.25 / dt : hertz;
  softnessInputs[0] = hertz < cap ? hertz : cap;
  softnessInputs[1] = numbers[JOINT_DAMPING_RATIO];
  softnessInputs[2] = effectiveMass;
  softnessInputs[3] = dt;
  return softnessFromFrequencyAt(out);
}
