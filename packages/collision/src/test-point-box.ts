import type { Transform } from '@lite/math';
import type { Box } from './box';

/** True when the world point (x, y) lies inside the box at pose `xf` (boundary included). */
export function testPointBox(box: Box, xf: Transform, x: number, y: number): boolean {
  const c = xf.q.c;
  const s = xf.q.s;
  const rx = x - xf.p.x;
  const ry = y - xf.p.y;
  const lx = c * rx + s * ry;
  const ly = -s * rx + c * ry;
  return Math.abs(lx) <= box.halfWidth && Math.abs(ly) <= box.halfHeight;
}
