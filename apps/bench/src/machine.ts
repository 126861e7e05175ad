import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ENGINE_IDS, ENGINE_INFO } from './engines/index';

/** The machine and software a benchmark ran on. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  platform: string;
  node: string;
  /** Engine id -> version (lite: its package version and the git commit). */
  versions: Record<string, string>;
  date: string;
}

function packageVersion(packageName: string): string {
  const path =
    packageName === '@lite/world'
      ? new URL('../../../packages/world/package.json', import.meta.url)
      : new URL(`../node_modules/${packageName}/package.json`, import.meta.url);
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** Reads the CPU model (os.cpus()), core count, memory, platform, Node version and engine versions. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  const versions: Record<string, string> = {};
  for (const id of ENGINE_IDS) {
    const v = packageVersion(ENGINE_INFO[id].packageName);
    versions[id] = id.startsWith('lite') ? `${v} (${gitCommit()})` : v;
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.arch()}`,
    node: process.version,
    versions,
    date: new Date().toISOString(),
  };
}

/** One line describing the machine, for tables and the record. */
export function describeMachine(m: MachineInfo): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}`;
}
