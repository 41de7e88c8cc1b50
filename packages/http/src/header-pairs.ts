import type { KeyValue } from '@client/core';

/** Whether HTTP allows this name and value (a token name; no line breaks or NUL in the value). */
export function isSendableHeader(name: string, value: string): boolean {
  try {
    new Headers().append(name, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A request's headers twice over, for the wire and masked for history, in the order written and with names as
 * written (unlike `Headers`, which lower-cases and merges them).
 */
export class HeaderPairs {
  readonly wire: KeyValue[] = [];
  readonly kept: KeyValue[] = [];

  append(wire: KeyValue, kept: KeyValue): void {
    this.wire.push(wire);
    this.kept.push(kept);
  }

  has(name: string): boolean {
    return this.index(name) >= 0;
  }

  get(name: string): string | null {
    const index = this.index(name);
    return index < 0 ? null : (this.wire[index]?.value ?? null);
  }

  /** Replaces every header of this name with one, in the place of the first (or last when there was none). */
  set(name: string, wireValue: string, keptValue: string): void {
    const index = this.index(name);
    const at = index < 0 ? this.wire.length : index;
    for (const list of [this.wire, this.kept]) {
      const others = list.filter((header, i) => i === at || header.key.toLowerCase() !== name.toLowerCase());
      list.splice(0, list.length, ...others);
    }
    const wire = { key: name, value: wireValue };
    const kept = { key: name, value: keptValue };
    if (index < 0) this.append(wire, kept);
    else {
      this.wire[index] = wire;
      this.kept[index] = kept;
    }
  }

  private index(name: string): number {
    const lower = name.toLowerCase();
    return this.wire.findIndex((header) => header.key.toLowerCase() === lower);
  }
}
