import { describe, expect, it } from 'vitest';
import { Camera } from '../src/camera';
import { gameOf } from '../src/game';
import { followCharacter } from '../src/game-draw';
import { ONE_WAY_PLATFORMS, TERRAIN_END_X } from '../src/game-scenes';
import { SceneControls } from '../src/scene-controls';
import { findScene } from '../src/scene-list';
import { defaultSettings } from '../src/settings';
import { Simulation } from '../src/simulation';

const dt = 1 / 60;

function findSceneWorld(id: string) {
  return new Simulation(findScene(id)!.create(), defaultSettings()).worlds[0];
}

describe('game scenes', () => {
  it('terrain: the character walks the chain terrain to the 60° wall, pushing boxes, crossing the pit', () => {
    const simulation = new Simulation(findScene('terrain')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const mover = gameOf(world)!.mover!;
    const chain = world.bodies.find((b) => b.shapes.length > 1)!;
    expect(chain.shapes.every((s) => s.type === 'chain')).toBe(true);
    const platform = world.bodies.find((b) => b.type === 'kinematic')!;
    const boxes = world.bodies.filter((b) => b.type === 'dynamic');
    expect(boxes.length).toBe(4);
    const start = boxes.map((b) => b.position.x);
    // The keyboard's path: D held (throttle 1), space to jump.
    const controls = new SceneControls(() => simulation);
    expect(controls.press('d')).toBe(true);
    expect(simulation.input.throttle).toBe(1);
    let platformLow = Number.POSITIVE_INFINITY;
    let platformHigh = Number.NEGATIVE_INFINITY;
    let last = mover.position.x;
    let still = 0;
    let jumps = 0;
    let steps = 0;
    for (; steps < 60 * 40 && mover.position.x < TERRAIN_END_X - 1; steps++) {
      simulation.step(dt);
      platformLow = Math.min(platformLow, platform.position.x);
      platformHigh = Math.max(platformHigh, platform.position.x);
      // Stuck (behind a box at a step, in the pit): jump, as a player would.
      still = mover.position.x - last < 0.01 ? still + 1 : 0;
      last = mover.position.x;
      if (still > 20 && mover.onGround) {
        expect(controls.press(' ')).toBe(true);
        jumps++;
        still = 0;
      }
    }
    // 46 m of terrain at up to 6 m/s, with a few jumps: well within 20 s.
    expect(mover.position.x).toBeGreaterThanOrEqual(TERRAIN_END_X - 1);
    expect(steps).toBeLessThan(60 * 20);
    expect(jumps).toBeLessThanOrEqual(4);
    // Two more seconds against the 60° wall (its top 5.2 m up): it stays at the foot.
    let top = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < 120; i++) {
      simulation.step(dt);
      top = Math.max(top, mover.position.y);
    }
    expect(mover.position.x).toBeLessThan(TERRAIN_END_X + 1);
    expect(top).toBeLessThan(2.5);
    // The boxes in its way were pushed along (to the hill's foot); the platform shuttled its 5 m.
    for (let i = 0; i < boxes.length; i++) expect(boxes[i].position.x - start[i]).toBeGreaterThan(1);
    expect(platformLow).toBeCloseTo(-10.5, 6);
    expect(platformHigh).toBeCloseTo(-5.5, 2);
    expect(Math.abs(platform.position.y + 0.15)).toBeLessThan(1e-9);
    // Let go: the throttle is 0 again.
    expect(controls.release('d')).toBe(true);
    expect(simulation.input.throttle).toBe(0);
  });

  it('terrain: the camera follows the character once it leaves the middle of the view', () => {
    const simulation = new Simulation(findScene('terrain')!.create(), defaultSettings());
    const mover = gameOf(simulation.worlds[0])!.mover!;
    const camera = new Camera(mover.position.x, mover.position.y, 10);
    camera.setViewport(0, 0, 1000, 500);
    expect(followCharacter(camera, simulation.worlds[0])).toBe(false);
    // 20 m of view across: it follows once the character is 5 m from the centre.
    mover.position.x += 7;
    expect(followCharacter(camera, simulation.worlds[0])).toBe(true);
    expect(mover.position.x - camera.centerX).toBeCloseTo(5, 9);
    expect(followCharacter(new Camera(), findSceneWorld('sensors'))).toBe(false);
  });

  it('terrain: stepping back puts the character back where it was', () => {
    const simulation = new Simulation(findScene('terrain')!.create(), defaultSettings());
    const mover = gameOf(simulation.worlds[0])!.mover!;
    simulation.input.press('ArrowRight');
    for (let i = 0; i < 30; i++) simulation.step(dt);
    const state = simulation.capture();
    const x = mover.position.x;
    for (let i = 0; i < 30; i++) simulation.step(dt);
    expect(mover.position.x).toBeGreaterThan(x + 0.1);
    simulation.restoreState(state, defaultSettings());
    expect(mover.position.x).toBe(x);
    expect(simulation.stepCount).toBe(30);
  });
});

describe('one-way platforms', () => {
  it('boxes thrown up pass through the platforms and land on them; the others stay on the floor', () => {
    const simulation = new Simulation(findScene('one-way')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const game = gameOf(world)!;
    expect(game.oneWay.size).toBe(ONE_WAY_PLATFORMS.length);
    const boxes = world.bodies.filter((b) => b.type === 'dynamic');
    const thrown = boxes.filter((b) => b.linearVelocity.y > 0);
    expect(thrown.length).toBeGreaterThanOrEqual(3);
    const highest = thrown.map(() => Number.NEGATIVE_INFINITY);
    for (let i = 0; i < 240; i++) {
      simulation.step(dt);
      thrown.forEach((box, k) => {
        highest[k] = Math.max(highest[k], box.position.y);
      });
    }
    // Each thrown box rose past a platform and rests on top of one (its top plus half the box).
    for (let k = 0; k < thrown.length; k++) {
      const box = thrown[k];
      const on = ONE_WAY_PLATFORMS.find(
        ([px, py]) => Math.abs(box.position.x - px) < 2 && box.position.y > py,
      );
      expect(on, `box ${box.id} at ${box.position.x.toFixed(2)}, ${box.position.y.toFixed(2)}`).toBeDefined();
      expect(highest[k]).toBeGreaterThan(on![1] + 1);
      expect(box.position.y).toBeCloseTo(on![1] + 0.1 + 0.225, 1);
      expect(Math.abs(box.linearVelocity.y)).toBeLessThan(0.05);
    }
    for (const box of boxes) if (!thrown.includes(box)) expect(box.position.y).toBeLessThan(0.5);
  });

  it('without the callback the same platforms stop the thrown boxes from below', () => {
    const simulation = new Simulation(findScene('one-way')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    world.setPreSolveCallback(null);
    const thrown = world.bodies.filter((b) => b.type === 'dynamic' && b.linearVelocity.y > 0);
    expect(thrown.length).toBeGreaterThanOrEqual(3);
    const under = thrown.map(
      (box) => ONE_WAY_PLATFORMS.find(([px]) => Math.abs(box.position.x - px) < 2)![1],
    );
    const highest = thrown.map(() => Number.NEGATIVE_INFINITY);
    for (let i = 0; i < 120; i++) {
      simulation.step(dt);
      thrown.forEach((box, k) => {
        highest[k] = Math.max(highest[k], box.position.y);
      });
    }
    // Each stays under its platform's underside (its centre half a box lower).
    thrown.forEach((_, k) => {
      expect(highest[k]).toBeLessThan(under[k] - 0.1 - 0.225 + 0.02);
    });
  });
});
