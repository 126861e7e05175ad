/** The stages `World.step` times when `settings.profile` is on, in step order (index into `times`). */
export const PROFILE_STAGES = [
  'pairs',
  'createContacts',
  'collide',
  'prepare',
  'integrateVelocities',
  'warmStart',
  'solve',
  'push',
  'integratePositions',
  'relax',
  'restitution',
  'storeImpulses',
  'joints',
  'transforms',
  'broadphase',
  'sleep',
  'events',
  'total',
] as const;

/** One of {@link PROFILE_STAGES}. */
export type ProfileStage = (typeof PROFILE_STAGES)[number];

/** Stage indices (the order of {@link PROFILE_STAGES}) by capitalised name, for the step's stages. @internal */
export const Stage = Object.fromEntries(
  PROFILE_STAGES.map((name, index) => [name[0].toUpperCase() + name.slice(1), index]),
) as { readonly [K in ProfileStage as Capitalize<K>]: number };

/**
 * Where the last step's time went (`world.profile`): milliseconds per stage, filled only while
 * `world.settings.profile` is on; a stage run per sub-step sums its sub-steps.
 *
 * ```ts
 * const world = new World({ profile: true });
 * world.step(1 / 60);
 * const { collide, solve, total } = world.profile; // ms
 * ```
 */
export class StepProfile {
  /** Milliseconds per stage of the last profiled step, indexed as {@link PROFILE_STAGES}. */
  readonly times = new Float64Array(PROFILE_STAGES.length);
  /** The clock at the start of the step and at the end of the previous stage. */
  private readonly clock = new Float64Array(2);
  /** Whether this step is timed (`settings.profile` at its start). */
  private on = false;

  /** Stage 1a, the broadphase: updating the tree's moved proxies and finding their new pairs. */
  declare readonly pairs: number;
  /** Stage 1b: new pairs become contacts, merged into the sorted contact list. */
  declare readonly createContacts: number;
  /** Stage 2, the narrowphase: every contact's manifold (and contacts whose boxes parted removed). */
  declare readonly collide: number;
  /** Setting up the solve: collecting and preparing contacts and joints (and the classic warm start). */
  declare readonly prepare: number;
  /** Gravity, forces and damping into the velocities (each sub-step). */
  declare readonly integrateVelocities: number;
  /** The soft step's warm start, each sub-step (the classic solver's is part of `prepare`). */
  declare readonly warmStart: number;
  /** The velocity iterations over contacts and joints (with the joints' preparation in the soft step). */
  declare readonly solve: number;
  /** The soft step's push passes, or the classic solver's split-impulse position iterations. */
  declare readonly push: number;
  /** Positions from velocities (each sub-step). */
  declare readonly integratePositions: number;
  /** The relax pass (each sub-step in the soft step, once in the classic one when `settings.relax`). */
  declare readonly relax: number;
  /** The soft step's restitution, once after its sub-steps (none in the classic solver). */
  declare readonly restitution: number;
  /** Impulses back to the contacts (for the next warm start) and velocities back to the bodies. */
  declare readonly storeImpulses: number;
  /** The joints' position passes. */
  declare readonly joints: number;
  /** The pose snapshot and finite check, the bodies' transforms and their shapes' boxes. */
  declare readonly transforms: number;
  /** Re-inserting into the broadphase the proxies whose boxes left their fat boxes (stage 9b). */
  declare readonly broadphase: number;
  /** Islands and sleeping (stage 10; next to nothing with `settings.sleeping` off). */
  declare readonly sleep: number;
  /** Clearing forces and dispatching the contact events (stages 11 and 12). */
  declare readonly events: number;
  /** The whole step. */
  declare readonly total: number;

  /** At the start of a step: whether to time it; if so, zeroes the times and starts the clock. @internal */
  begin(on: boolean): void {
    this.on = on;
    if (!on) return;
    this.times.fill(0);
    const now = performance.now();
    this.clock[0] = now;
    this.clock[1] = now;
  }

  /** Adds the time since the previous lap to `stage`. @internal */
  lap(stage: number): void {
    if (!this.on) return;
    const now = performance.now();
    this.times[stage] += now - this.clock[1];
    this.clock[1] = now;
  }

  /** Stops the clock: `total` is the time since `begin`. @internal */
  end(): void {
    if (!this.on) return;
    this.times[Stage.Total] = performance.now() - this.clock[0];
  }
}

// The stages' getters: `profile.collide` reads `times[Stage.Collide]`.
for (let i = 0; i < PROFILE_STAGES.length; ++i) {
  Object.defineProperty(StepProfile.prototype, PROFILE_STAGES[i], {
    get(this: StepProfile) {
      return this.times[i];
    },
    configurable: true,
  });
}
