import { Float64Slab, Vec2 } from '@lite/math';
import type { DistanceJoint } from './distance-joint';
import { ConstraintError, requireFiniteArg, requireNonNegativeArg } from './errors';
import type { RevoluteJoint } from './revolute-joint';
import type { WeldJoint } from './weld-joint';

/** Where a body keeps its numbers in {@link SolverBody.numbers}; from `Own` up, a subclass's. @internal */
// biome-ignore lint/suspicious/noConstEnum: inlined as numbers into the solver's hot loops
export const enum BodyNumber {
  Angle = 0,
  AngularVelocity = 1,
  InvMass = 2,
  InvI = 3,
  /** The first index free for a class that extends {@link SolverBody}. */
  Own = 4,
  /** How many numbers each body has (two 64-byte lines). */
  Length = 16,
}

/** The blocks bodies take their numbers from (see {@link SolverBody.numbers}): 32 bodies a block. */
const bodyNumbers = /* @__PURE__ */ new Float64Slab(BodyNumber.Length, 32);

/**
 * The body state the solvers act on: pose, velocity, inverse mass and inertia (0 for static and
 * kinematic bodies). `@lite/world`'s `Body` extends it; tests and small programs use it directly.
 */
export class SolverBody {
  /** The centre of mass in world coordinates, m (for a box: its centre): what the solvers move. */
  readonly center: Vec2;
  /** The centre of mass, m: {@link SolverBody.center} (`@lite/world`'s `Body` answers its origin). */
  get position(): Vec2 {
    return this.center;
  }
  /** The rotation, radians counter-clockwise. */
  get angle(): number {
    return this.numbers[this.numbersBase + BodyNumber.Angle];
  }
  set angle(value: number) {
    this.numbers[this.numbersBase + BodyNumber.Angle] = value;
  }
  /** The velocity of the centre of mass, m/s. */
  readonly linearVelocity: Vec2;
  /** The angular velocity, rad/s counter-clockwise. */
  get angularVelocity(): number {
    return this.numbers[this.numbersBase + BodyNumber.AngularVelocity];
  }
  set angularVelocity(value: number) {
    this.numbers[this.numbersBase + BodyNumber.AngularVelocity] = value;
  }
  /** 1 / mass, 1/kg; 0 for static and kinematic bodies. */
  get invMass(): number {
    return this.numbers[this.numbersBase + BodyNumber.InvMass];
  }
  set invMass(value: number) {
    this.numbers[this.numbersBase + BodyNumber.InvMass] = value;
  }
  /** 1 / (rotational inertia about the centre of mass), 1/(kg m²); 0 for static and kinematic bodies. */
  get invI(): number {
    return this.numbers[this.numbersBase + BodyNumber.InvI];
  }
  set invI(value: number) {
    this.numbers[this.numbersBase + BodyNumber.InvI] = value;
  }
  /**
   * The slab block holding the body's numbers from {@link SolverBody.numbersBase}: 0 to 3 the
   * solver's (angle, angular velocity, inverse mass and inertia), 4 to 15 a subclass's.
   */
  readonly numbers: Float64Array;
  /** Where this body's numbers begin in {@link SolverBody.numbers}. */
  readonly numbersBase: number;
  /** A `ContactSolver`'s slot for this body, valid while `solverStamp` is that solver's. @internal */
  solverSlot: number;
  /** The stamp of the `ContactSolver` load that gave this body its slot (0: none yet). @internal */
  solverStamp: number;
  /** The object-level joint functions' slot for this body, valid while `scratchStamp` is theirs. @internal */
  scratchSlot: number;
  /** The stamp of the object-level joint call that gave this body {@link SolverBody.scratchSlot} (0: none yet). @internal */
  scratchStamp: number;
  /** Step scratch (`buildJointChains`): how many of this step's rigid pins hold this body. @internal */
  chainJointCount = 0;
  /** Solver scratch: the first rigid pin found on this body this step, or null. @internal */
  chainJoint0: RevoluteJoint | null = null;
  /** Solver scratch: the second rigid pin found on this body this step, or null. @internal */
  chainJoint1: RevoluteJoint | null = null;
  /** Step scratch: how many of this step's wheel joints have this body as their sprung body. @internal */
  wheelJointCount = 0;
  /** Step scratch (`buildWeldChains`): how many of this step's chainable welds hold this body. @internal */
  weldChainCount = 0;
  /** Solver scratch: the first chainable weld found on this body this step, or null. @internal */
  weldJoint0: WeldJoint | null = null;
  /** Solver scratch: the second chainable weld found on this body this step, or null. @internal */
  weldJoint1: WeldJoint | null = null;
  /** Step scratch (`prepareJoints` with `softRows`): how many softened joints hold this body. */
  softJointCount = 0;
  /** Step scratch (`markAnchoredJoints`): how many of this step's rigid pins and rods hold it. @internal */
  holdJointCount = 0;
  /** Solver scratch: the first rigid pin or rod found on this body this step, or null. @internal */
  holdJoint0: RevoluteJoint | DistanceJoint | null = null;
  /** Solver scratch: the second rigid pin or rod found on this body this step, or null. @internal */
  holdJoint1: RevoluteJoint | DistanceJoint | null = null;

  /**
   * @param x - centre of mass x, m (default 0)
   * @param y - centre of mass y, m (default 0)
   * @param angle - rotation, radians (default 0)
   * @param invMass - 1 / mass (default 0: static)
   * @param invI - 1 / rotational inertia (default 0)
   * @throws ConstraintError when a value is not finite or an inverse mass is negative
   */
  constructor(x = 0, y = 0, angle = 0, invMass = 0, invI = 0) {
    bodyNumbers.take();
    this.numbers = bodyNumbers.lastBlock as Float64Array;
    this.numbersBase = bodyNumbers.lastOffset;
    this.center = new Vec2(requireFiniteArg(x, 'x'), requireFiniteArg(y, 'y'));
    this.angle = requireFiniteArg(angle, 'angle');
    this.linearVelocity = new Vec2(0, 0);
    this.angularVelocity = 0;
    this.invMass = requireNonNegativeArg(invMass, 'invMass');
    this.invI = requireNonNegativeArg(invI, 'invI');
    // The slots are written twice (docs/performance.md, "Fields").
    this.solverSlot = 0;
    this.solverStamp = 1;
    this.solverSlot = -1;
    this.solverStamp = 0;
    this.scratchSlot = 0;
    this.scratchStamp = 1;
    this.scratchSlot = -1;
    this.scratchStamp = 0;
  }

  /**
   * Sets the mass (kg) and rotational inertia about the centre (kg m²); 0 means infinite. Returns this.
   * @throws ConstraintError when a value is negative or not finite
   */
  setMass(mass: number, inertia: number): this {
    requireNonNegativeArg(mass, 'mass');
    requireNonNegativeArg(inertia, 'inertia');
    this.invMass = mass > 0 ? 1 / mass : 0;
    this.invI = inertia > 0 ? 1 / inertia : 0;
    return this;
  }

  /**
   * Sets the mass properties of a solid `width` × `height` box of `mass` (0: static). Returns this.
   * @throws ConstraintError when a size is not > 0 or the mass is negative
   */
  setBoxMass(width: number, height: number, mass: number): this {
    if (!(Number.isFinite(width) && width > 0)) {
      throw new ConstraintError('width', width, 'must be a finite number > 0');
    }
    if (!(Number.isFinite(height) && height > 0)) {
      throw new ConstraintError('height', height, 'must be a finite number > 0');
    }
    requireNonNegativeArg(mass, 'mass');
    return this.setMass(mass, (mass * (width * width + height * height)) / 12);
  }
}
