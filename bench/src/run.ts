import { cleanupAppProcesses } from '../../e2e/support/app-process.js';
import { agentSendOverhead } from './cases/agent-send-overhead.js';
import { appMemory } from './cases/app-memory.js';
import { coldStart } from './cases/cold-start.js';
import { diskEditToWindow } from './cases/disk-edit-to-window.js';
import { generatedExcelImportMemory } from './cases/generated-excel-import-memory.js';
import { generatedPageThroughput } from './cases/generated-page-throughput.js';
import { healthUnderImportStorm } from './cases/health-under-import-storm.js';
import { importLatencyP99 } from './cases/import-latency-p99.js';
import { importOpenApiLarge } from './cases/import-openapi-large.js';
import { importThroughput } from './cases/import-throughput.js';
import { list10k } from './cases/list-10k.js';
import { loadThroughput } from './cases/load-throughput.js';
import { mcpFirstCall } from './cases/mcp-first-call.js';
import { mockStart } from './cases/mock-start.js';
import { mockThroughput } from './cases/mock-throughput.js';
import { openLinked10k } from './cases/open-linked-10k.js';
import { parseAccuracy } from './cases/parse-accuracy.js';
import { parseSpeed } from './cases/parse-speed.js';
import { releasePackage } from './cases/release-package.js';
import { responseRender10mb } from './cases/response-render-10mb.js';
import { runner1000 } from './cases/runner-1000.js';
import { scriptOverhead } from './cases/script-overhead.js';
import { sendOverhead } from './cases/send-overhead.js';
import { uiFirstPaint } from './cases/ui-first-paint.js';
import { uiOpen10k } from './cases/ui-open-10k.js';
import { windowMemory } from './cases/window-memory.js';
import { wsEcho10k } from './cases/ws-echo-10k.js';
import type { BenchCase, Measurement } from './runner/bench-case.js';
import { describeMachine, endLoadAverage } from './runner/machine.js';
import { RESULTS_DIR } from './runner/paths.js';
import { type CaseFailure, formatTable, type ResultRecord, toRecord, writeResults } from './runner/results.js';
import { stopBareServers } from './servers/server-process.js';

/** In the order they run: the in-process parser cases first, then the ones that start processes. */
const CASES: readonly BenchCase[] = [
  parseSpeed,
  parseAccuracy,
  importThroughput,
  importLatencyP99,
  healthUnderImportStorm,
  appMemory,
  list10k,
  openLinked10k,
  importOpenApiLarge,
  sendOverhead,
  wsEcho10k,
  scriptOverhead,
  runner1000,
  loadThroughput,
  responseRender10mb,
  uiOpen10k,
  windowMemory,
  diskEditToWindow,
  agentSendOverhead,
  coldStart,
  uiFirstPaint,
  mcpFirstCall,
  mockThroughput,
  mockStart,
  releasePackage,
  generatedPageThroughput,
  generatedExcelImportMemory,
];

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * `npm run bench [-- <id> …]`: runs every case (or those producing one of the ids), prints the table and
 * writes bench/results/latest.json. Exits 1 when a case failed or a goal was missed.
 */
async function main(selected: readonly string[]): Promise<number> {
  const unknown = selected.filter((id) => !CASES.some((benchCase) => benchCase.ids.includes(id)));
  if (unknown.length > 0) {
    log(`unknown benchmark ${unknown.join(', ')}; known: ${CASES.flatMap((benchCase) => benchCase.ids).join(', ')}`);
    return 2;
  }
  const cases =
    selected.length === 0 ? CASES : CASES.filter((benchCase) => benchCase.ids.some((id) => selected.includes(id)));
  const machine = describeMachine();
  log(
    `machine: ${machine.cpus} × ${machine.model}, node ${machine.node}, load ${machine.loadAverageAtStart.join(' ')}`,
  );
  const records: ResultRecord[] = [];
  const failures: CaseFailure[] = [];
  for (const benchCase of cases) {
    log(`${benchCase.ids.join(', ')}…`);
    let measurements: Measurement[];
    try {
      measurements = await benchCase.run({ log });
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`  failed: ${message}`);
      failures.push({ ids: benchCase.ids, error: message });
      continue;
    } finally {
      // Whatever a case left running (it failed half-way) must not load the next one's machine.
      await stopBareServers();
      await cleanupAppProcesses();
    }
    for (const measurement of measurements) records.push(toRecord(measurement));
  }
  machine.loadAverageAtEnd = endLoadAverage();
  const path = writeResults(RESULTS_DIR, machine, records, failures);
  process.stdout.write(`\n${formatTable(records)}\n\n`);
  const goals = records.filter((record) => record.met !== null);
  const missed = goals.filter((record) => record.met === false);
  process.stdout.write(
    `${goals.length - missed.length} of ${goals.length} goals met${failures.length > 0 ? `, ${failures.length} case(s) failed` : ''}; load average ${machine.loadAverageAtStart.join(' ')} → ${machine.loadAverageAtEnd.join(' ')}; written to ${path}\n`,
  );
  return missed.length > 0 || failures.length > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
