import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { type AdsActorRef, adsMachine } from '../../../../machines/ads.machine';
import { AD_SIZES } from '../../../../machines/constants';
import { AppLink } from '../ui/AppLink';
import './publish.css';

/** The two ad sizes of SPEC §9: 728×90 (leaderboard) and 960×300 (billboard). */
export type AdFormat = 'leaderboard' | 'billboard';
const FORMAT_SIZE: Record<AdFormat, (typeof AD_SIZES)[number]> = { leaderboard: AD_SIZES[0], billboard: AD_SIZES[1] };

export const CREATIVES = ['multi', 'brand', 'stats'] as const;
export type Creative = (typeof CREATIVES)[number];

function Art({ creative }: { creative: Creative }) {
  // Simple shapes in the brand colours: no image requests, no external network.
  switch (creative) {
    case 'multi':
      return (
        <svg viewBox="0 0 120 90" aria-hidden="true" className="house-ad__art">
          <rect x="18" y="22" width="44" height="58" rx="4" fill="var(--c-brand-soft)" stroke="var(--c-brand)" strokeWidth="2" />
          <rect x="38" y="14" width="44" height="58" rx="4" fill="#fff" stroke="var(--c-brand)" strokeWidth="2" />
          <rect x="58" y="6" width="44" height="58" rx="4" fill="var(--c-accent-soft)" stroke="var(--c-accent)" strokeWidth="2" />
          <path d="M72 36h16M80 28v16" stroke="var(--c-accent)" strokeWidth="4" strokeLinecap="round" />
        </svg>
      );
    case 'brand':
      return (
        <svg viewBox="0 0 120 90" aria-hidden="true" className="house-ad__art">
          <path d="M14 16h44v62H14zM62 16h44v62H62z" fill="#fff" stroke="var(--c-brand)" strokeWidth="2" />
          <circle cx="36" cy="36" r="10" fill="var(--c-accent)" />
          <path d="M24 56h24M24 64h18M72 30h24M72 38h24M72 46h16" stroke="var(--c-brand)" strokeWidth="3" strokeLinecap="round" />
        </svg>
      );
    case 'stats':
      return (
        <svg viewBox="0 0 120 90" aria-hidden="true" className="house-ad__art">
          <path d="M16 78h90" stroke="var(--c-brand)" strokeWidth="2" />
          <rect x="24" y="52" width="14" height="26" rx="2" fill="var(--c-brand-soft)" stroke="var(--c-brand)" strokeWidth="2" />
          <rect x="46" y="36" width="14" height="42" rx="2" fill="var(--c-brand-soft)" stroke="var(--c-brand)" strokeWidth="2" />
          <rect x="68" y="20" width="14" height="58" rx="2" fill="var(--c-accent-soft)" stroke="var(--c-accent)" strokeWidth="2" />
          <path
            d="M22 44 46 28l22 8 26-22"
            fill="none"
            stroke="var(--c-accent)"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      );
  }
}

function copyOf(creative: Creative): [ReactNode, ReactNode] {
  switch (creative) {
    case 'multi':
      return [
        <Trans key="h" id="ads.multi.title">
          Publish ten documents at once
        </Trans>,
        <Trans key="s" id="ads.multi.text">
          Upload whole collections in one go with Premium.
        </Trans>,
      ];
    case 'brand':
      return [
        <Trans key="h" id="ads.brand.title">
          Your logo, your colours, no ads
        </Trans>,
        <Trans key="s" id="ads.brand.text">
          Make every flipbook look like yours.
        </Trans>,
      ];
    case 'stats':
      return [
        <Trans key="h" id="ads.stats.title">
          See who reads, and how far
        </Trans>,
        <Trans key="s" id="ads.stats.text">
          Views, pages read and time per page.
        </Trans>,
      ];
  }
}

/**
 * One house ad: Quire's own upgrade promotion, linking to /upgrade, drawn with CSS and inline SVG.
 * It keeps the ad's proportions and scales down with the page (to 320 px wide); text sizes follow
 * the ad's width (container query units), and the small print hides when it gets too narrow.
 */
export function HouseAd({ format, creative }: { format: AdFormat; creative: Creative }) {
  const { t } = useLingui();
  const size = FORMAT_SIZE[format];
  const [title, text] = copyOf(creative);
  return (
    <aside className={`house-ad house-ad--${format}`} aria-label={t({ id: 'ads.label', message: 'Quire Premium' })}>
      <AppLink
        href="/upgrade"
        className={`house-ad__link house-ad__link--${creative}`}
        style={{ maxWidth: size.width, aspectRatio: `${size.width} / ${size.height}` }}
        data-creative={creative}
      >
        <span className="house-ad__inner">
          <Art creative={creative} />
          <span className="house-ad__copy">
            <strong className="house-ad__title">{title}</strong>
            <span className="house-ad__text">{text}</span>
          </span>
          <span className="house-ad__cta">
            <Trans id="ads.cta">Upgrade</Trans>
          </span>
        </span>
      </AppLink>
    </aside>
  );
}

/** The rotation for a page: the ads machine (new creative every 30 s), paused while the tab is hidden. */
export function useAdsRotation(): AdsActorRef {
  const ads = useActorRef(adsMachine, { input: { creatives: CREATIVES.length } });
  useEffect(() => {
    const onVisibility = () => ads.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [ads]);
  return ads;
}

/** The creative a slot shows: the two slots show different promotions. */
export function useCreative(ads: AdsActorRef, slot: number): Creative {
  return useSelector(ads, (s) => CREATIVES[(s.context.index + slot) % CREATIVES.length] ?? 'multi');
}
