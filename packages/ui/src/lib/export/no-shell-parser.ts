/**
 * Stands in for curlconverter's shell parser in the UI bundle. The app hands its generators the words curl
 * receives (from core's own rendering), so no command text is ever parsed, and the parser's 1.5 MB of
 * WebAssembly, and the script policy it would need, stay out of the page.
 */
const parser = {
  parse(): never {
    throw new Error('the app passes curl words to curlconverter, never a command to parse');
  },
};

export default parser;
