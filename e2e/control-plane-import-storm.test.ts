import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUNDLE, type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';

let app: AppProcess;
beforeAll(async () => {
  // The bundle, as the launcher runs it after a build and as the .deb ships it: its reader thread's program is a
  // file of its own beside it.
  app = await startAppProcess({ entry: APP_BUNDLE });
});
afterAll(cleanupAppProcesses);

const large = (index: number) => `curl https://storm.example/items/${index} -d '${'x'.repeat(200 * 1024)}'`;
/** Near the 256 KiB limit and made of ANSI-C escapes: the command that takes a parser longest per byte. */
const worstCase = (index: number) =>
  `curl https://storm.example/escapes/${index} --data-raw $'${'\\x41\\n'.repeat(40 * 1024)}'`;

describe('a storm of large imports', () => {
  it('saves every import it acknowledges, in full, while health checks keep being answered', async () => {
    const imports = Array.from({ length: 32 }, (_, index) =>
      app.request('POST', '/agent/curl', { body: { command: large(index), name: `storm ${index}` } }),
    );
    const health = Array.from({ length: 8 }, () => app.request('GET', '/agent/health'));

    const [imported, checked] = await Promise.all([Promise.all(imports), Promise.all(health)]);

    expect(imported.map((answer) => answer.status)).toEqual(imported.map(() => 201));
    expect(checked.map((answer) => answer.status)).toEqual(checked.map(() => 200));
    const projectId = (imported[0]?.json as { projectId: string } | undefined)?.projectId;
    const listed = (await app.request('GET', `/agent/endpoints/${projectId}`)).json as {
      name: string;
      body: { mode: string; text?: string };
    }[];
    expect(listed.map((endpoint) => endpoint.name).sort()).toEqual(
      Array.from({ length: 32 }, (_, index) => `storm ${index}`).sort(),
    );
    expect(listed.every((endpoint) => endpoint.body.text?.length === 200 * 1024)).toBe(true);
  });

  it('answers health checks while commands are being parsed, not only between two imports', async () => {
    let finished = 0;
    const imports = Array.from({ length: 32 }, (_, index) =>
      app.request('POST', '/agent/curl', { body: { command: worstCase(index) } }).then((answer) => {
        finished++;
        return answer;
      }),
    );
    let stormOver = false;
    const storm = Promise.all(imports).finally(() => {
      stormOver = true;
    });
    // Once the first import is answered, the rest are queued behind a parse in progress. Health checks sent one
    // after another from then on: parsed on the thread that answers them, each would wait for the import being
    // parsed and see it finish first; parsed elsewhere, most are answered before another import finishes.
    while (finished === 0) await new Promise((resolve) => setImmediate(resolve));
    const importsFinishedDuring: number[] = [];
    while (!stormOver) {
      const before = finished;
      expect((await app.request('GET', '/agent/health')).status).toBe(200);
      if (!stormOver) importsFinishedDuring.push(finished - before);
    }

    expect((await storm).map((answer) => answer.status)).toEqual(imports.map(() => 201));
    const answeredDuringAParse = importsFinishedDuring.filter((count) => count === 0).length;
    expect(answeredDuringAParse, JSON.stringify(importsFinishedDuring)).toBeGreaterThan(
      importsFinishedDuring.length / 2,
    );
  });

  it('refuses a command of more than 1000 words with 400 VALIDATION, and saves nothing', async () => {
    const words = Array.from({ length: 600 }, (_, index) => `-H 'X-${index}: v'`).join(' ');
    const answer = await app.request('POST', '/agent/curl', {
      body: { command: `curl https://storm.example/many ${words}`, name: 'too many' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'VALIDATION',
      message: expect.stringMatching(/^the command has 1202 words \(options and their values\); at most 1000/),
    });
  });
});
