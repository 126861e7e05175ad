import { LENGTH_UNITS } from '@lite/math';
import { ConstraintError } from './errors';

/** The names of the solver's settings (every public field of {@link SolverSettings} that is a setting). */
export type SolverKey = Exclude<keyof SolverSettings, 'jointNumbers' | 'validate'>;
/** The fields the {@link SolverSettings} constructor takes, in the order it sets them. */
const SOLVER_KEYS = (
  'accumulateImpulses warmStarting positionCorrection blockSolver relax splitImpulses jointChains ' +
  'baumgarte linearSlop restitutionThreshold jointHertz jointDampingRatio'
).split(' ') as SolverKey[];

/** The settings that are switches (booleans). */
const TOGGLES = SOLVER_KEYS.slice(0, 7);

/** The options accepted by the {@link SolverSettings} constructor: any subset of its fields. */
export type SolverSettingsOptions = Partial<Pick<SolverSettings, SolverKey>>;

/** Where {@link SolverSettings.jointNumbers} keeps `jointHertz`. @internal */
export const JOINT_HERTZ = 0;
/** Where {@link SolverSettings.jointNumbers} keeps `jointDampingRatio`. @internal */
export const JOINT_DAMPING_RATIO = 1;

/**
 * The solver's live switches and tuning constants, read at every prepare and solve, so a change
 * between steps acts at the next. Each is checked when set; a refused value leaves the old one.
 */
export class SolverSettings {
  // The toggles' values, behind the accessors the static block defines.
  protected accumulateImpulsesValue = true;
  protected warmStartingValue = true;
  protected positionCorrectionValue = true;
  protected blockSolverValue = true;
  protected relaxValue = true;
  protected splitImpulsesValue = false;
  protected jointChainsValue = true;
  private baumgarteValue = 0.2;
  // Lengths and speeds default to their values in metres times the length unit.
  private linearSlopValue = 0.01 * LENGTH_UNITS[0];
  private restitutionThresholdValue = 1 * LENGTH_UNITS[0];
  /**
   * `jointHertz` and `jointDampingRatio` (at {@link JOINT_HERTZ}, {@link JOINT_DAMPING_RATIO}), which
   * the joints' prepares read directly (docs/performance.md, "Boxed numbers"). @internal
   */
  readonly jointNumbers = new Float64Array([60, 5]);

  /**
   * @param options - fields to override; the defaults are those of Box2D-Lite (all techniques on,
   *   β = 0.2, slop 0.01 m) plus the block solver, joint chains and a restitution threshold of 1 m/s.
   * @throws ConstraintError naming the first bad field: a toggle that is not a boolean, a number
   *   that is negative or not finite, β outside [0, 1]
   */
  constructor(options: SolverSettingsOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new ConstraintError('options', options, 'must be an options object');
    }
    const given = options as Record<string, unknown>;
    for (const key of SOLVER_KEYS)
      if (given[key] !== undefined) (this as Record<string, unknown>)[key] = given[key];
  }

  /**
   * Clamp each contact row's accumulated impulse rather than each iteration's (Box2D-Lite's
   * `accumulateImpulses`). Off: each iteration is clamped on its own, and nothing warm starts.
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare accumulateImpulses: boolean;

  /**
   * Start each step from the impulses of the previous step (contacts matched by feature key).
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare warmStarting: boolean;

  /**
   * Feed position error back as a velocity bias (Baumgarte) and run the joints' position pass. Off:
   * penetration and joint drift are left alone.
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare positionCorrection: boolean;

  /**
   * Solve the two normal rows of a two-point manifold together as a 2x2 LCP (else one at a time).
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare blockSolver: boolean;

  /**
   * Let `relaxContacts` (after the position update) take back the velocity the Baumgarte bias left,
   * so position correction does not make bodies pop apart.
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare relax: boolean;

  /**
   * Split impulses (docs/contacts.md): push overlaps apart with pseudo-velocities used by this step's
   * position update and then dropped, so position correction adds no momentum. Needs a step running
   * `ContactSolver.solvePositions` and `applyPseudoVelocities`. Off by default.
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare splitImpulses: boolean;

  /**
   * Solve chains of rigid pins, and of welds, exactly as one block each, so heavy weights on light
   * links hold together and welded beams keep their shape. Off: Gauss-Seidel, as in Box2D-Lite.
   * @throws ConstraintError (a WorldError for a world's settings) when set to a non-boolean
   */
  declare jointChains: boolean;

  /**
   * Baumgarte factor β: the fraction of the position error removed per step (0.2).
   * @throws ConstraintError (a WorldError for a world's settings) when set outside [0, 1]
   */
  get baumgarte(): number {
    return this.baumgarteValue;
  }
  set baumgarte(value: number) {
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
      this.refuse('baumgarte', value, 'must be a finite number in [0, 1]');
    }
    this.baumgarteValue = value;
  }

  /**
   * Penetration allowed without correction, m (0.01).
   * @throws ConstraintError (a WorldError for a world's settings) unless set to a finite number >= 0
   */
  get linearSlop(): number {
    return this.linearSlopValue;
  }
  set linearSlop(value: number) {
    if (typeof value !== 'number' || !(value >= 0 && value < Number.POSITIVE_INFINITY)) {
      this.refuse('linearSlop', value, 'must be a finite number >= 0');
    }
    this.linearSlopValue = value;
  }

  /**
   * Restitution applies only when the contact approaches faster than this, m/s (1).
   * @throws ConstraintError (a WorldError for a world's settings) unless set to a finite number >= 0
   */
  get restitutionThreshold(): number {
    return this.restitutionThresholdValue;
  }
  set restitutionThreshold(value: number) {
    if (typeof value !== 'number' || !(value >= 0 && value < Number.POSITIVE_INFINITY)) {
      this.refuse('restitutionThreshold', value, 'must be a finite number >= 0');
    }
    this.restitutionThresholdValue = value;
  }

  /**
   * Soft step: the frequency, Hz, of the spring replacing Baumgarte's bias on rigid revolute and
   * distance rows (default 60, as Box2D v3; capped at a quarter of the sub-step rate).
   * @throws ConstraintError (a WorldError for a world's settings) unless set to a finite number > 0
   */
  get jointHertz(): number {
    return this.jointNumbers[JOINT_HERTZ];
  }
  set jointHertz(value: number) {
    if (typeof value !== 'number' || !(value > 0 && value < Number.POSITIVE_INFINITY)) {
      this.refuse('jointHertz', value, 'must be a finite number > 0');
    }
    this.jointNumbers[JOINT_HERTZ] = value;
  }

  /**
   * Soft step: the damping ratio of the rigid joint rows' spring (see {@link SolverSettings.jointHertz};
   * default 5, overdamped, as Box2D v3: with 2 a ragdoll down stairs overshot its limits twice as far).
   * @throws ConstraintError (a WorldError for a world's settings) unless set to a finite number >= 0
   */
  get jointDampingRatio(): number {
    return this.jointNumbers[JOINT_DAMPING_RATIO];
  }
  set jointDampingRatio(value: number) {
    if (typeof value !== 'number' || !(value >= 0 && value < Number.POSITIVE_INFINITY)) {
      this.refuse('jointDampingRatio', value, 'must be a finite number >= 0');
    }
    this.jointNumbers[JOINT_DAMPING_RATIO] = value;
  }

  /**
   * Returns this, unchanged: every setter checks its value when it is set.
   * @deprecated the setters check; nothing to call
   */
  validate(): this {
    return this;
  }

  /** Throws a refused setting's error: a ConstraintError naming `argument` (a subclass's own error). */
  protected refuse(argument: string, value: unknown, reason: string): never {
    throw new ConstraintError(argument, value, reason);
  }

  static {
    // The toggles' accessors: each reads its `<name>Value` field and refuses a value not a boolean.
    for (const name of TOGGLES) {
      const key = `${name}Value`;
      Object.defineProperty(SolverSettings.prototype, name, {
        configurable: true,
        get(this: Record<string, boolean>): boolean {
          return this[key];
        },
        set(this: SolverSettings, value: unknown) {
          if (typeof value !== 'boolean') this.refuse(name, value, 'must be a boolean');
          (this as unknown as Record<string, boolean>)[key] = value as boolean;
        },
      });
    }
  }
}
