import { z } from 'zod';

import type { ApplicationConfig } from '../../config/application-config.js';

const DEFAULT_TIMEOUT_MS = 5000;

const clientConfigSchema = z.object({
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((url) => !/[?#]/.test(url), 'must not hold a query or fragment; operations add their own'),
  timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
});

const httpClientConfigSchema = z.object({
  slowCallThresholdMs: z.number().int().nonnegative(),
  clients: z
    .record(z.string().regex(/^[A-Za-z][\w-]*$/, 'must be a name like sysUser'), clientConfigSchema)
    .default({}),
});

/** The `httpClient` section of `application.yaml`. */
export type HttpClientConfig = z.infer<typeof httpClientConfigSchema>;

/** The `httpClient` section, checked; a mistake names the key and stops the start of the service. */
export function readHttpClientConfig(config: ApplicationConfig): HttpClientConfig {
  const result = httpClientConfigSchema.safeParse(config.httpClient);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = ['httpClient', ...issue.path.map(String)].join('.');
      return `${key}: ${issue.message}`;
    });
    throw new Error(`invalid httpClient section in application.yaml: ${problems.join('; ')}`);
  }
  return result.data;
}
