/** Collections larger than this are refused before being read. */
export const MAX_COLLECTION_BYTES = 64 * 1024 * 1024;
