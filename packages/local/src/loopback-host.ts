/**
 * The Host headers a loopback service on `port` answers: the names a local client uses for it. Anything else
 * (another name that resolves to 127.0.0.1, as in DNS rebinding, or a proxy's host) is refused.
 */
export function loopbackHostOf(host: string | undefined, port: number): string | null {
  const lower = host?.toLowerCase();
  return lower === `127.0.0.1:${port}` || lower === `localhost:${port}` ? lower : null;
}

/** The second half of the refusal, after "the Host header must be …". */
export function loopbackHostsText(port: number): string {
  return `127.0.0.1:${port} or localhost:${port}`;
}
