/**
 * The main page's first load: the gzip bytes of `index.html` and of every script and style sheet it
 * loads before anything runs (static imports followed; `import(...)` loads later, on demand), in a
 * built `dist`. The README's figure comes from here, and the browser test checks it.
 *
 * Run from apps/demo after `pnpm build` at the root and `npx vite build` here:
 * `npx tsx scripts/measure-load.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The files of a page's first load (paths under `dist`; the main page, `index.html`, unless `page`
 * names another) and their gzip bytes together with the page's.
 */
export function firstLoad(dist: string, page = 'index.html'): { files: Set<string>; bytes: number } {
  const html = readFileSync(join(dist, page), 'utf8');
  const files = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="\.\/(assets\/[\w.-]+\.(?:js|css))"/g)].map((m) => m[1]);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g))
      queue.push(`assets/${m[1]}`);
  }
  let bytes = gzipSync(html).length;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file))).length;
  return { files, bytes };
}

/** The README's rounding of the first load: to the nearest 10 KB. */
export function roundedKB(bytes: number): number {
  return 10 * Math.round(bytes / 10240);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { bytes } = firstLoad(fileURLToPath(new URL('../dist', import.meta.url)));
  console.log(`first load: ${bytes} bytes gzip, about ${roundedKB(bytes)} KB`);
}
