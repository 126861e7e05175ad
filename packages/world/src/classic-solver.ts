import { ContactSolver } from '@lite/constraints';
import { registerClassicSolver } from './solvers';
import { stepClassic } from './stage-classic';
import type { StepState } from './step-state';

/**
 * Box2D-Lite's classic solver (sequential impulses with Baumgarte's bias, the block solver, split
 * impulses and the other live toggles of `world.settings`), bit for bit as before the soft step
 * existed. Installed, not built in: `new World({ solver: new ClassicSolver() })`, so that a program
 * that never names it does not bundle it. Constructing one registers the kind by name, so that
 * `world.settings.solver = 'classic'` (and a snapshot of a classic world) can pick it in any world;
 * switching back and forth between steps works as before. `world.settings.iterations` and
 * `substeps` keep one value per solver (classic: 10 and 1).
 */
export class ClassicSolver {
  /** The contacts' rows packed in typed arrays (the velocities are the world's body states). @internal */
  readonly contactSolver = new ContactSolver();

  constructor() {
    registerClassicSolver(makeClassicSolver);
  }

  /** Stages 1 to 9 of a world's step, by Box2D-Lite's order. @internal */
  step(s: StepState, dt: number): void {
    stepClassic(s, dt, this.contactSolver);
  }
}

/** A classic solver for a world that picks the kind by name. */
function makeClassicSolver(): ClassicSolver {
  return new ClassicSolver();
}
