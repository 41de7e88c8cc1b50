import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A private D-Bus session bus, kept up until `stop()`, and the environment that reaches it. */
export interface DbusSession {
  /** Only PATH, a throw-away HOME and the session's bus address: nothing of the caller's own desktop session. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Keychain calls in tests get this long: a busy machine must not turn a working keychain into a silent one. */
export const PATIENT_TIMEOUT_MS = 30_000;

/** An environment in which no D-Bus session can be found (neither the variable nor `$XDG_RUNTIME_DIR/bus`). */
export function envWithoutDbus(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH };
}

function startBus(home: string, script: string, configFile?: string): ChildProcessWithoutNullStreams {
  const args = [...(configFile ? [`--config-file=${configFile}`] : []), '--', 'sh', '-c', script];
  return spawn('dbus-run-session', args, {
    env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data') },
  });
}

async function busAddress(session: ChildProcessWithoutNullStreams): Promise<string> {
  const lines = createInterface({ input: session.stdout });
  const stderr: string[] = [];
  session.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  for await (const line of lines) {
    lines.close();
    if (line.startsWith('unix:')) return line;
    break;
  }
  throw new Error(`the D-Bus session did not start: ${stderr.join('')}`);
}

function stopper(session: ChildProcessWithoutNullStreams, cleanUp: () => Promise<void>): () => Promise<void> {
  return async () => {
    const exited = new Promise((resolve) => session.once('close', resolve));
    // The session ends when its shell's `cat` sees end of input; dbus-run-session then ends the bus.
    session.stdin.end();
    await exited;
    await cleanUp();
  };
}

/**
 * A D-Bus session whose Secret Service is Debian's gnome-keyring with an unlocked login keyring kept in a
 * throw-away HOME, so tests never touch the keychain of whoever runs them.
 */
export async function startKeyringSession(): Promise<DbusSession> {
  const home = await mkdtemp(join(tmpdir(), 'client-keyring-'));
  const session = startBus(
    home,
    'echo test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ' +
      'echo "$DBUS_SESSION_BUS_ADDRESS" && exec cat >/dev/null',
  );
  const address = await busAddress(session);
  return {
    env: { PATH: process.env.PATH, HOME: home, DBUS_SESSION_BUS_ADDRESS: address },
    stop: stopper(session, () => rm(home, { recursive: true, force: true })),
  };
}

/**
 * A D-Bus session where the Secret Service is activatable but never comes up: every call waits for it, as
 * on a desktop where the keyring's unlock prompt stays unanswered.
 */
export async function startStalledSecretServiceSession(): Promise<DbusSession> {
  const home = await mkdtemp(join(tmpdir(), 'client-stalled-'));
  const stallPid = join(home, 'stall.pid');
  await writeFile(join(home, 'stall.sh'), `echo $$ > ${stallPid}\nexec sleep 120 </dev/null >/dev/null 2>&1\n`);
  await writeFile(
    join(home, 'org.freedesktop.secrets.service'),
    `[D-BUS Service]\nName=org.freedesktop.secrets\nExec=/bin/sh ${join(home, 'stall.sh')}\n`,
  );
  const config = join(home, 'session.conf');
  await writeFile(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${home}</listen>
  <servicedir>${home}</servicedir>
  <policy context="default"><allow send_destination="*"/><allow own="*"/></policy>
</busconfig>
`,
  );
  const session = startBus(home, 'echo "$DBUS_SESSION_BUS_ADDRESS" && exec cat >/dev/null', config);
  const address = await busAddress(session);
  return {
    env: { PATH: process.env.PATH, HOME: home, DBUS_SESSION_BUS_ADDRESS: address },
    stop: stopper(session, async () => {
      // The stalled service was started by the bus on our behalf; it outlives the bus unless ended here.
      const pid = Number(await readFile(stallPid, 'utf8').catch(() => ''));
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await rm(home, { recursive: true, force: true });
    }),
  };
}
