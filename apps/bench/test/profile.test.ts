import { describe, expect, it } from 'vitest';
import { summariseProfile } from '../src/profile-summary';

describe('summariseProfile', () => {
  it('sums self time per function across call paths, from the next sample’s time delta', () => {
    const frame = (functionName: string, line: number) => ({
      functionName,
      url: 'file:///x/pkg/dist/engine.js',
      lineNumber: line,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 3] },
        { id: 2, callFrame: frame('solve', 9), children: [4] },
        { id: 3, callFrame: frame('collide', 19) },
        { id: 4, callFrame: frame('solve', 9) }, // the same function through another path
      ],
      samples: [2, 3, 4, 2],
      timeDeltas: [0, 1000, 3000, 2000, 500], // µs; sample i lasts timeDeltas[i + 1]
    };
    const lines = summariseProfile(profile);
    expect(lines.map((l) => l.name)).toEqual([
      'solve (pkg/dist/engine.js:10)',
      'collide (pkg/dist/engine.js:20)',
    ]);
    expect(lines[0].selfMs).toBeCloseTo(1 + 2 + 0.5, 12);
    expect(lines[1].selfMs).toBeCloseTo(3, 12);
    expect(lines[0].share + lines[1].share).toBeCloseTo(1, 12);
  });
});
