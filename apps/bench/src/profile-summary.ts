/** The parts of a V8 `.cpuprofile` (from `node --cpu-prof`) the summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of one function in a profile. */
export interface ProfileLine {
  /** `name (package/dist/file:line)`: the last three parts of the file's path. */
  name: string;
  /** Self time, ms. */
  selfMs: number;
  /** Share of the profile's total sampled time, 0..1. */
  share: number;
}

/**
 * Sums self time per function (name, file and line; the same function reached through different call
 * paths counts once) and returns the `top` largest, most expensive first. Sample i's time is
 * timeDeltas[i + 1] (the gap until the next sample), the convention of Chrome's profiler.
 */
export function summariseProfile(profile: CpuProfile, top = 15): ProfileLine[] {
  const byNode = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    // Bundles share a file name (every package's dist/index.js): keep the package's folder too.
    const file = url === '' ? '' : url.split('/').slice(-3).join('/');
    const name = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
    byNode.set(node.id, name);
  }
  const self = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; ++i) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; // µs -> ms
    const name = byNode.get(profile.samples[i]) ?? '(unknown)';
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
  }
  return [...self.entries()]
    .map(([name, selfMs]) => ({ name, selfMs, share: total > 0 ? selfMs / total : 0 }))
    .sort((a, b) => b.selfMs - a.selfMs || (a.name < b.name ? -1 : 1))
    .slice(0, top);
}
