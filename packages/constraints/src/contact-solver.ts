import { BodyStates } from './body-state';
import type { ContactConstraint } from './contact-constraint';
import { requireCount } from './errors';
import { ContactSolver } from './packed-contact-solver';
import type { SolverSettings } from './settings';

// The object-level forms, for a few contacts (tests, small programs): each call gives the bodies
// slots in shared body states (static ones too), packs the constraints into one shared
// ContactSolver, runs the stage and writes the results back.
const sharedSolver = new ContactSolver();
/** Made at the first call: body states take kernel memory, which may need the kernels installed. */
let sharedStates: BodyStates | null = null;

/** Gives every body of the first `count` contacts a slot in the shared states. */
function takeBodies(contacts: ContactConstraint[], count: number): BodyStates {
  requireCount(count, contacts.length);
  if (sharedStates === null) sharedStates = new BodyStates();
  const states = sharedStates;
  states.begin();
  for (let i = 0; i < count; i++) {
    states.take(contacts[i].bodyA);
    states.take(contacts[i].bodyB);
  }
  return states;
}

/**
 * Prepares every contact (Box2D-Lite `Arbiter::PreStep`: lever arms, effective masses, Baumgarte
 * bias, restitution target, 2x2 block) and warm starts it. See {@link ContactSolver.prepare}.
 * @param invDt - 1 / time step, 1/s (0 gives no bias)
 * @throws ConstraintError when `count` is out of range or `invDt` is negative or not finite
 */
export function prepareContacts(
  contacts: ContactConstraint[],
  count: number,
  invDt: number,
  settings: SolverSettings,
): void {
  const states = takeBodies(contacts, count);
  const solver = sharedSolver;
  solver.prepare(contacts, count, invDt, settings, states);
  solver.storePrepared();
  states.storeVelocities();
}

/**
 * One iteration over the contacts (Box2D-Lite `Arbiter::ApplyImpulse`): friction rows, then normal
 * rows (by the 2x2 block solver when on and usable). See {@link ContactSolver.solve}.
 * @throws ConstraintError when `count` is out of range
 */
export function solveContacts(contacts: ContactConstraint[], count: number, settings: SolverSettings): void {
  solveOnce(contacts, count, settings, true);
}

/**
 * One relax iteration (Box2D v3's) after positions are integrated: the rows aim at the restitution
 * target without bias, taking back the velocity the bias left. Only with accumulated impulses and
 * `settings.relax`.
 * @throws ConstraintError when `count` is out of range
 */
export function relaxContacts(contacts: ContactConstraint[], count: number, settings: SolverSettings): void {
  requireCount(count, contacts.length);
  if (!(settings.relax && settings.accumulateImpulses)) return;
  solveOnce(contacts, count, settings, false);
}

function solveOnce(
  contacts: ContactConstraint[],
  count: number,
  settings: SolverSettings,
  useBias: boolean,
): void {
  const states = takeBodies(contacts, count);
  const solver = sharedSolver;
  solver.load(contacts, count, states);
  solver.solve(states, settings, useBias);
  states.storeVelocities();
  solver.storeImpulses();
}
