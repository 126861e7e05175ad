// How big the engine is: the lines of every source file of the four engine packages (math,
// collision, constraints with its AssemblyScript, world), generated files excluded, and the largest
// files. With `--check` it exits 1 when the total or a file grows past the limits in
// `engine-size.json` (a ratchet: files still over the per-file limit are listed there with the size
// they may not exceed, and leave the list once they are split).
//
//   node scripts/engine-size.mjs           # report
//   node scripts/engine-size.mjs --check   # report, and fail on growth
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'packages/math/src',
  'packages/collision/src',
  'packages/constraints/src',
  'packages/constraints/assembly',
  'packages/world/src',
];
/** A generated file says so in its first line. */
const GENERATED = /do not edit/i;
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

const files = [];
for (const dir of SOURCES) {
  for (const path of walk(join(root, dir))) {
    const text = readFileSync(path, 'utf8');
    if (GENERATED.test(text.slice(0, text.indexOf('\n')))) continue;
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    files.push({
      path: relative(root, path),
      lines: lines.length,
      comments: lines.filter((line) => COMMENT.test(line)).length,
    });
  }
}
files.sort((a, b) => b.lines - a.lines || (a.path < b.path ? -1 : 1));
const total = files.reduce((sum, f) => sum + f.lines, 0);
const comments = files.reduce((sum, f) => sum + f.comments, 0);
const limits = JSON.parse(readFileSync(join(root, 'scripts/engine-size.json'), 'utf8'));

console.log(`engine: ${total} lines in ${files.length} files (${comments} comment lines)`);
for (const dir of SOURCES) {
  const inDir = files.filter((f) => f.path.startsWith(dir));
  console.log(`  ${dir}: ${inDir.reduce((sum, f) => sum + f.lines, 0)} lines, ${inDir.length} files`);
}
console.log(`largest files (limit ${limits.fileLines} lines):`);
for (const f of files.slice(0, 12)) console.log(`  ${String(f.lines).padStart(5)} ${f.path}`);

if (process.argv.includes('--check')) {
  const problems = [];
  if (total > limits.totalLines)
    problems.push(`the engine has ${total} lines, more than ${limits.totalLines}`);
  for (const f of files) {
    const allowed = limits.over[f.path] ?? limits.fileLines;
    if (f.lines > allowed) problems.push(`${f.path} has ${f.lines} lines, more than ${allowed}`);
  }
  for (const path of Object.keys(limits.over)) {
    const f = files.find((g) => g.path === path);
    if (f === undefined || f.lines <= limits.fileLines) {
      problems.push(`${path} is no longer over ${limits.fileLines} lines: remove it from engine-size.json`);
    }
  }
  for (const p of problems) console.error(`engine size: ${p}`);
  if (problems.length > 0) process.exit(1);
}
