// Totals the JSON reports that every package's vitest run wrote (see vitest.shared.ts) into the one
// plain line CI reads: `N passed, N failed`. A package whose tests ran but wrote no report counts
// as a failure, so a run that executed nothing is visible as such.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group)).sort()) {
    const dir = join(root, group, name);
    const pkgFile = join(dir, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    if (!pkg.scripts?.test) continue;
    const report = join(dir, '.vitest-results.json');
    if (!existsSync(report)) {
      console.log(`${pkg.name}: no test report`);
      failed += 1;
      continue;
    }
    // A suite that `.ci/run` runs on its own (the demo's browser suite) writes a report of its own.
    const apart = join(dir, '.vitest-results.e2e.json');
    for (const results of existsSync(apart) ? [report, apart] : [report]) {
      const r = JSON.parse(readFileSync(results, 'utf8'));
      const p = r.numPassedTests ?? 0;
      const f = (r.numFailedTests ?? 0) + (r.success === false && (r.numFailedTests ?? 0) === 0 ? 1 : 0);
      const s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      console.log(
        `${pkg.name}${results === apart ? ' (browser suite)' : ''}: ${p} passed, ${f} failed, ${s} skipped`,
      );
      // Name each failure with its first message line, so a log that only keeps the end still says what failed.
      for (const file of r.testResults ?? []) {
        const where = file.name.slice(dir.length + 1);
        if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
          console.log(
            `  failed: ${where}: ${String(file.message ?? '')
              .split('\n')[0]
              .slice(0, 300)}`,
          );
        }
        for (const t of file.assertionResults ?? []) {
          if (t.status !== 'failed') continue;
          const why = String(t.failureMessages?.[0] ?? '')
            .split('\n')[0]
            .slice(0, 300);
          console.log(`  failed: ${where} > ${t.fullName}: ${why}`);
        }
      }
      passed += p;
      failed += f;
      skipped += s;
    }
  }
}
if (skipped > 0) console.log(`${skipped} skipped in all`);
// The last line is the one CI's counter reads: exactly `N passed, N failed`.
console.log(`${passed} passed, ${failed} failed`);
