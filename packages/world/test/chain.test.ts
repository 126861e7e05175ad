/**
 * Heavy chains: a weight on many light links keeps every pin together. The separation is measured
 * against the geometric truth: each pin's anchor is taken in both bodies' frames from the scene's
 * initial poses (not from the joints), and the two world points are rebuilt from the bodies' poses.
 */
import { heavyChain, type SceneDef } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import type { Body, SolverKind } from '../src/index';
import { buildScene, solverSettings } from './helpers';

const dt = 1 / 60;

/** [lax, lay, lbx, lby] per revolute joint, from the scene's initial poses. */
function localAnchors(scene: SceneDef): number[][] {
  return scene.joints.map((j) => {
    if (j.kind !== 'revolute') throw new Error('revolute joints only');
    const out: number[] = [];
    for (const body of [scene.bodies[j.bodyA], scene.bodies[j.bodyB]]) {
      const c = Math.cos(body.angle ?? 0);
      const s = Math.sin(body.angle ?? 0);
      const dx = j.anchorX - body.x;
      const dy = j.anchorY - body.y;
      out.push(c * dx + s * dy, -s * dx + c * dy);
    }
    return out;
  });
}

function worldPoint(body: Body, lx: number, ly: number): [number, number] {
  const c = Math.cos(body.angle);
  const s = Math.sin(body.angle);
  return [body.position.x + c * lx - s * ly, body.position.y + s * lx + c * ly];
}

/** Steps `scene` for `seconds` and returns the largest pin separation seen after any step, m. */
function maxSeparation(scene: SceneDef, seconds: number, solver: SolverKind, jointChains = true): number {
  const { world, bodies } = buildScene(scene, { sleeping: false, solver });
  solverSettings(world).jointChains = jointChains;
  const anchors = localAnchors(scene);
  let worst = 0;
  for (let step = 0; step < seconds * 60; ++step) {
    world.step(dt);
    for (let k = 0; k < anchors.length; ++k) {
      const j = scene.joints[k];
      const [ax, ay] = worldPoint(bodies[j.bodyA], anchors[k][0], anchors[k][1]);
      const [bx, by] = worldPoint(bodies[j.bodyB], anchors[k][2], anchors[k][3]);
      const d = Math.hypot(bx - ax, by - ay);
      // NaN counts as broken.
      if (!(d <= worst)) worst = Number.isNaN(d) ? Number.POSITIVE_INFINITY : d;
    }
  }
  return worst;
}

describe.each(['soft', 'classic'] as const)('heavy chains hold together (%s)', (solver) => {
  it('40 links of 1 kg with a 100 kg weight (the bench scene): every pin within 1 mm over 60 s', () => {
    expect(maxSeparation(heavyChain(40, 100), 60, solver)).toBeLessThan(0.001);
  });

  for (const [links, ratio, tolerance] of [
    [10, 10, 0.001],
    [10, 1000, 0.05],
    [25, 300, 0.05],
    [60, 10, 0.001],
    [60, 1000, 0.1],
  ] as const) {
    it(`${links} links, ${ratio}:1: every pin within ${tolerance} m over 30 s`, () => {
      expect(maxSeparation(heavyChain(links, ratio), 30, solver)).toBeLessThan(tolerance);
    });
  }
});

describe('without the chain solve', () => {
  it('with jointChains off the classic solver (Box2D-Lite Gauss-Seidel) pulls the chain apart by more than 0.5 m', () => {
    // Documents the failure the chain solver fixes (and that the switch is live).
    expect(maxSeparation(heavyChain(40, 100), 10, 'classic', false)).toBeGreaterThan(0.5);
  });
});
