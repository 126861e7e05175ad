import { CAR, getScene, PISTON } from '@lite/scenes';
import type { PrismaticJoint, WheelJoint } from '@lite/world';
import { describe, expect, it } from 'vitest';
import { SceneControls } from '../src/scene-controls';
import { defaultSettings } from '../src/settings';
import { Simulation, tagOf } from '../src/simulation';

describe('scene controls', () => {
  it("hold a key: the control's joints run at its speed; release: at their own again", () => {
    const simulation = new Simulation(getScene('car')!.create(), defaultSettings());
    const controls = new SceneControls(() => simulation);
    const wheels = simulation.panes[0].world.joints as WheelJoint[];
    expect(wheels.map((j) => j.motorSpeed)).toEqual([0, 0]);
    expect(controls.press('ArrowRight')).toBe(true);
    expect(wheels.map((j) => j.motorSpeed)).toEqual([-CAR.driveSpeed, -CAR.driveSpeed]);
    // The last key pressed wins while both are held.
    expect(controls.press('ArrowLeft')).toBe(true);
    expect(wheels.map((j) => j.motorSpeed)).toEqual([CAR.driveSpeed, CAR.driveSpeed]);
    expect(controls.release('ArrowLeft')).toBe(true);
    expect(wheels.map((j) => j.motorSpeed)).toEqual([-CAR.driveSpeed, -CAR.driveSpeed]);
    const chassis = simulation.panes[0].world.bodies.find((b) => tagOf(b) === 'chassis')!;
    const x = chassis.position.x;
    for (let i = 0; i < 60; i++) simulation.step(1 / 60);
    expect(chassis.position.x).toBeGreaterThan(x + 1);
    controls.releaseAll();
    expect(wheels.map((j) => j.motorSpeed)).toEqual([0, 0]);
  });

  it("back to the scene's own speed, and keys the scene does not control are not taken", () => {
    const simulation = new Simulation(getScene('piston')!.create(), defaultSettings());
    const controls = new SceneControls(() => simulation);
    const joint = simulation.panes[0].world.joints[0] as PrismaticJoint;
    expect(controls.press('ArrowDown')).toBe(true);
    expect(joint.motorSpeed).toBe(-PISTON.speed);
    expect(controls.release('ArrowDown')).toBe(true);
    expect(joint.motorSpeed).toBe(PISTON.speed);
    expect(controls.press('ArrowRight')).toBe(false);
    expect(controls.press('x')).toBe(false);
    expect(joint.motorSpeed).toBe(PISTON.speed);
  });

  it('does nothing in a scene without controls', () => {
    const simulation = new Simulation(getScene('pendulum')!.create(), defaultSettings());
    const controls = new SceneControls(() => simulation);
    expect(controls.press('ArrowRight')).toBe(false);
    expect(controls.release('ArrowRight')).toBe(false);
  });
});
