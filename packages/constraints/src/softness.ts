import { cos } from '@lite/math';
import { JOINT_DAMPING_RATIO, JOINT_HERTZ, type SolverSettings } from './settings';

/** The `*At` softness functions' inputs: [f or k, ζ or c, effective mass, dt, (internal) γ m]. @internal */
export const softnessInputs = new Float64Array(5);

/**
 * The coefficients of a soft row (docs/softness.md, after Erin Catto's "Soft Constraints"): a row of
 * effective mass m becomes a spring-damper, and implicit Euler gives
 * λ = (bias - J v - γ λacc) / (K + γ), bias = -(β/dt) C, with γ = 1 / (dt (c + dt k)) (1/kg) and
 * β = dt k / (c + dt k). For a frequency-given spring, massScale = 1 / (1 + γ m) and
 * impulseScale = γ m / (1 + γ m) do not depend on m, which carries over to 2x2 blocks. A new one
 * is a rigid row without position feedback (β = 0, γ = 0).
 */
export class Softness {
  /** β: the fraction of the position error fed back per step (dimensionless). */
  beta = 0;
  /** β / dt, 1/s: bias = -biasRate · C. */
  biasRate = 0;
  /** γ for the effective mass passed in, 1/kg (0 when that mass is 0). */
  gamma = 0;
  /** 1 / (1 + γ m): scales the rigid row's impulse (1 for a rigid row). */
  massScale = 1;
  /** γ m / (1 + γ m): the share of the accumulated impulse taken back each iteration (0 for a rigid row). */
  impulseScale = 0;
  /** The damping rate c / m (1/s) last matched, kept with the frequency, ratio and step it was for. */
  dampingRate = 0;
  /** The frequency {@link Softness.dampingRate} was matched for, Hz (NaN: none yet). */
  matchedFrequency = Number.NaN;
  /** The damping ratio {@link Softness.dampingRate} was matched for. */
  matchedDampingRatio = Number.NaN;
  /** The step {@link Softness.dampingRate} was matched for, s. */
  matchedDt = Number.NaN;

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
 * Soft-row coefficients from a frequency and damping ratio: k = m ω², c = m · {@link dampingRate}
 * (about 2 m ζ ω, matched so the discrete oscillation keeps the frequency), γ and β as in
 * {@link Softness}. A frequency of 0 (or dt = 0) is no spring (massScale 0, impulseScale 1).
 * Allocation-free.
 *
 * @param effectiveMass - m = 1/K of the row, kg (only `gamma` depends on it)
 */
export function softnessFromFrequency(
  out: Softness,
  frequencyHz: number,
  dampingRatio: number,
  effectiveMass: number,
  dt: number,
): Softness {
  setInputs(frequencyHz, dampingRatio, effectiveMass, dt);
  return softnessFromFrequencyAt(out);
}

/** {@link softnessFromFrequency} with no number passed (inputs in {@link softnessInputs}). @internal */
export function softnessFromFrequencyAt(out: Softness): Softness {
  const v = softnessInputs;
  const dt = v[3];
  const omega = 2 * Math.PI * v[0];
  // Divide k and c by m: a = c/m + dt k/m, with c/m the frequency-matched damping rate (nominally
  // 2ζω) and k/m = ω².
  matchDampingRateAt(out);
  const a = out.dampingRate + dt * omega * omega;
  v[4] = dt * a > 0 ? 1 / (dt * a) : Number.POSITIVE_INFINITY;
  out.beta = a > 0 ? (dt * omega * omega) / a : 0;
  out.biasRate = a > 0 ? (omega * omega) / a : 0;
  setScales(out);
  return out;
}

/**
 * Brings `out.dampingRate` up to date for the frequency, damping ratio and dt in
 * {@link softnessInputs} (entries 0, 1 and 3): {@link dampingRate}, recomputed only when one of
 * them changed. @internal
 */
export function matchDampingRateAt(out: Softness): void {
  const v = softnessInputs;
  if (out.matchedFrequency === v[0] && out.matchedDampingRatio === v[1] && out.matchedDt === v[3]) return;
  out.matchedFrequency = v[0];
  out.matchedDampingRatio = v[1];
  out.matchedDt = v[3];
  out.dampingRate = dampingRate(2 * Math.PI * v[0], v[1], v[3]);
}

/**
 * Soft-row coefficients from a stiffness k (N/m) and damping c (N s/m), used as given:
 * γ = 1 / (dt (c + dt k)), β = dt k / (c + dt k); the frequency then depends on the effective mass.
 * Allocation-free.
 */
export function softnessFromSpring(
  out: Softness,
  stiffness: number,
  damping: number,
  effectiveMass: number,
  dt: number,
): Softness {
  setInputs(stiffness, damping, effectiveMass, dt);
  return softnessFromSpringAt(out);
}

/** {@link softnessFromSpring} with no number passed (inputs in {@link softnessInputs}). @internal */
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
 * The damping rate c / m (1/s) that makes a soft row's implicit-Euler oscillation keep the asked
 * frequency with k = m ω² exact (docs/softness.md, "Keeping the frequency"): α = h c / m =
 * 2 (√(s⁴ - s² + c² x²) - s²) for x = ωh, c = cos θ, θ = ωh √(1 - ζ²). The nominal 2ζω when there
 * is nothing to match (ζ ≥ 1, ω = 0) or no such α.
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

/** Puts a spring's two numbers, the row's effective mass and the step into {@link softnessInputs}. */
function setInputs(a: number, b: number, effectiveMass: number, dt: number): void {
  softnessInputs[0] = a;
  softnessInputs[1] = b;
  softnessInputs[2] = effectiveMass;
  softnessInputs[3] = dt;
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
 * Box2D-Lite's softness term, 1 / (c + dt k) = γ · dt: exactly the γ of the spring k / dt, c / dt.
 * Kept so the difference can be tested.
 */
export function box2dLiteSoftness(stiffness: number, damping: number, dt: number): number {
  return 1 / (damping + dt * stiffness);
}

/**
 * {@link Softness.setRigid} with Baumgarte's β (`settings.baumgarte`, 0 with position correction
 * off) over the dt in {@link softnessInputs} (entry 3), written out: β passed to `setRigid` was boxed
 * whenever V8 did not inline it (docs/performance.md, Boxed numbers). @internal
 */
export function baumgarteSoftnessAt(out: Softness, settings: SolverSettings): void {
  const beta = settings.positionCorrection ? settings.baumgarte : 0;
  const dt = softnessInputs[3];
  out.beta = beta;
  out.biasRate = dt > 0 ? beta / dt : 0;
  out.gamma = 0;
  out.massScale = 1;
  out.impulseScale = 0;
}

/**
 * The soft step's coefficients for a rigid joint row (Box2D v3's joint softness): a spring of
 * `settings.jointHertz` (at most a quarter of 1 / dt) and `settings.jointDampingRatio`, for a row of
 * the effective mass and dt in {@link softnessInputs} (entries 2 and 3, as the joints' prepares leave
 * them), into `out` (returned). No number is passed: one the caller computed would be boxed whenever
 * V8 does not inline this (see docs/performance.md, Boxed numbers). Allocation-free. @internal
 */
export function rigidRowSoftnessAt(out: Softness, settings: SolverSettings): Softness {
  const numbers = settings.jointNumbers;
  const hertz = numbers[JOINT_HERTZ];
  const dt = softnessInputs[3];
  const cap = dt > 0 ? 0.25 / dt : hertz;
  softnessInputs[0] = hertz < cap ? hertz : cap;
  softnessInputs[1] = numbers[JOINT_DAMPING_RATIO];
  return softnessFromFrequencyAt(out);
}
