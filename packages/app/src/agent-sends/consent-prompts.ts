import { randomUUID } from 'node:crypto';
import { type AgentPrompt, AppError, type ConsentDecision } from '@client/core';
import type { EventStream } from '../ui-server/event-stream.js';

/** A prompt as its asker describes it, before it is named and given its time limit. */
export type Unstamped<Prompt extends AgentPrompt> = Prompt extends AgentPrompt
  ? Omit<Prompt, 'id' | 'expiresAt'>
  : never;

interface Waiting {
  prompt: AgentPrompt;
  settle(decision: ConsentDecision | 'timeout'): void;
}

/**
 * Agents' sends and runs waiting for the person: each is shown in the window (`agent-send-requested`), answered there
 * or given up when the agent stops waiting; either way the window is told it is settled.
 */
export class ConsentPrompts {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly stream: EventStream) {}

  ask(request: Unstamped<AgentPrompt>, timeoutMs: number): Promise<ConsentDecision | 'timeout'> {
    const id = randomUUID();
    const prompt: AgentPrompt = { ...request, id, expiresAt: new Date(Date.now() + timeoutMs).toISOString() };
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle('timeout'), timeoutMs);
      const settle = (decision: ConsentDecision | 'timeout') => {
        if (!this.waiting.delete(id)) return;
        clearTimeout(timer);
        this.stream.send('agent-send-settled', { id, decision });
        resolve(decision);
      };
      this.waiting.set(id, { prompt, settle });
      this.stream.send('agent-send-requested', prompt);
    });
  }

  /** The prompts still waiting, oldest first (a window opened after they were announced asks for them). */
  list(): AgentPrompt[] {
    return [...this.waiting.values()].map((waiting) => waiting.prompt);
  }

  answer(id: string, decision: ConsentDecision): void {
    const waiting = this.waiting.get(id);
    if (waiting === undefined) {
      throw new AppError(
        'NOT_FOUND',
        'this request is no longer waiting: the agent stopped waiting or it was answered',
      );
    }
    // A run covers every endpoint it sends: allowing one of them says nothing about the others.
    if (waiting.prompt.kind === 'run' && decision === 'endpoint') {
      throw new AppError('VALIDATION', 'a run is allowed once or for its project, not for one endpoint');
    }
    waiting.settle(decision);
  }

  /** Refuses every waiting prompt, as the app closes. */
  denyAll(): void {
    for (const waiting of [...this.waiting.values()]) waiting.settle('deny');
  }
}
