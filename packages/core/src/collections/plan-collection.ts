import { AppError } from '../errors.js';
import type { CollectionFormat, ImportPlan } from './import-plan.js';
import { field, isRecord, textOf, textOr } from './plain-data.js';
import { planHar } from './plan-har.js';
import { planInsomnia } from './plan-insomnia.js';
import { planOpenApi } from './plan-openapi.js';
import { planPostman } from './plan-postman.js';
import { isPostmanEnvironment, planPostmanEnvironment } from './plan-postman-environment.js';

const POSTMAN_SCHEMA = /schema\.(get)?postman\.com\/json\/collection\/v2/;

/** Which format a parsed document is in, from the marks each format writes; a Bruno collection is a folder. */
export function detectFormat(document: unknown): CollectionFormat {
  if (!isRecord(document)) {
    throw new AppError('VALIDATION', 'the file holds no collection: expected a JSON or YAML object at the top');
  }
  if (textOf(document.openapi)?.startsWith('3') === true) return 'openapi';
  if (textOf(document.swagger)?.startsWith('2') === true) return 'swagger';
  const schema = textOf(field(document.info, 'schema'));
  if (schema !== undefined && POSTMAN_SCHEMA.test(schema)) return 'postman';
  if (field(document.info, '_postman_id') !== undefined && Array.isArray(document.item)) return 'postman';
  if (isPostmanEnvironment(document)) return 'postman';
  if (Array.isArray(document.requests) && Array.isArray(document.order)) {
    throw new AppError('VALIDATION', 'this is a Postman Collection v1; export it from Postman as v2.1 and import that');
  }
  if (document._type === 'export' && Array.isArray(document.resources)) {
    if (document.__export_format !== 4) {
      throw new AppError(
        'VALIDATION',
        `Insomnia export format ${textOr(document.__export_format, '')} is not supported; export as v4 or v5`,
      );
    }
    return 'insomnia';
  }
  if (textOf(document.type)?.startsWith('collection.insomnia.rest/5') === true) return 'insomnia';
  if (Array.isArray(field(document.log, 'entries'))) return 'har';
  if (textOf(document.openapi) !== undefined || textOf(document.swagger) !== undefined) {
    throw new AppError(
      'VALIDATION',
      `OpenAPI version ${textOf(document.openapi ?? document.swagger)} is not supported; use 2.0, 3.0 or 3.1`,
    );
  }
  throw new AppError(
    'VALIDATION',
    'the format was not recognised: expected OpenAPI 3, Swagger 2.0, Postman v2.0/v2.1 (or a Postman environment), Insomnia v4/v5, HAR, or a Bruno folder',
  );
}

/** Checks that a document given with `--format` is in that format (Bruno is read from a folder instead). */
function checkFormat(document: unknown, format: CollectionFormat): void {
  const found = detectFormat(document);
  if (found !== format)
    throw new AppError('VALIDATION', `the file is ${found}, not ${format}; pass --format ${found} or auto`);
}

/** A parsed (and, for OpenAPI, dereferenced) document as an import plan, in the format detected or given. */
export function planCollection(
  document: unknown,
  options: { format?: CollectionFormat; sourceUrl?: string } = {},
): ImportPlan {
  const format = options.format ?? detectFormat(document);
  if (options.format !== undefined) checkFormat(document, options.format);
  switch (format) {
    case 'openapi':
    case 'swagger':
      return planOpenApi(document, options.sourceUrl === undefined ? {} : { sourceUrl: options.sourceUrl });
    case 'postman':
      return isPostmanEnvironment(document) ? planPostmanEnvironment(document) : planPostman(document);
    case 'insomnia':
      return planInsomnia(document);
    case 'har':
      return planHar(document);
    case 'bruno':
      throw new AppError('VALIDATION', 'a Bruno collection is a folder; import the folder that holds bruno.json');
  }
}
