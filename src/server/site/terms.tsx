import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_NAMES, TERMS_DATE, TERMS_VERSION } from '../../contracts/accounts';
import { renderDocument } from '../html/render';
import { localDate } from '../reader/overview-html';
import type { PageContext } from './context';
import { SitePage } from './layout';
import { TERMS_MESSAGES as M, TERMS_SECTIONS } from './terms-messages';

/**
 * GET /terms: the terms of use the terms modal and sign-up accept (contracts/accounts.ts TERMS_VERSION,
 * TERMS_DATE), and what each consent means: every notification of the consents form
 * (NOTIFICATION_NAMES, with the form's own titles and descriptions), grouped by its default — opt-in
 * marketing mail, opt-out activity notifications.
 */
export const TERMS_PATH = '/terms';

/** The consents form's strings (src/web/components/account/messages.ts NOTIFICATION_LABELS), by id. */
const notification = (name: string, part: 'title' | 'text') => ({ id: `account.notifications.${name}.${part}` });

function Consents({ ctx, optIn }: { ctx: PageContext; optIn: boolean }) {
  const names = NOTIFICATION_NAMES.filter((name) => NOTIFICATION_DEFAULTS[name] === !optIn);
  return (
    <>
      <h3>{ctx.t(optIn ? M.consentMarketing : M.consentActivity)}</h3>
      <dl className="terms-consents">
        {names.map((name) => (
          <div key={name} data-consent={name}>
            <dt>{ctx.t(notification(name, 'title'))}</dt>
            <dd>
              {ctx.t(notification(name, 'text'))} <em>{ctx.t(optIn ? M.consentOptIn : M.consentOptOut)}</em>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function termsHtml(ctx: PageContext): string {
  const { t } = ctx;
  const date = Date.parse(`${TERMS_DATE}T00:00:00Z`);
  const last = TERMS_SECTIONS.length - 1;
  return renderDocument(
    <SitePage
      ctx={ctx}
      title={`${t(M.title)} · Quire`}
      path={TERMS_PATH}
      description={t(M.description)}
      jsonLd={{
        '@type': 'WebPage',
        name: t(M.title),
        url: ctx.absolute(TERMS_PATH),
        version: String(TERMS_VERSION),
        dateModified: TERMS_DATE,
        inLanguage: ctx.lang,
      }}
    >
      <article className="container site-page legal" aria-labelledby="legal-title">
        <header className="legal__head">
          <h1 id="legal-title">{t(M.title)}</h1>
          <p className="legal__version" data-version={TERMS_VERSION}>
            {t(M.version, { version: TERMS_VERSION, date: localDate(date, ctx.lang) })}
          </p>
        </header>
        <div className="legal__body">
          <nav className="legal__toc" aria-labelledby="legal-toc">
            <h2 id="legal-toc">{t(M.contents)}</h2>
            <ol>
              {TERMS_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#terms-${section.id}`}>{t(section.title)}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="prose">
            {TERMS_SECTIONS.map((section, i) => (
              <section key={section.id} id={`terms-${section.id}`} aria-labelledby={`terms-${section.id}-title`}>
                <h2 id={`terms-${section.id}-title`}>{`${i + 1}. ${t(section.title)}`}</h2>
                {section.paragraphs.map((p) => (
                  <p key={p.id}>{t(p)}</p>
                ))}
                {i === last && (
                  <>
                    <Consents ctx={ctx} optIn />
                    <Consents ctx={ctx} optIn={false} />
                  </>
                )}
              </section>
            ))}
          </div>
        </div>
      </article>
    </SitePage>,
  );
}

/** The entry of the site's page table (site/pages.ts). */
export const TERMS_PAGE = {
  path: TERMS_PATH,
  render: (ctx: PageContext, _request: unknown, _app: FastifyInstance) => ({ html: termsHtml(ctx) }),
};
