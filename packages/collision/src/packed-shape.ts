import { cosSinInPlace } from '@lite/math';
import { Box } from './box';
import { CollisionError } from './errors';
import type { Shape } from './shapes';

// A shape's numbers in one typed array: the form every query reads (narrowphase, bounds, GJK, ray
// casts, point tests), so a kind is described once, here (docs/performance.md, "Packed shapes").

/** The kind of a packed circle (slot {@link PackedShapeSlot.Kind}). */
export const PACKED_CIRCLE = 0;
/** The kind of a packed capsule: a rounded 2-gon, edge 0 from `center1` to `center2`. */
export const PACKED_CAPSULE = 1;
/** The kind of a packed polygon (boxes included, as 4-gons numbered as `collideBoxes` numbers them). */
export const PACKED_POLYGON = 2;

/** Where a packed shape keeps its numbers ({@link packShape}): kind, count, radius, vertices, normals. */
export const PackedShapeSlot = {
  /** {@link PACKED_CIRCLE}, {@link PACKED_CAPSULE} or {@link PACKED_POLYGON}. */
  Kind: 0,
  /** Vertex count: 1 for a circle (its centre), 2 for a capsule, 3 to 8 for a polygon. */
  Count: 1,
  /** The radius: a circle's or a capsule's, a polygon's rounding (0 when sharp). */
  Radius: 2,
  /** The farthest any point of the shape lies from the body origin, m: a quick nearness test. */
  Bound: 3,
  /** Vertex i is at `Vertices + 2 i` (x) and `Vertices + 2 i + 1` (y), body frame, m. */
  Vertices: 4,
  /** Normal i (of the edge from vertex i to vertex i + 1) is at `Normals + 2 i` and `Normals + 2 i + 1`. */
  Normals: 20,
} as const;

/** The length of a packed shape's array. */
export const PACKED_SHAPE_LENGTH = 36;

const trig = new Float64Array(2);

/**
 * Writes `shape`'s numbers into `out` (new when omitted) in the {@link PackedShapeSlot} layout that
 * {@link collidePacked} and the other queries read: a box as a 4-gon, a capsule as a 2-gon. Pack once.
 * @throws CollisionError when the shape's type is unknown or `out` is shorter than
 * {@link PACKED_SHAPE_LENGTH}.
 */
export function packShape(
  shape: Shape,
  out: Float64Array = new Float64Array(PACKED_SHAPE_LENGTH),
): Float64Array {
  if (!(out instanceof Float64Array) || out.length < PACKED_SHAPE_LENGTH) {
    throw new CollisionError('out', out, `must be a Float64Array of at least ${PACKED_SHAPE_LENGTH} entries`);
  }
  packInto(shape, out);
  return out;
}

/** {@link packShape} with `out` trusted; an unknown type is refused as `<argument>.type`. @internal */
export function packInto(shape: Shape, out: Float64Array, argument = 'shape'): void {
  const V = PackedShapeSlot.Vertices;
  const N = PackedShapeSlot.Normals;
  switch (shape.type) {
    case 'circle': {
      const c = shape.center;
      out[0] = PACKED_CIRCLE;
      out[1] = 1;
      out[2] = shape.radius;
      out[V] = c === undefined ? 0 : c.x;
      out[V + 1] = c === undefined ? 0 : c.y;
      writeBound(out);
      return;
    }
    case 'capsule': {
      const p = shape.center1;
      const q = shape.center2;
      out[0] = PACKED_CAPSULE;
      out[1] = 2;
      out[2] = shape.radius;
      out[V] = p.x;
      out[V + 1] = p.y;
      out[V + 2] = q.x;
      out[V + 3] = q.y;
      const ex = q.x - p.x;
      const ey = q.y - p.y;
      const inv = 1 / Math.sqrt(ex * ex + ey * ey);
      out[N] = ey * inv;
      out[N + 1] = 0 - ex * inv;
      out[N + 2] = 0 - ey * inv;
      out[N + 3] = ex * inv;
      writeBound(out);
      return;
    }
    case 'polygon': {
      const vs = shape.vertices;
      const ns = shape.normals;
      const n = vs.length;
      out[0] = PACKED_POLYGON;
      out[1] = n;
      out[2] = shape.radius ?? 0;
      for (let i = 0; i < n; i++) {
        out[V + 2 * i] = vs[i].x;
        out[V + 2 * i + 1] = vs[i].y;
        out[N + 2 * i] = ns[i].x;
        out[N + 2 * i + 1] = ns[i].y;
      }
      writeBound(out);
      return;
    }
    case 'box': {
      // A Box's halves from its typed array (see Box.halves); a plain box object's from its fields.
      const halves = shape instanceof Box ? shape.halves : undefined;
      const hx = halves === undefined ? 0.5 * shape.width : halves[0];
      const hy = halves === undefined ? 0.5 * shape.height : halves[1];
      let c = 1;
      let s = 0;
      const angle = shape.angle;
      if (angle !== undefined && angle !== 0) {
        trig[0] = angle;
        cosSinInPlace(trig);
        c = trig[0];
        s = trig[1];
      }
      const offset = shape.offset;
      const ox = offset === undefined ? 0 : offset.x;
      const oy = offset === undefined ? 0 : offset.y;
      out[0] = PACKED_POLYGON;
      out[1] = 4;
      out[2] = 0;
      // (hx, hy), (-hx, hy), (-hx, -hy), (hx, -hy): box vertices v1..v4, edges e1 (top) .. e4 (right).
      out[V] = ox + c * hx - s * hy;
      out[V + 1] = oy + s * hx + c * hy;
      out[V + 2] = ox - c * hx - s * hy;
      out[V + 3] = oy - s * hx + c * hy;
      out[V + 4] = ox - c * hx + s * hy;
      out[V + 5] = oy - s * hx - c * hy;
      out[V + 6] = ox + c * hx + s * hy;
      out[V + 7] = oy + s * hx - c * hy;
      out[N] = 0 - s;
      out[N + 1] = c;
      out[N + 2] = 0 - c;
      out[N + 3] = 0 - s;
      out[N + 4] = s;
      out[N + 5] = 0 - c;
      out[N + 6] = c;
      out[N + 7] = s;
      writeBound(out);
      return;
    }
    default:
      throw new CollisionError(
        `${argument}.type`,
        (shape as { type: unknown }).type,
        'is not a known shape type',
      );
  }
}

/** Writes slot 3: the farthest vertex from the body origin, plus the radius. */
function writeBound(out: Float64Array): void {
  const n = out[1];
  let far = 0;
  for (let i = 0; i < n; i++) {
    const x = out[4 + 2 * i];
    const y = out[5 + 2 * i];
    const d = x * x + y * y;
    if (d > far) far = d;
  }
  out[3] = Math.sqrt(far) + out[2];
}
