import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** A bundle's sizes in bytes and the engine modules it holds (`world/snapshot`, ...). */
interface Bundle {
  minified: number;
  gzipped: number;
  warnings: string[];
  modules: string[];
}

/** Bundles `code` as an application entry (minified ESM for browsers), as an application would. */
async function bundle(code: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents: code, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  const output = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  const modules = Object.entries(inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*packages\/(\w+)\/dist\/(.*)\.js$/, '$1/$2'));
  return {
    minified: output.length,
    gzipped: gzipSync(output).length,
    warnings: result.warnings.map((w) => w.text),
    modules,
  };
}

/** A dynamic box and a ball falling on a static ground, stepped by the soft step. */
const FALLING = `
const world = new World();
world.createBody({ type: 'static', width: 20, height: 1 });
const box = world.createBody({ width: 1, height: 1, position: { x: 0, y: 4 } });
const ball = world.createBody({ shape: { circle: { radius: 0.5 } }, position: { x: 2, y: 4 } });
for (let i = 0; i < 60; ++i) world.step(1 / 60);
console.log(box.position.y, ball.position.y);
`;

/** Modules of the joint kinds (both layers), of snapshots and of the other optional parts. */
const JOINT_KINDS =
  /(revolute|distance|prismatic|weld|wheel|motor|mouse|filter)-joint|weld-chain|joint-chain/;
const SNAPSHOTS = /^world\/snapshot/;
/** Modules of the joints' passes and the world's registry of joint kinds. */
const JOINT_PASSES = /^(constraints\/(joint|anchored-joints)|world\/(joint-kinds|joint-checks))$/;
/** Modules of the installed parts: the classic solver, continuous collision, the TypeScript kernels. */
const CLASSIC =
  /^(world\/(classic-solver|stage-classic)|constraints\/(packed-contact-solver|contact-solver))$/;
const CONTINUOUS = /^world\/stage-continuous$/;
const JS_KERNELS = /^constraints\/generated\/kernels-js$/;

describe('bundle size (built packages, bundled by esbuild as an application would)', () => {
  it('import { addVec2 } from @lite/math stays under 1 KB: only the modules it reaches are kept', async () => {
    const size = await bundle("import { addVec2 } from '@lite/math'; console.log(addVec2);");
    expect(size.warnings).toEqual([]);
    expect(size.minified).toBeLessThan(1024);
  });

  it('a program that drops a box and a ball holds no joint kind or pass, no snapshot code and no part it did not install', async () => {
    const size = await bundle(`import { World } from '@lite/world';${FALLING}`);
    expect(size.warnings).toEqual([]);
    expect(size.modules.filter((m) => JOINT_KINDS.test(m) || SNAPSHOTS.test(m))).toEqual([]);
    // Nor the joints' passes or the registry of joint kinds: they come with the first joint.
    expect(size.modules.filter((m) => JOINT_PASSES.test(m))).toEqual([]);
    // The classic solver, continuous collision and the TypeScript kernels are installed, not built in.
    expect(size.modules).toContain('world/world');
    expect(size.modules).toContain('constraints/generated/kernels-wasm');
    expect(size.modules.filter((m) => CLASSIC.test(m) || CONTINUOUS.test(m) || JS_KERNELS.test(m))).toEqual(
      [],
    );
    // 58,826 B gzipped (176,772 B minified): 62,940 B before the kernels were stored as
    // hexadecimal (61,358 B) and the joints' passes and registry were left to programs that make a
    // joint; 60,369 B before the contact callbacks and hit events, chain segments in the narrowphase
    // and ray casts, shape filters that change and fixed rotation joined every step's path.
    // 60,078 B once rolling resistance, tangent speed, mixing callbacks, body type changes and the
    // length unit joined the step's path (under the 60 KB goal, 61,440 B). 60,129 B with createBody's
    // rollingResistance, tangentSpeed and material options. 57,781 B (165,277 B minified; 59,569 B
    // before): the kernels stored as 91-digit text (-676 B), the tree's and broadphase's checks as
    // functions (-777 B), continuous collision's sweeps its own (-221 B), module scratch marked pure.
    expect(size.gzipped).toBeLessThanOrEqual(58_532);
  });

  it('a program that installs the classic solver, continuous collision and the TypeScript kernels holds them', async () => {
    const size =
      await bundle(`import { ClassicSolver, ContinuousCollision, World, jsKernels } from '@lite/world';
const world = new World({ solver: new ClassicSolver(), continuous: new ContinuousCollision(), jsKernels });
world.step(1 / 60);`);
    expect(size.warnings).toEqual([]);
    expect(size.modules.filter((m) => CLASSIC.test(m)).length).toBeGreaterThan(0);
    expect(size.modules.filter((m) => CONTINUOUS.test(m))).toEqual(['world/stage-continuous']);
    expect(size.modules.filter((m) => JS_KERNELS.test(m))).toEqual(['constraints/generated/kernels-js']);
  });

  it('a program with one revolute joint holds that kind only', async () => {
    const size = await bundle(`import { RevoluteJoint, World } from '@lite/world';${FALLING}
world.createJoint(RevoluteJoint, { bodyA: box, bodyB: ball, anchor: { x: 1, y: 4 } });
world.step(1 / 60);`);
    expect(size.warnings).toEqual([]);
    const kinds = size.modules.filter((m) => JOINT_KINDS.test(m));
    expect(kinds).toContain('constraints/revolute-joint');
    expect(kinds.filter((m) => /prismatic|weld|wheel|motor|mouse|filter/.test(m))).toEqual([]);
    expect(size.modules.filter((m) => JOINT_PASSES.test(m)).sort()).toEqual([
      'constraints/anchored-joints',
      'constraints/joint',
      'world/joint-checks',
      'world/joint-kinds',
    ]);
    // 68,621 B gzipped (206,039 B minified; 70,335 B with the kernels as base64).
    // 70,283 B with the joint springs and motors, materials and body type changes; 70,326 B with
    // createBody's material options. 68,020 B (195,885 B minified; 69,842 B before the kernels as
    // text, the checks as functions and continuous collision's own sweeps).
    expect(size.gzipped).toBeLessThanOrEqual(68_904);
  });

  it('a program that saves and restores holds the snapshot code and every joint kind (a snapshot may hold any)', async () => {
    const size = await bundle(`import { World, saveWorld, restoreWorld } from '@lite/world';${FALLING}
restoreWorld(world, saveWorld(world));`);
    expect(size.warnings).toEqual([]);
    expect(size.modules).toContain('world/snapshot');
    expect(size.modules).toContain('constraints/wheel-joint');
    // 93,541 B gzipped (290,111 B minified; 95,490 B with the kernels as base64).
    // 95,804 B with the new shape, joint and material fields in the format and the joints' clamp
    // in the length unit; 95,868 B with createBody's material options. 92,364 B (273,381 B minified;
    // 94,177 B before the kernels as text, the checks as functions and continuous collision's sweeps).
    expect(size.gzipped).toBeLessThanOrEqual(93_565);
  });

  it('the whole engine (every export of @lite/world) stays at or below 110,983 B gzipped', async () => {
    const size = await bundle("import * as lite from '@lite/world'; console.log(lite);");
    expect(size.warnings).toEqual([]);
    // 109,593 B gzipped with the kernels as hexadecimal; 111,085 B gzipped (110,004 B before the classic solver's own settings object and fixed
    // rotation); 105,755 B before segments and chains, the character mover, explosions,
    // debug drawing and the contact callbacks (104,941 B before the classic solver, continuous
    // collision and the TypeScript kernels became installed parts, exported beside World).
    // 112,858 B with overlapShape, castShapeAll, materials, body types, joint springs and motors.
    // 109,559 B (321,312 B minified; 111,181 B before the kernels as text and the checks as functions).
    expect(size.gzipped).toBeLessThanOrEqual(110_983);
  });
});
