// Builds the soft solver's kernels from their one source, `assembly/*.ts` (AssemblyScript):
//
// - `generated/kernels-wasm.ts`: the kernels compiled to WebAssembly, as text (`encodeKernels`: a
//   byte below 80 is one character, any other two), which gzips to about 91% of hexadecimal's size
//   and 73% of base64's: repeats stay repeats, and WebAssembly's frequent bytes (opcodes, small
//   immediates) stay one symbol each;
// - `generated/block-lcp.ts`: `assembly/block.ts` (the 2x2 block solver) alone as TypeScript, on a
//   Float64Array passed in, for the classic solver;
// - `generated/kernels-js.ts`: the same kernels as TypeScript, for where WebAssembly does not run, by a
//   mechanical transform of the source: each load or store `F(p, k)`, `setF(p, k, x)`, `I(p, k)`,
//   `setI(p, k, x)` becomes an access to a typed-array view of one ArrayBuffer holding the same
//   bytes (`f64[(p >>> 3) + k]`), AssemblyScript's types become `number` and `boolean`, and its
//   casts and decorators go.
//
// Both are committed: building or installing the package needs no AssemblyScript. Run it after
// changing the kernels or the layouts (`src/layout.ts`):
//
//   pnpm --filter @lite/constraints kernels           # rewrite both
//   pnpm --filter @lite/constraints kernels --check   # exit 1 when either committed file is stale
//
// The compiler's output and the transform are deterministic, so `--check` (run by the package's
// tests) compares text.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wasmTarget = join(root, 'generated', 'kernels-wasm.ts');
const jsTarget = join(root, 'generated', 'kernels-js.ts');
const blockTarget = join(root, 'generated', 'block-lcp.ts');
/** The kernels' sources in the order the fallback lists them (`memory.ts` is WebAssembly's only). */
const SOURCES = ['block.ts', 'contact.ts', 'chain.ts', 'push.ts', 'bodies.ts', 'kernels.ts'];

/** The kernels compiled: the module's bytes. */
export async function compileKernels() {
  let wasm = null;
  const { error, stderr } = await asc.main(
    [
      join(root, 'assembly', 'kernels.ts'),
      // Speed first; no runtime (the kernels allocate nothing), no assertions, and the memory is
      // the one the package creates (`src/kernels.ts`), imported as env.memory.
      '-O3',
      '--noAssert',
      '--runtime',
      'stub',
      '--importMemory',
      '--initialMemory',
      '1',
      '--outFile',
      'kernels.wasm',
    ],
    {
      writeFile(name, contents) {
        if (name.endsWith('.wasm')) wasm = contents;
      },
    },
  );
  if (error) throw new Error(`asc failed: ${error.message}\n${stderr.toString()}`);
  if (wasm === null) throw new Error('asc wrote no .wasm');
  return wasm;
}

/**
 * The digits of the kernels' text: printable ASCII without the quotes, the backslash and the
 * backtick (91), so the text needs no escape in any string literal. `decodeKernels`
 * (`src/kernels.ts`) reads it back.
 */
const DIGITS = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
  .filter((c) => !`"'\\\``.includes(c))
  .join('');
/** Bytes below this are one digit; the others two: (byte - ONE_DIGIT) / 91 + ONE_DIGIT, then the rest. */
const ONE_DIGIT = 80;

/** `bytes` as the kernels' text (see {@link DIGITS}). */
export function encodeKernels(bytes) {
  let text = '';
  for (const b of bytes) {
    const r = b - ONE_DIGIT;
    text += b < ONE_DIGIT ? DIGITS[b] : DIGITS[ONE_DIGIT + Math.floor(r / 91)] + DIGITS[r % 91];
  }
  return text;
}

/** The TypeScript module holding `bytes`. */
export function kernelsSource(bytes) {
  const lines = encodeKernels(bytes).match(/.{1,100}/g) ?? [];
  return [
    '// Written by scripts/build-kernels.mjs from assembly/*.ts: do not edit.',
    '',
    '/**',
    " * The soft solver's WebAssembly kernels (`assembly/*.ts` compiled), as text: see `decodeKernels`",
    ' * in `src/kernels.ts`. @internal',
    ' */',
    'export const KERNELS_WASM =',
    ...lines.map((line, i) => `  '${line}'${i === lines.length - 1 ? ';' : ' +'}`),
    '',
  ].join('\n');
}

/** The memory accesses of the source: name, view, log2 of the element size, whether a store. */
const ACCESS = {
  F: ['f64', 3, false],
  setF: ['f64', 3, true],
  I: ['i32', 2, false],
  setI: ['i32', 2, true],
};

/** `text` wrapped in parentheses unless it is a name, a member or a number. */
function group(text) {
  const t = text.trim();
  return /^[\w.]+$/.test(t) ? t : `(${t})`;
}

/** The arguments of the call whose '(' is at `open` in `text`, and the index after its ')'. */
function callArguments(text, open) {
  const args = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) {
        const last = text.slice(start, i);
        if (last.trim() !== '') args.push(last); // (a trailing comma)
        return { args, end: i + 1 };
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  throw new Error(`unbalanced call at ${open}`);
}

/** `code` with every memory access written as a typed-array access (innermost first). */
function rewriteAccesses(code) {
  const call = /(?<![\w.])(setF|setI|F|I)\(/g;
  let out = '';
  let from = 0;
  for (let m = call.exec(code); m !== null; m = call.exec(code)) {
    const [view, shift, store] = ACCESS[m[1]];
    const { args, end } = callArguments(code, m.index + m[1].length);
    if (args.length !== (store ? 3 : 2)) throw new Error(`${m[1]} with ${args.length} arguments`);
    const [p, k, x] = args.map(rewriteAccesses);
    const element = `${view}[(${group(p)} >>> ${shift}) + ${group(k)}]`;
    out += code.slice(from, m.index) + (store ? `${element} = ${x.trim()}` : element);
    from = end;
    call.lastIndex = end;
  }
  return out + code.slice(from);
}

/**
 * One AssemblyScript source as part of the body of the fallback's factory; collects the layouts it
 * imports and, from the entry (`kernels.ts`), the module's exports.
 */
function transformSource(text, layoutNames, exported, entry) {
  const kept = [];
  for (const line of text.split('\n')) {
    const layout = /^import \{([^}]*)\} from '\.\.\/src\/layout';$/.exec(line);
    if (layout !== null) {
      for (const name of layout[1].split(',')) layoutNames.add(name.trim());
      continue;
    }
    if (/^import .* from '\.\/\w+';$/.test(line)) continue;
    const reexport = /^export \{([^}]*)\} from '\.\/\w+';$/.exec(line);
    if (reexport !== null) {
      for (const name of reexport[1].split(',')) exported.push(name.trim());
      continue;
    }
    if (line === '// @ts-ignore: decorator') continue;
    kept.push(line);
  }
  let code = kept.join('\n');
  code = code.replace(/^@inline (export )?function/gm, 'function');
  code = code.replace(/^export function (\w+)/gm, (_, name) => {
    if (entry) exported.push(name);
    return `function ${name}`;
  });
  code = rewriteAccesses(code);
  code = code.replace(/<(usize|i32|f64)>/g, '');
  code = code.replace(/: (usize|i32|f64)\b/g, ': number');
  code = code.replace(/: bool\b/g, ': boolean');
  code = code.replace(/(?<![=!<>])==(?!=)/g, '===');
  code = code.replace(/!=(?!=)/g, '!==');
  return code;
}

/** The fallback's TypeScript module, from the kernels' sources. */
export function fallbackSource() {
  const layoutNames = new Set();
  const exported = [];
  const bodies = SOURCES.map((name) =>
    transformSource(
      readFileSync(join(root, 'assembly', name), 'utf8'),
      layoutNames,
      exported,
      name === 'kernels.ts',
    ),
  );
  // The file comments (each source's leading `//` lines) are left out: they speak of the source.
  const body = bodies
    .map((code) => code.replace(/^(\/\/.*\n)+\n?/, ''))
    .join('\n')
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
  const names = [...exported].sort();
  const source = [
    '// Written by scripts/build-kernels.mjs from assembly/*.ts: do not edit.',
    "import type { KernelExports } from '../src/kernels';",
    `import { ${[...layoutNames].sort().join(', ')} } from '../src/layout';`,
    '',
    '/**',
    " * The soft solver's kernels as TypeScript (`assembly/*.ts` transformed), on `buffer`: the same",
    ' * functions as the WebAssembly module, at the same byte addresses, with the same results. Opt-in:',
    ' * `installJsKernels(jsKernels)` (or `new World({ jsKernels })`) installs them where WebAssembly',
    ' * is missing or by choice. See `src/kernels.ts`.',
    ' */',
    'export function jsKernels(buffer: ArrayBuffer): KernelExports {',
    '  const f64 = new Float64Array(buffer);',
    '  const i32 = new Int32Array(buffer);',
    body.replace(/\n+$/, ''),
    `  return { ${names.join(', ')} };`,
    '}',
    '',
  ].join('\n');
  return format(source, 'generated/kernels-js.ts');
}

/** `text` formatted as the repository's other sources are (the formatter is deterministic too). */
function format(text, name) {
  return execFileSync('npx', ['biome', 'format', '--stdin-file-path', name], {
    cwd: root,
    input: text,
    encoding: 'utf8',
  });
}

/**
 * `assembly/block.ts` as a TypeScript module of its own: each function exported, taking the doubles
 * its byte addresses point into as a first argument, `f64`.
 */
export function blockSource() {
  const layoutNames = new Set();
  let code = transformSource(
    readFileSync(join(root, 'assembly', 'block.ts'), 'utf8'),
    layoutNames,
    [],
    false,
  );
  if (layoutNames.size > 0 || /\bi32\[/.test(code)) throw new Error('block.ts: doubles only, no layouts');
  code = code
    .replace(/^(\/\/.*\n)+\n?/, '')
    .replace(/^function (\w+)\(/gm, 'export function $1(f64: Float64Array, ');
  return format(
    ['// Written by scripts/build-kernels.mjs from assembly/block.ts: do not edit.', '', code].join('\n'),
    'generated/block-lcp.ts',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outputs = [
    [wasmTarget, 'generated/kernels-wasm.ts', kernelsSource(await compileKernels())],
    [jsTarget, 'generated/kernels-js.ts', fallbackSource()],
    [blockTarget, 'generated/block-lcp.ts', blockSource()],
  ];
  let stale = false;
  for (const [target, name, source] of outputs) {
    if (process.argv.includes('--check')) {
      if (readFileSync(target, 'utf8') !== source) {
        console.error(`${name} is stale: run \`pnpm --filter @lite/constraints kernels\``);
        stale = true;
      } else console.log(`${name} is current`);
    } else {
      writeFileSync(target, source);
      console.log(`wrote ${name}`);
    }
  }
  if (stale) process.exit(1);
}
