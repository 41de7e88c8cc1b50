import { describe, expect, it } from 'vitest';
import { resolveInheritedAuth } from './auth-inheritance.js';

const project = { kind: 'project', id: 'p', name: 'Shop' } as const;
const outer = { kind: 'folder', id: 'f1', name: 'Admin' } as const;
const inner = { kind: 'folder', id: 'f2', name: 'Users' } as const;

describe('resolveInheritedAuth', () => {
  it('takes the nearest folder that sets an auth, skipping folders that inherit', () => {
    const bearer = { type: 'bearer', token: '{{token}}' } as const;
    expect(
      resolveInheritedAuth([
        { source: inner, auth: { type: 'inherit' } },
        { source: outer, auth: bearer },
        { source: project, auth: { type: 'basic', username: 'a', password: 'b' } },
      ]),
    ).toEqual({ auth: bearer, from: outer });
  });

  it('falls back to the project, and an explicit none stops the walk', () => {
    expect(
      resolveInheritedAuth([
        { source: inner, auth: { type: 'inherit' } },
        { source: project, auth: { type: 'bearer', token: 't' } },
      ]),
    ).toEqual({ auth: { type: 'bearer', token: 't' }, from: project });
    expect(
      resolveInheritedAuth([
        { source: inner, auth: { type: 'none' } },
        { source: project, auth: { type: 'bearer', token: 't' } },
      ]),
    ).toEqual({ auth: { type: 'none' }, from: inner });
  });

  it('reads a project set to inherit as none, and nothing above as no answer', () => {
    expect(resolveInheritedAuth([{ source: project, auth: { type: 'inherit' } }])).toEqual({
      auth: { type: 'none' },
      from: project,
    });
    expect(resolveInheritedAuth([])).toBeNull();
  });
});
