import { AppError } from './errors.js';

/**
 * The element at `index`, which the caller's own bounds check says is there. A wrong check throws an INTERNAL
 * error here rather than letting `undefined` travel on as if it were an element.
 */
export function itemAt<T>(list: ArrayLike<T>, index: number): T {
  const item = list[index];
  if (item === undefined) throw new AppError('INTERNAL', `no element at index ${index} of ${list.length}`);
  return item;
}
