import { LICENSE_DEEDS } from '../../contracts/books';
import type { Language } from '../../contracts/languages';
import { SOCIAL_NAMES, SOCIAL_SERVICES } from '../../contracts/profile';
import type { FavoriteBox } from '../favorites/page';
import { JsonScript, renderDocument, renderFragment } from '../html/render';
import { OembedDiscovery, ReaderFrame } from '../oembed';
import type { PageContext } from '../site/context';
import { SitePage } from '../site/layout';
import type { PublicationOverview, PublicBook, PublisherOverview } from './overview';
import { PUBLISHER_PAGE_SIZE, publicationPath } from './overview';
import { FavoriteForm } from './overview-favorite';
import { OVERVIEW_MESSAGES as M } from './overview-messages';

export type { PageContext } from '../site/context';

/**
 * Server-rendered HTML of the publication and publisher pages (React components, html/render.tsx), in
 * the public site's frame (site/layout.tsx): no script runs on them (the JSON-LD block is data; the
 * publication's heart is a plain form, reader/overview-favorite.tsx), the
 * look is the site's stylesheet, every value from the database is escaped by React.
 */

const DESCRIPTION_MAX = 300;
export const shorten = (s: string, max = DESCRIPTION_MAX) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** Where the interstitial's form confirms explicit content (sets the cookie, back to the page). */
export const explicitConfirmPath = (bookId: string) => `${publicationPath(bookId)}/explicit`;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A date in the page's language (UTC: the same day whatever the server's zone). */
export function localDate(ms: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
}

const Time = ({ ms, lang }: { ms: number; lang: Language }) => <time dateTime={isoDay(ms)}>{localDate(ms, lang)}</time>;

/** One page's text: paragraphs at blank lines, the extraction's line breaks read as spaces. */
function PageText({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\f/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
  // biome-ignore lint/suspicious/noArrayIndexKey: a page's paragraphs never move
  return paragraphs.map((p, i) => <p key={i}>{p}</p>);
}

function ShareLinks({ ctx, url, book }: { ctx: PageContext; url: string; book: PublicBook }) {
  const u = encodeURIComponent(url);
  const title = encodeURIComponent(book.name);
  const image = encodeURIComponent(ctx.absolute(book.cover));
  const links: [string, string][] = [
    [ctx.t(M.shareFacebook), `https://www.facebook.com/sharer/sharer.php?u=${u}`],
    [ctx.t(M.shareX), `https://x.com/intent/tweet?url=${u}&text=${title}`],
    [ctx.t(M.shareTumblr), `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${title}`],
    [ctx.t(M.sharePinterest), `https://pinterest.com/pin/create/button/?url=${u}&media=${image}&description=${title}`],
    [ctx.t(M.shareLinkedin), `https://www.linkedin.com/sharing/share-offsite/?url=${u}`],
    [ctx.t(M.shareMail), `mailto:?subject=${title}&body=${u}`],
  ];
  return (
    <nav className="ov-share" aria-label={ctx.t(M.share)}>
      <h2>{ctx.t(M.share)}</h2>
      <ul>
        {links.map(([label, href]) => (
          <li key={href}>
            <a href={href} rel="noopener noreferrer" target="_blank">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The code to paste into another site: the reader's frame, shown as text. */
function EmbedBlock({ ctx, book }: { ctx: PageContext; book: PublicBook }) {
  const code = renderFragment(<ReaderFrame src={ctx.absolute(ctx.viewer(book.id))} title={book.name} width={800} height={600} />);
  return (
    <details className="ov-embed">
      <summary>{ctx.t(M.embed)}</summary>
      <label>
        {ctx.t(M.embedHelp)}
        <textarea readOnly rows={3} value={code} />
      </label>
    </details>
  );
}

const schemaPublisher = (ctx: PageContext, overview: { publisher: PublicationOverview['publisher'] }) => ({
  '@type': overview.publisher.organization ? 'Organization' : 'Person',
  name: overview.publisher.name,
  url: ctx.absolute(ctx.publisher(overview.publisher.id)),
});

/** GET /publication/<id>: the overview of one public publication (with its heart when `favorite` is given). */
export function publicationHtml(ctx: PageContext, overview: PublicationOverview, favorite?: FavoriteBox): string {
  const { book, publisher, texts } = overview;
  const { t } = ctx;
  const url = ctx.absolute(publicationPath(book.id));
  const cover = ctx.absolute(book.cover);
  const firstText = texts.find((text) => text.trim() !== '') ?? '';
  const description = shorten(book.description.trim() !== '' ? book.description : firstText);
  const by = schemaPublisher(ctx, overview);
  const head = (
    <>
      {/* oEmbed discovery (src/server/oembed.tsx): sites that embed links find the reader's iframe. */}
      <OembedDiscovery absolute={ctx.absolute} pageUrl={url} title={book.name} />
      <meta property="og:type" content="book" />
      <meta property="og:site_name" content="Quire" />
      <meta property="og:title" content={book.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={cover} />
      <meta property="og:image:alt" content={t(M.coverAlt, { title: book.name })} />
      <meta property="og:locale" content={ctx.lang} />
      <meta property="book:release_date" content={isoDay(book.publishedAt)} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={book.name} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={cover} />
      {/* Search engines keep explicit publications out of safe search, and out of their index. */}
      {book.isAdult && (
        <>
          <meta name="rating" content="adult" />
          <meta name="robots" content="noindex" />
        </>
      )}
      <JsonScript
        type="application/ld+json"
        data={{
          '@context': 'https://schema.org',
          '@type': 'Book',
          '@id': url,
          name: book.name,
          description,
          url,
          image: cover,
          datePublished: isoDay(book.publishedAt),
          numberOfPages: book.pages,
          bookFormat: 'https://schema.org/EBook',
          author: by,
          publisher: by,
          potentialAction: { '@type': 'ReadAction', target: ctx.absolute(ctx.viewer(book.id)) },
          ...(book.license !== '' && { license: LICENSE_DEEDS[book.license].url }),
        }}
      />
    </>
  );
  return renderDocument(
    <SitePage ctx={ctx} title={book.name} path={publicationPath(book.id)} description={description} head={head}>
      <article className="container site-page ov-publication">
        <div className="ov-head">
          <a className="ov-cover" href={ctx.viewer(book.id)}>
            <img src={book.cover} alt={t(M.coverAlt, { title: book.name })} width={320} />
          </a>
          <div className="ov-info">
            <h1>{book.name}</h1>
            {book.isAdult && <p className="ov-flag">{t(M.explicit)}</p>}
            <dl className="ov-facts">
              <dt>{t(M.publisher)}</dt>
              <dd>
                <a href={ctx.publisher(publisher.id)}>{publisher.name}</a>
              </dd>
              <dt>{t(M.published)}</dt>
              <dd>
                <Time ms={book.publishedAt} lang={ctx.lang} />
              </dd>
              <dt>{t(M.pagesLabel)}</dt>
              <dd>{t(M.pagesCount, { count: book.pages })}</dd>
              <dt>{t(M.license)}</dt>
              <dd>
                {book.license === '' ? (
                  t(M.licenseNone)
                ) : (
                  <a href={LICENSE_DEEDS[book.license].url} rel="license noopener" lang="en">
                    {book.license === 'pd' ? `${t(M.licensePublicDomain)} (${LICENSE_DEEDS.pd.name})` : LICENSE_DEEDS[book.license].name}
                  </a>
                )}
              </dd>
            </dl>
            {book.description.trim() !== '' && <p className="ov-description">{book.description}</p>}
            <p>
              <a className="btn btn--primary btn--lg" href={ctx.viewer(book.id)}>
                {t(M.read)}
              </a>
            </p>
            {favorite && <FavoriteForm ctx={ctx} bookId={book.id} box={favorite} />}
            {book.share && (
              <>
                <ShareLinks ctx={ctx} url={url} book={book} />
                <EmbedBlock ctx={ctx} book={book} />
              </>
            )}
          </div>
        </div>
        <section className="ov-text" aria-labelledby="ov-text-title">
          <h2 id="ov-text-title">{t(M.textTitle)}</h2>
          {texts.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the identity
            <section key={i} className="ov-page" aria-label={t(M.pageLabel, { n: i + 1 })}>
              <PageText text={text} />
            </section>
          ))}
        </section>
      </article>
    </SitePage>,
  );
}

/** The path of a page of a publisher's list (page 1 has no query). */
const listPath = (ctx: PageContext, accountId: string, page: number) =>
  page === 1 ? ctx.publisher(accountId) : `${ctx.publisher(accountId)}?page=${page}`;

/** The public profile's links (issue 16): the website, then each social profile; `rel="me"` says they are the publisher's. */
function ProfileLinks({ ctx, profile }: { ctx: PageContext; profile: PublisherOverview['profile'] }) {
  const links: [string, string, string][] = [
    ...(profile.website ? [['website', ctx.t(M.publisherWebsite), profile.website] as [string, string, string]] : []),
    ...SOCIAL_SERVICES.flatMap((service) => {
      const href = profile.social[service];
      return href ? [[service, SOCIAL_NAMES[service], href] as [string, string, string]] : [];
    }),
  ];
  if (links.length === 0) return null;
  return (
    <nav className="ov-profile__links" aria-label={ctx.t(M.publisherLinks)}>
      <ul>
        {links.map(([key, label, href]) => (
          <li key={key} data-link={key}>
            <a href={href} rel="me noopener">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Addresses that are the same publisher elsewhere (schema.org `sameAs`). */
const sameAs = (profile: PublisherOverview['profile']) => [
  ...(profile.website ? [profile.website] : []),
  ...SOCIAL_SERVICES.flatMap((service) => profile.social[service] ?? []),
];

/** GET /publisher/<accountId>[?page=N]: a publisher's public profile and public publications, 25 a page. */
export function publisherHtml(ctx: PageContext, overview: PublisherOverview): string {
  const { publisher, profile, books, page, pageCount, total } = overview;
  const { t } = ctx;
  const url = ctx.absolute(listPath(ctx, publisher.id, page));
  const description =
    profile.description.trim() !== '' ? shorten(profile.description) : t(M.publisherDescription, { name: publisher.name });
  // Link previews show the avatar, else the first cover that is not explicit (they carry no visitor's confirmation).
  const first = books.find((book) => !book.isAdult);
  const image = profile.avatar ?? first?.cover;
  const links = sameAs(profile);
  const offset = (page - 1) * PUBLISHER_PAGE_SIZE;
  const head = (
    <>
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content="Quire" />
      <meta property="og:title" content={publisher.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={ctx.lang} />
      <meta name="twitter:title" content={publisher.name} />
      <meta name="twitter:description" content={description} />
      {image ? (
        <>
          <meta property="og:image" content={ctx.absolute(image)} />
          <meta name="twitter:card" content={profile.avatar ? 'summary' : 'summary_large_image'} />
          <meta name="twitter:image" content={ctx.absolute(image)} />
        </>
      ) : (
        <meta name="twitter:card" content="summary" />
      )}
      {page > 1 && <link rel="prev" href={ctx.absolute(listPath(ctx, publisher.id, page - 1))} />}
      {page < pageCount && <link rel="next" href={ctx.absolute(listPath(ctx, publisher.id, page + 1))} />}
      <JsonScript
        type="application/ld+json"
        data={{
          '@context': 'https://schema.org',
          ...schemaPublisher(ctx, overview),
          '@id': ctx.absolute(ctx.publisher(publisher.id)),
          ...(profile.description.trim() !== '' && { description: profile.description }),
          ...(profile.avatar && { image: ctx.absolute(profile.avatar) }),
          ...(links.length > 0 && { sameAs: links }),
          mainEntityOfPage: {
            '@type': 'ItemList',
            url,
            numberOfItems: total,
            itemListElement: books.map((book, i) => ({
              '@type': 'ListItem',
              position: offset + i + 1,
              url: ctx.absolute(publicationPath(book.id)),
              name: book.name,
            })),
          },
        }}
      />
    </>
  );
  const link = (p: number, label: string, rel: string) => (
    <a href={listPath(ctx, publisher.id, p)} rel={rel}>
      {label}
    </a>
  );
  return renderDocument(
    <SitePage ctx={ctx} title={`${publisher.name} · Quire`} path={listPath(ctx, publisher.id, page)} description={description} head={head}>
      <section className="container site-page ov-publisher" aria-labelledby="ov-publisher-name">
        <div className="ov-profile">
          {profile.avatar && <img className="ov-profile__avatar" src={profile.avatar} alt="" width={160} height={160} />}
          <div className="ov-profile__text">
            <h1 id="ov-publisher-name">{publisher.name}</h1>
            {profile.description.trim() !== '' && <p className="ov-profile__description">{profile.description}</p>}
            <ProfileLinks ctx={ctx} profile={profile} />
          </div>
        </div>
        <h2>
          {t(M.publications)} <small>{t(M.publicationsCount, { count: total })}</small>
        </h2>
        {books.length > 0 ? (
          <ul className="ov-grid">
            {books.map((book) => (
              <li key={book.id} className="ov-card">
                <a href={publicationPath(book.id)}>
                  {book.isAdult && !ctx.explicitOk ? (
                    <span className="ov-card__explicit">{t(M.explicit)}</span>
                  ) : (
                    <img src={book.cover} alt="" width={160} loading="lazy" />
                  )}
                  <span className="ov-card__title">{book.name}</span>
                </a>
                <span className="ov-card__meta">
                  <Time ms={book.publishedAt} lang={ctx.lang} />
                  {` · ${t(M.pagesCount, { count: book.pages })}`}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t(M.publisherEmpty)}</p>
        )}
        {pageCount > 1 && (
          <nav className="ov-paging" aria-label={t(M.pagingLabel)}>
            {page > 1 && link(page - 1, t(M.pagingPrevious), 'prev')}
            <span>{t(M.pagingPosition, { page, pages: pageCount })}</span>
            {page < pageCount && link(page + 1, t(M.pagingNext), 'next')}
          </nav>
        )}
      </section>
    </SitePage>,
  );
}

/**
 * GET /publication/<id> of an explicit publication (is_adult) for a visitor who has not confirmed:
 * nothing of the publication (no cover, title, description or text; no Open Graph image), kept out of
 * search engines, and a form whose POST sets the confirmation cookie and comes back.
 */
export function explicitHtml(ctx: PageContext, bookId: string): string {
  const { t } = ctx;
  const head = (
    <>
      <meta name="robots" content="noindex" />
      <meta name="rating" content="adult" />
    </>
  );
  return renderDocument(
    <SitePage ctx={ctx} title={t(M.explicitTitle)} head={head}>
      <section className="container site-page ov-explicit" aria-labelledby="ov-explicit-title">
        <h1 id="ov-explicit-title">{t(M.explicitTitle)}</h1>
        <p>{t(M.explicitText)}</p>
        <div className="ov-actions">
          <form method="post" action={explicitConfirmPath(bookId)}>
            <button type="submit" className="btn btn--primary btn--lg">
              {t(M.explicitConfirm)}
            </button>
          </form>
          <a href="/">{t(M.explicitLeave)}</a>
        </div>
      </section>
    </SitePage>,
  );
}

/** The answer to an unknown or gated publication or publisher: the same page for every reason. */
export function notFoundHtml(ctx: PageContext): string {
  return renderDocument(
    <SitePage ctx={ctx} title={ctx.t(M.notFoundTitle)} head={<meta name="robots" content="noindex" />}>
      <section className="container site-page ov-missing">
        <h1>{ctx.t(M.notFoundTitle)}</h1>
        <p>{ctx.t(M.notFoundText)}</p>
        <p>
          <a className="btn btn--primary btn--lg" href="/">
            {ctx.t(M.home)}
          </a>
        </p>
      </section>
    </SitePage>,
  );
}
