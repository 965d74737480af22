import { Trans } from '@lingui/react/macro';
import { useBlog } from '../app/blog';
import { BlogTeasers } from '../components/blog/BlogTeasers';
import { ButtonLink, hasSitePage } from '../components/ui';

const FEATURES = ['convert', 'read', 'share', 'stats', 'brand', 'own'] as const;

function FeatureCard({ kind }: { kind: (typeof FEATURES)[number] }) {
  const content = {
    convert: [
      <Trans key="t" id="home.f.convert.title">
        Any document in
      </Trans>,
      <Trans key="b" id="home.f.convert.body">
        PDF, Word, PowerPoint, Excel, OpenDocument, RTF or plain text become crisp, searchable pages in seconds.
      </Trans>,
    ],
    read: [
      <Trans key="t" id="home.f.read.title">
        A real page turn
      </Trans>,
      <Trans key="b" id="home.f.read.body">
        Readers flip, zoom and search on any phone, tablet or desktop — no app, no plug-in, no waiting.
      </Trans>,
    ],
    share: [
      <Trans key="t" id="home.f.share.title">
        Share and embed
      </Trans>,
      <Trans key="b" id="home.f.share.body">
        Links, social sharing and embeds that drop into any website, with a library widget for your whole catalogue.
      </Trans>,
    ],
    stats: [
      <Trans key="t" id="home.f.stats.title">
        Know your readers
      </Trans>,
      <Trans key="b" id="home.f.stats.body">
        Views, pages read and time per page — measured on your server, without third-party trackers.
      </Trans>,
    ],
    brand: [
      <Trans key="t" id="home.f.brand.title">
        Your brand, your look
      </Trans>,
      <Trans key="b" id="home.f.brand.body">
        Skins, backgrounds, logos, music and page sounds, with presets you set once for every upload.
      </Trans>,
    ],
    own: [
      <Trans key="t" id="home.f.own.title">
        Open and yours
      </Trans>,
      <Trans key="b" id="home.f.own.body">
        Run it on your own machine with one command. Your documents and your readers' data stay with you.
      </Trans>,
    ],
  }[kind];
  return (
    <li className="feature">
      <span className={`feature__icon feature__icon--${kind}`} aria-hidden="true" />
      <h3>{content[0]}</h3>
      <p>{content[1]}</p>
    </li>
  );
}

export default function Home() {
  const blog = useBlog();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">
              <Trans id="home.eyebrow">Digital publishing, self-hosted</Trans>
            </p>
            <h1 className="hero__title">
              <Trans id="home.title">Turn your documents into flipbooks people love to read</Trans>
            </h1>
            <p className="hero__lead">
              <Trans id="home.lead">
                Upload a PDF or an office file and Quire turns it into a fast, beautiful publication you can share, embed and measure — on
                your own server.
              </Trans>
            </p>
            <div className="hero__cta">
              <ButtonLink href="/publish" variant="primary" size="lg">
                <Trans id="home.cta.publish">Publish a document</Trans>
              </ButtonLink>
              {hasSitePage('/explorer') && (
                <ButtonLink href="/explorer" size="lg">
                  <Trans id="home.cta.explore">Explore publications</Trans>
                </ButtonLink>
              )}
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            <div className="book">
              <div className="book__page book__page--left">
                <span className="book__line book__line--title" />
                <span className="book__line" />
                <span className="book__line" />
                <span className="book__line book__line--short" />
                <span className="book__img" />
              </div>
              <div className="book__page book__page--right">
                <span className="book__img book__img--tall" />
                <span className="book__line" />
                <span className="book__line book__line--short" />
              </div>
              <div className="book__turn" />
            </div>
          </div>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <h2 className="section__title">
            <Trans id="home.features.title">Everything a publisher needs</Trans>
          </h2>
          <ul className="features">
            {FEATURES.map((f) => (
              <FeatureCard key={f} kind={f} />
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--alt">
        <div className="container steps">
          <h2 className="section__title">
            <Trans id="home.steps.title">From file to flipbook in three steps</Trans>
          </h2>
          <ol className="steps__list">
            <li>
              <h3 className="steps__title">
                <Trans id="home.steps.1.title">Upload</Trans>
              </h3>
              <p className="steps__body">
                <Trans id="home.steps.1.body">Drop one file, or up to ten at once on premium plans.</Trans>
              </p>
            </li>
            <li>
              <h3 className="steps__title">
                <Trans id="home.steps.2.title">Customise</Trans>
              </h3>
              <p className="steps__body">
                <Trans id="home.steps.2.body">Choose how it looks, who can read it and when it goes live.</Trans>
              </p>
            </li>
            <li>
              <h3 className="steps__title">
                <Trans id="home.steps.3.title">Share</Trans>
              </h3>
              <p className="steps__body">
                <Trans id="home.steps.3.body">Send the link, embed it, and watch the statistics grow.</Trans>
              </p>
            </li>
          </ol>
          <ButtonLink href="/register" variant="accent" size="lg">
            <Trans id="home.cta.start">Start for free</Trans>
          </ButtonLink>
        </div>
      </section>
      <BlogTeasers actor={blog} />
    </>
  );
}
