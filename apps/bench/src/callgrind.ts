/**
 * Where a run's machine instructions, data-cache misses and branch mispredictions go, per function of
 * the JavaScript that V8 compiled: Valgrind's callgrind, run with `--dump-instr=yes`, counts them per
 * machine-code address; `node --perf-basic-prof` writes where V8 put each compiled function
 * (`/tmp/perf-<pid>.map`). This module reads both and sums the counts per function. Pure: the
 * profile script runs the tools and hands the text here.
 */

/** One function's code in a perf map: `start size name`, addresses in hexadecimal. */
export interface CodeRange {
  start: number;
  end: number;
  name: string;
}

/**
 * The code ranges of a perf map (`/tmp/perf-<pid>.map`), sorted by start. V8 names JavaScript
 * `JS:<tier mark><name> <url>:<line>:<column>` (`~` interpreted or baseline, `*` or `^` or `+`
 * optimised); the tier marks and the `JS:` prefix are dropped, so that every version of a function
 * (compiled again after a deoptimisation, or at another tier) sums under one name, and the url is
 * cut to its last three parts and the line, as `solve (constraints/dist/solver.js:12)`.
 */
export function parsePerfMap(text: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (const line of text.split('\n')) {
    const match = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (.*)$/.exec(line);
    if (match === null) continue;
    const start = Number.parseInt(match[1], 16);
    const name = shortName(
      match[3]
        .replace(/^(JS|LazyCompile|Function|Script):/, '')
        .replace(/^[~*^+]/, '')
        .trim(),
    );
    ranges.push({ start, end: start + Number.parseInt(match[2], 16), name });
  }
  ranges.sort((a, b) => a.start - b.start);
  return ranges;
}

/** `name url:line:column` as `name (last/three/parts:line)`; other names as they are. */
function shortName(name: string): string {
  const match = /^(.*?) ?((?:file|node):[^ ]*?):(\d+):\d+$/.exec(name);
  if (match === null) return name;
  const file = match[2].split('/').slice(-3).join('/');
  return `${match[1] || '(anonymous)'} (${file}:${match[3]})`;
}

/**
 * A reader of callgrind's output, fed line by line (the files run to hundreds of megabytes): with
 * `--dump-instr=yes` each cost line is `<address> <line> <event counts...>`, the address absolute
 * (`0x...`), relative to the last one (`+n`, `-n`, hexadecimal) or the same (`*`). The line after a
 * `calls=` line holds the inclusive cost of a call (the callee's counts, already counted at the
 * callee's own addresses): skipped. Counts go to the address where they were spent.
 */
export class CallgrindReader {
  /** The event names, in the order of the counts (from the `events:` line). */
  events: string[] = [];
  /** Per address, the counts of each event. */
  readonly costs = new Map<number, Float64Array>();
  private address = 0;
  private afterCall = false;

  /** Reads one line of the file. */
  line(text: string): void {
    if (text.startsWith('events:')) {
      this.events = text.slice('events:'.length).trim().split(/\s+/);
      return;
    }
    if (text.startsWith('calls=')) {
      this.afterCall = true;
      return;
    }
    const first = text.charCodeAt(0);
    // Cost lines start with an address: 0x..., +n, -n or *.
    const isCost = first === 48 || first === 43 || first === 45 || first === 42;
    if (!isCost) return;
    const parts = text.split(' ');
    const position = parts[0];
    if (position.startsWith('0x')) this.address = Number.parseInt(position, 16);
    else if (position[0] === '+') this.address += Number.parseInt(position.slice(1), 16);
    else if (position[0] === '-') this.address -= Number.parseInt(position.slice(1), 16);
    if (this.afterCall) {
      this.afterCall = false;
      return;
    }
    let counts = this.costs.get(this.address);
    if (counts === undefined) {
      counts = new Float64Array(this.events.length);
      this.costs.set(this.address, counts);
    }
    // parts[1] is the source line (none for JIT code); the counts follow.
    for (let k = 2; k < parts.length && k - 2 < counts.length; k++) counts[k - 2] += Number(parts[k]);
  }
}

/** Sums the counts per function: each address goes to the code range holding it, else to `(native)`. */
export function countsPerFunction(
  costs: Map<number, Float64Array>,
  ranges: CodeRange[],
  eventCount: number,
): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  for (const [address, counts] of costs) {
    const name = rangeAt(ranges, address)?.name ?? '(native)';
    let sum = out.get(name);
    if (sum === undefined) {
      sum = new Float64Array(eventCount);
      out.set(name, sum);
    }
    for (let k = 0; k < eventCount; k++) sum[k] += counts[k];
  }
  return out;
}

/** The range holding `address` (binary search over ranges sorted by start), or undefined. */
function rangeAt(ranges: CodeRange[], address: number): CodeRange | undefined {
  let lo = 0;
  let hi = ranges.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].start <= address) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && address < ranges[found].end ? ranges[found] : undefined;
}

/**
 * Per function, what the longer run counted beyond the shorter one, divided by `steps` (the
 * difference of their windows): what one step of the steps between them costs. Sorted by the
 * first event, largest first.
 */
export function perStepDifference(
  short: Map<string, Float64Array>,
  long: Map<string, Float64Array>,
  eventCount: number,
  steps: number,
): { name: string; counts: number[] }[] {
  const names = new Set([...short.keys(), ...long.keys()]);
  const rows: { name: string; counts: number[] }[] = [];
  for (const name of names) {
    const a = short.get(name);
    const b = long.get(name);
    const counts: number[] = [];
    for (let k = 0; k < eventCount; k++) counts.push(((b?.[k] ?? 0) - (a?.[k] ?? 0)) / steps);
    rows.push({ name, counts });
  }
  rows.sort((x, y) => y.counts[0] - x.counts[0] || (x.name < y.name ? -1 : 1));
  return rows;
}
