import { Ctx } from './layout';

/**
 * What {@link SoftStepContext.set} reads: `@lite/world`'s settings have these fields.
 */
export interface SoftStepSettings {
  /** Sub-steps per step. */
  readonly substeps: number;
  /** The contacts' spring frequency, Hz (> 0). */
  readonly contactHertz: number;
  /** The contacts' damping ratio. */
  readonly contactDampingRatio: number;
  /** The fastest a deep overlap is pushed apart, m/s. */
  readonly maxPushVelocity: number;
  /** The fraction of a deep overlap's excess the push pass removes per sub-step. */
  readonly baumgarte: number;
  /** Restitution applies above this approach speed, m/s. */
  readonly restitutionThreshold: number;
  /** Solve two-point manifolds' normal rows together. */
  readonly blockSolver: boolean;
  /** Start from the last step's impulses (with `accumulateImpulses`). */
  readonly warmStarting: boolean;
  /** Accumulate impulses (off: no warm starting either). */
  readonly accumulateImpulses: boolean;
}

/**
 * The soft step's per-step constants, resolved once per step from the settings (Box2D v3's
 * `b2StepContext`): the sub-step h and 1/h, and the contact softness at that h.
 */
export class SoftStepContext {
  /** Solve a two-point manifold's normal rows together. */
  blockSolver = true;
  /** Start each step from the last step's impulses. */
  warmStarting = true;
  /** Sub-steps in the step. */
  substeps = 1;
  /**
   * The numbers (by `Ctx`), in a typed array behind read-only getters, which the solvers' hot paths
   * read directly (docs/performance.md, "Boxed numbers"). @internal
   */
  readonly values = new Float64Array(Ctx.Count);

  /** A context before its first {@link SoftStepContext.set}: h = 0, mass scales 1. */
  constructor() {
    this.values[Ctx.MassScale] = 1;
    this.values[Ctx.StaticMassScale] = 1;
    this.values[Ctx.MaxPushVelocity] = 3;
    this.values[Ctx.RestitutionThreshold] = 1;
  }

  /** The contact spring's angular frequency 2πf between two moving bodies, rad/s. */
  get omega(): number {
    return this.values[Ctx.Omega];
  }
  /** The same against a static or kinematic body (twice the frequency), rad/s. */
  get staticOmega(): number {
    return this.values[Ctx.StaticOmega];
  }
  /** The sub-step, s. */
  get h(): number {
    return this.values[Ctx.H];
  }
  /** 1 / h, 1/s. */
  get invH(): number {
    return this.values[Ctx.InvH];
  }
  /** Contact softness between two moving bodies: bias rate ω / (2ζ + hω), 1/s. */
  get biasRate(): number {
    return this.values[Ctx.BiasRate];
  }
  /** Its mass scale hω(2ζ + hω) / (1 + hω(2ζ + hω)). */
  get massScale(): number {
    return this.values[Ctx.MassScale];
  }
  /** Its impulse scale 1 / (1 + hω(2ζ + hω)). */
  get impulseScale(): number {
    return this.values[Ctx.ImpulseScale];
  }
  /** The same against a static or kinematic body (twice the frequency). */
  get staticBiasRate(): number {
    return this.values[Ctx.StaticBiasRate];
  }
  /** See {@link SoftStepContext.massScale}. */
  get staticMassScale(): number {
    return this.values[Ctx.StaticMassScale];
  }
  /** See {@link SoftStepContext.impulseScale}. */
  get staticImpulseScale(): number {
    return this.values[Ctx.StaticImpulseScale];
  }
  /** The fastest an overlap is pushed apart, m/s. */
  get maxPushVelocity(): number {
    return this.values[Ctx.MaxPushVelocity];
  }
  /** Restitution applies above this approach speed, m/s. */
  get restitutionThreshold(): number {
    return this.values[Ctx.RestitutionThreshold];
  }
  /** The push pass's rate β / h, 1/s: the fraction of a deep overlap's excess removed per sub-step. */
  get pushRate(): number {
    return this.values[Ctx.PushRate];
  }
  /**
   * The relative compliance 1 / a2 of a chain's rows where static or kinematic bodies hold both its
   * ends: the soft row of four times the contact frequency (see `setSoftness`), solved exactly.
   */
  get chainCompliance(): number {
    return this.values[Ctx.ChainCompliance];
  }

  /**
   * Sets the constants for a step of `dt` from `settings` (the contact frequency capped at a quarter
   * of the sub-step rate, twice it against a static body; the push rate `baumgarte` / h). Returns this.
   */
  set(dt: number, settings: SoftStepSettings): this {
    const values = this.values;
    const substeps = settings.substeps;
    const h = dt / substeps;
    this.substeps = substeps;
    values[Ctx.H] = h;
    values[Ctx.InvH] = 1 / h;
    const zeta = settings.contactDampingRatio;
    const f = Math.min(settings.contactHertz, 0.25 * values[Ctx.InvH]);
    // The soft row of frequency f and damping ratio ζ over h (Erin Catto, "Solver2D"): with
    // ω = 2πf, a1 = 2ζ + hω, a2 = hω a1, a3 = 1 / (1 + a2): bias rate ω / a1, mass scale a2 a3,
    // impulse scale a3. A row λ += -m (massScale (vn + biasRate C)) - impulseScale λ is then the
    // implicit Euler step of a spring k = m ω² and damper c = 2 m ζ ω on it, whatever its
    // effective mass m. Against a static body, 2f.
    let omega = 2 * Math.PI * f;
    values[Ctx.Omega] = omega;
    values[Ctx.StaticOmega] = 2 * omega;
    let a1 = 2 * zeta + h * omega;
    let a2 = h * omega * a1;
    values[Ctx.BiasRate] = omega / a1;
    values[Ctx.MassScale] = a2 / (1 + a2);
    values[Ctx.ImpulseScale] = 1 / (1 + a2);
    omega = 4 * Math.PI * f;
    a1 = 2 * zeta + h * omega;
    a2 = h * omega * a1;
    values[Ctx.StaticBiasRate] = omega / a1;
    values[Ctx.StaticMassScale] = a2 / (1 + a2);
    values[Ctx.StaticImpulseScale] = 1 / (1 + a2);
    // A chain's stiff springs: four times the contact frequency, as a compliance 1 / a2.
    omega = 8 * Math.PI * f;
    values[Ctx.ChainCompliance] = 1 / (h * omega * (2 * zeta + h * omega));
    values[Ctx.MaxPushVelocity] = settings.maxPushVelocity;
    values[Ctx.PushRate] = settings.baumgarte * values[Ctx.InvH];
    values[Ctx.RestitutionThreshold] = settings.restitutionThreshold;
    this.blockSolver = settings.blockSolver;
    this.warmStarting = settings.warmStarting && settings.accumulateImpulses;
    return this;
  }
}
