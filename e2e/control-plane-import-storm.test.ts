import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';

let app: AppProcess;
beforeAll(async () => {
  app = await startAppProcess();
});
afterAll(cleanupAppProcesses);

const large = (index: number) => `curl https://storm.example/items/${index} -d '${'x'.repeat(200 * 1024)}'`;

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
