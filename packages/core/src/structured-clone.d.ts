/*
 * `structuredClone`: a global in every runtime core runs in (Node 17+, browsers), declared alone for the reason
 * text-encoding.d.ts gives.
 */
declare function structuredClone<T>(value: T): T;
