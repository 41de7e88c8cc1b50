const MAX_LOGGED_PATH = 200;

function escapeControl(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * One line per request for the person running the app: `POST /agent/curl 201 3ms`. The query string is
 * dropped (an agent may wrongly put its token there) and control characters are escaped so a crafted
 * path cannot forge log lines.
 */
export function formatRequestLine(method: string, url: string, status: number, ms: number): string {
  const query = url.indexOf('?');
  const rawPath = query === -1 ? url : url.slice(0, query);
  const path = rawPath.length > MAX_LOGGED_PATH ? `${rawPath.slice(0, MAX_LOGGED_PATH)}…` : rawPath;
  return `${method} ${path.replace(/\p{Cc}/gu, escapeControl)} ${status} ${Math.round(ms)}ms`;
}
