import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@client/core';

/** One entry of a folder of a Bruno collection. */
interface BrunoEntry {
  name: string;
  isDirectory: boolean;
}

/**
 * Where a Bruno collection's files come from: a folder on disk (the CLI) or the files of a folder the person
 * picked in the browser (the UI). Paths are lists of names below the collection's root.
 */
export interface BrunoSource {
  /** How the collection is named in messages. */
  label: string;
  exists(path: string[]): boolean;
  read(path: string[]): string;
  list(path: string[]): BrunoEntry[];
}

export function diskBrunoSource(folder: string): BrunoSource {
  const full = (path: string[]) => join(folder, ...path);
  return {
    label: folder,
    exists: (path) => {
      try {
        statSync(full(path));
        return true;
      } catch {
        return false;
      }
    },
    read: (path) => readFileSync(full(path), 'utf8'),
    list: (path) =>
      readdirSync(full(path), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() || entry.isFile() ? [{ name: entry.name, isDirectory: entry.isDirectory() }] : [],
      ),
  };
}

/** A file of a picked folder as the browser gives it: its path below the picked folder (`/`-separated). */
export interface PickedFile {
  path: string;
  text: string;
}

function splitPath(path: string): string[] {
  const parts = path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new AppError('VALIDATION', `the file path ${path} leaves the picked folder`);
  return parts;
}

/**
 * The files of a folder picked in the browser. The browser names them below the picked folder's own name
 * (`my-api/bruno.json`); when `bruno.json` lies one level down, that level is the collection's root.
 */
export function pickedBrunoSource(files: PickedFile[]): BrunoSource {
  const split = files.map((file) => ({ parts: splitPath(file.path), text: file.text }));
  const atRoot = split.some(({ parts }) => parts.length === 1 && parts[0] === 'bruno.json');
  const first = split[0]?.parts[0];
  const dropFirst =
    !atRoot &&
    first !== undefined &&
    split.every(({ parts }) => parts.length > 1 && parts[0] === first) &&
    split.some(({ parts }) => parts.length === 2 && parts[1] === 'bruno.json');
  const texts = new Map<string, string>();
  for (const { parts, text } of split) texts.set((dropFirst ? parts.slice(1) : parts).join('/'), text);
  const key = (path: string[]) => path.join('/');
  return {
    label: dropFirst ? (first ?? 'the picked folder') : 'the picked folder',
    exists: (path) => {
      const wanted = key(path);
      return texts.has(wanted) || [...texts.keys()].some((name) => name.startsWith(`${wanted}/`));
    },
    read: (path) => {
      const text = texts.get(key(path));
      if (text === undefined) throw new AppError('VALIDATION', `${key(path)} is not among the picked files`);
      return text;
    },
    list: (path) => {
      const prefix = path.length === 0 ? '' : `${key(path)}/`;
      const entries = new Map<string, boolean>();
      for (const name of texts.keys()) {
        if (!name.startsWith(prefix)) continue;
        const rest = name.slice(prefix.length).split('/');
        const head = rest[0];
        if (head === undefined || head === '') continue;
        entries.set(head, (entries.get(head) ?? false) || rest.length > 1);
      }
      return [...entries].map(([name, isDirectory]) => ({ name, isDirectory }));
    },
  };
}
