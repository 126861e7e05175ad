/**
 * Frames per second of the testbed in headless Chromium: opens a scene (many-bodies by default) in
 * the built page, waits 3 s, then counts animation frames and simulation steps for `seconds`.
 * With `--base DIR` (another build of the page, say the previous commit's `dist`) it measures both,
 * alternating, in the same run, and prints the ratio of the medians over the rounds: the machine's
 * load weighs on both alike (the load average is printed with each round, as the machine reports it).
 *
 * Run from apps/demo after `pnpm build` at the root and `npx vite build` here:
 * `npx tsx scripts/measure-fps.ts [--base DIR] [scene] [seconds] [rounds]` (default many-bodies 6 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { preview } from 'vite';

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const baseDir = baseAt >= 0 ? resolve(args.splice(baseAt, 2)[1]) : null;
const [scene = 'many-bodies', secondsArg = '6', roundsArg = '5'] = args;
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Serves the build in `outDir` on a free port; returns its address and a closer. */
async function serve(outDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not report a port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** Frames and steps per second of `scene` in the page at `url`, and the page's own readout. */
async function measure(page: Page, url: string): Promise<{ fps: number; steps: number; readout: string }> {
  await page.goto(`${url}/?scene=${scene}`);
  await page.waitForFunction((id) => window.__lite?.sceneId === id, scene, { timeout: 30_000 });
  await page.waitForTimeout(3000);
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
  const counted: { fps: number; steps: number } = await page.evaluate(`new Promise((done) => {
    const lite = window.__lite;
    const steps0 = lite.stepCount;
    const start = performance.now();
    let frames = 0;
    const tick = () => {
      frames++;
      const elapsed = performance.now() - start;
      if (elapsed < ${seconds * 1000}) requestAnimationFrame(tick);
      else done({ fps: (1000 * frames) / elapsed, steps: (1000 * (lite.stepCount - steps0)) / elapsed });
    };
    requestAnimationFrame(tick);
  })`);
  // The step time, the snapshot time and the steps a frame as the page's panel shows them.
  const readout: string = await page.evaluate(`Array.from(document.querySelectorAll('#stats dt'))
    .filter((dt) => /Step time|Snapshot|Steps a frame|Frame time/.test(dt.textContent))
    .map((dt) => dt.textContent + ': ' + dt.nextElementSibling.textContent)
    .join('; ')`);
  return { ...counted, readout };
}

const builds = [{ name: 'this build', dir: join(root, 'dist') }];
if (baseDir) builds.unshift({ name: 'base', dir: baseDir });
const servers = await Promise.all(builds.map((b) => serve(b.dir)));
const userDataDir = mkdtempSync(join(tmpdir(), 'lite-fps-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
});
const page = context.pages()[0] ?? (await context.newPage());
/** The median of `values` (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const results = builds.map(() => ({ fps: [] as number[], steps: [] as number[] }));
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < builds.length; i++) {
    const { fps, steps, readout } = await measure(page, servers[i].url);
    results[i].fps.push(fps);
    results[i].steps.push(steps);
    console.log(
      `${scene} ${builds[i].name}, round ${round + 1}: ${fps.toFixed(1)} fps ` +
        `(${(1000 / fps).toFixed(1)} ms a frame), ${steps.toFixed(1)} steps/s; load average ${load()}; ${readout}`,
    );
  }
}
for (let i = 0; i < builds.length; i++) {
  const { fps, steps } = results[i];
  console.log(
    `${scene} ${builds[i].name}: ${median(fps).toFixed(1)} fps, ${median(steps).toFixed(1)} steps/s ` +
      `(medians of ${rounds} rounds; fps ${fps.map((f) => f.toFixed(1)).join(', ')})`,
  );
}
if (baseDir) {
  const ratio = median(results[1].fps) / median(results[0].fps);
  console.log(`${scene} fps ratio, this build / base (medians): ${ratio.toFixed(2)}; load average ${load()}`);
}
await context.close();
await Promise.all(servers.map((s) => s.close()));
rmSync(userDataDir, { recursive: true, force: true });
