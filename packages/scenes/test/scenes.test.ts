import { Random } from '@lite/math';
import { describe, expect, it } from 'vitest';
import {
  ballPit,
  blockSolverComparison,
  bomb,
  boxLiteDemo,
  boxLitePyramid,
  catalogue,
  getScene,
  heavyChain,
  manyBodies,
  pyramid,
  rain,
  type SceneDef,
  SceneError,
  stack,
  suspensionBridge,
  TUMBLER_MAX,
  tumbler,
} from '../src/index';
import { overlapDepth, overlappingPairs } from './overlap';

const dynamicCount = (s: SceneDef) => s.bodies.filter((b) => b.type === 'dynamic').length;
const staticCount = (s: SceneDef) => s.bodies.filter((b) => b.type === 'static').length;

describe('overlap reference', () => {
  const box = (x: number, y: number, angle = 0) => ({
    type: 'dynamic' as const,
    width: 1,
    height: 1,
    x,
    y,
    angle,
  });
  it('measures touching as zero, overlap as positive, apart as negative', () => {
    expect(overlapDepth(box(0, 0), box(1, 0))).toBeCloseTo(0, 12);
    expect(overlapDepth(box(0, 0), box(0.9, 0))).toBeCloseTo(0.1, 12);
    expect(overlapDepth(box(0, 0), box(1.2, 0.3))).toBeCloseTo(-0.2, 12);
    // A diamond whose corner reaches 0.5 + sqrt(2)/2 - 1.2 into the square.
    expect(overlapDepth(box(0, 0), box(1.2, 0, Math.PI / 4))).toBeGreaterThan(0);
  });
});

describe('counts', () => {
  it('pyramid(base) has base (base + 1) / 2 boxes and a ground', () => {
    for (const [base, boxes] of [
      [1, 1],
      [20, 210],
      [100, 5050],
    ]) {
      const s = pyramid(base);
      expect(dynamicCount(s)).toBe(boxes);
      expect(staticCount(s)).toBe(1);
      expect(s.bodies.length).toBe(boxes + 1);
    }
  });
  it('stack(n) has n boxes; rain(count) has count boxes and three static bodies', () => {
    expect(dynamicCount(stack(24))).toBe(24);
    const r = rain(2000, 7);
    expect(dynamicCount(r)).toBe(2000);
    expect(staticCount(r)).toBe(3);
  });
  it("Box2D-Lite's pyramid has 78 boxes, its bridge 15 planks and 16 joints", () => {
    expect(dynamicCount(boxLitePyramid())).toBe(78);
    const bridge = suspensionBridge();
    expect(dynamicCount(bridge)).toBe(15);
    expect(bridge.joints.length).toBe(16);
  });
});

describe('layouts', () => {
  it('pyramid(20) is centred, touching, with rows offset by half a box', () => {
    const s = pyramid(20);
    const boxes = s.bodies.filter((b) => b.type === 'dynamic');
    const bottom = boxes.filter((b) => b.y === 0.5).map((b) => b.x);
    expect(bottom.length).toBe(20);
    expect(Math.min(...bottom)).toBeCloseTo(-9.5, 12);
    expect(Math.max(...bottom)).toBeCloseTo(9.5, 12);
    const second = boxes.filter((b) => b.y === 1.5).map((b) => b.x);
    expect(Math.min(...second)).toBeCloseTo(-9, 12);
    const top = s.bodies.find((b) => b.tag === 'top');
    expect(top?.x).toBeCloseTo(0, 12);
    expect(top?.y).toBeCloseTo(19.5, 12);
    // Ground top at y = 0, under every box.
    const ground = s.bodies[0];
    expect(ground.y + ground.height / 2).toBe(0);
    expect(ground.width / 2).toBeGreaterThan(10);
  });
  it('stack offsets alternate by ±offset and boxes sit 1 m apart on the ground', () => {
    const s = stack(6, { offset: 0.005 });
    const boxes = s.bodies.filter((b) => b.type === 'dynamic');
    boxes.forEach((b, i) => {
      expect(b.x).toBe(i % 2 === 0 ? 0.005 : -0.005);
      expect(b.y).toBe(0.5 + i);
      expect(b.mass).toBe(1);
      expect(b.friction).toBe(0.6);
      expect(b.restitution).toBe(0);
    });
    expect(s.bodies.find((b) => b.tag === 'top')).toBe(boxes[5]);
    expect(s.id).toBe('stack6-offset');
    expect(stack(6).id).toBe('stack6');
  });
});

describe('no dynamic box overlaps another body at the start', () => {
  const cases: [string, SceneDef][] = [
    ['stack(64)', stack(64)],
    ['stack(64, offset)', stack(64, { offset: 0.005 })],
    ['pyramid(20)', pyramid(20)],
    ['rain(600, 3)', rain(600, 3)],
    ['manyBodies(600, 3)', manyBodies(600, 3)],
    ['block solver', blockSolverComparison(24)],
    ['chain', heavyChain(20, 100)],
  ];
  for (const [name, s] of cases) {
    it(name, () => {
      expect(overlappingPairs(s.bodies)).toEqual([]);
    });
  }
  // Every box's bounding circle (radius: half its diagonal) lies between the walls, above the ground
  // and below the walls' top, so no box can fly over a wall and fall forever.
  for (const [name, s] of [
    ['rain(2000)', rain(2000, 1)],
    ['rain(400)', rain(400, 1)],
    ['manyBodies(3000)', manyBodies(3000, 1)],
    ['manyBodies(300)', manyBodies(300, 1)],
    ['manyBodies(10000)', manyBodies(10000, 2)],
  ] as const) {
    it(`${name} boxes all start inside the container walls, below their top`, () => {
      const walls = s.bodies.filter((b) => b.tag === 'wall');
      expect(walls.length).toBe(2);
      const inner = walls[1].x - walls[1].width / 2;
      const wallTop = Math.min(...walls.map((w) => w.y + w.height / 2));
      for (const b of s.bodies.filter((q) => q.type === 'dynamic')) {
        const radius = 0.5 * Math.hypot(b.width, b.height);
        expect(Math.abs(b.x) + radius).toBeLessThan(inner);
        expect(b.y - radius).toBeGreaterThan(0);
        expect(b.y + radius).toBeLessThan(wallTop);
      }
    });
  }
});

describe('determinism', () => {
  it('the same seed gives the same scene, another seed another', () => {
    expect(rain(300, 42)).toEqual(rain(300, 42));
    expect(manyBodies(300, 42)).toEqual(manyBodies(300, 42));
    expect(rain(300, 42)).not.toEqual(rain(300, 43));
    expect(boxLiteDemo(4, 9)).toEqual(boxLiteDemo(4, 9));
  });
  it('bomb(rng) follows the generator', () => {
    const a = bomb(new Random(5));
    const b = bomb(new Random(5));
    expect(a).toEqual(b);
    expect(a.x).toBeGreaterThanOrEqual(-15);
    expect(a.x).toBeLessThan(15);
    expect(a.y).toBe(15);
    expect(a.vx).toBeCloseTo(-1.5 * a.x, 12);
    expect(a.vy).toBeCloseTo(-22.5, 12);
    expect(Math.abs(a.angle ?? 0)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(a.angularVelocity ?? 0)).toBeLessThanOrEqual(20);
    expect(a.mass).toBe(50);
  });
});

describe('catalogue', () => {
  it('has unique ids and every entry builds with its defaults', () => {
    const ids = catalogue.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of catalogue) {
      const s = e.create();
      expect(s.id).toBe(e.id);
      expect(s.bodies.length).toBeGreaterThan(0);
      expect(s.iterations).toBe(10);
      expect(s.gravity).toEqual({ x: 0, y: -10 });
      expect(s.camera.height).toBeGreaterThan(0);
      for (const p of e.parameters) {
        expect(p.default).toBeGreaterThanOrEqual(p.min);
        expect(p.default).toBeLessThanOrEqual(p.max);
      }
    }
  });
  it('holds the nine Box2D-Lite demos and the extra scenes', () => {
    for (const id of [
      'single-box',
      'pendulum',
      'varying-friction',
      'randomized-stacking',
      'box-lite-pyramid',
      'teeter',
      'suspension-bridge',
      'dominos',
      'multi-pendulum',
      'stack',
      'pyramid',
      'block-solver',
      'springs',
      'restitution',
      'chain',
      'rain',
      'many-bodies',
    ]) {
      expect(getScene(id), id).toBeDefined();
    }
    expect(getScene('nope')).toBeUndefined();
  });
  it('every body is well formed and every joint references two different existing bodies', () => {
    for (const e of catalogue) {
      const s = e.create();
      for (const b of s.bodies) {
        expect(b.width).toBeGreaterThan(0);
        expect(b.height).toBeGreaterThan(0);
        expect(Number.isFinite(b.x) && Number.isFinite(b.y)).toBe(true);
        if (b.type === 'dynamic') expect((b.mass ?? 0) > 0 || (b.density ?? 0) > 0).toBe(true);
      }
      for (const j of s.joints) {
        expect(Number.isInteger(j.bodyA) && Number.isInteger(j.bodyB)).toBe(true);
        expect(j.bodyA).toBeGreaterThanOrEqual(0);
        expect(j.bodyB).toBeGreaterThanOrEqual(0);
        expect(j.bodyA).toBeLessThan(s.bodies.length);
        expect(j.bodyB).toBeLessThan(s.bodies.length);
        expect(j.bodyA).not.toBe(j.bodyB);
        const a = s.bodies[j.bodyA];
        const b = s.bodies[j.bodyB];
        expect(a.type === 'dynamic' || b.type === 'dynamic').toBe(true);
      }
    }
  });
  it('parameters change the scene and bad ones throw SceneError naming them', () => {
    const p = getScene('pyramid');
    expect(p?.create({ base: 5 }).bodies.length).toBe(16);
    expect(() => p?.create({ base: 0 })).toThrow(SceneError);
    expect(() => p?.create({ base: 0 })).toThrow(/base = 0/);
    expect(() => p?.create({ bsae: 5 })).toThrow(/bsae/);
    expect(() => getScene('stack')?.create({ height: Number.NaN })).toThrow(/height = NaN/);
    expect(() => pyramid(2.5)).toThrow(SceneError);
    expect(() => stack(3, { offset: -1 })).toThrow(/offset = -1/);
  });
  it('the heavy chain has a mass ratio of at least 100:1 and a joint per link', () => {
    const s = heavyChain();
    const masses = s.bodies.filter((b) => b.type === 'dynamic').map((b) => b.mass ?? 0);
    expect(Math.max(...masses) / Math.min(...masses)).toBeGreaterThanOrEqual(100);
    expect(s.joints.length).toBe(masses.length);
  });
  it('the block-solver comparison holds two identical stacks in groups 0 and 1', () => {
    const s = blockSolverComparison(10);
    const g0 = s.bodies.filter((b) => b.group === 0);
    const g1 = s.bodies.filter((b) => b.group === 1);
    expect(g0.length).toBe(10);
    expect(g1.map((b) => ({ ...b, x: b.x - 6, group: 0 }))).toEqual(g0);
    expect(s.compare?.setting).toBe('blockSolver');
  });
});

describe('heavy chain geometry', () => {
  it('every pin lies in the gap between its two bodies and the anchor block is out of reach', () => {
    const s = heavyChain(10, 100);
    const anchor = s.bodies[0];
    expect(anchor.type).toBe('static');
    for (const j of s.joints) {
      if (j.kind !== 'revolute') throw new Error('revolute expected');
      const a = s.bodies[j.bodyA];
      const b = s.bodies[j.bodyB];
      // The pin is at the right end gap of A (or below the anchor) and 0.125 m left of B.
      expect(b.x - b.width / 2 - j.anchorX).toBeCloseTo(0.125, 12);
      if (j.bodyA > 0) expect(j.anchorX - (a.x + a.width / 2)).toBeCloseTo(0.125, 12);
    }
    // The first link's farthest corner from the pin stays below the anchor block whatever its angle.
    const reach = Math.hypot(0.125 + 0.75, 0.125);
    expect(anchor.y - anchor.height / 2 - (s.bodies[1].y + 0)).toBeGreaterThan(reach);
  });
});

describe('spawn jitter', () => {
  it('moves the ball pit off its grid within the cells: the same balls, none overlapping', () => {
    const grid = ballPit(400, 1, 0).bodies.filter((b) => b.type === 'dynamic');
    const shaken = ballPit(400, 1, 1).bodies.filter((b) => b.type === 'dynamic');
    const radius = (b: (typeof grid)[number]) => (b.shapes![0] as { radius: number }).radius;
    expect(shaken.map(radius)).toEqual(grid.map(radius));
    const moved = shaken.filter((b, i) => b.x !== grid[i].x || b.y !== grid[i].y).length;
    expect(moved).toBeGreaterThan(0.9 * grid.length);
    // Every pair apart: the pairs that overlap (beyond round-off) are collected and must be none
    // (an expect per pair, 80,000 of them, took most of the package's test time).
    const overlapping: string[] = [];
    for (let i = 0; i < shaken.length; i++) {
      for (let k = i + 1; k < shaken.length; k++) {
        const [a, b] = [shaken[i], shaken[k]];
        const apart = Math.hypot(a.x - b.x, a.y - b.y) >= radius(a) + radius(b) - 1e-9;
        if (!apart) overlapping.push(`${i} and ${k}`);
      }
    }
    expect(overlapping).toEqual([]);
  });

  it('moves the tumbler off its grid, keeps it full to the top at most, and refuses more', () => {
    const grid = tumbler(60, 0, 0).bodies.slice(1);
    const shaken = tumbler(60, 0, 1).bodies.slice(1);
    expect(shaken.filter((b, i) => b.x !== grid[i].x).length).toBeGreaterThan(50);
    // Neighbours 0.6 m apart, 0.5 m across: a jitter within ±0.05 m keeps them apart.
    for (let i = 0; i < shaken.length; i++)
      expect(Math.abs(shaken[i].x - grid[i].x)).toBeLessThanOrEqual(0.05);
    const full = tumbler(TUMBLER_MAX, 0, 1).bodies.slice(1);
    // The drum's inside reaches y = 20; the bodies are 0.5 m across.
    expect(Math.max(...full.map((b) => b.y + 0.25))).toBeLessThanOrEqual(20);
    expect(() => tumbler(TUMBLER_MAX + 1)).toThrow(SceneError);
    expect(() => ballPit(10, 1, 1.5)).toThrow(/jitter/);
  });
});
