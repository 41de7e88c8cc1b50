import { ScriptSession, type SendRequestHost } from '@client/runner';

const noHost: SendRequestHost = () => Promise.reject(new Error('no Send is under way to send for'));

/**
 * The script session of the window's Sends. Making one takes tens of milliseconds of CPU (a QuickJS instance and
 * chai), so the window's Sends share one, as the requests of a run do: each script still runs in a function scope
 * of its own with the Send's variables, and a script that breaks the context leaves a new one for the next. Scripts
 * run one at a time; a script's `pm.sendRequest` goes to the Send it belongs to.
 */
export class ScriptSessions {
  private session: Promise<ScriptSession> | null = null;
  private host: SendRequestHost = noHost;
  private queue: Promise<unknown> = Promise.resolve();

  /** The session as one Send uses it: its scripts' `pm.sendRequest` goes to `host`. */
  forSend(host: SendRequestHost): Pick<ScriptSession, 'run'> {
    return {
      run: (input) => {
        const turn = this.queue.then(async () => {
          const session = await this.ready();
          this.host = host;
          try {
            return await session.run(input);
          } finally {
            this.host = noHost;
          }
        });
        this.queue = turn.catch(() => undefined);
        return turn;
      },
    };
  }

  private ready(): Promise<ScriptSession> {
    this.session ??= ScriptSession.create({ sendRequest: (request, signal) => this.host(request, signal) });
    return this.session.catch((error: unknown) => {
      // A session that could not start is made again for the next script.
      this.session = null;
      throw error;
    });
  }

  close(): void {
    void this.session?.then(
      (session) => session.dispose(),
      () => undefined,
    );
    this.session = null;
  }
}
