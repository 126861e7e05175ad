import { DistanceJoint, RevoluteJoint } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { demoScenes, paneCount } from '../src/demo-scenes';
import { findScene, scenes } from '../src/scene-list';
import { sensorActive, sensorEvents } from '../src/sensors';
import { defaultSettings } from '../src/settings';
import { Simulation } from '../src/simulation';

describe("the testbed's own scenes", () => {
  it('follow the catalogue in the menu and are found by id', () => {
    expect(scenes.slice(-demoScenes.length)).toEqual(demoScenes);
    expect(new Set(scenes.map((e) => e.id)).size).toBe(scenes.length);
    for (const entry of demoScenes) {
      expect(findScene(entry.id)).toBe(entry);
      const scene = entry.create();
      expect(scene.id).toBe(entry.id);
      expect(scene.description.length).toBeGreaterThan(40);
    }
    expect(findScene('pyramid')?.id).toBe('pyramid');
    expect(findScene('nope')).toBeUndefined();
  });

  it('sensors: the zones are sensor shapes that report begin and end and light up', () => {
    const simulation = new Simulation(findScene('sensors')!.create(), defaultSettings());
    expect(simulation.panes.length).toBe(1);
    const world = simulation.worlds[0];
    const zones = world.bodies.filter((b) => b.shapes.every((s) => s.sensor));
    expect(zones.length).toBe(4);
    // Nothing overlaps a zone at the start (the floor's stands clear of the ground).
    simulation.step(1 / 60);
    expect(zones.some(sensorActive)).toBe(false);
    let lit = 0;
    for (let i = 0; i < 300; i++) {
      simulation.step(1 / 60);
      if (zones.some(sensorActive)) lit++;
    }
    const events = sensorEvents(world);
    expect(events.begin).toBeGreaterThanOrEqual(24);
    expect(events.end).toBeGreaterThan(0);
    expect(lit).toBeGreaterThan(0);
    // The balls rest in the floor's zone: lit, and every ball passed the zones in the air (no contact).
    expect(sensorActive(zones[3])).toBe(true);
    for (const body of world.bodies) if (body.type === 'dynamic') expect(body.position.y).toBeLessThan(2);
  });

  it('continuous collision: two worlds, the bullets stop at the wall only in the one with it', () => {
    const scene = findScene('continuous')!.create({ count: 6, speed: 400 });
    expect(paneCount(scene)).toBe(2);
    const simulation = new Simulation(scene, defaultSettings());
    for (let i = 0; i < 60; i++) simulation.step(1 / 60);
    const through = simulation.worlds.map(
      (world) => world.bodies.filter((b) => b.type === 'dynamic' && b.position.x > 0.05).length,
    );
    expect(simulation.worlds.map((w) => w.bodies.filter((b) => b.type === 'dynamic').length)).toEqual([6, 6]);
    expect(through[0]).toBe(0);
    expect(through[1]).toBe(6);
  });

  it('springs and winches: the gates bend and swing back level; a winch lifts only a load lighter than its force', () => {
    const simulation = new Simulation(findScene('springs-winches')!.create({ force: 60 }), defaultSettings());
    const world = simulation.worlds[0];
    const gates = world.joints.filter((j): j is RevoluteJoint => j instanceof RevoluteJoint);
    const [light, heavy] = world.joints.filter((j) => j instanceof DistanceJoint).map((j) => j.bodyB);
    expect([light.mass, heavy.mass]).toEqual([2, 8]);
    expect(gates.length).toBe(2);
    let lowest = 0;
    for (let i = 0; i < 180; i++) {
      simulation.step(1 / 60);
      lowest = Math.min(lowest, ...gates.map((g) => g.jointAngle()));
    }
    // The boxes pressed a gate down; the 2 kg load rose at 1 m/s, the 8 kg one (80 N) stayed down.
    expect(lowest).toBeLessThan(-0.1);
    expect(light.position.y).toBeGreaterThan(2);
    expect(heavy.position.y).toBeLessThan(0.6);
    for (let i = 0; i < 600; i++) simulation.step(1 / 60);
    for (const gate of gates) expect(Math.abs(gate.jointAngle())).toBeLessThan(0.05);
    // The light load hangs at the winch's shortest length, 1.5 m below the beam's anchor.
    expect(light.position.y).toBeCloseTo(11.8 - 1.5 - 0.5, 1);
  });

  it('ring: the three bodies slide round the loop chain, on its surface, slowed only by its joints', () => {
    // The testbed takes its gravity from the scene (none) when it loads one.
    const simulation = new Simulation(findScene('ring')!.create(), { ...defaultSettings(), gravityY: 0 });
    const world = simulation.worlds[0];
    const moving = world.bodies.filter((b) => b.type === 'dynamic');
    expect(moving).toHaveLength(3);
    for (let i = 0; i < 300; i++) simulation.step(1 / 60);
    for (const body of moving) {
      // Within a shape's size of the 10 m ring, and at 5 cos(3.6°)^(joints passed) or so (4.6 m/s).
      expect(Math.hypot(body.position.x, body.position.y)).toBeGreaterThan(9.5);
      expect(Math.hypot(body.position.x, body.position.y)).toBeLessThan(10);
      expect(Math.hypot(body.linearVelocity.x, body.linearVelocity.y)).toBeGreaterThan(4.3);
      expect(Math.hypot(body.linearVelocity.x, body.linearVelocity.y)).toBeLessThan(5);
    }
  });
});
