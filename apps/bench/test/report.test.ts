import { describe, expect, it } from 'vitest';
import { aggregate, type RunRecord } from '../src/aggregate';
import type { RunResult } from '../src/measure';
import { formatNumber, markdownReport } from '../src/report-markdown';
import { escapeXml, svgChart } from '../src/report-svg';

function run(engine: string, scene: string, ms: number): RunRecord {
  const result: RunResult = {
    engine,
    scene,
    bodies: 211,
    joints: 0,
    buildMs: 1,
    windowSteps: 10,
    time: { median: ms, p5: ms * 0.8, p95: ms * 2, mean: ms, min: ms, max: ms * 2, count: 9 },
    firstStepMs: 5,
    memory: {
      heapUsedAfterBuild: 2 ** 20,
      heapUsedAfterSteps: 3 * 2 ** 20,
      externalAfterBuild: 0,
      externalAfterSteps: 0,
    },
    gcCount: 2,
    gcMs: 1,
    quality: [
      { time: 10, structure: { maxDrift: 0.001, topSink: 0.12, verdict: 'stands' } },
      { time: 60, structure: { maxDrift: 3, topSink: 9, verdict: 'fell' } },
    ],
    forcedGc: true,
  };
  return { engine, scene, repeat: 0, result };
}

const records = [
  run('lite', 'pyramid20', 0.5),
  run('planck', 'pyramid20', 5),
  run('lite', 'stack24-offset', 0.02),
];
const cells = aggregate(records, ['pyramid20', 'stack24-offset'], ['lite', 'planck']);
const labels = { lite: 'lite', planck: 'planck.js' };

describe('formatNumber', () => {
  it('keeps significant figures and drops trailing zeros', () => {
    expect(formatNumber(1.23456)).toBe('1.23');
    expect(formatNumber(0.000123456)).toBe('0.000123');
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(12345.6)).toBe('12346');
    expect(formatNumber(Number.NaN)).toBe('–');
  });
});

describe('markdown report', () => {
  const md = markdownReport({
    title: 'T',
    machine: 'M',
    date: 'D',
    versions: { lite: '0.0.0', planck: '1.5.0' },
    labels,
    scenes: ['pyramid20', 'stack24-offset'],
    engines: ['lite', 'planck'],
    cells,
    notes: ['note'],
  });
  const lines = md.split('\n');

  it('names the machine and the versions', () => {
    expect(md).toContain('Machine: M.');
    expect(md).toContain('lite 0.0.0, planck.js 1.5.0');
  });
  it('writes a time row per scene with median, p95 and the ratio to lite', () => {
    expect(lines).toContain('| scene | bodies | lite | planck.js |');
    expect(lines).toContain('| pyramid20 | 211 | 0.5 (1) | 5 (10) ×10 |');
    expect(lines).toContain('| stack24-offset | 211 | 0.02 (0.04) |  |');
  });
  it('writes every table row with as many cells as its header', () => {
    const tables = md.split('\n\n').filter((block) => block.startsWith('|'));
    expect(tables.length).toBe(4);
    for (const t of tables) {
      const rows = t.trim().split('\n');
      const width = rows[0].split('|').length;
      for (const row of rows) expect(row.split('|').length).toBe(width);
    }
  });
  it('shows quality at each checkpoint, the largest standing stack and memory', () => {
    expect(md).toContain('### Quality at 10 s → 60 s');
    expect(md).toContain(
      '| pyramid20 | stands (0.001 / 0.12) → fell (3 / 9) | stands (0.001 / 0.12) → fell (3 / 9) |',
    );
    expect(md).toContain('| 0 | 0 |');
    expect(md).toContain('| pyramid20 | 211 | 1 → 3, 2 GC | 1 → 3, 2 GC |');
  });
});

describe('SVG chart', () => {
  const svg = svgChart({
    title: 'a < b & c',
    scenes: ['pyramid20', 'stack24-offset'],
    engines: ['lite', 'planck'],
    labels,
    cells,
  });

  it('is one svg element with balanced tags and escaped text', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('a &lt; b &amp; c');
    for (const tag of ['text', 'rect', 'title']) {
      const open = (svg.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;
      const selfClosed = (svg.match(new RegExp(`<${tag}[^>]*/>`, 'g')) ?? []).length;
      const close = (svg.match(new RegExp(`</${tag}>`, 'g')) ?? []).length;
      expect(open).toBe(selfClosed + close);
    }
    expect(escapeXml('"<&>"')).toBe('&quot;&lt;&amp;&gt;&quot;');
  });
  it('draws one bar per measured cell, with lengths proportional to log(ms)', () => {
    const bars = [
      ...svg.matchAll(/<rect x="130" y="[\d.]+" width="([\d.]+)" height="9"[^>]*><title>([^<]*)<\/title>/g),
    ];
    expect(bars.map((b) => b[2])).toEqual([
      'lite, pyramid20: 0.500 ms',
      'planck.js, pyramid20: 5.00 ms',
      'lite, stack24-offset: 0.0200 ms',
    ]);
    const w = bars.map((b) => Number(b[1]));
    // Axis 0.01 .. 10 ms (three decades over 560 px): 0.5 ms at 560 log10(50) / 3.
    expect(w[0]).toBeCloseTo((560 * Math.log10(50)) / 3, 0);
    expect(w[1] - w[0]).toBeCloseTo(560 / 3, 0); // ten times slower: one decade longer
    expect(w[2]).toBeCloseTo((560 * Math.log10(2)) / 3, 0);
  });
});
