// Rehearses a release without publishing anything: in a temporary workspace holding the engine
// packages (their committed files plus the built `dist`) and the pending changesets, runs
// `changeset version`, links the packages, then runs `pnpm publish --dry-run` for each one and prints
// the versions that would go out. Run after `pnpm build`; `.ci/run` runs it.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const engine = ['math', 'collision', 'constraints', 'world', 'draw-canvas'];
const work = mkdtempSync(join(tmpdir(), 'lite-release-'));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: 'pipe' });

try {
  // The engine packages and the changesets as committed, plus the build output (not committed).
  const tracked = ['.changeset', ...engine.map((name) => `packages/${name}`)];
  const files = run('git', ['ls-files', '-z', '--', ...tracked], root)
    .split('\0')
    .filter(Boolean);
  for (const file of files) if (existsSync(join(root, file))) cpSync(join(root, file), join(work, file));
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'lite-release-rehearsal', private: true }),
  );
  writeFileSync(join(work, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
  // The private packages the config ignores are not copied: changesets refuses names it cannot find.
  const configFile = join(work, '.changeset', 'config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  writeFileSync(configFile, JSON.stringify({ ...config, ignore: [] }));
  for (const name of engine) {
    cpSync(join(root, 'packages', name, 'dist'), join(work, 'packages', name, 'dist'), { recursive: true });
  }

  const changeset = join(root, 'node_modules', '.bin', 'changeset');
  run(changeset, ['version'], work);
  // The packages depend on each other only (`workspace:*`): linking them needs no registry. Their
  // dev dependencies (the kernels' compiler) are left out of the link: a frozen-lockfile install
  // caches no registry metadata, so an offline install on a fresh machine could not resolve them.
  // The manifests go back as they were before anything is packed.
  const manifestFiles = engine.map((name) => join(work, 'packages', name, 'package.json'));
  const originals = manifestFiles.map((file) => readFileSync(file, 'utf8'));
  manifestFiles.forEach((file, i) => {
    const { devDependencies, ...rest } = JSON.parse(originals[i]);
    writeFileSync(file, JSON.stringify(rest, null, 2));
  });
  run('pnpm', ['install', '--offline', '--no-frozen-lockfile'], work);
  for (const [i, file] of manifestFiles.entries()) writeFileSync(file, originals[i]);
  const manifests = originals.map((text) => JSON.parse(text));
  const versions = Object.fromEntries(manifests.map((pkg) => [pkg.name, pkg.version]));
  // The dry runs wait on the registry's answer more than on the CPU: run them together.
  const results = await Promise.all(
    engine.map((name) =>
      promisify(execFile)(
        'pnpm',
        // A placeholder token: a dry run sends nothing, but npm warns when it finds no login.
        ['publish', '--dry-run', '--no-git-checks', '--//registry.npmjs.org/:_authToken=dry-run'],
        { cwd: join(work, 'packages', name), encoding: 'utf8' },
      ).then(({ stdout, stderr }) => `${stdout}\n${stderr}`),
    ),
  );
  let failures = 0;
  manifests.forEach((pkg, i) => {
    const out = results[i];
    const published = /^\+ (\S+)$/m.exec(out)?.[1];
    const files = /total files:\s+(\d+)/.exec(out)?.[1];
    const changelog = existsSync(join(work, 'packages', engine[i], 'CHANGELOG.md'));
    if (published !== `${pkg.name}@${pkg.version}` || !changelog) {
      failures += 1;
      console.error(`${pkg.name}: FAILED (publish --dry-run printed ${published ?? 'nothing'})`);
      return;
    }
    const deps = Object.keys(pkg.dependencies ?? {}).map((d) => `${d}@${versions[d]}`);
    console.log(
      `${published}: would publish ${files} files, with a CHANGELOG.md${deps.length ? `; depends on ${deps.join(', ')}` : ''}`,
    );
  });
  if (failures > 0) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
