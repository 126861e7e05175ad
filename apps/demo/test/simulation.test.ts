import { getScene } from '@lite/scenes';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../src/settings';
import { buildWorld, Simulation, tagOf } from '../src/simulation';

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
      const joint = world.joints[i];
      expect(joint.kind === 2 ? null : [joint.springForm, joint.stiffness, joint.damping]).toEqual([
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
      blockSolver: false,
      warmStarting: false,
      iterations: 7,
      substeps: 3,
    });
    expect(simulation.panes.map((p) => p.world.settings.blockSolver)).toEqual(scene.compare!.values);
    expect(simulation.panes.map((p) => p.world.settings.warmStarting)).toEqual([false, false]);
    expect(simulation.panes.map((p) => p.world.settings.iterations)).toEqual([7, 7]);
    expect(simulation.panes.map((p) => p.world.settings.substeps)).toEqual([3, 3]);
  });

  it('steps and times every world, and drops the same bomb into each', () => {
    const scene = getScene('block-solver')!.create({ height: 3 });
    const simulation = new Simulation(scene, defaultSettings());
    const counts = simulation.panes.map((p) => p.world.bodies.length);
    simulation.step(1 / 60);
    expect(simulation.stepCount).toBe(1);
    expect(simulation.stepTimes.count).toBe(1);
    expect(simulation.panes.every((p) => p.world.stepCount === 1)).toBe(true);
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
});
