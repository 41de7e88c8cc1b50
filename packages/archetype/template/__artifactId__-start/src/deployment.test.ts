import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { loadConfig } from './config/load-config.js';

/** The Kubernetes manifest of deploy/k8s, checked against the configuration the image runs with. */
const DEPLOYMENT = new URL('../../deploy/k8s/deployment.yaml', import.meta.url);
/** Seconds Kubernetes should wait beyond the drain and the shutdown timeout: the process still has to exit. */
const MARGIN_SECONDS = 5;

interface Container {
  readonly name: string;
  readonly securityContext?: Record<string, unknown>;
  readonly volumeMounts?: readonly { readonly name: string; readonly mountPath: string }[];
}

interface PodSpec {
  readonly terminationGracePeriodSeconds?: number;
  readonly securityContext?: Record<string, unknown>;
  readonly initContainers?: readonly Container[];
  readonly containers: readonly Container[];
  readonly volumes?: readonly { readonly name: string; readonly emptyDir?: unknown }[];
}

async function podSpec(): Promise<PodSpec> {
  const manifest = parse(await readFile(DEPLOYMENT, 'utf8')) as { spec: { template: { spec: PodSpec } } };
  return manifest.spec.template.spec;
}

describe('deploy/k8s/deployment.yaml', () => {
  it('lets the pod drain and shut down as server.shutdown of the prod profile asks before it is killed', async () => {
    const { drainDelay, timeout } = (await loadConfig({ profile: 'prod', env: {} })).server.shutdown;
    const needed = Math.ceil((drainDelay + timeout) / 1000) + MARGIN_SECONDS;
    expect((await podSpec()).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(needed);
  });

  it('passes the "restricted" Pod Security Standard, with a read-only root filesystem', async () => {
    const spec = await podSpec();
    expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
      expect(container.securityContext, container.name).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
    }
  });

  it('gives the service writable emptyDirs for /tmp and the log folder of the prod profile', async () => {
    const spec = await podSpec();
    const config = await loadConfig({ profile: 'prod', env: {} });
    const [service] = spec.containers;
    const mounts = new Map(service?.volumeMounts?.map((mount) => [mount.mountPath, mount.name]));
    const logFolder = `/app/${config.logging.file.path.replace(/^\.\//, '').replace(/\/[^/]+$/, '')}`;
    for (const path of ['/tmp', logFolder]) {
      const volume = spec.volumes?.find((candidate) => candidate.name === mounts.get(path));
      expect(volume?.emptyDir, path).toBeDefined();
    }
  });
});
