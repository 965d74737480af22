import type { FastifyInstance } from 'fastify';
import { LANGUAGE_COOKIE } from '../../contracts/languages';
import { EXPLICIT_COOKIE } from '../../contracts/reader';
import { DEVICE_COOKIE, TOKEN_COOKIE } from '../auth/cookies';
import { renderDocument } from '../html/render';
import type { PageContext } from './context';
import { SitePage } from './layout';
import { PRIVACY_MESSAGES as M, PRIVACY_SECTIONS } from './privacy-messages';

/**
 * GET /privacy: the privacy policy of a self-hosted Quire — who is responsible (the operator of the
 * instance), what is stored (account, publications, reading statistics without addresses), the
 * cookies the app sets (by their names in the code), mail, sharing, retention and rights. The footer
 * links here once the path is in SITE_PATHS.
 */
export const PRIVACY_PATH = '/privacy';
/** The section after which the cookies are listed. */
const COOKIES_SECTION = 's5';

const COOKIES = [
  { name: TOKEN_COOKIE, purpose: M.cookieToken },
  { name: LANGUAGE_COOKIE, purpose: M.cookieLang },
  { name: EXPLICIT_COOKIE, purpose: M.cookieExplicit },
  { name: DEVICE_COOKIE, purpose: M.cookieDevice },
];

export function privacyHtml(ctx: PageContext): string {
  const { t } = ctx;
  return renderDocument(
    <SitePage
      ctx={ctx}
      title={`${t(M.title)} · Quire`}
      path={PRIVACY_PATH}
      description={t(M.description)}
      jsonLd={{ '@type': 'WebPage', name: t(M.title), url: ctx.absolute(PRIVACY_PATH), inLanguage: ctx.lang }}
    >
      <article className="container site-page legal" aria-labelledby="legal-title">
        <header className="legal__head">
          <h1 id="legal-title">{t(M.title)}</h1>
          <p className="legal__version">{t(M.summary)}</p>
        </header>
        <div className="legal__body">
          <nav className="legal__toc" aria-labelledby="legal-toc">
            <h2 id="legal-toc">{t(M.contents)}</h2>
            <ol>
              {PRIVACY_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#privacy-${section.id}`}>{t(section.title)}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="prose">
            {PRIVACY_SECTIONS.map((section, i) => (
              <section key={section.id} id={`privacy-${section.id}`} aria-labelledby={`privacy-${section.id}-title`}>
                <h2 id={`privacy-${section.id}-title`}>{`${i + 1}. ${t(section.title)}`}</h2>
                {section.paragraphs.map((p) => (
                  <p key={p.id}>{t(p)}</p>
                ))}
                {section.id === COOKIES_SECTION && (
                  <table className="legal-table">
                    <thead>
                      <tr>
                        <th scope="col">{t(M.cookieName)}</th>
                        <th scope="col">{t(M.cookiePurpose)}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {COOKIES.map((cookie) => (
                        <tr key={cookie.name} data-cookie={cookie.name}>
                          <th scope="row">
                            <code>{cookie.name}</code>
                          </th>
                          <td>{t(cookie.purpose)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
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
export const PRIVACY_PAGE = {
  path: PRIVACY_PATH,
  render: (ctx: PageContext, _request: unknown, _app: FastifyInstance) => ({ html: privacyHtml(ctx) }),
};
