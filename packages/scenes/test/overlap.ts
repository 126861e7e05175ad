import type { BodyDef } from '../src/types';

/**
 * Independent brute-force reference: the depth by which two oriented boxes overlap, by the separating
 * axis theorem over the four face normals (the smallest overlap of the projections; <= 0 means apart
 * or just touching).
 */
export function overlapDepth(a: BodyDef, b: BodyDef): number {
  const axes: [number, number][] = [];
  for (const body of [a, b]) {
    const t = body.angle ?? 0;
    axes.push([Math.cos(t), Math.sin(t)], [-Math.sin(t), Math.cos(t)]);
  }
  let depth = Number.POSITIVE_INFINITY;
  for (const [ax, ay] of axes) {
    const [minA, maxA] = project(a, ax, ay);
    const [minB, maxB] = project(b, ax, ay);
    depth = Math.min(depth, Math.min(maxA, maxB) - Math.max(minA, minB));
  }
  return depth;
}

function project(body: BodyDef, ax: number, ay: number): [number, number] {
  const t = body.angle ?? 0;
  const c = Math.cos(t);
  const s = Math.sin(t);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ]) {
    const lx = (sx * body.width) / 2;
    const ly = (sy * body.height) / 2;
    const x = body.x + c * lx - s * ly;
    const y = body.y + s * lx + c * ly;
    const d = x * ax + y * ay;
    min = Math.min(min, d);
    max = Math.max(max, d);
  }
  return [min, max];
}

/** Every pair of bodies (at least one dynamic) overlapping by more than `tolerance`, brute force. */
export function overlappingPairs(bodies: BodyDef[], tolerance = 1e-9): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < bodies.length; ++i) {
    for (let j = i + 1; j < bodies.length; ++j) {
      if (bodies[i].type !== 'dynamic' && bodies[j].type !== 'dynamic') continue;
      if (overlapDepth(bodies[i], bodies[j]) > tolerance) out.push([i, j]);
    }
  }
  return out;
}
