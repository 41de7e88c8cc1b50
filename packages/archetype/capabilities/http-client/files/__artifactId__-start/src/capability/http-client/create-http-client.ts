import { type CallInput, type ClientSettings, callOperation } from './call-operation.js';
import type { CallOptions, HttpClient, OperationDefinitions } from './operation-definition.js';
import { pathParameterNames } from './path-template.js';

/**
 * A typed client with one method per operation, each resolving to the unwrapped, validated `data` or
 * rejecting with a `RemoteCallError`. A malformed path template fails here, not at the first call.
 */
export function createHttpClient<const Operations extends OperationDefinitions>(
  operations: Operations,
  settings: ClientSettings,
): HttpClient<Operations> {
  const methods = Object.entries(operations).map(([name, definition]) => {
    try {
      pathParameterNames(definition.path);
    } catch (error) {
      throw new Error(`operation ${settings.name}.${name}: ${(error as Error).message}`);
    }
    const call = (input: CallInput = {}, options: CallOptions = {}) =>
      callOperation(settings, name, definition, input, options);
    return [name, call] as const;
  });
  return Object.fromEntries(methods) as HttpClient<Operations>;
}
