/**
 * The part of `@usebruno/lang` (which ships no types) the Bruno import uses. It is a CommonJS module: its
 * `module.exports` is the default export, which every loader gives (Node's, and the app bundle's chunks, which
 * give nothing else).
 */
declare module '@usebruno/lang' {
  const lang: {
    bruToJsonV2(text: string): unknown;
    bruToEnvJsonV2(text: string): unknown;
    collectionBruToJson(text: string): unknown;
  };
  export default lang;
}
