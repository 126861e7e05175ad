import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as math from '../src/index';

/*
 * Runs the README's example as it stands: the first ```ts block, with its import line turned into a
 * destructuring of this package, then checks the values its comments promise.
 */
function readmeExample(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!match) throw new Error('README.md has no ```ts block');
  return match[1];
}

function runExample(): Record<string, unknown> {
  const code = readmeExample();
  const importLine = /^import \{([^}]*)\} from '@lite\/math';$/m.exec(code);
  if (!importLine) throw new Error("the README example does not import from '@lite/math'");
  const names = importLine[1].split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(name in math)) throw new Error(`the README imports ${name}, which @lite/math does not export`);
  }
  const declared = [...code.matchAll(/^const (\w+) =/gm)].map((m) => m[1]);
  const body = `${code.replace(importLine[0], `const { ${names.join(', ')} } = lib;`)}\nreturn { ${declared.join(', ')} };`;
  return new Function('lib', body)(math) as Record<string, unknown>;
}

describe('README example', () => {
  it('runs and gives the values its comments state', () => {
    const result = runExample();
    const b = result.b as math.Vec2;
    expect([b.x, b.y]).toEqual([2, 3]);
    expect(result.area).toBe(-1);
    const out = result.out as math.Vec2;
    expect([out.x, out.y]).toEqual([0, 0]); // last written by the singular solve
    const x = result.x as math.Vec2;
    // (1/11, 7/11), each rounded at most twice (1/det, then a product): within one ulp.
    expect(Math.abs(x.x - 1 / 11)).toBeLessThanOrEqual(Number.EPSILON / 11);
    expect(Math.abs(x.y - 7 / 11)).toBeLessThanOrEqual(Number.EPSILON * (7 / 11));
    expect(result.solvable).toBe(false);
    const p = result.p as math.Vec2;
    expect([p.x, p.y]).toEqual([10, 1]);
    expect(result.s).toBe(math.sin(0.5));
    const jitter = result.jitter as number;
    expect(jitter).toBeGreaterThanOrEqual(-0.1);
    expect(jitter).toBeLessThan(0.1);
    expect(jitter).toBe(runExample().jitter); // reproducible
  });

  it('states addVec2 writes (3, 5) before out is reused', () => {
    // The example reuses `out`; check the intermediate claim separately with the same inputs.
    const out = new math.Vec2();
    math.addVec2(out, new math.Vec2(1, 2), new math.Vec2(2, 3));
    expect([out.x, out.y]).toEqual([3, 5]);
  });

  it('names only functions the package exports', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## What is in it'), readme.indexOf('## Tests'));
    const mentioned = [...section.matchAll(/`(\w+)(?:\([^`]*\))?`/g)].map((m) => m[1]);
    const exported = new Set(Object.keys(math));
    const methods = new Set<string>();
    for (const value of Object.values(math)) {
      if (typeof value === 'function' && value.prototype) {
        for (const key of Object.getOwnPropertyNames(value.prototype)) methods.add(key);
        for (const key of Object.getOwnPropertyNames(value)) methods.add(key);
      }
    }
    const unknown = mentioned.filter(
      (name) => !exported.has(name) && !methods.has(name) && !['out', 'false'].includes(name),
    );
    expect(unknown).toEqual([]);
  });
});
