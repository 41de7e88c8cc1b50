import type { AgentHandlers } from '@client/control-plane';
import { AppError } from '@client/core';
import type { MockControl } from './mock-control.js';

/**
 * What agents may do with the app's mocks: start one (marked as theirs, no consent asked: a mock sends nothing and
 * answers on 127.0.0.1 only), list every running one, and stop their own. A mock the person started is theirs to
 * stop, as the window's runs are.
 */
export function mocksForAgents(
  mocks: MockControl,
): Required<Pick<AgentHandlers, 'startMock' | 'listMocks' | 'stopMock'>> {
  return {
    startMock: (request) =>
      mocks.start({ projectId: request.projectId, folderId: request.folderId, startedBy: 'agent' }),
    listMocks: () => mocks.list(),
    async stopMock(mockId) {
      const running = mocks.list().find((mock) => mock.id === mockId);
      if (running?.startedBy === 'person') {
        throw new AppError(
          'FORBIDDEN',
          `the mock ${mockId} (${running.url}) was started by the person; only they can stop it, in the Client window or with Ctrl-C where they ran \`client mock\``,
        );
      }
      return mocks.stop(mockId);
    },
  };
}
