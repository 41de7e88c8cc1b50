import type { InstallLocation } from './install-location.js';
import { formatPorts } from './port-list.js';

/** Every "not running" text starts with these words, so an agent (or a person) can recognise the case. */
const NOT_RUNNING_PREFIX = 'no running control plane';

function install(location: InstallLocation): string {
  return `data dir ${location.dataDir}, flavor ${location.flavor}`;
}

/** How to start the app that owns this data dir, in the words a person would type. */
function startAdvice(location: InstallLocation): string {
  const command =
    location.flavor === 'release'
      ? 'run the installed `client` (or start Client from the desktop)'
      : 'run `npm start` in the Client source checkout';
  const env = location.dataDirFromEnv ? ` with CLIENT_DATA_DIR=${location.dataDir}` : '';
  return `Start the app: ${command}${env}. Then call the tool again; client-mcp finds the app without being restarted.`;
}

export function noTokenMessage(location: InstallLocation): string {
  return (
    `${NOT_RUNNING_PREFIX} (${install(location)}): there is no agent token at ${location.tokenPath}, ` +
    'so no port was checked. The app creates the token on its first start. ' +
    startAdvice(location)
  );
}

export function notFoundMessage(location: InstallLocation, ports: readonly number[], hintPort: number | null): string {
  const hint =
    hintPort === null
      ? 'agent.json names no port'
      : `agent.json names port ${hintPort}, where no control plane of this install answers (the app did not exit cleanly)`;
  return (
    `${NOT_RUNNING_PREFIX} (${install(location)}): ${hint}, and none of ports ${formatPorts(ports)} ` +
    `accepted the token from ${location.tokenPath}. ${startAdvice(location)}`
  );
}

export function stoppedMessage(location: InstallLocation, address: string, reason: string): string {
  return (
    `${NOT_RUNNING_PREFIX} (${install(location)}): the control plane at ${address} stopped answering ` +
    `during the call (${reason}). ${startAdvice(location)}`
  );
}

export function unauthorizedMessage(location: InstallLocation, rejectingPorts: readonly number[]): string {
  const where = rejectingPorts.length === 1 ? `port ${rejectingPorts[0]}` : `ports ${formatPorts(rejectingPorts)}`;
  return (
    `the listener on ${where} answered as a Client control plane but could not prove it holds the agent token ` +
    `read from ${location.tokenPath} (${install(location)}), so the token and the call were not sent to it. ` +
    'It is either a different Client install (another flavor or data dir, or the token was replaced after that ' +
    'app started), or not Client at all (another program on that port). Remedy: check what listens there ' +
    `(\`ss -ltnp 'sport = :${rejectingPorts[0] ?? 4110}'\`); if it is the app you mean to use, delete ` +
    `${location.tokenPath} and restart the app — it writes a new token, which client-mcp reads on the next call; ` +
    `otherwise stop that program and start the app of this install (${location.dataDir}).`
  );
}
