import type { FastifyPluginAsync } from 'fastify';
import { ContactRequestSchema, SignedInContactRequestSchema } from '../../../contracts/contact';
import { requireCaptcha } from '../../accounts/helpers';
import { PUBLIC } from '../../auth/rules';
import { optionalAuth } from '../../auth/session';
import { insertContactMessage, markMailed } from '../../contact/repo';
import { ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';

/** Control characters (line breaks included) of one-line fields become spaces: they reach a mail's headers and lines. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * `POST {api}/contact/send` (SPEC §2 Other, §3 Contact message, §5 Contact, §7 Contact): the contact
 * modal's message, normal (`support`) or deletion request (`deletion`). Anyone may send; a signed-in
 * caller's name and e-mail are the account's, a visitor's e-mail is required. Captcha as for register
 * (skipped in dev mode). The message is stored, then mailed to QUIRE_SUPPORT_EMAIL when it is set (a
 * failed mail is logged and leaves the message stored, listed by `npm run quire -- contact list`).
 * 5 messages per IP every 10 minutes.
 */
const contactRoutes: FastifyPluginAsync = async (app) => {
  app.post('/contact/send', { config: { ...PUBLIC, ...rateLimit(5, '10 minutes') } }, async (request, reply) => {
    const auth = await optionalAuth(app, request);
    const body = auth ? parse(SignedInContactRequestSchema, request.body) : parse(ContactRequestSchema, request.body);
    await requireCaptcha(app, request, body['g-recaptcha-response'] || undefined);
    const now = app.clock();
    const profile = auth?.profile;
    const name = oneLine(profile ? [profile.firstname, profile.lastname].filter(Boolean).join(' ') || auth.account.name : body.name);
    const email = profile ? profile.email : oneLine(body.email);
    const message = {
      subject: body.subject,
      name,
      email,
      text: body.text,
      phone: oneLine(body.phone),
      url: oneLine(body.url),
      profileId: profile?.id ?? null,
      language: profile?.language ?? 'en',
    };
    const id = await insertContactMessage(app.db, message, now);
    const support = app.config.supportEmail;
    if (support) {
      try {
        await app.mailer.send(support, 'en', { kind: 'contact', ...message }, { replyTo: email });
        await markMailed(app.db, id, app.clock());
      } catch (err) {
        request.log.warn({ err, id }, 'contact: mail to the support address failed (the message is stored)');
      }
    }
    return ok(reply, { id });
  });
};

export default contactRoutes;
