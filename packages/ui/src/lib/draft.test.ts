import { describe, expect, it } from 'vitest';
import { isDraftChanged, newEndpointDraft } from './draft.js';

describe('isDraftChanged', () => {
  it('sees no change between equal drafts whose objects list their keys in another order', () => {
    const saved = { ...newEndpointDraft(null), auth: { type: 'basic' as const, username: 'a', password: 'b' } };
    const current = { ...saved, auth: { password: 'b', type: 'basic' as const, username: 'a' } };
    expect(isDraftChanged(saved, current)).toBe(false);
  });

  it('sees a change in any field, nested ones included', () => {
    const saved = newEndpointDraft('f1');
    expect(isDraftChanged(saved, { ...saved, headers: [{ key: 'A', value: '1' }] })).toBe(true);
    expect(isDraftChanged(saved, { ...saved, folderId: null })).toBe(true);
    expect(isDraftChanged(saved, { ...saved, body: { mode: 'text', text: '' } })).toBe(true);
  });
});
