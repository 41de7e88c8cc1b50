import { describe, expect, it } from 'vitest';
import { writtenContent } from './window-writes.js';

describe('what a window write may have changed in the files', () => {
  it('is nothing for a send, its History and the window state', () => {
    expect(writtenContent({ method: 'POST', route: '/api/send' })).toEqual({ kind: 'none' });
    expect(writtenContent({ method: 'PUT', route: '/api/projects/:projectId/open-tabs' })).toEqual({ kind: 'none' });
    expect(writtenContent({ method: 'POST', route: '/api/agent/permissions' })).toEqual({ kind: 'none' });
  });

  it('is one endpoint for a save of the editor or of its examples', () => {
    expect(writtenContent({ method: 'PUT', route: '/api/endpoints/:endpointId', endpointId: 'e1' })).toEqual({
      kind: 'endpoint',
      endpointId: 'e1',
    });
    expect(writtenContent({ method: 'POST', route: '/api/endpoints/:endpointId/examples', endpointId: 'e1' })).toEqual({
      kind: 'endpoint',
      endpointId: 'e1',
    });
  });

  it('is anything for every other route, one added later included', () => {
    expect(writtenContent({ method: 'DELETE', route: '/api/endpoints/:endpointId', endpointId: 'e1' })).toEqual({
      kind: 'any',
    });
    expect(writtenContent({ method: 'POST', route: '/api/send/variables' })).toEqual({ kind: 'any' });
    expect(writtenContent({ method: 'POST', route: '/api/projects/:projectId/somewhere-new' })).toEqual({
      kind: 'any',
    });
  });
});
