/** The part of `@usebruno/lang` (which ships no types) the Bruno import uses. */
declare module '@usebruno/lang' {
  export function bruToJsonV2(text: string): unknown;
  export function bruToEnvJsonV2(text: string): unknown;
  export function collectionBruToJson(text: string): unknown;
}
