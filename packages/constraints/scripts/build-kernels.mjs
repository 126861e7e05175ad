// Compiles the solver's WebAssembly kernels (`assembly/kernels.ts`, AssemblyScript) and writes them,
// base64-encoded, to `src/kernels-wasm.ts`, which is committed: building or installing the package
// needs no AssemblyScript. Run it after changing the kernels:
//
//   pnpm --filter @lite/constraints kernels           # rewrite src/kernels-wasm.ts
//   pnpm --filter @lite/constraints kernels --check   # exit 1 when the committed file is stale
//
// The compiler's output is deterministic, so `--check` (run by the package's tests) compares bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'src', 'kernels-wasm.ts');

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

/** The TypeScript module holding `bytes`. */
export function kernelsSource(bytes) {
  const base64 = Buffer.from(bytes).toString('base64');
  const lines = base64.match(/.{1,100}/g) ?? [];
  return [
    '// Written by scripts/build-kernels.mjs from assembly/kernels.ts: do not edit.',
    '',
    '/**',
    " * The soft solver's WebAssembly kernels (`assembly/kernels.ts` compiled), base64: see",
    ' * `kernels.ts`. @internal',
    ' */',
    'export const KERNELS_WASM =',
    ...lines.map((line, i) => `  '${line}'${i === lines.length - 1 ? ';' : ' +'}`),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = kernelsSource(await compileKernels());
  if (process.argv.includes('--check')) {
    const current = readFileSync(target, 'utf8');
    if (current !== source) {
      console.error('src/kernels-wasm.ts is stale: run `pnpm --filter @lite/constraints kernels`');
      process.exit(1);
    }
    console.log('src/kernels-wasm.ts is current');
  } else {
    writeFileSync(target, source);
    console.log(`wrote src/kernels-wasm.ts`);
  }
}
