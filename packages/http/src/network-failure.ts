interface ErrorWithCause {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  hostname?: unknown;
}

const HINTS: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there; is the server running, on that port?',
  ENOTFOUND: 'the host name could not be resolved; check the spelling or your network',
  EAI_AGAIN: 'the host name could not be resolved right now; check your network',
  ECONNRESET: 'the server closed the connection before answering',
  EHOSTUNREACH: 'the host cannot be reached from this computer',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection failed while the response was being read',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server uses a self-signed TLS certificate, which is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server’s TLS certificate chain ends in an untrusted self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server’s TLS certificate cannot be verified',
  CERT_HAS_EXPIRED: 'the server’s TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server’s TLS certificate is for another host name',
};

/** Why a send failed, in words: the reason is often in the error's `cause`, a level or two down. */
export function describeNetworkFailure(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as ErrorWithCause;
    if (typeof code === 'string' && HINTS[code] !== undefined) {
      return `${typeof message === 'string' ? message : code}: ${HINTS[code]}`;
    }
    if (cause === undefined) break;
    current = cause;
  }
  const message = (current as ErrorWithCause | null)?.message;
  return typeof message === 'string' && message !== '' ? message : String(error);
}
