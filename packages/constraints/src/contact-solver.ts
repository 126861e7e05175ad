import type { ContactConstraint } from './contact-constraint';
import { requireCount } from './errors';
import { ContactSolver } from './packed-contact-solver';
import type { SolverSettings } from './settings';

// The object-level forms of the contact solver, for a few contacts (tests, small programs): each
// call packs the constraints into one shared ContactSolver, runs the stage and writes the results
// back to the objects. A step that runs many iterations keeps its own ContactSolver loaded instead.
const sharedSolver = new ContactSolver();

/**
 * Pre-step of every contact (Box2D-Lite `Arbiter::PreStep`), then its warm start: lever arms,
 * effective masses of the normal and friction rows, the Baumgarte bias, the restitution target
 * (from the approach velocity {@link ContactConstraint.update} measured) and the 2x2 block are
 * written to the constraints and their points; the accumulated impulses P = λn n + λt t are applied
 * to the bodies (or zeroed, when warm starting or accumulated impulses are off). See
 * {@link ContactSolver.prepare}.
 *
 * @param contacts - the constraints; the first `count` are prepared
 * @param count - how many to prepare
 * @param invDt - 1 / time step, 1/s (0 gives no bias)
 * @param settings - the live switches (position correction, warm starting, accumulation, slop, β)
 * @throws ConstraintError when `count` is out of range or `invDt` is negative or not finite
 */
export function prepareContacts(
  contacts: ContactConstraint[],
  count: number,
  invDt: number,
  settings: SolverSettings,
): void {
  const solver = sharedSolver;
  solver.prepare(contacts, count, invDt, settings);
  solver.storePrepared();
  solver.storeVelocities();
}

/**
 * One iteration over the contacts (Box2D-Lite `Arbiter::ApplyImpulse`): for each contact, first the
 * friction rows (clamped by μ times the normal impulse), then the normal rows, either both at once
 * by the 2x2 block solver (when `settings.blockSolver` is on, the manifold has two points and its K
 * is well conditioned) or one after the other.
 *
 * With `settings.accumulateImpulses` on, the running totals are clamped (λn >= 0,
 * |λt| <= μ λn); off, each iteration's impulse is clamped on its own (λn increment >= 0, friction
 * increment within ±μ times the latest normal increment), as Box2D-Lite does when the switch is off.
 *
 * This is the convenient form for a few contacts: each call packs the constraints into a shared
 * {@link ContactSolver}, runs one iteration and writes velocities and impulses back. A step that
 * runs many iterations (as `@lite/world` does) keeps its own `ContactSolver` loaded across them.
 *
 * @throws ConstraintError when `count` is out of range
 */
export function solveContacts(contacts: ContactConstraint[], count: number, settings: SolverSettings): void {
  solveOnce(contacts, count, settings, true);
}

/**
 * One relax iteration (from Box2D v3's soft step), run after positions are integrated: the same
 * rows as {@link solveContacts} but aiming at the restitution target only, without the Baumgarte
 * bias. The bias has already moved the bodies apart during the position update; relaxing takes the
 * separating velocity it left back out of the accumulated impulses, so position correction no longer
 * turns into a bounce (without it, a box dropped with e = 0 pops up by as much as β² of the drop
 * height). Does nothing unless impulses are accumulated (only an accumulated impulse can be taken
 * back) and `settings.relax` is on.
 *
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
  const solver = sharedSolver;
  solver.load(contacts, count);
  solver.solve(settings, useBias);
  solver.storeVelocities();
  solver.storeImpulses();
}
