/** What every bare server prints once it listens; the bench reads the port from it. */
export function listeningLine(port: number): string {
  return `listening on ${port}\n`;
}

export const LISTENING_LINE = /^listening on (\d+)$/m;
