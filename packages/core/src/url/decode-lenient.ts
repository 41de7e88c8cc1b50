/** Percent-decodes what people typed; malformed escapes (a lone `%`) are kept as they are. */
export function decodeLenient(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
