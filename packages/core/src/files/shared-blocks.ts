import { describeType, invalid, readRecord } from '../field-readers.js';
import type { EndpointScripts } from '../model.js';
import {
  DEFAULT_REQUEST_SETTINGS,
  type RequestSettingsOverride,
  readRequestSettings,
} from '../request/request-settings.js';
import { isEmptyScripts, readScripts } from '../scripts/scripts.js';

/*
 * Blocks the project, folder and request files share: settings and scripts, each written in a fixed key order
 * and left out when it holds nothing (which is how the model keeps "nothing" too).
 */

const SETTING_KEYS = Object.keys(DEFAULT_REQUEST_SETTINGS) as (keyof RequestSettingsOverride)[];

export function settingsOf(settings: RequestSettingsOverride | undefined): Record<string, unknown> | undefined {
  if (settings === undefined) return undefined;
  const block: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value = settings[key];
    if (value === undefined) continue;
    block[key] =
      key === 'proxy' && typeof value === 'object'
        ? value.mode === 'url'
          ? { mode: value.mode, url: value.url, noProxy: value.noProxy }
          : { mode: value.mode }
        : value;
  }
  return Object.keys(block).length === 0 ? undefined : block;
}

export function readFileSettings(value: unknown, label: string): RequestSettingsOverride | undefined {
  if (value === undefined || value === null) return undefined;
  const settings = readRequestSettings(value, label);
  return Object.keys(settings).length === 0 ? undefined : settings;
}

export function scriptsOf(scripts: EndpointScripts | undefined): Record<string, unknown> | undefined {
  if (scripts === undefined || isEmptyScripts(scripts)) return undefined;
  return {
    from: scripts.from,
    preRequest: scripts.preRequest,
    postResponse: scripts.postResponse,
    tests: scripts.tests,
  };
}

export function readFileScripts(value: unknown, label: string): EndpointScripts | undefined {
  if (value === undefined || value === null) return undefined;
  const scripts = readScripts(readRecord(value, label), label);
  return isEmptyScripts(scripts) ? undefined : scripts;
}

/** A seq as written: any finite number; absent sorts after the numbered ones. */
export function readSeq(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw invalid(`seq must be a number that places the item among its siblings, not ${describeType(value)}`);
}

/** Drops the keys whose value is undefined, so an absent block writes no line at all. */
export function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
