import type { MessageDescriptor } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import { BOOK_EMBED_RATIO } from '../../../contracts/widget';
import { renderDocument } from '../../html/render';
import { ReaderFrame } from '../../oembed';
import type { PageContext } from '../context';
import { SitePage } from '../layout';
import { type Block, FEATURE_PAGES, FEATURES_PATH, type FeaturePageSpec, type Icon } from './catalog';
import { demoBook } from './demo';
import { FEATURE_MESSAGES as M } from './messages';
import { type ShotKey, shot } from './shots';

/**
 * One renderer for every feature page (catalog.ts): a hero with the page's screenshot, the feature
 * blocks (or the use cases, the tour's steps, the overview's cards), how it works, the live demo
 * flipbook where the page asks for it and the demo exists, related pages and the call to action —
 * sign-up for visitors, publishing for signed-in ones.
 */

const DEMO_WIDTH = 960;

const SHOT_ALT: Record<ShotKey, MessageDescriptor> = {
  publish: M.shotPublish,
  books: M.shotBooks,
  settings: M.shotSettings,
  share: M.shotShare,
  reader: M.shotReader,
  stats: M.shotStats,
};

const byPath = new Map(FEATURE_PAGES.map((p) => [p.path, p]));

function Screenshot({ ctx, name, eager }: { ctx: PageContext; name: ShotKey; eager?: boolean }) {
  const found = shot(name);
  if (!found) return null;
  return (
    <figure className="fp-shot">
      <img
        src={found.src}
        width={found.width}
        height={found.height}
        alt={ctx.t(SHOT_ALT[name])}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
      />
    </figure>
  );
}

const IconMark = ({ icon }: { icon?: Icon }) => (
  <span className={icon && icon !== 'box' ? `feature__icon feature__icon--${icon}` : 'feature__icon'} aria-hidden="true" />
);

function Cards({ ctx, items }: { ctx: PageContext; items: Block[] }) {
  return (
    <ul className="features">
      {items.map((item) => (
        <li key={item.title.id} className="feature">
          <IconMark icon={item.icon} />
          <h3>{ctx.t(item.title)}</h3>
          <p>{ctx.t(item.text)}</p>
        </li>
      ))}
    </ul>
  );
}

/** The overview's cards: every other feature page, named as in the menu, with its lead. */
function OverviewCards({ ctx }: { ctx: PageContext }) {
  return (
    <ul className="features fp-links">
      {FEATURE_PAGES.filter((p) => p.path !== FEATURES_PATH).map((p) => (
        <li key={p.path} className="feature">
          <a href={p.path}>
            <IconMark icon={p.icon} />
            <h3>{ctx.t(p.name)}</h3>
            <p>{ctx.t(p.lead)}</p>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Tour({ ctx, spec }: { ctx: PageContext; spec: FeaturePageSpec }) {
  return (
    <ol className="fp-tour">
      {(spec.tour ?? []).map((step) => (
        <li key={step.title.id} className="fp-tour__step">
          <div className="fp-tour__text">
            <h2>{ctx.t(step.title)}</h2>
            <p>{ctx.t(step.text)}</p>
          </div>
          <Screenshot ctx={ctx} name={step.shot} />
        </li>
      ))}
    </ol>
  );
}

function HowItWorks({ ctx }: { ctx: PageContext }) {
  const steps: [MessageDescriptor, MessageDescriptor][] = [
    [M.how1Title, M.how1Text],
    [M.how2Title, M.how2Text],
    [M.how3Title, M.how3Text],
  ];
  return (
    <section className="section section--alt steps" aria-labelledby="fp-how">
      <div className="container">
        <h2 id="fp-how" className="section__title">
          {ctx.t(M.howTitle)}
        </h2>
        <ol className="steps__list">
          {steps.map(([title, text]) => (
            <li key={title.id}>
              <strong>{ctx.t(title)}</strong>
              <span>{ctx.t(text)}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function CallToAction({ ctx, spec }: { ctx: PageContext; spec: FeaturePageSpec }) {
  const second = spec.path === '/guided-tour' ? { href: FEATURES_PATH, label: M.allFeatures } : { href: '/guided-tour', label: M.ctaTour };
  return (
    <div className="hero__cta">
      {ctx.signedIn ? (
        <a className="btn btn--primary btn--lg" href="/publish">
          {ctx.t(M.ctaPublish)}
        </a>
      ) : (
        <a className="btn btn--primary btn--lg" href="/register">
          {ctx.t(M.ctaRegister)}
        </a>
      )}
      <a className="btn btn--lg" href={second.href}>
        {ctx.t(second.label)}
      </a>
    </div>
  );
}

function Demo({ ctx, book }: { ctx: PageContext; book: { id: string; name: string } }) {
  return (
    <section className="section fp-demo" aria-labelledby="fp-demo">
      <div className="container">
        <h2 id="fp-demo" className="section__title">
          {ctx.t(M.demoTitle)}
        </h2>
        <p className="fp-demo__text">{ctx.t(M.demoText)}</p>
        <div className="fp-demo__frame">
          <ReaderFrame
            src={ctx.viewer(book.id)}
            title={book.name}
            width={DEMO_WIDTH}
            height={Math.round(DEMO_WIDTH * BOOK_EMBED_RATIO)}
            allow="fullscreen"
          />
        </div>
      </div>
    </section>
  );
}

function Related({ ctx, spec }: { ctx: PageContext; spec: FeaturePageSpec }) {
  const pages = spec.related.flatMap((path) => byPath.get(path) ?? []);
  return (
    <section className="section fp-related" aria-labelledby="fp-related">
      <div className="container">
        <h2 id="fp-related" className="section__title">
          {ctx.t(M.relatedTitle)}
        </h2>
        <ul className="features fp-links">
          {pages.map((p) => (
            <li key={p.path} className="feature">
              <a href={p.path}>
                <IconMark icon={p.icon} />
                <h3>{ctx.t(p.name)}</h3>
                <p>{ctx.t(p.lead)}</p>
              </a>
            </li>
          ))}
        </ul>
        {spec.path !== FEATURES_PATH && (
          <p className="fp-related__all">
            <a href={FEATURES_PATH}>{ctx.t(M.allFeatures)} →</a>
          </p>
        )}
      </div>
    </section>
  );
}

export function featurePageHtml(ctx: PageContext, spec: FeaturePageSpec, demo: { id: string; name: string } | undefined): string {
  const { t } = ctx;
  const title = t(spec.title);
  const lead = t(spec.lead);
  const body = spec.blocks ?? spec.cases;
  return renderDocument(
    <SitePage
      ctx={ctx}
      title={`${title} · Quire`}
      path={spec.path}
      description={lead}
      jsonLd={{ '@type': 'WebPage', name: title, description: lead, url: ctx.absolute(spec.path), inLanguage: ctx.lang }}
    >
      <section className="hero fp-hero">
        <div className={spec.shot ? 'container hero__inner' : 'container hero__inner fp-hero__inner--text'}>
          <div>
            {spec.path !== FEATURES_PATH && <p className="eyebrow">{t(spec.name)}</p>}
            <h1 className="hero__title">{title}</h1>
            <p className="hero__lead">{lead}</p>
            <CallToAction ctx={ctx} spec={spec} />
          </div>
          {spec.shot && <Screenshot ctx={ctx} name={spec.shot} eager />}
        </div>
      </section>
      {spec.overview && (
        <section className="section" aria-labelledby="fp-all">
          <div className="container">
            <h2 id="fp-all" className="visually-hidden">
              {t(M.allFeatures)}
            </h2>
            <OverviewCards ctx={ctx} />
          </div>
        </section>
      )}
      {body && (
        <section className="section" aria-labelledby="fp-blocks">
          <div className="container">
            <h2 id="fp-blocks" className="section__title">
              {spec.cases ? t(spec.name) : t(M.blocksTitle)}
            </h2>
            <Cards ctx={ctx} items={body} />
          </div>
        </section>
      )}
      {spec.tour && (
        <section className="section" aria-label={title}>
          <div className="container">
            <Tour ctx={ctx} spec={spec} />
          </div>
        </section>
      )}
      {spec.demo && demo && <Demo ctx={ctx} book={demo} />}
      {!spec.tour && <HowItWorks ctx={ctx} />}
      {!spec.overview && <Related ctx={ctx} spec={spec} />}
      <section className="section fp-cta" aria-labelledby="fp-cta">
        <div className="container">
          <h2 id="fp-cta" className="section__title">
            {t(M.ctaTitle)}
          </h2>
          <CallToAction ctx={ctx} spec={spec} />
        </div>
      </section>
    </SitePage>,
  );
}

/**
 * The feature pages' entries of the site table (site/pages.ts SITE_PAGES): same shape, declared here
 * without importing the table (which imports this list).
 */
export const FEATURE_SITE_PAGES = FEATURE_PAGES.map((spec) => ({
  path: spec.path,
  render: async (ctx: PageContext, _request: unknown, app: FastifyInstance) => ({
    html: featurePageHtml(ctx, spec, spec.demo ? await demoBook(app) : undefined),
  }),
}));
