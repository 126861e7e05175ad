import { type Cell, largestStandingStack } from './aggregate';
import type { QualitySample } from './measure';

/** What the markdown report needs. */
export interface ReportInput {
  title: string;
  machine: string;
  date: string;
  /** Engine id -> version. */
  versions: Record<string, string>;
  /** Engine id -> column label. */
  labels: Record<string, string>;
  scenes: string[];
  engines: string[];
  cells: Cell[];
  /** Extra lines under the title (settings, repeats). */
  notes: string[];
}

/** A number with `digits` significant figures, or `–` when not finite. */
export function formatNumber(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 10 ** digits) return value.toFixed(0);
  return value
    .toPrecision(digits)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

function cellOf(cells: Cell[], scene: string, engine: string): Cell | undefined {
  return cells.find((c) => c.scene === scene && c.engine === engine);
}

function timeText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  if (cell.runs === 0) return cell.errors.length > 0 ? 'error' : '';
  const ratio =
    cell.engine === 'lite' || !Number.isFinite(cell.ratioToLite)
      ? ''
      : ` ×${formatNumber(cell.ratioToLite, 2)}`;
  return `${formatNumber(cell.medianMs)} (${formatNumber(cell.p95Ms)})${ratio}`;
}

function sampleText(sample: QualitySample): string {
  if (sample.structure !== undefined) {
    const s = sample.structure;
    return `${s.verdict} (${formatNumber(s.maxDrift, 2)} / ${formatNumber(s.topSink, 2)})`;
  }
  if (sample.joints !== undefined) {
    return `${sample.joints.verdict} (${formatNumber(sample.joints.maxSeparation, 2)})`;
  }
  return '';
}

function qualityText(cell: Cell | undefined): string {
  if (cell === undefined || cell.quality.length === 0)
    return cell !== undefined && cell.runs === 0 && cell.errors.length > 0 ? 'error' : '';
  return cell.quality.map(sampleText).join(' → ');
}

function megabytes(bytes: number): string {
  return formatNumber(bytes / 2 ** 20, 3);
}

function memoryText(cell: Cell | undefined): string {
  if (cell === undefined || cell.runs === 0) return '';
  return `${megabytes(cell.heapUsedAfterBuild)} → ${megabytes(cell.heapUsedAfterSteps)}, ${formatNumber(cell.gcCount, 3)} GC`;
}

function table(header: string[], rows: string[][]): string {
  const line = (cols: string[]) => `| ${cols.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The benchmark's markdown report: machine and versions, a time table (median ms/step, p95 in
 * brackets, ratio to lite measured in the same round), a quality table (verdicts with drift / sink in
 * m, or the joint separation in m, at each checkpoint), the largest standing stack, and memory.
 */
export function markdownReport(input: ReportInput): string {
  const { cells, scenes, engines, labels } = input;
  const header = ['scene', 'bodies', ...engines.map((e) => labels[e] ?? e)];
  const bodies = (scene: string) => String(cells.find((c) => c.scene === scene && c.runs > 0)?.bodies ?? '');
  const out: string[] = [];
  out.push(`## ${input.title}`, '');
  out.push(`Machine: ${input.machine}. Run ${input.date}.`, '');
  out.push(
    `Versions: ${engines.map((e) => `${labels[e] ?? e} ${input.versions[e] ?? '?'}`).join(', ')}.`,
    '',
  );
  for (const note of input.notes) out.push(note, '');
  out.push('### Time: ms per step, median (p95), ×ratio to lite in the same round', '');
  out.push(
    table(
      header,
      scenes.map((s) => [s, bodies(s), ...engines.map((e) => timeText(cellOf(cells, s, e)))]),
    ),
  );
  const qualityScenes = scenes.filter((s) => cells.some((c) => c.scene === s && c.quality.length > 0));
  if (qualityScenes.length > 0) {
    const times = [...new Set(cells.flatMap((c) => c.quality.map((q) => q.time)))].sort((a, b) => a - b);
    out.push('', `### Quality at ${times.map((t) => `${t} s`).join(' → ')}`, '');
    out.push(
      'Stacks and pyramids: verdict (largest sideways drift of any box / sink of the top box, m); joints: verdict (largest pin separation, m).',
      '',
    );
    out.push(
      table(
        ['scene', ...engines.map((e) => labels[e] ?? e)],
        qualityScenes.map((s) => [s, ...engines.map((e) => qualityText(cellOf(cells, s, e)))]),
      ),
    );
    if (cells.some((c) => /^stack\d+-offset$/.test(c.scene) && c.quality.length > 0)) {
      out.push('', '### Largest standing stack (±5 mm offsets, at the last checkpoint)', '');
      out.push(
        table(
          engines.map((e) => labels[e] ?? e),
          [engines.map((e) => String(largestStandingStack(cells, e)))],
        ),
      );
    }
  }
  out.push(
    '',
    '### Memory: JS heap used after build → after stepping (MB), garbage collections in the timed window',
    '',
  );
  out.push(
    table(
      header,
      scenes.map((s) => [s, bodies(s), ...engines.map((e) => memoryText(cellOf(cells, s, e)))]),
    ),
  );
  const errors = cells.filter((c) => c.errors.length > 0);
  if (errors.length > 0) {
    out.push('', '### Errors', '');
    for (const c of errors) out.push(`- ${c.engine} on ${c.scene}: ${c.errors[0]}`);
  }
  return `${out.join('\n')}\n`;
}
