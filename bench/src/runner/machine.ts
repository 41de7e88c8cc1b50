import { cpus, freemem, loadavg, release, totalmem } from 'node:os';

export interface MachineInfo {
  cpus: number;
  model: string;
  memoryBytes: number;
  freeMemoryBytesAtStart: number;
  node: string;
  platform: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[] | null;
}

/** The machine a run measured on; noisy neighbours show in the load averages. */
export function describeMachine(): MachineInfo {
  const processors = cpus();
  return {
    cpus: processors.length,
    model: processors[0]?.model.trim() ?? 'unknown',
    memoryBytes: totalmem(),
    freeMemoryBytesAtStart: freemem(),
    node: process.version,
    platform: `${process.platform} ${release()} ${process.arch}`,
    loadAverageAtStart: loadavg().map(round2),
    loadAverageAtEnd: null,
  };
}

export function endLoadAverage(): number[] {
  return loadavg().map(round2);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
