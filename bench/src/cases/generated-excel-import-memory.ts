import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { freePort, userEnvironment } from '../../../e2e/support/archetype-process.js';
import { generatedService } from '../fixtures/generated-service.js';
import type { BenchCase } from '../runner/bench-case.js';
import { residentBytes, settle } from '../runner/process-memory.js';
import { exitOf } from '../servers/server-process.js';
import { waitUntilReady } from './generated-page-throughput.js';

const ROWS = 600_000;
const IMPORTS = 3;
const MIB = 1024 * 1024;
/** The generated service's default `excel.import.maxFileBytes`: the workbook must pass it to be read at all. */
const MAX_FILE_BYTES = 5 * MIB;

/** exceljs's streaming writer, as far as this case uses it (loaded from the generated project). */
interface ExcelStreamWriter {
  stream: {
    xlsx: {
      WorkbookWriter: new (options: {
        stream: Writable;
        useSharedStrings: boolean;
        useStyles: boolean;
        zip: { zlib: { level: number } };
      }) => {
        addWorksheet(name: string): { addRow(values: unknown[]): { commit(): void }; commit(): void };
        commit(): Promise<void>;
      };
    };
  };
}

/**
 * A workbook of 600,000 user rows that stays under the upload limit: a hundred names as shared strings, written
 * by exceljs as Excel writes them (the sheet before the shared strings), compressed hard.
 */
async function largeWorkbook(projectDir: string): Promise<Buffer> {
  const ExcelJS = createRequire(join(projectDir, 'package.json'))('exceljs') as ExcelStreamWriter;
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: true,
    useStyles: false,
    zip: { zlib: { level: 9 } },
  });
  const sheet = workbook.addWorksheet('sys-users');
  sheet.addRow(['name', 'age']).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow([`user${i % 100}`, i % 100]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** The highest resident set size of `pid` since the last reset (VmHWM), in bytes. */
function peakResidentBytes(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Makes VmHWM start again from the current resident size (Linux; `5` in clear_refs resets the peak). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * POST /sys-users/import of a 600,000-row workbook under the upload limit, to a service generated with the
 * excel capability: it answers 413 (more rows than `excel.import.maxRows`), and the figure is the process's peak
 * resident memory during the import, against the same process idle just before. Three imports, the highest peak.
 */
export const generatedExcelImportMemory: BenchCase = {
  ids: ['generated-excel-import-memory'],
  async run(context) {
    const service = await generatedService(context.log);
    const workbook = await largeWorkbook(service.projectDir);
    if (workbook.length >= MAX_FILE_BYTES) throw new Error(`the workbook has ${workbook.length} bytes, over the limit`);
    context.log(`  a workbook of ${ROWS} rows in ${workbook.length} bytes`);
    const port = await freePort();
    const child = spawn(service.node, service.args, {
      cwd: service.projectDir,
      env: userEnvironment({ PORT: String(port) }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitUntilReady(origin, () => child.exitCode !== null);
      const pid = child.pid ?? 0;
      await settle();
      const idle = residentBytes(pid);
      let peak = 0;
      for (let i = 0; i < IMPORTS; i++) {
        resetPeak(pid);
        const form = new FormData();
        form.append('file', new Blob([workbook]), 'sys-users.xlsx');
        const started = performance.now();
        const response = await fetch(`${origin}/sys-users/import`, { method: 'POST', body: form });
        const body = (await response.json()) as { msg?: string };
        if (response.status !== 413) throw new Error(`the import answered ${response.status}: ${JSON.stringify(body)}`);
        peak = Math.max(peak, peakResidentBytes(pid));
        context.log(`  import ${i + 1}: 413 in ${Math.round(performance.now() - started)} ms (${body.msg})`);
        await settle(500);
      }
      return [
        {
          id: 'generated-excel-import-memory',
          value: peak / MIB,
          unit: 'MiB',
          baseline: { name: 'the same service idle', value: idle / MIB },
          goal: { comparison: '<=', ratio: 1.5 },
          note: `peak RSS of ${IMPORTS} imports of ${ROWS} rows (${(workbook.length / MIB).toFixed(1)} MiB), each refused at excel.import.maxRows`,
        },
      ];
    } finally {
      const exited = exitOf(child);
      child.kill();
      await exited;
    }
  },
};
