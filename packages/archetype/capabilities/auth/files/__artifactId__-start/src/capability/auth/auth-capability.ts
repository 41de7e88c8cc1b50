import { componentLogger } from '../../observability/logger.js';
import type { CapabilityModule } from '../capability-module.js';
import { audiences, readAuthConfig } from './auth-config.js';
import { protectRoutes } from './protect-routes.js';
import { RouteRules } from './route-rules.js';
import { tokenKeys } from './token-keys.js';
import { tokenVerifier } from './verify-token.js';

/**
 * JWT bearer tokens on the routes `auth.rules` names: checked with `auth.publicKey`, or the issuer's keys (JWKS,
 * fetched and cached), for the issuer and audience configured; scopes and roles per route.
 */
export const authCapability: CapabilityModule = {
  name: 'auth',
  async start({ config, logger }) {
    const auth = readAuthConfig(config);
    const log = componentLogger(logger, config, 'Auth');
    const keys = tokenKeys(auth);
    const source = auth.publicKey.trim() !== '' ? 'auth.publicKey' : auth.jwksUri || "the issuer's discovery document";
    const audience = audiences(auth).join(', ');
    log.info(`bearer tokens of ${auth.issuer} for ${audience}, checked with the keys of ${source}`);
    return {
      apiHooks: (api) =>
        protectRoutes(api, {
          rules: new RouteRules(auth.rules),
          verify: tokenVerifier(auth, keys, log),
          realm: config.app.name,
          schemeDescription: `A JWT issued by ${auth.issuer} for ${audience}, sent as \`Authorization: Bearer <token>\`.`,
        }),
    };
  },
};
