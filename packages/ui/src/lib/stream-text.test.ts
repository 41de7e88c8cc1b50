import { describe, expect, it } from 'vitest';
import { accumulatedText, eventJson } from './stream-text.js';

const event = (data: string, name?: string) => ({ data, ms: 0, ...(name === undefined ? {} : { event: name }) });

describe('the accumulated text of a stream', () => {
  it('joins the deltas of an OpenAI-style chat completion, skipping [DONE] and role-only chunks', () => {
    const events = [
      event('{"choices":[{"delta":{"role":"assistant"}}]}'),
      event('{"choices":[{"delta":{"content":"Hel"}}]}'),
      event('{"choices":[{"delta":{"content":"lo"}}]}'),
      event('[DONE]'),
    ];
    expect(accumulatedText(events)).toBe('Hello');
  });

  it("joins Anthropic's content_block_delta texts", () => {
    const events = [
      event('{"type":"message_start","message":{}}', 'message_start'),
      event('{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi "}}'),
      event('{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"there"}}'),
    ];
    expect(accumulatedText(events)).toBe('Hi there');
  });

  it('is null for a stream that carries no text deltas', () => {
    expect(accumulatedText([event('{"n":1}'), event('tick')])).toBeNull();
  });

  it('reads JSON data only when it is JSON', () => {
    expect(eventJson(event(' {"a":[1]}'))).toEqual({ a: [1] });
    expect(eventJson(event('{"a":'))).toBeUndefined();
    expect(eventJson(event('42'))).toBeUndefined();
  });
});
