import { describe, expect, it } from 'vitest';
import { Camera } from '../src/camera';

function camera(): Camera {
  const c = new Camera(2, 7, 20);
  c.setViewport(100, 0, 800, 400);
  return c;
}

describe('Camera', () => {
  it('puts the centre in the middle of the viewport with y up', () => {
    const c = camera();
    expect(c.scale).toBe(20); // 400 px / 20 m
    expect(c.toScreenX(2)).toBe(500);
    expect(c.toScreenY(7)).toBe(200);
    expect(c.toScreenX(3)).toBe(520);
    expect(c.toScreenY(8)).toBe(180); // up in the world is up on screen
  });

  it('inverts toScreen with toWorld', () => {
    const c = camera();
    for (const [x, y] of [
      [0, 0],
      [-13.25, 4.5],
      [9, -2],
    ]) {
      const p = c.toWorld({ x: 0, y: 0 }, c.toScreenX(x), c.toScreenY(y));
      expect(p.x).toBeCloseTo(x, 12);
      expect(p.y).toBeCloseTo(y, 12);
    }
  });

  it('pans so that the world follows the pointer', () => {
    const c = camera();
    const before = { x: c.toScreenX(1), y: c.toScreenY(1) };
    c.panBy(30, -10);
    expect(c.toScreenX(1)).toBeCloseTo(before.x + 30, 12);
    expect(c.toScreenY(1)).toBeCloseTo(before.y - 10, 12);
  });

  it('zooms about the pointer, keeping the world point under it fixed', () => {
    const c = camera();
    const sx = 700;
    const sy = 50;
    const anchor = c.toWorld({ x: 0, y: 0 }, sx, sy);
    c.zoomAt(2, sx, sy);
    expect(c.height).toBe(10);
    expect(c.toScreenX(anchor.x)).toBeCloseTo(sx, 9);
    expect(c.toScreenY(anchor.y)).toBeCloseTo(sy, 9);
  });

  it('clamps the zoom', () => {
    const c = camera();
    c.zoomAt(1e9, 500, 200);
    expect(c.height).toBe(0.5);
    c.zoomAt(1e-9, 500, 200);
    expect(c.height).toBe(2000);
  });

  it('knows which screen points are in its viewport', () => {
    const c = camera();
    expect(c.containsScreen(100, 0)).toBe(true);
    expect(c.containsScreen(99, 10)).toBe(false);
    expect(c.containsScreen(899, 399)).toBe(true);
    expect(c.containsScreen(900, 10)).toBe(false);
  });
});
