export { PAGE_DEFAULTS } from './page/page-defaults.js';
export type { PageQuery, SortDirection, SortOrder } from './page/page-query.js';
export { pageOffset, SORT_DIRECTIONS } from './page/page-query.js';
export type { PageResult } from './page/page-result.js';
export { mapPageResult, totalCountFromPage } from './page/page-result.js';
export { characterCount, hasControlCharacter } from './text/text.js';
