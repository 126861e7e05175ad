import { ConstraintError, requireNonNegativeArg } from './errors';
import { type Softness, softnessFromFrequencyAt, softnessFromSpringAt, softnessInputs } from './softness';

/**
 * How a joint's spring is given: `'frequency'` (frequency and damping ratio, relative to the row's
 * effective mass) or `'stiffness'` (k in N/m and c in N·s/m: a load F sags it by F / k).
 */
export type SpringForm = 'frequency' | 'stiffness';

/**
 * A joint's spring: `frequencyHz` and `dampingRatio`, or `stiffness` and `damping`, never both;
 * absent (or `undefined`) values take their defaults. Every value is a finite number >= 0.
 */
export interface JointSpringOptions {
  /** Spring frequency, Hz; 0 is rigid (frequency form, the default). */
  frequencyHz?: number;
  /** Damping ratio ζ; 1 is critical (frequency form; the default depends on the joint). */
  dampingRatio?: number;
  /** Stiffness k, N/m (stiffness form, default 0; always soft): the row pulls back with k · C. */
  stiffness?: number;
  /** Damping coefficient c, N·s/m (stiffness form, default 0): the row resists with c · Ċ. */
  damping?: number;
}

/**
 * The spring of a distance or revolute joint (see {@link SpringForm}). Its fields are public for the
 * solvers; change them only through the joint's checked setters or `setSpring`.
 */
export class JointSpring {
  /** The form the spring is given in. */
  form: SpringForm = 'frequency';
  /** Frequency, Hz (frequency form; 0 in the stiffness form). */
  frequencyHz = 0;
  /** Damping ratio (frequency form; 0 in the stiffness form). */
  dampingRatio: number;
  /** Stiffness, N/m (stiffness form; 0 in the frequency form). */
  stiffness: number;
  /** Damping coefficient, N·s/m (stiffness form; 0 in the frequency form). */
  damping: number;
  /** Whether the row is soft: the stiffness form, or the frequency form with a frequency > 0. */
  soft: boolean;
  /** The damping ratio the frequency form starts from when none is given. */
  readonly defaultDampingRatio: number;

  /**
   * A rigid spring (frequency form, frequency 0).
   * @param defaultDampingRatio - the damping ratio of the frequency form when none is given
   */
  constructor(defaultDampingRatio: number) {
    this.dampingRatio = defaultDampingRatio;
    this.stiffness = 0;
    this.damping = 0;
    this.soft = false;
    this.defaultDampingRatio = defaultDampingRatio;
  }

  /**
   * Sets the spring from options in either form (no value at all: rigid); returns this.
   * @throws ConstraintError when `options` is not an object, both forms are given, or a value is
   *   negative or not a finite number; nothing changes then
   */
  set(options: JointSpringOptions): this {
    if (typeof options !== 'object' || options === null) {
      throw new ConstraintError('options', options, 'must be an options object');
    }
    const { frequencyHz, dampingRatio, stiffness, damping } = options;
    const byFrequency = frequencyHz !== undefined || dampingRatio !== undefined;
    const byStiffness = stiffness !== undefined || damping !== undefined;
    if (byFrequency && byStiffness) {
      const argument = stiffness !== undefined ? 'stiffness' : 'damping';
      const other = frequencyHz !== undefined ? 'frequencyHz' : 'dampingRatio';
      const otherValue = frequencyHz !== undefined ? frequencyHz : dampingRatio;
      throw new ConstraintError(
        argument,
        stiffness !== undefined ? stiffness : damping,
        `cannot be given with ${other} (${String(otherValue)}): give frequencyHz and dampingRatio, or stiffness and damping`,
      );
    }
    if (byStiffness) {
      const k = requireNonNegativeArg(stiffness ?? 0, 'stiffness');
      const c = requireNonNegativeArg(damping ?? 0, 'damping');
      this.useStiffness(k, c);
    } else {
      const f = requireNonNegativeArg(frequencyHz ?? 0, 'frequencyHz');
      const zeta = requireNonNegativeArg(dampingRatio ?? this.defaultDampingRatio, 'dampingRatio');
      this.useFrequency(f, zeta);
    }
    return this;
  }

  /**
   * Sets the frequency, Hz (switching to the frequency form, default damping ratio).
   * @throws ConstraintError unless `value` is a finite number >= 0
   */
  setFrequencyHz(value: number): void {
    const f = requireNonNegativeArg(value, 'frequencyHz');
    this.useFrequency(f, this.form === 'frequency' ? this.dampingRatio : this.defaultDampingRatio);
  }

  /**
   * Sets the damping ratio (switching to the frequency form, rigid until a frequency is set).
   * @throws ConstraintError unless `value` is a finite number >= 0
   */
  setDampingRatio(value: number): void {
    const zeta = requireNonNegativeArg(value, 'dampingRatio');
    this.useFrequency(this.form === 'frequency' ? this.frequencyHz : 0, zeta);
  }

  /**
   * Sets the stiffness, N/m (switching to the stiffness form, damping 0).
   * @throws ConstraintError unless `value` is a finite number >= 0
   */
  setStiffness(value: number): void {
    const k = requireNonNegativeArg(value, 'stiffness');
    this.useStiffness(k, this.form === 'stiffness' ? this.damping : 0);
  }

  /**
   * Sets the damping coefficient, N·s/m (switching to the stiffness form, stiffness 0 until set).
   * @throws ConstraintError unless `value` is a finite number >= 0
   */
  setDamping(value: number): void {
    const c = requireNonNegativeArg(value, 'damping');
    this.useStiffness(this.form === 'stiffness' ? this.stiffness : 0, c);
  }

  private useFrequency(frequencyHz: number, dampingRatio: number): void {
    this.form = 'frequency';
    this.frequencyHz = frequencyHz;
    this.dampingRatio = dampingRatio;
    this.stiffness = 0;
    this.damping = 0;
    this.soft = frequencyHz > 0;
  }

  private useStiffness(stiffness: number, damping: number): void {
    this.form = 'stiffness';
    this.frequencyHz = 0;
    this.dampingRatio = 0;
    this.stiffness = stiffness;
    this.damping = damping;
    this.soft = true;
  }
}

/** The spring's fields a joint shows, each with the spring's checked setter. */
const SPRING_FIELDS = [
  ['frequencyHz', 'setFrequencyHz'],
  ['dampingRatio', 'setDampingRatio'],
  ['stiffness', 'setStiffness'],
  ['damping', 'setDamping'],
] as const;

/**
 * Defines on `proto` the accessors `springForm` (read-only), `frequencyHz`, `dampingRatio`,
 * `stiffness` and `damping` over its `spring`, writing through the checked setters. @internal
 */
export function defineSpringFields(proto: object): void {
  Object.defineProperty(proto, 'springForm', {
    configurable: true,
    get(this: { spring: JointSpring }) {
      return this.spring.form;
    },
  });
  for (const [name, setter] of SPRING_FIELDS) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: { spring: JointSpring }) {
        return this.spring[name];
      },
      set(this: { spring: JointSpring }, value: number) {
        this.spring[setter](value);
      },
    });
  }
}

/**
 * The softness of a row on `spring` into `out` (effective mass and step from `softnessInputs[2]`,
 * `[3]`); false, `out` untouched, when the spring is rigid. @internal
 */
export function springSoftnessAt(spring: JointSpring, out: Softness): boolean {
  if (spring.form === 'stiffness') {
    // k and c in N/m and N·s/m: γ = 1 / (dt (c + dt k)) on the row of effective mass m.
    softnessInputs[0] = spring.stiffness;
    softnessInputs[1] = spring.damping;
    softnessFromSpringAt(out);
  } else if (spring.frequencyHz > 0) {
    softnessInputs[0] = spring.frequencyHz;
    softnessInputs[1] = spring.dampingRatio;
    softnessFromFrequencyAt(out);
  } else {
    return false;
  }
  return true;
}
