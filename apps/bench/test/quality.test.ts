import { heavyChain, pyramid, type SceneDef, stack } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import {
  DRIFT_LIMIT,
  jointAnchors,
  jointQuality,
  SEPARATION_LIMIT,
  SINK_LIMIT,
  structureQuality,
} from '../src/quality';

function initialPoses(scene: SceneDef): Float64Array {
  const out = new Float64Array(3 * scene.bodies.length);
  scene.bodies.forEach((b, i) => {
    out[3 * i] = b.x;
    out[3 * i + 1] = b.y;
    out[3 * i + 2] = b.angle ?? 0;
  });
  return out;
}

describe('structure verdict', () => {
  const scene = stack(10, { offset: 0.005 });
  const top = scene.bodies.findIndex((b) => b.tag === 'top');

  it('an untouched stack stands with zero drift and sink', () => {
    expect(structureQuality(scene, initialPoses(scene))).toEqual({
      maxDrift: 0,
      topSink: 0,
      verdict: 'stands',
    });
  });
  it('a stack that sank uniformly by its contacts’ slop still stands', () => {
    const poses = initialPoses(scene);
    scene.bodies.forEach((b, i) => {
      if (b.type === 'dynamic') poses[3 * i + 1] -= 0.01 * i;
    });
    const q = structureQuality(scene, poses);
    expect(q.topSink).toBeCloseTo(0.1, 12);
    expect(q.verdict).toBe('stands');
  });
  it('falls when one box drifts half a box sideways, or the top sinks a box height', () => {
    const drifted = initialPoses(scene);
    drifted[3 * 4] += DRIFT_LIMIT;
    const q = structureQuality(scene, drifted);
    expect(q.maxDrift).toBeCloseTo(DRIFT_LIMIT, 12);
    expect(q.verdict).toBe('fell');
    const almost = initialPoses(scene);
    almost[3 * 4] -= DRIFT_LIMIT * 0.99;
    expect(structureQuality(scene, almost).verdict).toBe('stands');
    const sunk = initialPoses(scene);
    sunk[3 * top + 1] -= SINK_LIMIT;
    expect(structureQuality(scene, sunk).verdict).toBe('fell');
    const thrown = initialPoses(scene); // the top box launched straight up, the column still aligned
    thrown[3 * top + 1] += SINK_LIMIT;
    const q2 = structureQuality(scene, thrown);
    expect(q2.topSink).toBeCloseTo(-SINK_LIMIT, 12);
    expect(q2.verdict).toBe('fell');
    const risen = initialPoses(scene); // lifted by contact skins: still standing
    risen[3 * top + 1] += 0.3;
    expect(structureQuality(scene, risen).verdict).toBe('stands');
  });
  it('ignores static bodies and counts NaN as fallen', () => {
    const s = pyramid(3);
    const poses = initialPoses(s);
    poses[0] += 100; // the ground "moved": not a box
    expect(structureQuality(s, poses).verdict).toBe('stands');
    poses[3 * 2 + 1] = Number.NaN;
    expect(structureQuality(s, poses).verdict).toBe('fell');
  });
});

describe('joint separation', () => {
  const scene = heavyChain(5, 100);
  const anchors = jointAnchors(scene);

  it('is zero at the initial poses', () => {
    expect(jointQuality(scene, anchors, initialPoses(scene)).maxSeparation).toBeCloseTo(0, 12);
  });
  it('is zero when the whole chain is rotated rigidly about a pin, however far', () => {
    // Rotate every dynamic body by 1 rad about the first pin (0, y): a rigid motion keeps pins together.
    const j0 = scene.joints[0];
    if (j0.kind !== 'revolute') throw new Error('revolute expected');
    const poses = initialPoses(scene);
    const t = 1;
    scene.bodies.forEach((b, i) => {
      if (b.type !== 'dynamic') return;
      const dx = b.x - j0.anchorX;
      const dy = b.y - j0.anchorY;
      poses[3 * i] = j0.anchorX + Math.cos(t) * dx - Math.sin(t) * dy;
      poses[3 * i + 1] = j0.anchorY + Math.sin(t) * dx + Math.cos(t) * dy;
      poses[3 * i + 2] = t;
    });
    const q = jointQuality(scene, anchors, poses);
    expect(q.maxSeparation).toBeLessThan(1e-12);
    expect(q.verdict).toBe('holds');
  });
  it('equals the displacement of a body moved off its pins (the largest over joints)', () => {
    const poses = initialPoses(scene);
    const weight = scene.bodies.findIndex((b) => b.tag === 'weight');
    poses[3 * weight] += 0.3;
    poses[3 * weight + 1] -= 0.4;
    const q = jointQuality(scene, anchors, poses);
    expect(q.maxSeparation).toBeCloseTo(0.5, 12);
    expect(q.verdict).toBe(0.5 < SEPARATION_LIMIT ? 'holds' : 'broke');
  });
});
