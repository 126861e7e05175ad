/**
 * The numeric tag of the {@link Box} class (`box.kind`). The {@link Shape} union (circles, capsules,
 * polygons and boxes) is told apart by its string `type` instead, which `collide` switches on.
 */
export const ShapeKind = { Box: 0 } as const;

/** One of the values of {@link ShapeKind}. */
export type ShapeKindValue = (typeof ShapeKind)[keyof typeof ShapeKind];
