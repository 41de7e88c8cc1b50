import { describe, expect, it } from 'vitest';
import { shownParts, withScriptPart } from './script-parts.js';

describe('script parts', () => {
  it('makes new scripts Postman ones, and none again once every part is empty', () => {
    const written = withScriptPart(undefined, 'preRequest', 'pm.variables.set("a", 1);');
    expect(written).toEqual({ from: 'postman', preRequest: 'pm.variables.set("a", 1);', postResponse: '', tests: '' });
    expect(withScriptPart(written, 'preRequest', '')).toBeUndefined();
  });

  it('keeps the client an imported script was written for', () => {
    const bruno = { from: 'bruno' as const, preRequest: '', postResponse: 'bru.setVar("a", 1);', tests: '' };
    expect(withScriptPart(bruno, 'preRequest', 'req.setHeader("x", "1");')?.from).toBe('bruno');
  });

  it('offers the test script only when one was written, or while it is being edited', () => {
    expect(shownParts(undefined, 'preRequest')).toEqual(['preRequest', 'postResponse']);
    const imported = { from: 'postman' as const, preRequest: '', postResponse: '', tests: 'pm.test("a", () => {});' };
    expect(shownParts(imported, 'preRequest')).toEqual(['preRequest', 'postResponse', 'tests']);
    expect(shownParts({ ...imported, tests: '' }, 'tests')).toEqual(['preRequest', 'postResponse', 'tests']);
  });
});
