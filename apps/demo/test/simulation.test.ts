import { getScene } from '@lite/scenes';
import { type Body, type BodyShape, ClassicSolver, type RevoluteJoint, World } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { scenes } from '../src/scene-list';
import { appliesTo, currentCounts, defaultSettings, disabledWith, TECHNIQUES } from '../src/settings';
import { buildWorld, pickBody, Simulation, tagOf } from '../src/simulation';

/** A point inside `shape` (its centroid, or its vertices' mean), in the world. */
function insidePoint(body: Body, shape: BodyShape): { x: number; y: number } {
  const g = shape.geometry;
  let local: { x: number; y: number };
  if (g.type === 'box') local = { x: g.offset?.x ?? 0, y: g.offset?.y ?? 0 };
  else if (g.type === 'circle') local = { x: g.center?.x ?? 0, y: g.center?.y ?? 0 };
  else if (g.type === 'polygon') {
    local = { x: 0, y: 0 };
    for (const v of g.vertices) {
      local.x += v.x / g.vertices.length;
      local.y += v.y / g.vertices.length;
    }
  } else if (g.type === 'capsule')
    local = { x: 0.5 * (g.center1.x + g.center2.x), y: 0.5 * (g.center1.y + g.center2.y) };
  else local = { x: 0.5 * (g.point1.x + g.point2.x), y: 0.5 * (g.point1.y + g.point2.y) };
  const p = body.getWorldPoint(local);
  return { x: p.x, y: p.y };
}

describe('pickBody', () => {
  it('finds a dynamic body under every shape of every dynamic body of every scene, of any kind', () => {
    const kinds = new Set<string>();
    for (const entry of scenes) {
      const world = buildWorld(entry.create(), undefined);
      for (const body of world.bodies) {
        if (body.type !== 'dynamic') continue;
        for (const shape of body.shapes) {
          kinds.add(shape.geometry.type);
          const p = insidePoint(body, shape);
          const picked = pickBody(world, p.x, p.y);
          expect(picked, `${entry.id}: body ${body.id} at (${p.x}, ${p.y})`).not.toBeNull();
          expect(picked!.type).toBe('dynamic');
          // The lowest id under the point: this body unless an overlapping one has a lower id.
          expect(picked!.id).toBeLessThanOrEqual(body.id);
        }
      }
    }
    expect([...kinds].sort()).toEqual(['box', 'capsule', 'circle', 'polygon']);
  });

  it('picks no static body and nothing in empty space', () => {
    const world = new World();
    world.createBody({ type: 'static', width: 4, height: 1 });
    const ball = world.createBody({ position: { x: 5, y: 0 }, shape: { type: 'circle', radius: 0.5 } });
    expect(pickBody(world, 0, 0)).toBeNull();
    expect(pickBody(world, 5.4, 0)).toBe(ball);
    expect(pickBody(world, 5.4, 0.4)).toBeNull();
  });
});

describe('Simulation', () => {
  it('builds every body and joint of a scene, with its sizes, poses and tags', () => {
    const scene = getScene('dominos')!.create();
    const world = buildWorld(scene, undefined);
    expect(world.bodies.length).toBe(scene.bodies.length);
    expect(world.joints.length).toBe(scene.joints.length);
    scene.bodies.forEach((def, i) => {
      const body = world.bodies[i];
      expect(body.type).toBe(def.type);
      expect(body.width).toBe(def.width);
      expect(body.height).toBe(def.height);
      expect(body.position.x).toBe(def.x);
      expect(body.position.y).toBe(def.y);
      expect(body.angle).toBe(def.angle ?? 0);
      if (def.type === 'dynamic' && def.mass !== undefined) expect(body.mass).toBe(def.mass);
      expect(tagOf(body)).toBe(def.tag);
    });
  });

  it("gives Box2D-Lite's bridge its pins' stiffness and damping, so it hangs clear of the ground", () => {
    const scene = getScene('suspension-bridge')!.create();
    const world = buildWorld(scene, undefined);
    scene.joints.forEach((def, i) => {
      if (def.kind !== 'revolute') throw new Error('pins expected');
      const joint = world.joints[i] as RevoluteJoint;
      expect([joint.springForm, joint.stiffness, joint.damping]).toEqual([
        'stiffness',
        def.stiffness,
        def.damping,
      ]);
    });
    for (let i = 0; i < 600; i++) world.step(1 / 60);
    const middle = world.bodies.find((b) => tagOf(b) === 'middle')!;
    expect(Math.abs(middle.position.y - 3.4)).toBeLessThan(0.1);
  });

  it('splits a comparison scene into two worlds, each with its group and its pinned setting', () => {
    const scene = getScene('block-solver')!.create({ height: 5 });
    const settings = { ...defaultSettings(), blockSolver: true };
    const simulation = new Simulation(scene, settings);
    expect(simulation.panes.length).toBe(2);
    const shared = scene.bodies.filter((b) => b.group === undefined).length;
    for (const group of [0, 1]) {
      const pane = simulation.panes[group];
      const own = scene.bodies.filter((b) => b.group === group);
      expect(pane.world.bodies.length).toBe(shared + own.length);
      expect(pane.world.settings.blockSolver).toBe(scene.compare!.values[group]);
      expect(pane.label).toBe(scene.compare!.labels[group]);
      // The pane centres on its own group.
      const xs = own.map((b) => b.x);
      expect(pane.centerX).toBeCloseTo((Math.min(...xs) + Math.max(...xs)) / 2, 1);
    }
    // The user's toggles reach both worlds, except the pinned one.
    simulation.applySettings({
      ...settings,
      solver: 'classic',
      counts: { classic: { iterations: 7, substeps: 3 }, soft: { iterations: 2, substeps: 5 } },
      blockSolver: false,
      warmStarting: false,
    });
    expect(simulation.panes.map((p) => p.world.settings.blockSolver)).toEqual(scene.compare!.values);
    expect(simulation.panes.map((p) => p.world.settings.warmStarting)).toEqual([false, false]);
    expect(simulation.panes.map((p) => p.world.classicSolver?.iterations)).toEqual([7, 7]);
    expect(simulation.panes.map((p) => p.world.classicSolver?.substeps)).toEqual([3, 3]);
  });

  it('steps and times every world, and drops the same bomb into each', () => {
    const scene = getScene('block-solver')!.create({ height: 3 });
    const simulation = new Simulation(scene, defaultSettings());
    const counts = simulation.panes.map((p) => p.world.bodies.length);
    simulation.step(1 / 60);
    expect(simulation.stepCount).toBe(1);
    expect(simulation.stepTimes.count).toBe(1);
    expect(simulation.panes.every((p) => p.world.stepCount === 1)).toBe(true);
    expect(simulation.snapshotTimes.count).toBe(0);
    const state = simulation.capture();
    expect(state.snapshots.length).toBe(2);
    expect(simulation.snapshotTimes.count).toBe(1);
    simulation.dropBomb();
    const bombs = simulation.panes.map((p) => p.world.bodies[p.world.bodies.length - 1]);
    expect(simulation.panes.map((p) => p.world.bodies.length)).toEqual(counts.map((n) => n + 1));
    expect(bombs.map(tagOf)).toEqual(['bomb', 'bomb']);
    // Same bomb, shifted by the distance between the panes' centres.
    const shift = simulation.panes[1].centerX - simulation.panes[0].centerX;
    expect(bombs[1].position.x - bombs[0].position.x).toBeCloseTo(shift, 12);
    expect(bombs[1].position.y).toBe(bombs[0].position.y);
    expect(bombs[1].angle).toBe(bombs[0].angle);
  });

  it('wakes resting bodies when gravity changes', () => {
    const scene = getScene('single-box')!.create();
    const settings = defaultSettings();
    const simulation = new Simulation(scene, settings);
    for (let i = 0; i < 600 && simulation.panes[0].world.bodies[1].awake; i++) simulation.step(1 / 60);
    const box = simulation.panes[0].world.bodies[1];
    expect(box.awake).toBe(false);
    simulation.applySettings({ ...settings, gravityX: 5 });
    expect(box.awake).toBe(true);
    for (let i = 0; i < 30; i++) simulation.step(1 / 60);
    expect(box.linearVelocity.x).toBeGreaterThan(0);
  });

  it('switches every world between the solvers live; a comparison that pins the solver keeps it', () => {
    const settings = defaultSettings();
    // A plain scene follows the setting.
    const plain = new Simulation(getScene('stack')!.create({ height: 3 }), settings);
    // The block-solver comparison pins the classic solver (the block solver is its technique).
    const scene = getScene('block-solver')!.create({ height: 5 });
    expect(scene.compare?.solver).toBe('classic');
    const simulation = new Simulation(scene, settings);
    const solvers = () => simulation.panes.map((p) => p.world.solver);
    expect(solvers()).toEqual(['classic', 'classic']);
    for (const solver of ['soft', 'classic', 'soft'] as const) {
      const next = { ...settings, solver, contactHertz: 45, maxPushVelocity: 2 };
      plain.applySettings(next);
      expect(plain.panes[0].world.solver).toBe(solver);
      simulation.applySettings(next);
      expect(solvers()).toEqual(['classic', 'classic']);
      // The compared setting stays pinned per pane whatever the solver.
      expect(simulation.panes.map((p) => p.world.settings.blockSolver)).toEqual(scene.compare!.values);
      for (const pane of simulation.panes) {
        const s = pane.world.settings;
        expect(s.contactHertz).toBe(45);
        expect(s.maxPushVelocity).toBe(2);
        // The classic solver in use has the classic counts.
        const classic = pane.world.classicSolver;
        expect({ iterations: classic?.iterations, substeps: classic?.substeps }).toEqual(
          settings.counts.classic,
        );
      }
      for (let i = 0; i < 10; i++) simulation.step(1 / 60);
      expect(simulation.error).toBeNull();
    }
  });

  it('gives each solver its own iterations and sub-steps, the scene’s iterations to the classic one', () => {
    const scene = getScene('pyramid')!.create();
    const defaults = defaultSettings();
    for (const solver of ['soft', 'classic'] as const) {
      const world = buildWorld({ ...scene, iterations: 17 }, undefined, solver);
      expect(world.solver).toBe(solver);
      expect(world.classicSolver?.iterations).toBe(17);
      expect(world.settings.iterations).toBe(defaults.counts.soft.iterations);
    }
    expect(buildWorld(scene, undefined).solver).toBe(new World().solver);
    const settings = { ...defaults, solver: 'soft' as const };
    const simulation = new Simulation(scene, settings);
    settings.counts.soft.substeps = 6;
    simulation.applySettings(settings);
    const world = simulation.panes[0].world;
    expect(world.settings.substeps).toBe(6);
    expect(currentCounts(settings).substeps).toBe(6);
    simulation.applySettings({ ...settings, solver: 'classic' });
    expect(world.classicSolver?.substeps).toBe(defaults.counts.classic.substeps);
    expect(world.settings.substeps).toBe(6);
  });
});

describe('demo settings', () => {
  it('start from the engine’s defaults, the world’s default solver among them', () => {
    const world = new World();
    const settings = defaultSettings();
    expect(settings.solver).toBe(world.solver);
    expect(settings.contactHertz).toBe(world.settings.contactHertz);
    expect(settings.maxPushVelocity).toBe(world.settings.maxPushVelocity);
    expect(settings.splitImpulses).toBe(false);
    const classic = new ClassicSolver();
    expect(settings.counts.soft).toEqual({
      iterations: world.settings.iterations,
      substeps: world.settings.substeps,
    });
    expect(settings.counts.classic).toEqual({ iterations: classic.iterations, substeps: classic.substeps });
    expect(settings.counts.classic).toEqual({ iterations: 10, substeps: 1 });
    expect(settings.counts.soft).toEqual({ iterations: 1, substeps: 4 });
  });

  it('say which toggles each solver uses', () => {
    const scope = (name: string) => TECHNIQUES.find((t) => t.name === name)!.scope;
    for (const name of ['warmStarting', 'blockSolver', 'jointChains']) {
      expect(appliesTo(scope(name), 'soft')).toBe(true);
      expect(appliesTo(scope(name), 'classic')).toBe(true);
    }
    for (const name of ['relax', 'splitImpulses']) {
      expect(disabledWith(scope(name), 'soft')).toBe(true);
      expect(disabledWith(scope(name), 'classic')).toBe(false);
    }
    // Dimmed in the soft step but still live there (joints; warm starting).
    for (const name of ['positionCorrection', 'accumulateImpulses']) {
      expect(appliesTo(scope(name), 'soft')).toBe(false);
      expect(disabledWith(scope(name), 'soft')).toBe(false);
      expect(appliesTo(scope(name), 'classic')).toBe(true);
    }
    expect(appliesTo('soft', 'classic')).toBe(false);
    expect(disabledWith('soft', 'classic')).toBe(true);
    expect(appliesTo('soft', 'soft')).toBe(true);
  });
});
