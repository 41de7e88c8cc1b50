/*
 * The JSON of environments between the UI and the app's UI server. A secret's value never travels to the
 * page unasked: the page learns that it exists, and sends it back only when the user typed a new one.
 */

/** A variable as the page sees it: a secret's value arrives as an empty string. */
export interface VariableView {
  key: string;
  value: string;
  secret: boolean;
  /** As `KeyValue.enabled`: false is a switched-off variable, undefined to requests. */
  enabled?: boolean;
  /** For a secret: the hosts a request may carry it to. */
  allowedHosts?: string[];
  /** A secret with no value on this machine yet (read from a linked folder's files, which never hold one). */
  unset?: boolean;
}

export interface EnvironmentView {
  id: string;
  name: string;
  variables: VariableView[];
}

/**
 * A secret variable sent without `value` keeps the value it has, and without `allowedHosts` the hosts it has (a
 * new secret gets its project's base URL hosts).
 */
export interface EnvironmentVariableInput {
  key: string;
  value?: string;
  secret: boolean;
  enabled?: boolean;
  allowedHosts?: string[];
}
