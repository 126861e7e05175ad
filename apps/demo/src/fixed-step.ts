/**
 * A step (with its share of the rewind snapshots) longer than this, ms, runs one step a frame:
 * half a 60 Hz frame, so that the step and the drawing fit in one.
 */
export const SLOW_STEP_MS = 8;

/**
 * A fixed-step clock: turns the display's irregular frame times into a whole number of simulation
 * steps of exactly `dt`, so the simulation runs at the same speed on a 60 Hz and a 144 Hz screen.
 *
 * Time the display has shown but the simulation has not yet consumed stays in an accumulator. At most
 * `maxStepsPerFrame` steps run per frame: after a stall (a slow frame, a hidden tab) the simulation
 * slows down for a moment instead of trying to catch up with a burst of steps that would make the
 * next frame slow too (the "spiral of death"). Time beyond the cap is dropped.
 */
export class FixedStepClock {
  /** The simulation step, s. */
  readonly dt: number;
  /** The most steps {@link FixedStepClock.advance} returns for one frame. */
  readonly maxStepsPerFrame: number;
  /** Display time not yet turned into steps, s (always in [0, dt) after `advance`). */
  accumulator: number;

  /**
   * @param dt - the step, s (finite, > 0)
   * @param maxStepsPerFrame - the cap on steps per frame (an integer ≥ 1)
   */
  constructor(dt = 1 / 60, maxStepsPerFrame = 4) {
    if (!(Number.isFinite(dt) && dt > 0)) throw new RangeError(`dt = ${dt}: must be finite and > 0`);
    if (!(Number.isInteger(maxStepsPerFrame) && maxStepsPerFrame >= 1)) {
      throw new RangeError(`maxStepsPerFrame = ${maxStepsPerFrame}: must be an integer >= 1`);
    }
    this.dt = dt;
    this.maxStepsPerFrame = maxStepsPerFrame;
    this.accumulator = 0;
  }

  /**
   * Adds `elapsed` seconds of display time and returns how many steps to run now, at most `cap`
   * (1 for a scene whose steps take most of a frame: catching up would only make frames longer).
   * Negative or non-finite `elapsed` (a clock that jumped) counts as 0.
   */
  advance(elapsed: number, cap = this.maxStepsPerFrame): number {
    if (!(Number.isFinite(elapsed) && elapsed > 0)) return 0;
    this.accumulator += elapsed;
    // A small tolerance so that 1/60 s frames give exactly one step despite rounding.
    const steps = Math.floor(this.accumulator / this.dt + 1e-9);
    if (steps > cap) {
      this.accumulator = 0;
      return cap;
    }
    this.accumulator = Math.max(0, this.accumulator - steps * this.dt);
    return steps;
  }

  /** Forgets the accumulated time (after a pause or a reset). */
  reset(): void {
    this.accumulator = 0;
  }
}
