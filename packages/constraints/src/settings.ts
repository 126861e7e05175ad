import { ConstraintError } from './errors';

/** The options accepted by the {@link SolverSettings} constructor: any subset of its fields. */
export interface SolverSettingsOptions {
  /** See {@link SolverSettings.accumulateImpulses} (default true). */
  accumulateImpulses?: boolean;
  /** See {@link SolverSettings.warmStarting} (default true). */
  warmStarting?: boolean;
  /** See {@link SolverSettings.positionCorrection} (default true). */
  positionCorrection?: boolean;
  /** See {@link SolverSettings.blockSolver} (default true). */
  blockSolver?: boolean;
  /** See {@link SolverSettings.relax} (default true). */
  relax?: boolean;
  /** See {@link SolverSettings.splitImpulses} (default false). */
  splitImpulses?: boolean;
  /** See {@link SolverSettings.jointChains} (default true). */
  jointChains?: boolean;
  /** See {@link SolverSettings.baumgarte} (default 0.2). */
  baumgarte?: number;
  /** See {@link SolverSettings.linearSlop} (default 0.01 m). */
  linearSlop?: number;
  /** See {@link SolverSettings.restitutionThreshold} (default 1 m/s). */
  restitutionThreshold?: number;
}

/**
 * The solver's live switches and tuning constants. They are read at every prepare and solve call,
 * so flipping one between steps takes effect at the next step (the demo wires them to keys, as
 * Box2D-Lite does, so people can see what each technique buys).
 */
export class SolverSettings {
  /**
   * Clamp the accumulated impulse of each contact row rather than the impulse of each iteration
   * (Box2D-Lite's `accumulateImpulses`). Off: every iteration's normal impulse is clamped at zero on
   * its own and its friction by μ times that iteration's normal impulse, and nothing warm starts.
   */
  accumulateImpulses: boolean;
  /** Start each step from the impulses of the previous step (contacts matched by feature key). */
  warmStarting: boolean;
  /**
   * Feed position error back as a velocity bias (Baumgarte) and run the joints' position pass. Off:
   * penetration and joint drift are left alone.
   */
  positionCorrection: boolean;
  /** Solve the two normal rows of a two-point manifold together as a 2x2 LCP (else one at a time). */
  blockSolver: boolean;
  /**
   * Let `relaxContacts` (a pass after the position update) take back the velocity the Baumgarte
   * bias left, so position correction does not make bodies pop apart. Only acts when the step calls
   * `relaxContacts`; Box2D-Lite has no such pass.
   */
  relax: boolean;
  /**
   * Split impulses (docs/contacts.md): push penetrating contacts apart with pseudo-velocities that move the
   * bodies in this step's position update and are then dropped, instead of feeding Baumgarte's bias
   * into the real velocities. Position correction then adds no momentum, so a deep penetration
   * (the bottom of a tall column) cannot turn into a launch. Needs a step that runs
   * `ContactSolver.solvePositions` and `applyPseudoVelocities` (`@lite/world` does). Off by default:
   * Box2D-Lite's Baumgarte, with the relax pass.
   */
  splitImpulses: boolean;
  /**
   * Solve chains of rigid revolute joints (pins), and chains of welds, as one block each, exactly (a
   * block-tridiagonal solve of their rows in every velocity iteration and a Newton step in every
   * joint position pass), so heavy weights on light links hold together and welded beams keep their
   * shape. Off: every pin and weld is solved on its own by Gauss-Seidel, as in Box2D-Lite.
   */
  jointChains: boolean;
  /** Baumgarte factor β: the fraction of the position error removed per step (0.2). */
  baumgarte: number;
  /** Penetration allowed without correction, m (0.01). */
  linearSlop: number;
  /** Restitution applies only when the contact approaches faster than this, m/s (1). */
  restitutionThreshold: number;

  /**
   * @param options - fields to override; the defaults are those of Box2D-Lite (all techniques on,
   *   β = 0.2, slop 0.01 m) plus the block solver, joint chains and a restitution threshold of 1 m/s.
   * @throws ConstraintError when a number is negative or not finite, or β is above 1
   */
  constructor(options: SolverSettingsOptions = {}) {
    this.accumulateImpulses = options.accumulateImpulses ?? true;
    this.warmStarting = options.warmStarting ?? true;
    this.positionCorrection = options.positionCorrection ?? true;
    this.blockSolver = options.blockSolver ?? true;
    this.relax = options.relax ?? true;
    this.splitImpulses = options.splitImpulses ?? false;
    this.jointChains = options.jointChains ?? true;
    this.baumgarte = options.baumgarte ?? 0.2;
    this.linearSlop = options.linearSlop ?? 0.01;
    this.restitutionThreshold = options.restitutionThreshold ?? 1;
    this.validate();
  }

  /**
   * Checks every field (useful after changing them by hand); returns this.
   * @throws ConstraintError naming the first bad field and its value
   */
  validate(): this {
    if (!(Number.isFinite(this.baumgarte) && this.baumgarte >= 0 && this.baumgarte <= 1)) {
      throw new ConstraintError('baumgarte', this.baumgarte, 'must be a finite number in [0, 1]');
    }
    // Checked in place: passing a number field's value to a function the JIT does not inline boxes
    // it, and this runs at every step.
    if (!(this.linearSlop >= 0 && this.linearSlop < Number.POSITIVE_INFINITY)) {
      throw new ConstraintError('linearSlop', this.linearSlop, 'must be a finite number >= 0');
    }
    if (!(this.restitutionThreshold >= 0 && this.restitutionThreshold < Number.POSITIVE_INFINITY)) {
      throw new ConstraintError(
        'restitutionThreshold',
        this.restitutionThreshold,
        'must be a finite number >= 0',
      );
    }
    return this;
  }
}
