/**
 * Whether `target` lies beside the document at `documentUrl`: the same scheme, host and port, and a path under the
 * document's own folder (a document at the server's root, whose path is empty or `/`, has the whole server). Both
 * are parsed, so `..`, `%2e%2e`, default ports and a host that only starts like the document's are seen for what
 * they are. Anything that does not parse is not beside it.
 */
export function isBesideDocument(documentUrl: string, target: string): boolean {
  let document: URL;
  let candidate: URL;
  try {
    document = new URL(documentUrl);
    candidate = new URL(target);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(document.protocol) || candidate.protocol !== document.protocol) return false;
  if (candidate.hostname !== document.hostname || candidate.port !== document.port) return false;
  if (candidate.username !== document.username || candidate.password !== document.password) return false;
  const folder = document.pathname.slice(0, document.pathname.lastIndexOf('/') + 1) || '/';
  return candidate.pathname.startsWith(folder);
}
