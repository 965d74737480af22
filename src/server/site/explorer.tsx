import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderDocument } from '../html/render';
import { EXPLORE_PAGE_SIZE, EXPLORE_TABS, type ExploreList, type ExploreTab, exploreList } from '../reader/explore';
import { publicationPath } from '../reader/overview';
import { notFoundHtml } from '../reader/overview-html';
import { OVERVIEW_MESSAGES as O } from '../reader/overview-messages';
import type { PageContext } from './context';
import { EXPLORER_MESSAGES as M, TAB_EMPTY, TAB_LABELS } from './explorer-messages';
import { SitePage } from './layout';

/**
 * GET /explorer[?tab=latest|week|featured][&page=N]: public books as a covers grid (reader/explore.ts),
 * tabs and paging as plain links (no script). Safe mode as on the publisher page: an explicit book
 * shows without its cover unless the visitor confirmed (ctx.explicitOk), and a page listing one is
 * kept out of shared caches. An unknown tab or page answers the not-found page (404).
 */
export const EXPLORER_PATH = '/explorer';

/** The path of a list's page (the defaults, latest and page 1, left out). */
export const explorerPath = (tab: ExploreTab, page = 1) => {
  const query = new URLSearchParams();
  if (tab !== 'latest') query.set('tab', tab);
  if (page > 1) query.set('page', String(page));
  const q = query.toString();
  return q === '' ? EXPLORER_PATH : `${EXPLORER_PATH}?${q}`;
};

/** The query's tab and page, or undefined when one is not a known value. */
export function parseExplorerQuery(query: unknown): { tab: ExploreTab; page: number } | undefined {
  const { tab: rawTab, page: rawPage } = (query ?? {}) as { tab?: unknown; page?: unknown };
  const tab = rawTab === undefined ? 'latest' : EXPLORE_TABS.find((t) => t === rawTab);
  // Page numbers without leading zeros only (the canonical link names page 1 without the query).
  const page = rawPage === undefined ? 1 : typeof rawPage === 'string' && /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : undefined;
  return tab === undefined || page === undefined ? undefined : { tab, page };
}

export function explorerHtml(ctx: PageContext, list: ExploreList): string {
  const { t } = ctx;
  const { tab, page, pageCount, books, total } = list;
  const path = explorerPath(tab, page);
  const offset = (page - 1) * EXPLORE_PAGE_SIZE;
  const title = tab === 'latest' ? t(M.title) : `${t(TAB_LABELS[tab])} · ${t(M.title)}`;
  const head = (
    <>
      {page > 1 && <link rel="prev" href={ctx.absolute(explorerPath(tab, page - 1))} />}
      {page < pageCount && <link rel="next" href={ctx.absolute(explorerPath(tab, page + 1))} />}
    </>
  );
  const jsonLd = {
    '@type': 'CollectionPage',
    name: title,
    url: ctx.absolute(path),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: total,
      itemListElement: books.map((book, i) => ({
        '@type': 'ListItem',
        position: offset + i + 1,
        url: ctx.absolute(publicationPath(book.id)),
        name: book.name,
      })),
    },
  };
  return renderDocument(
    <SitePage ctx={ctx} title={`${title} · Quire`} path={path} description={t(M.description)} head={head} jsonLd={jsonLd}>
      <section className="explorer-hero" aria-labelledby="explorer-title">
        <div className="container">
          <h1 id="explorer-title">{t(M.title)}</h1>
          <p className="explorer-hero__lead">{t(M.lead)}</p>
          <nav className="explorer-tabs" aria-label={t(M.tabs)}>
            {EXPLORE_TABS.map((tabName) => (
              <a key={tabName} href={explorerPath(tabName)} aria-current={tabName === tab ? 'page' : undefined}>
                {t(TAB_LABELS[tabName])}
              </a>
            ))}
          </nav>
        </div>
      </section>
      <section className="container site-page explorer" aria-labelledby="explorer-list-title">
        <h2 id="explorer-list-title" className="explorer__title">
          {t(TAB_LABELS[tab])} <small>{t(O.publicationsCount, { count: total })}</small>
        </h2>
        {books.length > 0 ? (
          <ul className="ov-grid explorer__grid">
            {books.map((book) => (
              <li key={book.id} className="ov-card" data-book={book.id}>
                <a href={publicationPath(book.id)}>
                  {book.isAdult && !ctx.explicitOk ? (
                    <span className="ov-card__explicit">{t(O.explicit)}</span>
                  ) : (
                    <img src={book.cover} alt="" width={160} height={226} loading="lazy" decoding="async" />
                  )}
                  <span className="ov-card__title">{book.name}</span>
                </a>
                <span className="ov-card__meta">{t(M.by, { name: book.publisher.name })}</span>
                <span className="ov-card__meta">{t(O.pagesCount, { count: book.pages })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="explorer__empty">
            <p>{t(TAB_EMPTY[tab])}</p>
            <a className="btn btn--primary" href="/publish">
              {t(M.publish)}
            </a>
          </div>
        )}
        {pageCount > 1 && (
          <nav className="ov-paging" aria-label={t(O.pagingLabel)}>
            {page > 1 && (
              <a href={explorerPath(tab, page - 1)} rel="prev">
                {t(O.pagingPrevious)}
              </a>
            )}
            <span>{t(O.pagingPosition, { page, pages: pageCount })}</span>
            {page < pageCount && (
              <a href={explorerPath(tab, page + 1)} rel="next">
                {t(O.pagingNext)}
              </a>
            )}
          </nav>
        )}
      </section>
    </SitePage>,
  );
}

/** The entry of the site's page table (site/pages.ts). */
export const EXPLORER_PAGE = {
  path: EXPLORER_PATH,
  render: async (ctx: PageContext, request: FastifyRequest, app: FastifyInstance) => {
    const query = parseExplorerQuery(request.query);
    const list = query && (await exploreList(app, query.tab, query.page));
    if (!list) return { status: 404, html: notFoundHtml(ctx) };
    return { html: explorerHtml(ctx, list), personal: list.books.some((book) => book.isAdult) };
  },
};
