import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ERRORS, type ErrorName } from '../../../contracts/errors';
import { SECURITY_FRAGMENT } from '../../../contracts/security';
import {
  DEFAULT_SOCIAL_REDIRECT,
  SOCIAL_ABORT,
  SOCIAL_PROVIDERS,
  type SocialOutcome,
  type SocialProvider,
  SocialStartQuerySchema,
  SocialTokenRequestSchema,
  socialFragment,
} from '../../../contracts/social';
import { PUBLIC } from '../../auth/rules';
import { optionalAuth } from '../../auth/session';
import type { SocialProviderConfig } from '../../config';
import { ApiError, ok, parse } from '../../envelope';
import { classify } from '../../plugins/errors';
import { rateLimit } from '../../plugins/security';
import { publicBase } from '../../public-url';
import { linkIdentity } from '../../social/link';
import { beginSignIn, checkTokenAudience, exchangeCode, fetchUser, sameState, takePendingSignIn } from '../../social/oauth';
import { socialSignIn } from '../../social/signin';

const ProviderParams = v.object({ provider: v.picklist(SOCIAL_PROVIDERS) });
const CallbackQuery = v.object({
  code: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  state: v.optional(v.pipe(v.string(), v.maxLength(512))),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** The provider from the path; an unknown name is an unknown call (404 envelope). */
function providerOf(request: FastifyRequest): SocialProvider {
  const params = v.safeParse(ProviderParams, request.params);
  if (!params.success) throw new ApiError('unknownCall');
  return params.output.provider;
}

function configOf(app: FastifyInstance, provider: SocialProvider): SocialProviderConfig {
  const cfg = app.config.social[provider];
  if (!cfg) throw new ApiError('socialDisabled');
  return cfg;
}

/**
 * Social sign-in (SPEC §4, §7; DESIGN §8), for each enabled provider (QUIRE_OAUTH_<P>_CLIENT_ID and
 * _CLIENT_SECRET set):
 *
 * - `GET {api}/oauth2/{provider}/start?v=2&redirect=/oauth` → 302 to the provider (authorization
 *   code with PKCE; state and verifier in a signed httpOnly cookie for ten minutes);
 * - `GET {api}/oauth2/{provider}/callback?code&state` (the provider's redirect; no `v`) → 302 to the
 *   app at `{redirect}#inactive-<email>`, `#activation-<hash>`, `#hash-<hash>` or `#error-<code>`
 *   (`#error-abort` when the user declined at the provider);
 * - `POST {api}/oauth2/{provider}` `{oauth_token, service?, language?, origin_source?,
 *   origin_campaign?, fingerprint?, redirect?}` (a provider SDK's access token, checked against the
 *   provider's userinfo and tokeninfo) → `{kind: 'inactive', email} | {kind: 'activation' | 'hash', hash}`.
 */
const oauth2Routes: FastifyPluginAsync = async (app) => {
  /** Pop-up pages: the provider's pages in between must not cut the window off from its opener. */
  const landing = (reply: FastifyReply, location: string) =>
    reply.header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none').redirect(location, 302);
  const appUrl = (request: FastifyRequest, redirect: string, fragment: string) => `${publicBase(app, request)}${redirect}${fragment}`;
  const errorFragment = (name: ErrorName) => socialFragment({ kind: 'error', code: ERRORS[name].code });
  const limit = rateLimit(30, '10 minutes');

  app.get('/oauth2/:provider/start', { config: { ...PUBLIC, ...rateLimit(30, '10 minutes') } }, async (request, reply) => {
    const provider = providerOf(request);
    const query = parse(SocialStartQuerySchema, request.query);
    const cfg = app.config.social[provider];
    if (!cfg) return landing(reply, appUrl(request, query.redirect, errorFragment('socialDisabled')));
    const url = beginSignIn(app, request, reply, cfg, {
      provider,
      redirect: query.redirect,
      ...(query.language ? { language: query.language } : {}),
      ...(query.origin_source ? { origin_source: query.origin_source } : {}),
      ...(query.origin_campaign ? { origin_campaign: query.origin_campaign } : {}),
    });
    return landing(reply, url.href);
  });

  app.get('/oauth2/:provider/callback', { config: { ...PUBLIC, skipApiVersion: true, ...limit } }, async (request, reply) => {
    const provider = providerOf(request);
    const pending = takePendingSignIn(app, request, reply, provider);
    const redirect = pending?.redirect ?? DEFAULT_SOCIAL_REDIRECT;
    let fragment: string;
    try {
      const query = parse(CallbackQuery, request.query);
      if (!pending || !query.state || !sameState(query.state, pending.state)) throw new ApiError('socialStateMismatch');
      const cfg = configOf(app, provider);
      if (query.error !== undefined || !query.code) {
        // The user declined (or the provider refused): nothing to show but the modal again.
        request.log.info({ provider, error: query.error }, 'social sign-in: provider answered an error');
        fragment =
          pending.link !== undefined
            ? query.error === 'access_denied'
              ? ''
              : `#${SECURITY_FRAGMENT.linkError}-${ERRORS.socialProviderFailed.code}`
            : query.error === 'access_denied'
              ? socialFragment({ kind: 'error', code: SOCIAL_ABORT })
              : errorFragment('socialProviderFailed');
      } else if (pending.link !== undefined) {
        // Linking from /account/security: this browser's session must still be the profile that started it.
        const auth = await optionalAuth(app, request);
        if (auth?.profile.id !== pending.link) throw new ApiError('socialStateMismatch');
        const accessToken = await exchangeCode(app, request, cfg, pending, query.code);
        const user = await fetchUser(request, provider, cfg, accessToken);
        await linkIdentity(app, pending.link, provider, user);
        fragment = `#${SECURITY_FRAGMENT.linked}-${provider}`;
      } else {
        const accessToken = await exchangeCode(app, request, cfg, pending, query.code);
        const user = await fetchUser(request, provider, cfg, accessToken);
        fragment = socialFragment(await socialSignIn(app, request, { ...pending, provider, user }));
      }
    } catch (error) {
      const { name } = classify(error);
      if (ERRORS[name].http >= 500) request.log.error({ err: error, provider }, 'social sign-in failed');
      else request.log.info({ err: error, provider, error: name }, 'social sign-in refused');
      fragment = pending?.link !== undefined ? `#${SECURITY_FRAGMENT.linkError}-${ERRORS[name].code}` : errorFragment(name);
    }
    return landing(reply, appUrl(request, redirect, fragment));
  });

  app.post('/oauth2/:provider', { config: { ...PUBLIC, ...rateLimit(30, '10 minutes') } }, async (request, reply) => {
    const provider = providerOf(request);
    const body = parse(SocialTokenRequestSchema, request.body);
    if (body.service !== undefined && body.service !== provider) {
      throw new ApiError('validation', { message: 'validation.invalid', fields: ['service'] });
    }
    const cfg = configOf(app, provider);
    const user = await fetchUser(request, provider, cfg, body.oauth_token);
    await checkTokenAudience(request, provider, cfg, body.oauth_token, user);
    const outcome: SocialOutcome = await socialSignIn(app, request, {
      provider,
      user,
      ...(body.language ? { language: body.language } : {}),
      ...(body.origin_source ? { origin_source: body.origin_source } : {}),
      ...(body.origin_campaign ? { origin_campaign: body.origin_campaign } : {}),
    });
    return ok(reply, outcome);
  });
};

export default oauth2Routes;
