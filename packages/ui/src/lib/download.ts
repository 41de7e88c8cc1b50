import type { DownloadFile } from '../api/types.js';

/** Saves text the app produced (an export, a backup) as a file, through the browser's own download. */
export function downloadFile({ fileName, text }: DownloadFile): void {
  saveBlob(new Blob([text], { type: 'application/json' }), fileName);
}

/** Saves bytes as a file through the browser's own download (the window asks where when set to). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
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
