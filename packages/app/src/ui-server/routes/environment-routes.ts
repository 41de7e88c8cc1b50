import {
  AppError,
  type Environment,
  type EnvironmentVariableInput,
  type EnvironmentView,
  keptEnabled,
} from '@client/core';
import type { FastifyInstance } from 'fastify';
import { hasNoValue } from '../../sending/secrets-without-value.js';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/** An environment as the page sees it: a secret's value is left out, only its presence is told. */
function environmentView(context: UiContext, environment: Environment): EnvironmentView {
  return {
    id: environment.id,
    name: environment.name,
    variables: context.store.environmentVariables
      .list(environment.id)
      .map(({ key, value, secret, enabled, allowedHosts }) => ({
        key,
        value: secret ? '' : value,
        secret,
        ...keptEnabled(enabled),
        ...(allowedHosts === undefined ? {} : { allowedHosts }),
        ...(secret && hasNoValue(value) ? { unset: true } : {}),
      })),
  };
}

function requireEnvironment(context: UiContext, environmentId: string): Environment {
  const environment = context.store.environments.get(environmentId);
  if (environment === undefined) {
    throw new AppError('NOT_FOUND', `no environment "${environmentId}"; it may have been deleted`);
  }
  return environment;
}

/** Environments, their plain and secret variables, the active one, and the explicit reveal of a secret. */
export function registerEnvironmentRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/environments',
    { schema: { params: idParams('projectId') } },
    async (request) => {
      const { projectId } = request.params;
      const { keySource, description, warning } = await context.secrets();
      return store.transaction(() => ({
        environments: store.environments.list(projectId).map((environment) => environmentView(context, environment)),
        activeEnvironmentId: store.environments.getActive(projectId)?.id ?? null,
        secretStorage: { keySource, description, warning },
      }));
    },
  );

  app.post<{ Params: { projectId: string }; Body: { name: string } }>(
    '/api/projects/:projectId/environments',
    {
      schema: {
        params: idParams('projectId'),
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      },
    },
    (request, reply) => {
      const environment = store.environments.create({ projectId: request.params.projectId, name: request.body.name });
      return reply.code(201).send(environmentView(context, environment));
    },
  );

  app.patch<{ Params: { environmentId: string }; Body: { name: string } }>(
    '/api/environments/:environmentId',
    {
      schema: {
        params: idParams('environmentId'),
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      },
    },
    (request) => environmentView(context, store.environments.rename(request.params.environmentId, request.body.name)),
  );

  app.delete<{ Params: { environmentId: string } }>(
    '/api/environments/:environmentId',
    { schema: { params: idParams('environmentId') } },
    (request, reply) => {
      store.environments.delete(request.params.environmentId);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { environmentId: string }; Body: { variables: EnvironmentVariableInput[] } }>(
    '/api/environments/:environmentId/variables',
    {
      schema: {
        params: idParams('environmentId'),
        body: {
          type: 'object',
          required: ['variables'],
          properties: {
            variables: {
              type: 'array',
              items: {
                type: 'object',
                required: ['key', 'secret'],
                properties: {
                  key: { type: 'string' },
                  value: { type: 'string' },
                  secret: { type: 'boolean' },
                  enabled: { type: 'boolean' },
                  allowedHosts: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { environmentId } = request.params;
      const { variables } = request.body;
      // The box opens before the transaction (it may ask the keychain), and only when something is sealed.
      const box = variables.some((variable) => variable.secret && variable.value !== undefined)
        ? await context.secrets()
        : null;
      const seal = (plaintext: string): string => {
        if (box === null) throw new AppError('INTERNAL', 'a secret was to be sealed without the secret box');
        return box.encrypt(plaintext);
      };
      const keys = variables.map((variable) => variable.key);
      const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
      if (duplicate !== undefined) {
        throw new AppError('VALIDATION', `the variable ${duplicate} is given twice; keep one of them`);
      }
      // The list replaces the environment's variables in one transaction, in the order given. A secret
      // sent without a value keeps its stored ciphertext: the page never had the plaintext to send back.
      const environment = store.transaction(() => {
        const current = requireEnvironment(context, environmentId);
        const stored = new Map(store.environmentVariables.list(environmentId).map((v) => [v.key, v]));
        const rows = variables.map(({ key, value, secret, enabled, allowedHosts: given }) => {
          const kept = stored.get(key);
          // The rows are deleted and written again, so a secret's hosts are carried over here, not by the store.
          const allowedHosts = given ?? (kept?.secret === true ? kept.allowedHosts : undefined);
          const hosts = allowedHosts === undefined ? {} : { allowedHosts };
          if (value !== undefined) return { key, value: secret ? seal(value) : value, secret, enabled, ...hosts };
          if (!secret || kept === undefined || !kept.secret) {
            throw new AppError('VALIDATION', `the variable ${key} has no value; send one`);
          }
          return { key, value: kept.value, secret: true, enabled, ...hosts };
        });
        for (const key of stored.keys()) store.environmentVariables.delete(environmentId, key);
        for (const row of rows) store.environmentVariables.set(environmentId, row);
        // A new secret's default hosts come from the base URLs as saved now, a base_url later in the list included.
        const defaultHosts = store.environmentVariables.defaultHosts(environmentId);
        for (const row of rows) {
          if (row.secret && row.allowedHosts === undefined) {
            store.environmentVariables.set(environmentId, { ...row, allowedHosts: defaultHosts });
          }
        }
        return current;
      });
      return environmentView(context, environment);
    },
  );

  app.post<{ Params: { environmentId: string }; Body: { key: string } }>(
    '/api/environments/:environmentId/reveal',
    {
      schema: {
        params: idParams('environmentId'),
        body: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } },
      },
    },
    async (request) => {
      const { environmentId } = request.params;
      requireEnvironment(context, environmentId);
      const variable = store.environmentVariables.list(environmentId).find((v) => v.key === request.body.key);
      if (variable === undefined) {
        throw new AppError('NOT_FOUND', `the environment has no variable ${request.body.key}`);
      }
      if (!variable.secret || hasNoValue(variable.value)) return { value: variable.secret ? '' : variable.value };
      return { value: (await context.secrets()).decrypt(variable.value) };
    },
  );

  app.put<{ Params: { projectId: string }; Body: { environmentId: string | null } }>(
    '/api/projects/:projectId/active-environment',
    {
      schema: {
        params: idParams('projectId'),
        body: {
          type: 'object',
          required: ['environmentId'],
          properties: { environmentId: { type: ['string', 'null'] } },
        },
      },
    },
    (request, reply) => {
      store.environments.setActive(request.params.projectId, request.body.environmentId);
      return reply.code(204).send();
    },
  );
}
