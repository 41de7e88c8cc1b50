import { z } from 'zod';

import type { ReplicaConfig } from '@__groupId__/__artifactId__-infrastructure';

import type { ApplicationConfig } from '../../config/application-config.js';

/** One replica; what it leaves out it takes from the `datasource` block, the driver always. */
const replicaSchema = z.strictObject({
  url: z.string().min(1),
  username: z.string().optional(),
  password: z.string().optional(),
  maximumPoolSize: z.number().int().positive().optional(),
});

/** The `readWriteSplitting` section of `application.yaml`; without it there is no replica. */
const sectionSchema = z.looseObject({
  readWriteSplitting: z.strictObject({ replicas: z.array(replicaSchema).default([]) }).default({ replicas: [] }),
});

/** The replicas of the `readWriteSplitting` section, completed from the primary's `datasource` block. */
export function replicaConfigs(config: ApplicationConfig): ReplicaConfig[] {
  const result = sectionSchema.safeParse(config);
  if (!result.success) throw new Error(`invalid configuration:\n${z.prettifyError(result.error)}`);
  const primary = config.datasource;
  return result.data.readWriteSplitting.replicas.map((replica) => ({
    url: replica.url,
    username: replica.username ?? primary.username,
    password: replica.password ?? primary.password,
    maximumPoolSize: replica.maximumPoolSize ?? primary.maximumPoolSize,
  }));
}
