import type { DownloadFile } from '../api/types.js';

/** Saves text the app produced (an export, a backup) as a file, through the browser's own download. */
export function downloadFile({ fileName, text }: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
