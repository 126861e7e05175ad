/**
 * One benchmark run in a fresh process: `node --expose-gc --import tsx src/child.ts '<json>'` with
 * { engine, scene, windowSteps, checkpoints, stages? }. Prints one line `@@RESULT <json>` (a RunResult, or
 * { error }) so engines' own console output cannot be mistaken for it.
 */
import { benchScene } from './bench-scenes';
import { createAdapter, type EngineId } from './engines/index';
import { DT, measure } from './measure';
import { RESULT_MARKER } from './protocol';

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as {
    engine: EngineId;
    scene: string;
    windowSteps: number;
    checkpoints: number[];
    stages?: boolean;
    warmRuns?: number;
  };
  try {
    // Warm runs: the scene in worlds of their own, stepped through the window and dropped.
    for (let k = 0; k < (args.warmRuns ?? 0); ++k) {
      const warm = await createAdapter(args.engine);
      warm.build(benchScene(args.scene).build());
      for (let i = 0; i < args.windowSteps; ++i) warm.step(DT);
    }
    const adapter = await createAdapter(args.engine);
    const result = await measure(args.engine, adapter, benchScene(args.scene), {
      windowSteps: args.windowSteps,
      checkpoints: args.checkpoints,
      stages: args.stages,
    });
    process.stdout.write(`\n${RESULT_MARKER}${JSON.stringify(result)}\n`);
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stdout.write(`\n${RESULT_MARKER}${JSON.stringify({ error: message })}\n`);
    process.exitCode = 1;
  }
}

void main();
