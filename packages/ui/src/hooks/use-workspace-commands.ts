import { useEffect, useRef } from 'react';
import type { PaletteCommand } from '../components/command-palette.js';

/** The open project's commands, built when the palette opens, so typing in the workspace never builds them. */
let source: (() => PaletteCommand[]) | null = null;

/** Offers the open project's endpoints and actions to the command palette while the workspace is shown. */
export function useWorkspaceCommands(build: () => PaletteCommand[]): void {
  const latest = useRef(build);
  latest.current = build;
  useEffect(() => {
    const own = () => latest.current();
    source = own;
    return () => {
      if (source === own) source = null;
    };
  }, []);
}

/** What the open project offers the palette; nothing on the projects screen. */
export function workspaceCommands(): PaletteCommand[] {
  return source?.() ?? [];
}
