/**
 * The numeric kind of each joint class. The solver loops `switch` on it instead of calling a
 * method, so the call site never sees several classes (no megamorphic dispatch in the hot loop).
 */
export const JointKind = { Distance: 0, Revolute: 1, Mouse: 2 } as const;

/** One of the {@link JointKind} values. */
export type JointKindValue = (typeof JointKind)[keyof typeof JointKind];

/** Largest position correction of one position pass, m (as Box2D: keeps a big error from overshooting). */
export const MAX_LINEAR_CORRECTION = 0.2;

/** Largest angle correction of one position pass, radians (8°). */
export const MAX_ANGULAR_CORRECTION = (8 * Math.PI) / 180;

/** Below this anchor distance, m, a distance joint has no direction and does nothing for the step. */
export const MIN_DISTANCE = 1e-6;
