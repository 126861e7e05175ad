import { describe, expect, it } from 'vitest';
import { Camera } from '../src/camera';
import { GHOST } from '../src/filters-scene';
import { DEFAULT_HINT, FLASH_SPEED, gameOf, gameRows, sceneHint } from '../src/game';
import { followCharacter } from '../src/game-draw';
import { ONE_WAY_PLATFORMS, TERRAIN_END_X } from '../src/game-scenes';
import { SceneControls } from '../src/scene-controls';
import { findScene } from '../src/scene-list';
import { defaultSettings } from '../src/settings';
import { Simulation } from '../src/simulation';

const dt = 1 / 60;

function findSceneWorlds(id: string) {
  return new Simulation(findScene(id)!.create(), defaultSettings()).worlds;
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
    expect(followCharacter(new Camera(), findSceneWorlds('sensors')[0])).toBe(false);
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

  it('stepping back keeps the platforms one-way: the replayed steps are the same', () => {
    const simulation = new Simulation(findScene('one-way')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const thrown = world.bodies.filter((b) => b.type === 'dynamic' && b.linearVelocity.y > 0);
    for (let i = 0; i < 20; i++) simulation.step(dt);
    const state = simulation.capture();
    for (let i = 0; i < 100; i++) simulation.step(dt);
    const first = thrown.map((b) => [b.position.x, b.position.y]);
    simulation.restoreState(state, defaultSettings());
    for (let i = 0; i < 100; i++) simulation.step(dt);
    expect(thrown.map((b) => [b.position.x, b.position.y])).toEqual(first);
  });

  it('the character jumps up through a platform, stands on it, then on the higher one; stepping back replays it', () => {
    const simulation = new Simulation(findScene('one-way')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const mover = gameOf(world)!.mover!;
    const [low, high] = ONE_WAY_PLATFORMS;
    const platformOf = (x: number) => [...gameOf(world)!.oneWay].find((b) => b.position.x === x);
    // Walk right until under the low platform, stop, jump straight up.
    const walkTo = (x: number) => {
      simulation.input.press('ArrowRight');
      for (let i = 0; i < 600 && mover.position.x < x; i++) simulation.step(dt);
      simulation.input.release('ArrowRight');
      for (let i = 0; i < 60; i++) simulation.step(dt);
    };
    const jump = () => {
      simulation.input.press(' ');
      simulation.step(dt);
      simulation.input.release(' ');
      for (let i = 0; i < 120; i++) simulation.step(dt);
    };
    walkTo(low[0] - 0.5);
    expect(mover.onGround).toBe(true);
    expect(mover.position.y).toBeLessThan(1.5);
    jump();
    // On it: hovering 0.9 + 0.5 above its top (y + 0.1).
    expect(mover.ground).toBe(platformOf(low[0]));
    expect(mover.position.y).toBeCloseTo(low[1] + 0.1 + 1.4, 1);
    const state = simulation.capture();
    // Right along the platform and a jump onto the high one, which starts 1 m beyond its end.
    const jumpRight = () => {
      simulation.input.press('ArrowRight');
      simulation.input.press(' ');
      for (let i = 0; i < 12; i++) simulation.step(dt);
      simulation.input.release(' ');
      for (let i = 0; i < 40; i++) simulation.step(dt);
      simulation.input.release('ArrowRight');
      for (let i = 0; i < 120; i++) simulation.step(dt);
    };
    jumpRight();
    expect(mover.ground).toBe(platformOf(high[0]));
    expect(mover.position.y).toBeCloseTo(high[1] + 0.1 + 1.4, 1);
    const first = [mover.position.x, mover.position.y];
    simulation.restoreState(state, defaultSettings());
    jumpRight();
    expect([mover.position.x, mover.position.y]).toEqual(first);
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

describe('explosions and hit events', () => {
  it("a press's blast throws the nearby boxes away from it and leaves the far ones; hits are counted", () => {
    const simulation = new Simulation(findScene('explosions')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const game = gameOf(world)!;
    for (let i = 0; i < 60; i++) simulation.step(dt);
    const boxes = world.bodies.filter((b) => b.type === 'dynamic');
    const before = boxes.map((b) => ({ x: b.position.x, y: b.position.y }));
    // Beside the pyramid's right foot, on the floor.
    const blast = { x: 6, y: 0.5 };
    expect(game.explodeAt(blast.x, blast.y)).toBe(true);
    expect(game.blast.step).toBe(game.steps);
    // The blast's reach: radius + falloff (a box's surface is within 0.64 m of its centre).
    const reach = 2 + 2;
    let near = 0;
    for (let i = 0; i < boxes.length; i++) {
      const box = boxes[i];
      const dx = before[i].x - blast.x;
      const dy = before[i].y - blast.y;
      const distance = Math.hypot(dx, dy);
      const away = (box.linearVelocity.x * dx + box.linearVelocity.y * dy) / distance;
      if (distance < 2) {
        // Within the radius at full strength: over 1 m/s straight away from the blast.
        near++;
        expect(away).toBeGreaterThan(1);
      } else if (distance > reach + 1) {
        expect(Math.hypot(box.linearVelocity.x, box.linearVelocity.y)).toBeLessThan(0.05);
      }
    }
    expect(near).toBeGreaterThan(0);
    const hitsBefore = game.hitCount;
    for (let i = 0; i < 60; i++) simulation.step(dt);
    // They flew off: the nearest box moved over half a metre, and landing hits were reported and flashed.
    const moved = boxes.map((b, i) => Math.hypot(b.position.x - before[i].x, b.position.y - before[i].y));
    expect(Math.max(...moved)).toBeGreaterThan(0.5);
    expect(game.hitCount).toBeGreaterThan(hitsBefore);
    expect(game.fastestHit).toBeGreaterThan(FLASH_SPEED);
    let flashed = 0;
    for (let i = 3; i < game.flashes.length; i += 4) if (game.flashes[i] > 60) flashed++;
    expect(flashed).toBeGreaterThan(0);
    expect(gameRows(simulation.worlds)[0][0]).toBe('Hit events');
    expect(gameRows(findSceneWorlds('terrain'))).toEqual([]);
  });

  it('a scene without a blast does nothing on a press', () => {
    expect(gameOf(findSceneWorlds('terrain')[0])!.explodeAt(0, 0)).toBe(false);
    expect(gameOf(findSceneWorlds('sensors')[0])).toBeUndefined();
  });
});

describe('the canvas hint', () => {
  it("names the character's keys, the blast's press, and otherwise the pointer's defaults", () => {
    expect(sceneHint(findScene('terrain')!.create())).toMatch(/A \/ D or ← \/ → walk · W, ↑ or space jump/);
    expect(sceneHint(findScene('explosions')!.create())).toMatch(/empty space: a blast/);
    expect(sceneHint(findScene('pyramid')!.create())).toBe(DEFAULT_HINT);
  });
});

describe('body types', () => {
  it('the platform cycles static → kinematic → dynamic every 4 s and on Y: held, flown home, fallen', () => {
    const simulation = new Simulation(findScene('body-types')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const game = gameOf(world)!;
    const platform = game.cycled!.body;
    const hanging = world.bodies[2];
    expect(platform.type).toBe('static');
    expect(sceneHint(simulation.scene)).toContain('Y: ');
    const steps = 4 * 60;
    for (let i = 0; i < steps; i++) simulation.step(dt);
    // Static: held where it is, boxes on it.
    expect(platform.position.y).toBe(5);
    for (let i = 0; i < steps; i++) simulation.step(dt);
    expect(platform.type).toBe('kinematic');
    expect(platform.position.y).toBeCloseTo(5, 6);
    for (let i = 0; i < steps; i++) simulation.step(dt);
    // Dynamic for 4 s: fallen on the ground, the hanging box still jointed to it.
    expect(platform.type).toBe('dynamic');
    expect(platform.position.y).toBeLessThan(3);
    expect(world.joints.length).toBe(1);
    // Static again for a second, then Y: kinematic, it flies home (at 3 m/s) with its hanging box.
    for (let i = 0; i < 60; i++) simulation.step(dt);
    expect(platform.type).toBe('static');
    const controls = new SceneControls(() => simulation);
    expect(controls.press('Y')).toBe(true);
    expect(platform.type).toBe('kinematic');
    for (let i = 0; i < 170; i++) simulation.step(dt);
    expect(platform.position.y).toBeCloseTo(5, 6);
    expect(Math.abs(platform.angle)).toBeLessThan(1e-9);
    // The hanging box, 2 m from its anchor on the platform throughout.
    const anchor = platform.getWorldPoint({ x: 2.5, y: 0 });
    expect(Math.hypot(hanging.position.x - anchor.x, hanging.position.y - anchor.y)).toBeCloseTo(2, 1);
  });

  it('stepping back across type changes replays the same steps', () => {
    const simulation = new Simulation(findScene('body-types')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const platform = gameOf(world)!.cycled!.body;
    for (let i = 0; i < 200; i++) simulation.step(dt);
    const state = simulation.capture();
    for (let i = 0; i < 400; i++) simulation.step(dt);
    expect(platform.type).toBe('dynamic');
    const first = world.bodies.map((b) => [b.type, b.position.x, b.position.y]);
    simulation.restoreState(state, defaultSettings());
    expect(platform.alive).toBe(true);
    expect(platform.type).toBe('static');
    for (let i = 0; i < 400; i++) simulation.step(dt);
    expect(world.bodies.map((b) => [b.type, b.position.x, b.position.y])).toEqual(first);
  });
});

describe('filters and fixed rotation', () => {
  it('fixed rotation keeps its tilt, ghosts pass through ghosts only, a filter joint and a trapdoor let bodies through', () => {
    const simulation = new Simulation(findScene('filters')!.create(), defaultSettings());
    const world = simulation.worlds[0];
    const [, free, fixed, lower, upper, trapdoor] = world.bodies;
    const onShelf = world.bodies.slice(6, 9);
    const balls = world.bodies.filter((b) => b.shapes[0].type === 'circle');
    for (let i = 0; i < 60 * 2.5; i++) simulation.step(dt);
    // Before the trapdoor opens (3 s) its boxes rest on it (top 4.15, half a box 0.35).
    for (const box of onShelf) expect(box.position.y).toBeCloseTo(4.15 + 0.35, 1);
    // The free box toppled to lie flat (0.6 high: its centre 0.3 up); the fixed one kept 0.5 rad.
    expect(fixed.angle).toBe(0.5);
    expect(free.position.y).toBeLessThan(0.4);
    expect(fixed.position.y).toBeGreaterThan(0.8);
    // The upper box fell through the lower one (a filter joint), both on the ground.
    expect(upper.position.y).toBeLessThan(0.6);
    expect(Math.abs(upper.position.x - lower.position.x)).toBeLessThan(0.5);
    for (let i = 0; i < 60 * 1.5; i++) simulation.step(dt);
    expect(trapdoor.shapes[0].mask).toBe(0);
    for (const box of onShelf) expect(box.position.y).toBeLessThan(1);
    // Two ghosts overlap somewhere; no ghost overlaps a plain ball, nor two plain balls.
    let ghostsOverlap = false;
    for (let i = 0; i < balls.length; i++) {
      for (let k = i + 1; k < balls.length; k++) {
        const d = Math.hypot(
          balls[i].position.x - balls[k].position.x,
          balls[i].position.y - balls[k].position.y,
        );
        const ghosts = [balls[i], balls[k]].filter((b) => (b.userData as { tag?: string })?.tag === GHOST);
        if (ghosts.length === 2) ghostsOverlap ||= d < 0.6;
        else expect(d).toBeGreaterThan(0.8 - 0.03);
      }
    }
    expect(ghostsOverlap).toBe(true);
  });
});
