import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Body, ClassicSolver, DistanceJoint, RevoluteJoint, type SolverKind, World } from '../src/index';

// The classic solver is installed, not built in: made once here, it is picked by name ('classic') below.
new ClassicSolver();

// The collector, reachable without starting Node with --expose-gc: the flag set at run time
// exposes `gc` in contexts made after it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The heap after full collections. A WeakRef's target is kept until the job that made or read it
 * ends, so the collections come after a turn of the event loop.
 */
async function settledHeap(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** What each body, extra shape and joint carries as userData: 100 numbers, to be seen in the heap. */
class Payload {
  readonly numbers: number[];
  constructor(i: number) {
    this.numbers = new Array(100).fill(i);
  }
}

const DT = 1 / 60;

/**
 * Makes `n` boxes in rows on `ground` (every tenth with a second shape, every seventh pinned to the
 * one before, every thirteenth tied to the ground, every seventeenth a sensor too), steps `before`
 * times, destroys them all in creation order and steps `after` times. Returns WeakRefs to the
 * userData of one body, one shape and one joint.
 */
function batch(world: World, ground: Body, n: number, before: number, after: number): WeakRef<Payload>[] {
  const bodies: Body[] = [];
  const refs: WeakRef<Payload>[] = [];
  for (let i = 0; i < n; i++) {
    const b = world.createBody({
      width: 1,
      height: 1,
      position: { x: (i % 50) * 1.1 - 27, y: 1 + Math.floor(i / 50) * 1.1 },
      userData: new Payload(i),
    });
    if (i % 10 === 0) b.createShape({ type: 'circle', radius: 0.3, userData: new Payload(-i) });
    if (i % 17 === 3) b.createShape({ type: 'circle', radius: 0.6, sensor: true, userData: new Payload(-i) });
    if (i % 7 === 1) {
      const j = world.createJoint(RevoluteJoint, {
        bodyA: bodies[i - 1],
        bodyB: b,
        anchor: b.position,
        userData: new Payload(-1),
      });
      if (i === 8) refs.push(new WeakRef(j.userData as Payload));
    }
    if (i % 13 === 2) {
      world.createJoint(DistanceJoint, {
        bodyA: ground,
        bodyB: b,
        anchorA: { x: 0, y: 0 },
        anchorB: b.position,
        userData: new Payload(-2),
      });
    }
    bodies.push(b);
  }
  refs.push(new WeakRef(bodies[n >> 1].userData as Payload));
  refs.push(new WeakRef(bodies[10].shapes[1].userData as Payload));
  for (let k = 0; k < before; k++) world.step(DT);
  for (const b of bodies) world.destroyBody(b);
  for (let k = 0; k < after; k++) world.step(DT);
  return refs;
}

function groundWorld(solver: SolverKind): { world: World; ground: Body } {
  const world = new World({ solver });
  const ground = world.createBody({ type: 'static', width: 100, height: 1, position: { x: 0, y: 0 } });
  return { world, ground };
}

describe('destroyed bodies, shapes and joints are released (the world keeps no reference to them)', () => {
  for (const solver of ['soft', 'classic'] as const) {
    for (const [label, before, after] of [
      ['never stepped', 0, 0],
      ['stepped with them, not after', 2, 0],
      ['stepped with them and after', 2, 1],
    ] as const) {
      it(`${solver}, ${label}: the userData of a destroyed body, shape and joint is collected`, async () => {
        const { world, ground } = groundWorld(solver);
        const refs = batch(world, ground, 200, before, after);
        await settledHeap();
        expect(refs.map((r) => r.deref() === undefined)).toEqual([true, true, true]);
        // The world still works: a new box falls onto the ground and rests there.
        const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 2 } });
        for (let k = 0; k < 120; k++) world.step(DT);
        expect(box.position.y).toBeCloseTo(1, 1);
        expect(world.bodies.length).toBe(2);
      });
    }
  }

  it('a destroyed body in the middle of the list, with live bodies on both sides, is collected before any step', async () => {
    const { world } = groundWorld('soft');
    const bodies = [0, 1, 2].map((i) =>
      world.createBody({ width: 1, height: 1, position: { x: 2 * i, y: 1 }, userData: new Payload(i) }),
    );
    for (let k = 0; k < 3; k++) world.step(DT);
    const ref = new WeakRef(bodies[1].userData as Payload);
    world.destroyBody(bodies[1]);
    bodies[1] = bodies[0];
    await settledHeap();
    expect(ref.deref()).toBeUndefined();
    expect(world.bodies.map((b) => b.id)).toEqual([0, 1, 3]);
  });

  for (const solver of ['soft', 'classic'] as const) {
    it(`${solver}: the heap after 100,000 bodies made and destroyed in batches (with and without steps) is within 10% of the heap before`, async () => {
      const { world, ground } = groundWorld(solver);
      // Warm-up: every kind of batch once, so the pools and scratch reach their working size.
      for (let r = 0; r < 4; r++) batch(world, ground, 1000, r & 1 ? 2 : 0, r & 2 ? 1 : 0);
      const start = await settledHeap();
      // Twenty batches stepped before or after the destruction (or both, or neither), then eighty
      // without a step between them (nothing compacts the world's lists then).
      for (let r = 0; r < 20; r++) batch(world, ground, 1000, r & 1 ? 2 : 0, r & 2 ? 1 : 0);
      for (let r = 0; r < 80; r++) batch(world, ground, 1000, 0, 0);
      const end = await settledHeap();
      expect(
        end / start,
        `heap ${(start / 1e6).toFixed(1)} MB before, ${(end / 1e6).toFixed(1)} MB after`,
      ).toBeLessThanOrEqual(1.1);
    });
  }
});
