import { expect, vi } from 'vitest';
import type { UiApi } from './ui-api.js';

/** Answers the next prompt the app shows an agent's send or run with, from the window's side, once it appears. */
export async function answerAgentPrompt(ui: UiApi, decision: string): Promise<Record<string, unknown>> {
  const prompt = await vi.waitFor(
    async () => {
      const [shown] = (await ui.call('GET', '/api/agent/prompts')).json as Record<string, unknown>[];
      if (shown === undefined) throw new Error('no prompt appeared in the app');
      return shown;
    },
    { timeout: 15_000, interval: 50 },
  );
  expect((await ui.call('POST', `/api/agent/prompts/${prompt.id}`, { decision })).status).toBe(204);
  return prompt;
}
