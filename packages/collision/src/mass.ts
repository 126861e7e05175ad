import { atan2 } from '@lite/math';
import { CollisionError, requireNonNegative } from './errors';
import type { BoxShape, CapsuleShape, CircleShape, PolygonShape, Shape } from './shapes';

/** Mass properties of a shape (or several: {@link combineMassData}) in the body frame; reused. */
export class MassData {
  /** Mass, kg (density × area). */
  mass = 0;
  /** x of the centre of mass, body frame, m. */
  centerX = 0;
  /** y of the centre of mass, body frame, m. */
  centerY = 0;
  /** Rotational inertia about the centre of mass, kg m². */
  rotationalInertia = 0;
  /** Rotational inertia about the body origin (the shape's frame origin), kg m². */
  originInertia = 0;

  /** Copies `m`; returns this. */
  copy(m: MassData): this {
    this.mass = m.mass;
    this.centerX = m.centerX;
    this.centerY = m.centerY;
    this.rotationalInertia = m.rotationalInertia;
    this.originInertia = m.originInertia;
    return this;
  }
}

/** Writes mass, centre and the inertia about the centre; derives the inertia about the origin. */
function finish(out: MassData, mass: number, cx: number, cy: number, inertia: number): MassData {
  out.mass = mass;
  out.centerX = cx;
  out.centerY = cy;
  out.rotationalInertia = inertia;
  out.originInertia = inertia + mass * (cx * cx + cy * cy);
  return out;
}

/**
 * Mass of a circle: m = ρ π r², centre at the circle's centre, I = m r² / 2 about it.
 * @throws CollisionError when the density is negative or not finite.
 */
export function computeCircleMass(circle: CircleShape, density: number, out: MassData): MassData {
  requireNonNegative('density', density);
  const r = circle.radius;
  const mass = density * Math.PI * r * r;
  return finish(out, mass, circle.center?.x ?? 0, circle.center?.y ?? 0, 0.5 * mass * r * r);
}

/**
 * Mass of a capsule of core length L and radius r: a 2r × L rectangle plus two half discs, each moved
 * out by the parallel-axis theorem: I = m_rect (L² + 4r²) / 12 + m_disc (r²/2 + h² + 2h·4r/(3π)), h = L/2.
 * @throws CollisionError when the density is negative or not finite.
 */
export function computeCapsuleMass(capsule: CapsuleShape, density: number, out: MassData): MassData {
  requireNonNegative('density', density);
  const r = capsule.radius;
  const p = capsule.center1;
  const q = capsule.center2;
  const length = Math.hypot(q.x - p.x, q.y - p.y);
  const h = 0.5 * length;
  const discMass = density * Math.PI * r * r;
  const rectMass = density * 2 * r * length;
  const lc = (4 * r) / (3 * Math.PI);
  const inertia =
    (rectMass * (length * length + 4 * r * r)) / 12 + discMass * (0.5 * r * r + h * h + 2 * h * lc);
  return finish(out, discMass + rectMass, 0.5 * (p.x + q.x), 0.5 * (p.y + q.y), inertia);
}

/**
 * Mass of a box: m = ρ w h, centre at its offset, I = m (w² + h²) / 12 about it (whatever its angle).
 * @throws CollisionError when the density is negative or not finite.
 */
export function computeBoxMass(box: BoxShape, density: number, out: MassData): MassData {
  requireNonNegative('density', density);
  const w = box.width;
  const h = box.height;
  const mass = density * w * h;
  return finish(out, mass, box.offset?.x ?? 0, box.offset?.y ?? 0, (mass * (w * w + h * h)) / 12);
}

/**
 * Mass of a convex polygon, rounding included exactly: the polygon, an r-thick rectangle per edge and
 * a disc sector per vertex, summed about the vertices' mean (for round-off).
 * @throws CollisionError when the density is negative or not finite.
 */
export function computePolygonMass(polygon: PolygonShape, density: number, out: MassData): MassData {
  requireNonNegative('density', density);
  const vs = polygon.vertices;
  const ns = polygon.normals;
  const n = vs.length;
  const r = polygon.radius ?? 0;
  let refX = 0;
  let refY = 0;
  for (let i = 0; i < n; i++) {
    refX += vs[i].x;
    refY += vs[i].y;
  }
  refX /= n;
  refY /= n;
  // Area, first moment (x, y), second polar moment, all about the reference point.
  let area = 0;
  let mx = 0;
  let my = 0;
  let polar = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const e1x = vs[i].x - refX;
    const e1y = vs[i].y - refY;
    const e2x = vs[j].x - refX;
    const e2y = vs[j].y - refY;
    const d = e1x * e2y - e1y * e2x;
    const triangleArea = 0.5 * d;
    area += triangleArea;
    mx += (triangleArea * (e1x + e2x)) / 3;
    my += (triangleArea * (e1y + e2y)) / 3;
    polar += (d / 12) * (e1x * e1x + e1x * e2x + e2x * e2x + (e1y * e1y + e1y * e2y + e2y * e2y));
    if (r > 0) {
      // Rectangle on edge i: q = v_i + s e + t n, s in [0, 1], t in [0, r] (relative to v_i);
      // ∫ q dA = L r (e/2 + r n/2), ∫ |q|² dA = L r (L² + r²) / 3.
      const ex = e2x - e1x;
      const ey = e2y - e1y;
      const length = Math.sqrt(ex * ex + ey * ey);
      const nx = ns[i].x;
      const ny = ns[i].y;
      const rectArea = length * r;
      const qx = rectArea * 0.5 * (ex + r * nx);
      const qy = rectArea * 0.5 * (ey + r * ny);
      const q2 = (rectArea * (length * length + r * r)) / 3;
      area += rectArea;
      mx += rectArea * e1x + qx;
      my += rectArea * e1y + qy;
      polar += rectArea * (e1x * e1x + e1y * e1y) + 2 * (e1x * qx + e1y * qy) + q2;
      // Sector at vertex j, from normal i to normal j (relative to v_j):
      // area θ r²/2, ∫ q dA = r³/3 (n2y - n1y, n1x - n2x), ∫ |q|² dA = θ r⁴/4.
      const mx2 = ns[j].x;
      const my2 = ns[j].y;
      const theta = atan2(nx * my2 - ny * mx2, nx * mx2 + ny * my2);
      const sectorArea = 0.5 * theta * r * r;
      const sx = ((r * r * r) / 3) * (my2 - ny);
      const sy = ((r * r * r) / 3) * (nx - mx2);
      const s2 = 0.25 * theta * r * r * r * r;
      area += sectorArea;
      mx += sectorArea * e2x + sx;
      my += sectorArea * e2y + sy;
      polar += sectorArea * (e2x * e2x + e2y * e2y) + 2 * (e2x * sx + e2y * sy) + s2;
    }
  }
  const mass = density * area;
  const cx = mx / area;
  const cy = my / area;
  const inertia = density * (polar - area * (cx * cx + cy * cy));
  return finish(out, mass, refX + cx, refY + cy, inertia);
}

/**
 * The mass properties of any shape at `density` (kg/m²), written into `out` (returned).
 * @throws CollisionError when the density is negative or not finite, or the shape's type is unknown.
 */
export function computeMass(shape: Shape, density: number, out: MassData): MassData {
  switch (shape.type) {
    case 'circle':
      return computeCircleMass(shape, density, out);
    case 'capsule':
      return computeCapsuleMass(shape, density, out);
    case 'polygon':
      return computePolygonMass(shape, density, out);
    case 'box':
      return computeBoxMass(shape, density, out);
    case 'segment':
    case 'chainSegment':
      // No area, no mass: level geometry, centred between its ends.
      requireNonNegative('density', density);
      return finish(
        out,
        0,
        0.5 * (shape.point1.x + shape.point2.x),
        0.5 * (shape.point1.y + shape.point2.y),
        0,
      );
    default:
      throw new CollisionError('shape.type', (shape as { type: unknown }).type, 'is not a known shape type');
  }
}

/**
 * The mass properties of several shapes on one body: masses add, the centre is their mass-weighted
 * mean, inertias move by the parallel-axis theorem. No mass: centre at the origin, inertia 0. `out`
 * may be one of `parts`.
 */
export function combineMassData(parts: readonly MassData[], out: MassData): MassData {
  let mass = 0;
  let sx = 0;
  let sy = 0;
  let originInertia = 0;
  for (const m of parts) {
    mass += m.mass;
    sx += m.mass * m.centerX;
    sy += m.mass * m.centerY;
    originInertia += m.originInertia;
  }
  if (!(mass > 0)) return finish(out, 0, 0, 0, 0);
  const cx = sx / mass;
  const cy = sy / mass;
  let inertia = 0;
  for (const m of parts) {
    const dx = m.centerX - cx;
    const dy = m.centerY - cy;
    inertia += m.rotationalInertia + m.mass * (dx * dx + dy * dy);
  }
  out.mass = mass;
  out.centerX = cx;
  out.centerY = cy;
  out.rotationalInertia = inertia;
  out.originInertia = originInertia;
  return out;
}
