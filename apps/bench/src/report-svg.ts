import type { Cell } from './aggregate';

/** Bar colours, one per engine in order (colour-blind-safe Okabe–Ito palette, then Tol's wine). */
export const ENGINE_COLOURS = [
  '#d55e00',
  '#0072b2',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#000000',
  '#882255',
];

/** Escapes text for SVG/XML. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** What the chart needs. */
export interface ChartInput {
  title: string;
  scenes: string[];
  engines: string[];
  /** Engine id -> legend label. */
  labels: Record<string, string>;
  cells: Cell[];
}

const LEFT = 130;
const PLOT = 560;
const RIGHT = 70;
const BAR = 11;
const GAP = 12;
const TOP = 62;

/**
 * A hand-written SVG bar chart of median ms/step per scene (groups) and engine (bars), on a
 * logarithmic axis (times span three decades), with the value printed after each bar. Cells without a
 * time are left out.
 */
export function svgChart(input: ChartInput): string {
  const { scenes, engines, cells } = input;
  const value = (scene: string, engine: string) =>
    cells.find((c) => c.scene === scene && c.engine === engine && c.runs > 0)?.medianMs ?? Number.NaN;
  const values = scenes
    .flatMap((s) => engines.map((e) => value(s, e)))
    .filter((v) => Number.isFinite(v) && v > 0);
  const lo = values.length > 0 ? 10 ** Math.floor(Math.log10(Math.min(...values))) : 0.01;
  const hi = values.length > 0 ? 10 ** Math.ceil(Math.log10(Math.max(...values))) : 1;
  const decades = Math.max(1, Math.round(Math.log10(hi / lo)));
  const x = (v: number) => LEFT + (PLOT * Math.log10(v / lo)) / decades;
  const groupHeight = engines.length * BAR + GAP;
  const height = TOP + scenes.length * groupHeight + 30;
  const legendWidth = engines.reduce((w, e) => w + 28 + Math.ceil((input.labels[e] ?? e).length * 6.5), 0);
  const width = Math.max(LEFT + PLOT + RIGHT, LEFT + legendWidth);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="16" font-size="13" font-weight="bold">${escapeXml(input.title)}</text>`,
  );
  // Legend: entries laid out left to right by the length of their labels (about 6.5 px a character).
  let lx = LEFT;
  engines.forEach((engine, i) => {
    const label = input.labels[engine] ?? engine;
    parts.push(
      `<rect x="${lx}" y="26" width="10" height="10" fill="${ENGINE_COLOURS[i % ENGINE_COLOURS.length]}"/>`,
      `<text x="${lx + 14}" y="35">${escapeXml(label)}</text>`,
    );
    lx += 14 + Math.ceil(label.length * 6.5) + 14;
  });
  const axisBottom = TOP + scenes.length * groupHeight;
  for (let d = 0; d <= decades; ++d) {
    const v = lo * 10 ** d;
    const gx = x(v);
    parts.push(
      `<line x1="${gx.toFixed(1)}" y1="${TOP - 4}" x2="${gx.toFixed(1)}" y2="${axisBottom}" stroke="#dddddd"/>`,
      `<text x="${gx.toFixed(1)}" y="${TOP - 7}" text-anchor="middle" fill="#666666">${escapeXml(formatTick(v))}</text>`,
      `<text x="${gx.toFixed(1)}" y="${axisBottom + 14}" text-anchor="middle">${escapeXml(formatTick(v))}</text>`,
    );
  }
  parts.push(
    `<text x="${LEFT + PLOT / 2}" y="${axisBottom + 27}" text-anchor="middle">ms per step (median, log scale)</text>`,
  );
  scenes.forEach((scene, s) => {
    const gy = TOP + s * groupHeight;
    parts.push(
      `<text x="${LEFT - 8}" y="${gy + (engines.length * BAR) / 2 + 4}" text-anchor="end">${escapeXml(scene)}</text>`,
    );
    engines.forEach((engine, e) => {
      const v = value(scene, engine);
      if (!(Number.isFinite(v) && v > 0)) return;
      const y = gy + e * BAR;
      const w = Math.max(1, x(v) - LEFT);
      parts.push(
        `<rect x="${LEFT}" y="${y}" width="${w.toFixed(1)}" height="${BAR - 2}" fill="${ENGINE_COLOURS[e % ENGINE_COLOURS.length]}"><title>${escapeXml(`${input.labels[engine] ?? engine}, ${scene}: ${v.toPrecision(3)} ms`)}</title></rect>`,
        `<text x="${(LEFT + w + 3).toFixed(1)}" y="${y + BAR - 3}" font-size="9">${escapeXml(v.toPrecision(3))}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function formatTick(v: number): string {
  return v >= 1 ? String(Math.round(v)) : String(Number(v.toPrecision(1)));
}
