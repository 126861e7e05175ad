/**
 * Restitution: the bounce velocity is exactly -e vn⁻, the rebound height is e² of the drop height,
 * e = 0 does not bounce, e = 1 keeps its height, the threshold, and no jitter at rest.
 */
import { describe, expect, test } from 'vitest';
import { SolverSettings } from '../src/index';
import { Harness } from './harness';

/** A 1 x 1 box of 1 kg whose bottom face starts `height` above a static box's top (y = 0). */
function drop(height: number, restitution: number, settings = new SolverSettings()) {
  const h = new Harness(settings);
  const ground = h.addBox({ width: 20, height: 2, x: 0, y: -1 });
  const box = h.addBox({ width: 1, height: 1, x: 0, y: 0.5 + height, mass: 1, restitution });
  return { h, ground, box, bottom: () => box.position.y - 0.5 };
}

/** Highest bottom position after the first contact, stopping at the first apex. */
function reboundHeight(height: number, restitution: number, hz: number): number {
  const { h, box, bottom } = drop(height, restitution);
  let touched = false;
  let highest = Number.NEGATIVE_INFINITY;
  for (let step = 0; step < hz * 4; step++) {
    h.step(1 / hz);
    if (h.contactCount > 0) touched = true;
    if (!touched) continue;
    highest = Math.max(highest, bottom());
    if (box.linearVelocity.y < 0 && bottom() > 0) break; // past the apex
  }
  return highest;
}

describe('restitution', () => {
  test('the bounce step leaves the box at vn⁺ = -e vn⁻ exactly (60 Hz, e = 0.5)', () => {
    const { h, ground, box } = drop(2, 0.5);
    for (let step = 0; step < 60; step++) {
      h.step(1 / 60);
      const c = h.contactBetween(ground, box);
      if (c === undefined) continue;
      const approach = c.points[0].approachVelocity;
      expect(approach).toBeLessThan(-h.settings.restitutionThreshold);
      expect(c.points[1].approachVelocity).toBe(approach);
      expect(box.linearVelocity.y / (-0.5 * approach)).toBeCloseTo(1, 12);
      expect(box.angularVelocity).toBeCloseTo(0, 12);
      return;
    }
    throw new Error('the box never touched');
  });

  test('dropped flat with e = 0.5 it rebounds to 25% of the drop height within 5% (240 Hz, 41 drops)', () => {
    // The contact is found only once the box has sunk by some p in [0, u dt] (u = impact speed), so
    // the bounce starts p below the surface. Following the symplectic-Euler energy
    // Q = v²/2 + g y - g dt v/2 (exactly conserved in free flight) through the bounce gives the apex
    //   e² h - (1 - e²) p + (e - e²) u dt / 2,
    // a relative error between -2.5 and +0.5 times u dt / h for e = 0.5. That is up to -26% at
    // 60 Hz for a 0.5 m drop, and at most -3.3% here (240 Hz, h >= 2 m), whatever the phase. The
    // drop heights sweep every phase of the impact.
    for (let i = 0; i <= 40; i++) {
      const height = 2 + 0.05 * i;
      const rebound = reboundHeight(height, 0.5, 240);
      expect(Math.abs(rebound / (0.25 * height) - 1)).toBeLessThan(0.05);
    }
  });

  test('with e = 0 it does not bounce: never more than 1 mm above the surface (60 Hz, 0.5 to 5 m)', () => {
    for (let i = 0; i <= 45; i++) {
      const height = 0.5 + 0.1 * i;
      expect(reboundHeight(height, 0, 60)).toBeLessThan(1e-3);
    }
  });

  test('with e = 1 it keeps its height: every apex within 1% of the drop height over 5 bounces (60 Hz)', () => {
    const { h, box, bottom } = drop(2, 1);
    const apexes: number[] = [];
    let previous = 0;
    for (let step = 0; step < 60 * 10 && apexes.length < 5; step++) {
      h.step(1 / 60);
      if (previous > 0 && box.linearVelocity.y <= 0) apexes.push(bottom());
      previous = box.linearVelocity.y;
    }
    expect(apexes.length).toBe(5);
    for (const apex of apexes) expect(Math.abs(apex / 2 - 1)).toBeLessThan(0.01);
  });

  test('below the threshold there is no bounce; above it there is', () => {
    // Thrown down at 0.5 m/s (below 1 m/s) and 2 m/s (above), from 1 cm up, e = 1, no gravity.
    for (const speed of [0.5, 2]) {
      const { h, box } = drop(0.01, 1);
      h.gravityY = 0;
      box.linearVelocity.y = -speed;
      for (let step = 0; step < 30; step++) h.step(1 / 60);
      if (speed < h.settings.restitutionThreshold) expect(box.linearVelocity.y).toBeLessThan(0.2);
      else expect(box.linearVelocity.y).toBeCloseTo(speed, 9);
    }
  });

  test('resting contacts with e > 0 do not jitter', () => {
    // A box placed on the ground with e = 1: after settling, the position does not move and the
    // velocity stays zero (the approach velocity at rest is 0, far below the 1 m/s threshold).
    for (const restitution of [0.5, 1]) {
      const { h, box, bottom } = drop(0, restitution);
      for (let step = 0; step < 60; step++) h.step(1 / 60);
      const rest = bottom();
      for (let step = 0; step < 300; step++) {
        h.step(1 / 60);
        expect(Math.abs(bottom() - rest)).toBeLessThan(1e-6);
        expect(Math.abs(box.linearVelocity.y)).toBeLessThan(1e-6);
      }
      // Placed exactly touching, it never sinks (the velocity rows stop it at separation 0).
      expect(rest).toBeGreaterThanOrEqual(-h.settings.linearSlop);
      expect(rest).toBeLessThanOrEqual(0);
    }
  });
});
