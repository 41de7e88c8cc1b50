import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Returns a check of presented tokens against the install's token. Both sides are hashed first, so the
 * comparison always runs over two 32-byte buffers and neither the token's length nor its prefix leaks
 * through timing.
 */
export function createTokenMatcher(token: string): (presented: string) => boolean {
  const expected = digest(token);
  return (presented) => timingSafeEqual(digest(presented), expected);
}
