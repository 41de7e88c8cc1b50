import { endpointFileText } from './endpoint-file.js';
import { environmentFileText } from './environment-file.js';
import { FOLDER_FILE, folderFileText } from './folder-file.js';
import { PROJECT_FILE, projectFileText } from './project-file.js';
import type { ProjectTree } from './project-tree.js';
import { joinPath, layoutOfTree } from './tree-layout.js';

/**
 * A project as the files of its linked folder (relative path → text). The same tree always gives the same text,
 * so writing an unchanged project changes no file; secret values are never written.
 */
export function treeToFiles(tree: ProjectTree): Map<string, string> {
  const files = new Map<string, string>();
  files.set(
    PROJECT_FILE,
    projectFileText({
      name: tree.name,
      description: tree.description,
      requestSettings: tree.requestSettings,
      ...(tree.auth ? { auth: tree.auth } : {}),
      ...(tree.scripts ? { scripts: tree.scripts } : {}),
      variables: tree.variables,
    }),
  );
  const layout = layoutOfTree(tree);
  for (const [index, folder] of layout.folders.entries()) {
    const place = layout.folderPlaces[index];
    if (!place) continue;
    files.set(
      joinPath(place.path, FOLDER_FILE),
      folderFileText({
        name: folder.path.at(-1) ?? '',
        seq: place.seq,
        ...(folder.description === undefined ? {} : { description: folder.description }),
        ...(folder.auth ? { auth: folder.auth } : {}),
        ...(folder.scripts ? { scripts: folder.scripts } : {}),
      }),
    );
  }
  for (const [index, { endpoint }] of tree.endpoints.entries()) {
    const place = layout.endpointPlaces[index];
    if (place) files.set(place.path, endpointFileText(endpoint, place.seq));
  }
  for (const [index, environment] of tree.environments.entries()) {
    const place = layout.environmentPlaces[index];
    if (place) {
      files.set(
        place.path,
        environmentFileText({ name: environment.name, seq: place.seq, variables: environment.variables }),
      );
    }
  }
  return files;
}
