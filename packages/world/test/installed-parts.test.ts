import { describe, expect, it } from 'vitest';
import { ClassicSolver, ContinuousCollision, World, WorldError } from '../src/index';

/**
 * The classic solver and continuous collision are installed parts. This file makes no ClassicSolver
 * before its first test, so that the classic solver is not yet registered by name.
 */
describe('installed parts', () => {
  it("'classic' by name before any ClassicSolver was made is refused naming the fix; after, it picks one", () => {
    const fix = /needs the classic solver installed: import \{ ClassicSolver \} from '@lite\/world'/;
    expect(() => new World({ solver: 'classic' })).toThrow(WorldError);
    expect(() => new World({ solver: 'classic' })).toThrow(/^options\.solver = "?classic"?: /);
    expect(() => new World({ solver: 'classic' })).toThrow(fix);
    const soft = new World();
    expect(() => {
      soft.solver = 'classic';
    }).toThrow(/^world\.solver = "?classic"?: needs the classic solver installed/);
    expect(soft.solver).toBe('soft');
    expect(soft.classicSolver).toBeNull();

    const classic = new World({ solver: new ClassicSolver() });
    expect(classic.solver).toBe('classic');
    // Registered now: picked by name in any world, and switched back and forth between steps.
    soft.createBody({ type: 'static', width: 20, height: 1 });
    const box = soft.createBody({ width: 1, height: 1, position: { x: 0, y: 2 } });
    soft.solver = 'classic';
    const made = soft.classicSolver;
    expect(made).toBeInstanceOf(ClassicSolver);
    for (let i = 0; i < 30; ++i) soft.step(1 / 60);
    soft.solver = 'soft';
    // Kept, with its settings, for the next switch.
    expect(soft.classicSolver).toBe(made);
    for (let i = 0; i < 30; ++i) soft.step(1 / 60);
    expect(box.position.y).toBeCloseTo(1, 1);
    expect(new World({ solver: 'classic' }).solver).toBe('classic');
  });

  it('a solver or continuous collision that is not one is refused naming the option', () => {
    expect(() => new World({ solver: {} as never })).toThrow(
      /^options\.solver = .*: must be 'soft', 'classic' or a ClassicSolver/,
    );
    expect(() => new World({ solver: 'fast' as never })).toThrow(
      /^options\.solver = "?fast"?: must be 'soft', 'classic' or a ClassicSolver/,
    );
    expect(() => new World({ continuous: true as never })).toThrow(
      /^options\.continuous = true: must be a ContinuousCollision \(new ContinuousCollision\(\)\)/,
    );
  });

  it('one ContinuousCollision per world: a second world refuses it', () => {
    const continuous = new ContinuousCollision();
    const world = new World({ continuous });
    expect(world.createBody({ width: 1, height: 1, bullet: true }).bullet).toBe(true);
    expect(() => new World({ continuous })).toThrow(
      /^options\.continuous = "?ContinuousCollision"?: is installed in another world/,
    );
  });
});
