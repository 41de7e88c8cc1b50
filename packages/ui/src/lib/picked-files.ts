import type { ImportSource } from '../api/types.js';

/** The files of a Bruno collection folder that the import reads; images and scripts beside them are not sent. */
const BRUNO_FILE = /(^|\/)(bruno\.json|[^/]+\.bru)$/;

/** The files of a picked folder, named by their path below it, as the import's source. */
export async function pickedFolderSource(files: readonly File[]): Promise<ImportSource> {
  const wanted = files.filter((file) => BRUNO_FILE.test(file.webkitRelativePath || file.name));
  return {
    kind: 'files',
    files: await Promise.all(
      wanted.map(async (file) => ({ path: file.webkitRelativePath || file.name, text: await file.text() })),
    ),
  };
}

/** The folder a picked folder's files lie in, as the browser names it. */
export function pickedFolderName(files: readonly File[]): string {
  return files[0]?.webkitRelativePath.split('/')[0] ?? 'folder';
}
