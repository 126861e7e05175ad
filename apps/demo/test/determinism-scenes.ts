/**
 * The scenes the cross-runtime determinism test hashes: bundled with Vite from the built packages
 * and run, the same bundle, in Node and in Chromium (see determinism.test.ts). Everything here is
 * plain arithmetic on the engine's state: no clock, no randomness outside the scenes' seeds.
 */
import { catalogue, type SceneDef } from '@lite/scenes';
import { type SolverKind, type World, wasmKernelsReady } from '@lite/world';
import { buildWorld } from '../src/simulation';

/** One hashed run: a catalogue scene (with parameters), a solver and a step count. */
export interface HashSpec {
  id: string;
  solver: SolverKind;
  steps: number;
  parameters?: Record<string, number>;
}

/** A run's result: a hash of every body's pose and velocity bits every 100 steps, and more. */
export interface HashResult {
  key: string;
  /** Hex FNV-1a (two 32-bit lanes) of the Float64 bits, one per checkpoint. */
  hashes: string[];
  bodies: number;
  stepCount: number;
  /** Σ |x| + |y| over the bodies at the end (shows that the scene moved and is not empty). */
  spread: number;
  /** How far the dynamic bodies moved in all, m (a scene that stood still would hash alike anywhere). */
  travel: number;
  /** Whether the soft step's WebAssembly kernels ran (`wasmKernelsReady()` after the run). */
  wasm: boolean;
}

/** A scene's world as the demo builds it (every body and joint kind), on `solver`. */
export function buildScene(scene: SceneDef, solver: SolverKind): World {
  return buildWorld(scene, undefined, solver);
}

/** FNV-1a over the 32-bit words of every body's x, y, angle, vx, vy, w as Float64 bits. */
function hashState(world: World): string {
  const values = new Float64Array(world.bodies.length * 6);
  let k = 0;
  for (const b of world.bodies) {
    values[k++] = b.position.x;
    values[k++] = b.position.y;
    values[k++] = b.angle;
    values[k++] = b.linearVelocity.x;
    values[k++] = b.linearVelocity.y;
    values[k++] = b.angularVelocity;
  }
  const words = new Uint32Array(values.buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < words.length; ++i) {
    h1 = Math.imul(h1 ^ words[i], 16777619) >>> 0;
    h2 = Math.imul(h2 ^ words[words.length - 1 - i], 2246822519) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

/** Steps each spec's scene at 1/60 s and hashes its state every 100 steps and at the end. */
export function hashScenes(specs: readonly HashSpec[]): HashResult[] {
  return specs.map((spec) => {
    const entry = catalogue.find((e) => e.id === spec.id);
    if (entry === undefined) throw new Error(`no catalogue scene ${spec.id}`);
    const world = buildScene(entry.create(spec.parameters), spec.solver);
    const start = world.bodies.map((b) => [b.position.x, b.position.y]);
    const hashes: string[] = [];
    for (let i = 1; i <= spec.steps; ++i) {
      world.step(1 / 60);
      if (i % 100 === 0 || i === spec.steps) hashes.push(hashState(world));
    }
    let spread = 0;
    let travel = 0;
    world.bodies.forEach((b, i) => {
      spread += Math.abs(b.position.x) + Math.abs(b.position.y);
      travel += Math.hypot(b.position.x - start[i][0], b.position.y - start[i][1]);
    });
    return {
      key: `${spec.id} ${spec.solver}`,
      hashes,
      bodies: world.bodies.length,
      stepCount: world.stepCount,
      spread,
      travel,
      wasm: wasmKernelsReady(),
    };
  });
}
