import { type KeyValue, MASKED_VALUE } from '@client/core';

/**
 * Headers with every name and value scrubbed, and both texts masked whole wherever a secret is split between a
 * name and its value or between one value and the next, which scrubbing each text alone cannot see.
 */
export function scrubHeaders(headers: readonly KeyValue[], scrub: (text: string) => string): KeyValue[] {
  const texts = headers.flatMap(({ key, value }) => [scrub(key), scrub(value)]);
  const split = texts.map(() => false);
  const checkJoined = (first: number, second: number) => {
    const joined = `${texts[first]}${texts[second]}`;
    if (scrub(joined) === joined) return;
    split[first] = true;
    split[second] = true;
  };
  for (let at = 0; at < headers.length; at += 1) {
    checkJoined(2 * at, 2 * at + 1);
    if (at + 1 < headers.length) checkJoined(2 * at + 1, 2 * at + 3);
  }
  const kept = texts.map((text, at) => (split[at] ? MASKED_VALUE : text));
  return headers.map((_header, at) => ({ key: kept[2 * at] ?? '', value: kept[2 * at + 1] ?? '' }));
}
