import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as math from '../src/index';

/*
 * Keeps "a test for every exported function and method" true as the package grows: every export
 * of the package, and every public method and static of its classes, must be called by name in
 * some test file (an accessor read by name).
 */
const testDirectory = new URL('.', import.meta.url);
const testSources = readdirSync(testDirectory)
  .filter((file) => file.endsWith('.test.ts') && file !== 'api-coverage.test.ts')
  .map((file) => readFileSync(new URL(file, testDirectory), 'utf8'))
  .join('\n');

function mentioned(name: string): boolean {
  return new RegExp(`\\b${name}\\b`).test(testSources);
}

describe('API coverage', () => {
  it('every export is exercised by some test', () => {
    const missing = Object.keys(math).filter((name) => !mentioned(name));
    expect(missing).toEqual([]);
  });

  it('every public method and static of every exported class is exercised by some test', () => {
    const missing: string[] = [];
    const classes: string[] = [];
    for (const [className, value] of Object.entries(math)) {
      if (typeof value !== 'function' || !/^class\b/.test(Function.prototype.toString.call(value))) continue;
      classes.push(className);
      const members = [
        ...Object.getOwnPropertyNames(value.prototype).filter((name) => name !== 'constructor'),
        ...Object.getOwnPropertyNames(value).filter(
          (name) => !['length', 'name', 'prototype'].includes(name),
        ),
      ];
      for (const member of members) {
        // A method must be called (`.name(`); an accessor read (`.name`).
        const accessor = Object.getOwnPropertyDescriptor(value.prototype, member)?.get !== undefined;
        const use = accessor ? `\\.${member}\\b` : `\\.${member}\\(`;
        if (!new RegExp(use).test(testSources)) missing.push(`${className}.${member}`);
      }
    }
    expect(classes.sort()).toEqual([
      'Float64Slab',
      'Mat22',
      'MathError',
      'Random',
      'Rot',
      'Transform',
      'Vec2',
    ]);
    expect(missing).toEqual([]);
  });
});
