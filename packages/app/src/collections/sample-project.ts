import type { EndpointDraft, Project } from '@client/core';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';

const SAMPLE_NAME = 'Sample: JSONPlaceholder';
const SAMPLE_BASE_URL = 'https://jsonplaceholder.typicode.com';

const json = (text: string): EndpointDraft['body'] => ({ mode: 'json', text });

function request(name: string, method: string, path: string, extra: Partial<EndpointDraft> = {}): EndpointDraft {
  return {
    name,
    method,
    path,
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Released',
    ...extra,
  };
}

const FOLDERS: { name: string; endpoints: EndpointDraft[] }[] = [
  {
    name: 'Posts',
    endpoints: [
      request('List posts', 'GET', '/posts', { queryParams: [{ key: '_limit', value: '5' }] }),
      request('Get post', 'GET', '/posts/{{postId}}'),
      request('Create post', 'POST', '/posts', {
        headers: [{ key: 'Accept', value: 'application/json' }],
        body: json('{\n  "title": "Hello from Client",\n  "body": "Sent from the sample project",\n  "userId": 1\n}'),
        auth: { type: 'bearer', token: '{{apiToken}}' },
        state: 'Testing',
      }),
      request('Update post', 'PATCH', '/posts/{{postId}}', {
        body: json('{\n  "title": "A better title"\n}'),
        state: 'Developing',
      }),
      request('Delete post', 'DELETE', '/posts/{{postId}}', { state: 'Designing' }),
    ],
  },
  {
    name: 'Users',
    endpoints: [
      request('List users', 'GET', '/users'),
      request('Comments by email', 'GET', '/comments', {
        queryParams: [{ key: 'email', value: 'Eliseo@gardner.biz' }],
      }),
    ],
  },
];

/**
 * A project to try Client with, made only when the user asks (a fresh data dir has no projects): a
 * public fake REST API, folders, a project variable, and an environment with a secret value.
 */
export function createSampleProject(store: Store, secrets: SecretBox): Project {
  return store.transaction(() => {
    const taken = new Set(store.projects.list().map((project) => project.name));
    let name = SAMPLE_NAME;
    for (let n = 2; taken.has(name); n++) name = `${SAMPLE_NAME} ${n}`;
    const project = store.projects.create({
      name,
      description: 'A free fake REST API to try requests, variables and environments on',
      baseUrl: SAMPLE_BASE_URL,
    });
    store.variables.set(project.id, 'postId', '1');
    for (const folder of FOLDERS) {
      const { id } = store.folders.create({ projectId: project.id, name: folder.name });
      for (const endpoint of folder.endpoints) store.endpoints.create(project.id, id, endpoint);
    }
    const environment = store.environments.create({ projectId: project.id, name: 'Demo' });
    store.environmentVariables.set(environment.id, { key: 'postId', value: '2', secret: false });
    store.environmentVariables.set(environment.id, {
      key: 'apiToken',
      value: secrets.encrypt('demo-token-not-a-real-secret'),
      secret: true,
    });
    store.environments.setActive(project.id, environment.id);
    return project;
  });
}
