import { useEffect, useState } from 'react';

const carriesFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * A file dropped anywhere on the window is handed over, read as text; `dragging` is true while one is held over
 * it, for an overlay that says what dropping does. Off while `enabled` is false (a dialog of another kind is open).
 */
export function useFileDrop(enabled: boolean, onFile: (file: { name: string; text: string }) => void) {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    // dragenter and dragleave fire for every element crossed; the count says whether the pointer is still inside.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file !== undefined) void file.text().then((text) => onFile({ name: file.name, text }));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      setDragging(false);
    };
  }, [enabled, onFile]);
  return dragging;
}
