/**
 * Cross-runtime determinism: a few catalogue scenes, stepped by both solvers for a few hundred
 * steps, must end in bit-identical states in Node and in Chromium (the soft step's WebAssembly
 * kernels running in both). `determinism-scenes.ts` is
 * bundled once with Vite from the built packages (`pnpm build` first) into one script; the same
 * script runs in this Node process and in the Debian chromium (through playwright-core), and the
 * hashes of every body's pose and velocity bits (every 100 steps) are compared.
 *
 * Without /usr/bin/chromium the suite is skipped with a message, except under CI, where it fails.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { type BrowserContext, chromium } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HashResult, HashSpec } from './determinism-scenes';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
const runSuite = haveChromium || Boolean(process.env.CI);
const entry = fileURLToPath(new URL('./determinism-scenes.ts', import.meta.url));

if (!runSuite) {
  console.warn(`[determinism] skipped: ${CHROMIUM} not found (apt-get install chromium to run it).`);
}

/** Both solvers on scenes with stacks, joints of every kind, every shape kind, restitution and fast bodies. */
const SPECS: HashSpec[] = ['soft', 'classic'].flatMap((solver) =>
  [
    { id: 'box-lite-pyramid', steps: 300 },
    { id: 'suspension-bridge', steps: 300 },
    { id: 'multi-pendulum', steps: 300 },
    { id: 'restitution', steps: 300 },
    { id: 'capsule-pile', steps: 300, parameters: { count: 40 } },
    { id: 'shape-rain', steps: 300, parameters: { count: 60 } },
    { id: 'bullets', steps: 300 },
    { id: 'piston', steps: 300 },
    { id: 'welded-bridge', steps: 300 },
    { id: 'ragdoll', steps: 300 },
  ].map((s) => ({ ...s, solver: solver as HashSpec['solver'] })),
);

/** The bundle's global: `liteDeterminism.hashScenes`. */
const GLOBAL = 'liteDeterminism';

describe.runIf(runSuite)('the same scenes in Node and in Chromium', () => {
  let code = '';
  let context: BrowserContext;
  let userDataDir = '';

  beforeAll(async () => {
    if (!haveChromium)
      throw new Error(`CI is set but ${CHROMIUM} is missing: .ci/run installs it with apt-get`);
    // One self-contained script (an IIFE defining a global), resolving @lite/* to the packages'
    // dist builds through their package.json exports, as an application would.
    const output = (await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['iife'], name: GLOBAL, fileName: () => 'determinism.js' },
      },
    })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
    const outputs = Array.isArray(output) ? output : [output];
    const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
    if (chunk === undefined || chunk.type !== 'chunk') throw new Error('vite produced no script');
    code = chunk.code;
    userDataDir = mkdtempSync(join(tmpdir(), 'lite-determinism-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('hashes every scene bit for bit alike', async () => {
    // Node: the bundle in a fresh context of this V8.
    const sandbox: Record<string, unknown> = {};
    runInNewContext(`${code}\nthis.${GLOBAL} = ${GLOBAL};`, sandbox);
    const nodeApi = sandbox[GLOBAL] as { hashScenes(specs: HashSpec[]): HashResult[] };
    const inNode = nodeApi.hashScenes(SPECS);

    // Chromium: the same bundle in a blank page.
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('about:blank');
    await page.addScriptTag({ content: code });
    const inBrowser = await page.evaluate(
      ([name, specs]) =>
        (window as unknown as Record<string, { hashScenes(s: unknown): unknown }>)[name].hashScenes(specs),
      [GLOBAL, SPECS] as const,
    );
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(errors).toEqual([]);

    console.log(
      `determinism: ${inNode.length} runs (${SPECS.map((s) => `${s.id}/${s.solver}`).join(', ')}) ` +
        `in Node ${process.version} and ${userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? userAgent}`,
    );
    // Every run moved (a still scene would hash alike anywhere) and ran all its steps.
    for (const [i, result] of inNode.entries()) {
      expect(result.stepCount).toBe(SPECS[i].steps);
      expect(result.travel).toBeGreaterThan(0.1);
    }
    // The soft step's passes ran as WebAssembly in both (compiled on a page's main thread too).
    expect(inNode.every((r) => r.wasm)).toBe(true);
    expect((inBrowser as HashResult[]).every((r) => r.wasm)).toBe(true);
    // Runs of different scenes or solvers differ (the hash sees the state).
    expect(new Set(inNode.map((r) => r.hashes.join())).size).toBe(inNode.length);
    const browser = inBrowser as HashResult[];
    const differing = inNode
      .filter((r, i) => r.hashes.join() !== browser[i]?.hashes.join())
      .map(
        (r, i) =>
          `${r.key} (first checkpoint apart: ${r.hashes.findIndex((h, k) => h !== browser[i]?.hashes[k])})`,
      );
    expect(differing).toEqual([]);
    expect(browser).toEqual(inNode);
  }, 300_000);
});
