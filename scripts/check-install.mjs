// Proves every published package installs alone: packs it with the workspace packages it depends on
// or names as peers (pnpm pack rewrites `workspace:*` to real versions), installs the tarballs into a
// temporary project outside the workspace with npm, then loads it both with `import` and with `require`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const engine = ['math', 'collision', 'constraints', 'world', 'draw-canvas'];
const work = mkdtempSync(join(tmpdir(), 'lite-install-'));
const packs = join(work, 'packs');
mkdirSync(packs);

const tarballOf = {};
for (const name of engine) {
  const dir = join(root, 'packages', name);
  const before = new Set(readdirSync(packs));
  execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: dir, stdio: 'pipe' });
  const made = readdirSync(packs).filter((f) => !before.has(f));
  tarballOf[name] = join(packs, made[0]);
}

function workspaceDeps(name, seen = new Set()) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) {
    const short = dep.replace('@lite/', '');
    if (!seen.has(short)) {
      seen.add(short);
      workspaceDeps(short, seen);
    }
  }
  return seen;
}

let failures = 0;
for (const name of engine) {
  const project = join(work, `use-${name}`);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `use-${name}`, private: true }));
  const needed = [name, ...workspaceDeps(name)].map((n) => tarballOf[n]);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', ...needed], {
    cwd: project,
    stdio: 'pipe',
  });
  const installed = readdirSync(join(project, 'node_modules', '@lite')).sort();
  try {
    const esm = execFileSync(
      'node',
      [
        '--input-type=module',
        '-e',
        `import * as m from '@lite/${name}'; console.log(Object.keys(m).length);`,
      ],
      { cwd: project, encoding: 'utf8' },
    ).trim();
    const cjs = execFileSync('node', ['-e', `console.log(Object.keys(require('@lite/${name}')).length);`], {
      cwd: project,
      encoding: 'utf8',
    }).trim();
    if (Number(esm) < 1 || esm !== cjs) throw new Error(`import gave ${esm} exports, require gave ${cjs}`);
    console.log(
      `@lite/${name}: installed alone with [${installed.join(', ')}]; import and require give ${esm} exports`,
    );
  } catch (error) {
    failures += 1;
    console.error(`@lite/${name}: FAILED ${error.message}`);
  }
}
rmSync(work, { recursive: true, force: true });
if (failures > 0) process.exit(1);
