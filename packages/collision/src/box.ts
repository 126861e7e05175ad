import { Float64Slab } from '@lite/math';
import { requirePositive } from './errors';
import type { BoxShape } from './shapes';

/** The numeric tag of the {@link Box} class (`box.kind`); the {@link Shape} union uses `type` instead. */
export const ShapeKind = { Box: 0 } as const;

/** One of the values of {@link ShapeKind}. */
export type ShapeKindValue = (typeof ShapeKind)[keyof typeof ShapeKind];

/** Where a box keeps its numbers in {@link Box.numbers}, from its base. */
// biome-ignore lint/suspicious/noConstEnum: file-local, so every use is inlined as a number
const enum BoxNumber {
  Width = 0,
  Height = 1,
  HalfWidth = 2,
  HalfHeight = 3,
  Length = 4,
}

/** The blocks boxes take their numbers from (see {@link Box.numbers}): 64 boxes a block. */
const boxNumbers = /* @__PURE__ */ new Float64Slab(BoxNumber.Length, 64);

/** Sets a box's size (the pair routines' scratch boxes; a user's box keeps its size). @internal */
export function setBoxSize(box: Box, width: number, height: number): void {
  const n = box.numbers;
  const o = box.numbersBase;
  n[o + BoxNumber.Width] = width;
  n[o + BoxNumber.Height] = height;
  n[o + BoxNumber.HalfWidth] = 0.5 * width;
  n[o + BoxNumber.HalfHeight] = 0.5 * height;
}

/**
 * A box centred on its body's origin, aligned with the body's axes. Sizes are the FULL width (along
 * the body's x axis) and height (along its y axis), in metres; the half extents are derived.
 *
 * ```ts
 * const crate = new Box(1, 0.5); // crate.halfWidth === 0.5, crate.halfHeight === 0.25
 * ```
 */
export class Box implements BoxShape {
  /** Always `'box'`: the tag of the {@link Shape} union, which `collide` switches on. */
  readonly type: 'box';
  /** Always {@link ShapeKind}.Box (0), the numeric tag of the box. */
  readonly kind: typeof ShapeKind.Box;
  /** Full width along the body's x axis, m. */
  get width(): number {
    return this.numbers[this.numbersBase + BoxNumber.Width];
  }
  /** Full height along the body's y axis, m. */
  get height(): number {
    return this.numbers[this.numbersBase + BoxNumber.Height];
  }
  /** Half the width, m. */
  get halfWidth(): number {
    return this.numbers[this.numbersBase + BoxNumber.HalfWidth];
  }
  /** Half the height, m. */
  get halfHeight(): number {
    return this.numbers[this.numbersBase + BoxNumber.HalfHeight];
  }
  /** [halfWidth, halfHeight], a view of the box's numbers, where the polygon routines read them. @internal */
  readonly halves: Float64Array;
  /** The slab block of the box's numbers, from {@link Box.numbersBase} (docs/performance.md). @internal */
  readonly numbers: Float64Array;
  /** Where this box's numbers begin in {@link Box.numbers}. @internal */
  readonly numbersBase: number;

  /** @throws CollisionError unless `width` and `height` (full sizes, m) are finite numbers > 0 */
  constructor(width: number, height: number) {
    requirePositive('width', width);
    requirePositive('height', height);
    this.type = 'box';
    this.kind = ShapeKind.Box;
    const view = boxNumbers.take();
    this.numbers = boxNumbers.lastBlock as Float64Array;
    this.numbersBase = boxNumbers.lastOffset;
    this.halves = view.subarray(BoxNumber.HalfWidth, BoxNumber.HalfHeight + 1);
    setBoxSize(this, width, height);
  }
}
