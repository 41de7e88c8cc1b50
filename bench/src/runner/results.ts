import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Goal, Measurement } from './bench-case.js';
import type { MachineInfo } from './machine.js';

/** One row of `results` in latest.json; `ratio` is ours ÷ baseline. */
export interface ResultRecord {
  id: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  ratio: number;
  /** `"≥ 0.35"`, `"≤ 4"`, or null for a figure recorded without a goal. */
  goal: string | null;
  met: boolean | null;
  note?: string;
}

export interface CaseFailure {
  ids: readonly string[];
  error: string;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function describeGoal(goal: Goal): string {
  return `${goal.comparison === '>=' ? '≥' : '≤'} ${goal.ratio}`;
}

export function toRecord(measurement: Measurement): ResultRecord {
  const ratio = measurement.value / measurement.baseline.value;
  const { goal } = measurement;
  const met = goal === undefined ? null : goal.comparison === '>=' ? ratio >= goal.ratio : ratio <= goal.ratio;
  return {
    id: measurement.id,
    value: round(measurement.value, 3),
    unit: measurement.unit,
    baseline: { name: measurement.baseline.name, value: round(measurement.baseline.value, 3) },
    ratio: round(ratio, 3),
    goal: goal === undefined ? null : describeGoal(goal),
    met,
    ...(measurement.note === undefined ? {} : { note: measurement.note }),
  };
}

function formatNumber(value: number): string {
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return String(Number(value.toPrecision(4)));
}

/** A plain-text table, one row per figure, widths fitted to the content. */
export function formatTable(records: readonly ResultRecord[]): string {
  const header = ['id', 'ours', 'baseline', 'ratio', 'goal', 'met'];
  const rows = records.map((record) => [
    record.id,
    `${formatNumber(record.value)} ${record.unit}`,
    `${formatNumber(record.baseline.value)} (${record.baseline.name})`,
    String(record.ratio),
    record.goal ?? '—',
    record.met === null ? '—' : record.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function writeResults(
  directory: string,
  machine: MachineInfo,
  records: readonly ResultRecord[],
  failures: readonly CaseFailure[],
): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, 'latest.json');
  const document = { machine, results: records, ...(failures.length === 0 ? {} : { failures }) };
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
}
