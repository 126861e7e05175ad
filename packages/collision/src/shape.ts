import type { Box } from './box';

/**
 * The numeric tag of every shape type, used to dispatch with a `switch` (never a virtual call).
 * Boxes are 0; circles (1) and convex polygons (2) may join later with the same {@link Manifold}.
 */
export const ShapeKind = { Box: 0 } as const;

/** One of the values of {@link ShapeKind}. */
export type ShapeKindValue = (typeof ShapeKind)[keyof typeof ShapeKind];

/** Every shape `@lite/collision` knows. A union that grows as shape types are added. */
export type Shape = Box;
