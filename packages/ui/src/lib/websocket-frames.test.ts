import type { WebSocketFrame } from '@client/core';
import { describe, expect, it } from 'vitest';
import { frameSize, frameText, frameTime, hexOf, matchingFrames } from './websocket-frames.js';

const frame = (data: string, format: WebSocketFrame['format'] = 'text'): WebSocketFrame => ({
  seq: 1,
  direction: 'received',
  format,
  data,
  size: data.length,
  ms: 0,
});

describe('WebSocket messages as the timeline shows them', () => {
  it('says when and how big', () => {
    expect(frameTime(12.34)).toBe('+12.3 ms');
    expect(frameTime(1234)).toBe('+1.23 s');
    expect(frameTime(125_100)).toBe('+2:05.1');
    expect(frameSize(512)).toBe('512 B');
    expect(frameSize(1536)).toBe('1.5 KB');
  });

  it('lays JSON out when asked, leaves other text and plain JSON values as they are, and shows bytes as hex', () => {
    expect(frameText(frame('{"a":[1,2]}'), true)).toEqual({ text: '{\n  "a": [\n    1,\n    2\n  ]\n}', json: true });
    expect(frameText(frame('{"a":1}'), false)).toEqual({ text: '{"a":1}', json: false });
    expect(frameText(frame('42'), true).json).toBe(false);
    expect(frameText(frame('not json'), true).text).toBe('not json');
    expect(frameText(frame('AAEC/w==', 'binary'), true).text).toBe('00 01 02 ff');
    expect(hexOf(btoa('x'.repeat(20)), 16)).toBe(`${'78 '.repeat(15)}78\n… 4 more bytes`);
  });

  it('finds messages by their text, ignoring case', () => {
    const frames = [frame('Hello'), frame('bye')];
    expect(matchingFrames(frames, 'HEL').map(({ data }) => data)).toEqual(['Hello']);
    expect(matchingFrames(frames, '  ')).toBe(frames);
  });
});
