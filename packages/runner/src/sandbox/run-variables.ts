import type { JsonValue, VariableChange, VariableLayer } from './script-types.js';

/** A variable row as the caller has it (the store's rows, a data file's columns); disabled rows are left out. */
export interface VariableRow {
  key: string;
  value: JsonValue;
  secret?: boolean;
  enabled?: boolean;
  /** For a secret: the hosts it may be sent to (absent: not held to any). */
  allowedHosts?: readonly string[];
}

export interface RunVariable {
  value: JsonValue;
  secret: boolean;
  allowedHosts?: readonly string[];
}

/** `allowedHosts` as a variable carries it: only for a secret that has a list. */
function hostsOf(secret: boolean, allowedHosts: readonly string[] | undefined): { allowedHosts?: readonly string[] } {
  return secret && allowedHosts !== undefined ? { allowedHosts } : {};
}

export type RunVariablesInit = Partial<Record<VariableLayer, readonly VariableRow[]>> & { environmentName?: string };

/** Highest precedence first, as newman resolves: local > iterationData > environment > collection > globals. */
export const LAYER_PRECEDENCE: readonly VariableLayer[] = [
  'local',
  'iterationData',
  'environment',
  'collection',
  'globals',
];

/** What a script may see of one variable: its value, or only that a secret it may not read exists. */
export type VisibleVariable = [name: string, value: JsonValue | null, unreadable: 0 | 1];

function layerOf(rows: readonly VariableRow[] | undefined): Map<string, RunVariable> {
  const layer = new Map<string, RunVariable>();
  for (const row of rows ?? []) {
    if (row.enabled === false) continue;
    const secret = row.secret === true;
    layer.set(row.key, { value: row.value, secret, ...hostsOf(secret, row.allowedHosts) });
  }
  return layer;
}

/** How `{{name}}` writes a value: strings as they are, anything else as JSON, as Bruno does. */
export function variableText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The variables of one run, in newman's layers. Scripts' changes apply here and live for the run; `changedIn`
 * tells the caller what differs from the start, so it can decide what reaches the saved environment.
 */
export class RunVariables {
  readonly environmentName: string;
  private readonly layers: Record<VariableLayer, Map<string, RunVariable>>;
  private readonly initial: Record<VariableLayer, Map<string, RunVariable>>;
  /** Every name that was secret in some layer during the run: a value a script writes under it stays secret. */
  private readonly secretNames = new Set<string>();
  /** The allowed hosts each such name had, from the layer that takes precedence when several hold it. */
  private readonly secretHosts = new Map<string, readonly string[]>();

  constructor(init: RunVariablesInit = {}) {
    this.environmentName = init.environmentName ?? '';
    this.layers = {
      globals: layerOf(init.globals),
      collection: layerOf(init.collection),
      environment: layerOf(init.environment),
      iterationData: layerOf(init.iterationData),
      local: layerOf(init.local),
    };
    this.initial = {
      globals: new Map(this.layers.globals),
      collection: new Map(this.layers.collection),
      environment: new Map(this.layers.environment),
      iterationData: new Map(this.layers.iterationData),
      local: new Map(this.layers.local),
    };
    for (const layer of LAYER_PRECEDENCE) this.noteSecrets(layer);
  }

  /** The data file's row of a new iteration replaces the previous one. */
  setIterationData(rows: readonly VariableRow[]): void {
    this.layers.iterationData = layerOf(rows);
    this.initial.iterationData = new Map(this.layers.iterationData);
    this.noteSecrets('iterationData');
  }

  get(layer: VariableLayer, name: string): RunVariable | undefined {
    return this.layers[layer].get(name);
  }

  /** The variable `{{name}}` means: the first layer that has it, in newman's precedence. */
  resolve(name: string): RunVariable | undefined {
    for (const layer of LAYER_PRECEDENCE) {
      const found = this.layers[layer].get(name);
      if (found) return found;
    }
    return undefined;
  }

  /** Every name with the text `{{name}}` resolves to, and whether that value is secret. */
  effective(): Map<string, { value: string; secret: boolean; allowedHosts?: readonly string[] }> {
    const map = new Map<string, { value: string; secret: boolean; allowedHosts?: readonly string[] }>();
    for (const layer of [...LAYER_PRECEDENCE].reverse()) {
      for (const [name, variable] of this.layers[layer]) {
        map.set(name, {
          value: variableText(variable.value),
          secret: variable.secret,
          ...hostsOf(variable.secret, variable.allowedHosts),
        });
      }
    }
    return map;
  }

  /**
   * A layer as a script may see it: a secret's value only when the request itself uses that variable (`usedNames`),
   * otherwise its name with no value.
   */
  visible(layer: VariableLayer, usedNames: ReadonlySet<string>): VisibleVariable[] {
    const rows: VisibleVariable[] = [];
    for (const [name, { value, secret }] of this.layers[layer]) {
      rows.push(secret && !usedNames.has(name) ? [name, null, 1] : [name, value, 0]);
    }
    return rows;
  }

  /**
   * A script's changes. A value written under the name of a secret (of any layer, then or earlier) stays secret,
   * held to that secret's allowed hosts.
   */
  apply(changes: readonly VariableChange[]): void {
    for (const change of changes) {
      const layer = this.layers[change.layer];
      if (change.op === 'clear') layer.clear();
      else if (change.op === 'unset') layer.delete(change.name);
      else {
        const secret = this.secretNames.has(change.name);
        layer.set(change.name, { value: change.value, secret, ...hostsOf(secret, this.secretHosts.get(change.name)) });
      }
    }
  }

  /** What differs in `layer` from the start of the run: each changed name's variable now, undefined if removed. */
  changedIn(layer: VariableLayer): Map<string, RunVariable | undefined> {
    const now = this.layers[layer];
    const before = this.initial[layer];
    const changed = new Map<string, RunVariable | undefined>();
    for (const [name, variable] of now) {
      const old = before.get(name);
      if (!old || JSON.stringify(old.value) !== JSON.stringify(variable.value)) changed.set(name, variable);
    }
    for (const name of before.keys()) if (!now.has(name)) changed.set(name, undefined);
    return changed;
  }

  private noteSecrets(layer: VariableLayer): void {
    for (const [name, variable] of this.layers[layer]) {
      if (!variable.secret) continue;
      this.secretNames.add(name);
      if (variable.allowedHosts !== undefined && !this.secretHosts.has(name)) {
        this.secretHosts.set(name, variable.allowedHosts);
      }
    }
  }
}
