import { ScriptSession, type SendRequestHost } from '@client/runner';

/** A ready session, and where its `pm.sendRequest` goes, set by the Send that takes it. */
interface Spare {
  session: Promise<ScriptSession>;
  slot: { host: SendRequestHost };
}

const noHost: SendRequestHost = () => Promise.reject(new Error('this session has no Send to send for'));

function spare(): Spare {
  const slot = { host: noHost };
  const session = ScriptSession.create({ sendRequest: (request, signal) => slot.host(request, signal) });
  // A failure here is the taking Send's to report.
  session.catch(() => undefined);
  return { session, slot };
}

/**
 * Script sessions for the window's Sends, one per Send (its own context, as a run of one request). Making one
 * takes tens of milliseconds (the QuickJS instance and chai), so one is kept ready: a Send takes it, and the next
 * is made after that Send, while the person reads the answer.
 */
export class ScriptSessions {
  private ready: Spare | null = null;

  /** A session whose `pm.sendRequest` goes to `host`; the caller disposes of it. */
  take(host: SendRequestHost): Promise<ScriptSession> {
    const taken = this.ready ?? spare();
    this.ready = null;
    taken.slot.host = host;
    return taken.session;
  }

  /** Makes the next Send's session now, while nothing waits for it. */
  prepareNext(): void {
    this.ready ??= spare();
  }

  close(): void {
    void this.ready?.session.then(
      (session) => session.dispose(),
      () => undefined,
    );
    this.ready = null;
  }
}
