import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { jsKernels } from '../generated/kernels-js';
import {
  BodyStates,
  ConstraintError,
  ContactConstraint,
  type DrivenBody,
  installJsKernels,
  SoftContactSolver,
  SoftStepContext,
  SolverBody,
  SolverSettings,
  setWasmKernels,
  wasmKernelsReady,
} from '../src/index';
import { decodeKernels, KernelMemory, Region } from '../src/kernels';
import { Factor, Meta, Motion, Param, Pt, PushInt, PushRow, Row, Scalar, State } from '../src/layout';
import { fallingBox, softSettings } from './helpers';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A unit box of 1 kg at height y, falling at 2 m/s (fast enough to bounce) and turning a little. */
function box(x: number, y: number): DrivenBody {
  const body = fallingBox(x, y);
  body.linearVelocity.y = -2;
  body.angularVelocity = 0.1 * x;
  return body;
}

/** A contact of `top` on `bottom` along +y: two points (a face) or one (a corner), `depth` deep. */
function contact(bottom: SolverBody, top: SolverBody, points: 1 | 2, depth: number): ContactConstraint {
  const c = new ContactConstraint(bottom, top, 0.6, 0.2);
  const y = top.position.y - 0.5;
  const x = top.position.x;
  c.update(
    {
      normalX: 0,
      normalY: 1,
      pointCount: points,
      points:
        points === 2
          ? [
              { x: x - 0.5, y, separation: -depth, key: 1 },
              { x: x + 0.5, y, separation: -depth, key: 2 },
            ]
          : [{ x, y, separation: -depth, key: 1 }],
    },
    new SolverSettings(),
  );
  return c;
}

/**
 * Columns of boxes on a static ground (one-point and two-point contacts, some deeper than their
 * share), prepared, warm started, solved with and without bias and given restitution; after the
 * prepare `extra` more bodies join the states, which grows their region and moves the kernels'
 * memory under the solver's rows. Returns every slot's velocity bits.
 */
function run(extra: number): number[] {
  const ground = new SolverBody(0, -0.5);
  const states = new BodyStates();
  states.begin();
  const contacts: ContactConstraint[] = [];
  for (let column = 0; column < 6; column++) {
    let below: SolverBody = ground;
    for (let level = 0; level < 4; level++) {
      const b = box(2 * column, 0.5 + level);
      states.add(b, { x: 0, y: -10 });
      contacts.push(contact(below, b, column % 2 === 0 ? 2 : 1, 0.005 + 0.01 * level));
      below = b;
    }
  }
  const ctx = new SoftStepContext().set(1 / 60, softSettings);
  const solver = new SoftContactSolver();
  solver.prepare(contacts, contacts.length, states, ctx);
  // The rows are in WebAssembly's memory exactly when the kernels are on (else in an ArrayBuffer).
  expect((states as unknown as { kernels: object | null }).kernels !== null).toBe(wasmKernelsReady());
  for (let i = 0; i < extra; i++) states.add(box(100 + 2 * i, 10), { x: 0, y: -10 });
  solver.warmStart(states);
  solver.solve(states, ctx, true);
  solver.solve(states, ctx, false);
  solver.applyRestitution(states, ctx);
  const v = states.state.subarray(0, states.velocityStride * states.count);
  return Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
}

// The TypeScript form is opt-in: installed here, for the comparisons.
installJsKernels(jsKernels);
afterEach(() => setWasmKernels(true));

describe('the soft solver WebAssembly kernels', () => {
  it('are compiled in Node, and off when switched off', () => {
    expect(wasmKernelsReady()).toBe(true);
    setWasmKernels(false);
    expect(wasmKernelsReady()).toBe(false);
  });

  it('are switched by a boolean only: a string, a number or nothing is a ConstraintError naming `on`, and the switch stays', () => {
    for (const bad of ['yes', 'false', 1, 0, undefined, null]) {
      setWasmKernels(true);
      expect(() => setWasmKernels(bad as never)).toThrow(ConstraintError);
      expect(() => setWasmKernels(bad as never)).toThrow(/^on = .*: must be a boolean/);
      expect(wasmKernelsReady()).toBe(true);
    }
  });

  it('give the bits of their TypeScript form, also when the memory moves after the prepare', () => {
    for (const extra of [0, 200]) {
      setWasmKernels(false);
      const typescript = run(extra);
      setWasmKernels(true);
      const kernels = run(extra);
      expect(kernels.length).toBeGreaterThan(0);
      expect(kernels).toEqual(typescript);
    }
  });

  it('update velocities and poses as the TypeScript does, fast spins (a turn of 1/4 rad or more) included', () => {
    const integrate = (): number[] => {
      const states = new BodyStates();
      states.begin();
      for (let i = 0; i < 40; i++) {
        const b = box(i, 0);
        b.angularVelocity = (i - 20) * 7.5; // up to 150 rad/s: δ = ω h up to 0.625 at 240 Hz
        (b as { linearDamping: number }).linearDamping = i % 3;
        states.add(b, { x: 0, y: -10 });
      }
      expect(states.kernels !== null).toBe(wasmKernelsReady());
      states.setStep(1 / 60, 4);
      const cosSin = new Float64Array(2);
      for (let k = 0; k < 8; k++) {
        states.integrateVelocities();
        states.integratePositions(cosSin, false);
      }
      const v = states.state.subarray(0, states.velocityStride * states.count);
      return Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    };
    setWasmKernels(false);
    const typescript = integrate();
    setWasmKernels(true);
    expect(integrate()).toEqual(typescript);
  });

  it('are taken up by body states once they are on, at the next step, their numbers kept', () => {
    setWasmKernels(false);
    const states = new BodyStates();
    states.begin();
    states.add(box(1, 2), { x: 0, y: -10 });
    expect(states.kernels).toBeNull();
    const before = Array.from(states.state.subarray(0, 2 * State.Stride));
    setWasmKernels(true);
    states.kernelMemory();
    expect(states.kernels).not.toBeNull();
    expect(Array.from(states.state.subarray(0, 2 * State.Stride))).toEqual(before);
    setWasmKernels(false);
    states.begin();
    expect(states.kernels).toBeNull();
  });

  it('serve two solvers on one set of body states, interleaved, as the TypeScript passes do', () => {
    const twoSolvers = (): number[] => {
      const ground = new SolverBody(0, -0.5);
      const ctx = new SoftStepContext().set(1 / 60, softSettings);
      const states = new BodyStates();
      states.begin();
      const a = box(0, 0.5);
      const b = box(5, 0.5);
      states.add(a, { x: 0, y: -10 });
      states.add(b, { x: 0, y: -10 });
      const first = new SoftContactSolver();
      const second = new SoftContactSolver();
      first.prepare([contact(ground, a, 1, 0.01)], 1, states, ctx);
      second.prepare([contact(ground, b, 1, 0.05)], 1, states, ctx);
      states.integrateVelocities();
      first.warmStart(states);
      first.solve(states, ctx, true);
      second.warmStart(states);
      second.solve(states, ctx, true);
      first.solve(states, ctx, false);
      second.solve(states, ctx, false);
      const v = states.state.subarray(0, states.velocityStride * states.count);
      return Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    };
    setWasmKernels(false);
    const typescript = twoSolvers();
    setWasmKernels(true);
    expect(twoSolvers()).toEqual(typescript);
  });

  it('keep a region contents when another region grows, in a new memory', () => {
    const memory = new KernelMemory();
    expect(memory.wasm).toBe(true);
    memory.want(Region.State, 64);
    memory.apply();
    memory.f64(Region.State).set([1, 2, 3, 4, 5, 6, 7, 8]);
    const generation = memory.generation;
    memory.want(Region.State, 32);
    expect(memory.apply()).toBe(false);
    memory.want(Region.Rows, 1 << 20);
    expect(memory.apply()).toBe(true);
    expect(memory.generation).toBe(generation + 1);
    expect(Array.from(memory.f64(Region.State))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(memory.f64(Region.Rows).length).toBe(1 << 17);
    // Regions do not overlap.
    expect(memory.offset(Region.Rows)).toBeGreaterThanOrEqual(memory.offset(Region.State) + 64);
  });

  it('decode their module from its text (every length, every byte value)', () => {
    // The text as scripts/build-kernels.mjs writes it: 91 digits, a byte below 80 one, others two.
    const digits = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
      .filter((c) => !`"'\\\``.includes(c))
      .join('');
    expect(digits.length).toBe(91);
    const encode = (bytes: Uint8Array) =>
      Array.from(bytes, (b) =>
        b < 80 ? digits[b] : digits[80 + Math.floor((b - 80) / 91)] + digits[(b - 80) % 91],
      ).join('');
    for (let n = 0; n <= 300; n++) {
      const bytes = new Uint8Array(n);
      for (let i = 0; i < n; i++) bytes[i] = (i * 97 + n * 31) & 255;
      expect(Array.from(decodeKernels(encode(bytes)))).toEqual(Array.from(bytes));
    }
  });

  it('see the layouts as the TypeScript does, in both forms', () => {
    const expected = [
      State.Stride,
      Motion.Stride,
      Row.Stride,
      Pt.Stride,
      PushRow.Stride,
      PushInt.Stride,
      Factor.Stride,
      Meta.Stride,
      Param.Count,
      Scalar.Count,
    ];
    // WebAssembly's, into a region of a kernel memory.
    const wasm = new KernelMemory();
    expect(wasm.wasm).toBe(true);
    wasm.want(Region.Rows, 64);
    wasm.apply();
    const fromWasm = wasm.exports.layoutSizes(wasm.offset(Region.Rows));
    expect(Array.from(wasm.i32(Region.Rows).subarray(0, fromWasm))).toEqual(expected);
    // The TypeScript form's, into an ArrayBuffer.
    const buffer = new ArrayBuffer(64);
    const fromJs = jsKernels(buffer).layoutSizes(0);
    expect(Array.from(new Int32Array(buffer, 0, fromJs))).toEqual(expected);
  });

  it('are built from the committed source (the files in generated/ are current)', () => {
    const out = execFileSync(process.execPath, [join(root, 'scripts', 'build-kernels.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/current/);
    // Compiling the AssemblyScript takes a few seconds alone, a minute or more on a loaded machine.
  }, 240_000);
});
