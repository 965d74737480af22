import type { MessageDescriptor } from '@lingui/core';
import { FEATURE_MESSAGES as M } from './messages';
import type { ShotKey } from './shots';

/**
 * The feature pages (issue "The public site", Feature pages) as data: one renderer (render.tsx) draws
 * each — a hero with a screenshot of the real product, the feature blocks, how it works, the live
 * demo where asked, related pages and the call to action. Everything said here is what Quire does
 * today (README Status); a feature that is not built is not claimed.
 */

export type Icon = 'read' | 'brand' | 'share' | 'stats' | 'box';

export interface Block {
  title: MessageDescriptor;
  text: MessageDescriptor;
  icon?: Icon;
}

export interface TourStep extends Block {
  shot: ShotKey;
}

export interface FeaturePageSpec {
  path: string;
  /** The name in menus and on the /features cards. */
  name: MessageDescriptor;
  title: MessageDescriptor;
  lead: MessageDescriptor;
  /** The screenshot beside the title. */
  shot?: ShotKey;
  /** Show the live demo flipbook (when the demo account has a public book). */
  demo?: boolean;
  /** Feature blocks (3–6). */
  blocks?: Block[];
  /** Illustrative uses, shown as cards (the case studies). */
  cases?: Block[];
  /** A walk-through: one screenshot per step (the guided tour). */
  tour?: TourStep[];
  /** Cards leading to every other feature page (the overview). */
  overview?: boolean;
  related: string[];
  icon: Icon;
}

const b = (title: MessageDescriptor, text: MessageDescriptor, icon?: Icon): Block => ({ title, text, icon });

export const FEATURES_PATH = '/features';

/** In the order of the overview's cards. */
export const FEATURE_PAGES: readonly FeaturePageSpec[] = [
  {
    path: FEATURES_PATH,
    name: M.allFeatures,
    title: M.featuresTitle,
    lead: M.featuresLead,
    shot: 'reader',
    demo: true,
    overview: true,
    related: ['/guided-tour', '/case-studies'],
    icon: 'box',
  },
  {
    path: '/conversion',
    name: M.menuConversion,
    title: M.conversionTitle,
    lead: M.conversionLead,
    shot: 'publish',
    blocks: [
      b(M.conversion1Title, M.conversion1Text),
      b(M.conversion2Title, M.conversion2Text, 'read'),
      b(M.conversion3Title, M.conversion3Text),
      b(M.conversion4Title, M.conversion4Text, 'stats'),
    ],
    related: ['/studio', '/mag', '/guided-tour'],
    icon: 'box',
  },
  {
    path: '/personalization',
    name: M.menuPersonalization,
    title: M.personalizationTitle,
    lead: M.personalizationLead,
    shot: 'reader',
    blocks: [
      b(M.personalization1Title, M.personalization1Text, 'brand'),
      b(M.personalization2Title, M.personalization2Text, 'brand'),
      b(M.personalization3Title, M.personalization3Text),
      b(M.personalization4Title, M.personalization4Text, 'read'),
    ],
    related: ['/studio', '/mag', '/share'],
    icon: 'brand',
  },
  {
    path: '/studio',
    name: M.menuStudio,
    title: M.studioTitle,
    lead: M.studioLead,
    shot: 'settings',
    blocks: [
      b(M.studio1Title, M.studio1Text),
      b(M.studio2Title, M.studio2Text, 'share'),
      b(M.studio3Title, M.studio3Text, 'brand'),
      b(M.studio4Title, M.studio4Text),
    ],
    related: ['/personalization', '/integrations', '/share'],
    icon: 'box',
  },
  {
    path: '/integrations',
    name: M.menuIntegrations,
    title: M.integrationsTitle,
    lead: M.integrationsLead,
    shot: 'settings',
    blocks: [
      b(M.integrations1Title, M.integrations1Text),
      b(M.integrations2Title, M.integrations2Text),
      b(M.integrations3Title, M.integrations3Text, 'share'),
      b(M.integrations4Title, M.integrations4Text, 'stats'),
    ],
    related: ['/studio', '/analyse', '/share'],
    icon: 'share',
  },
  {
    path: '/share',
    name: M.menuShare,
    title: M.shareTitle,
    lead: M.shareLead,
    shot: 'share',
    demo: true,
    blocks: [
      b(M.share1Title, M.share1Text, 'share'),
      b(M.share2Title, M.share2Text, 'read'),
      b(M.share3Title, M.share3Text),
      b(M.share4Title, M.share4Text, 'brand'),
    ],
    related: ['/integrations', '/subscribers', '/analyse'],
    icon: 'share',
  },
  {
    path: '/analyse',
    name: M.menuAnalyse,
    title: M.analyseTitle,
    lead: M.analyseLead,
    shot: 'stats',
    blocks: [
      b(M.analyse1Title, M.analyse1Text, 'stats'),
      b(M.analyse2Title, M.analyse2Text, 'read'),
      b(M.analyse3Title, M.analyse3Text),
      b(M.analyse4Title, M.analyse4Text, 'brand'),
    ],
    related: ['/subscribers', '/integrations', '/share'],
    icon: 'stats',
  },
  {
    path: '/subscribers',
    name: M.menuSubscribers,
    title: M.subscribersTitle,
    lead: M.subscribersLead,
    shot: 'reader',
    blocks: [
      b(M.subscribers1Title, M.subscribers1Text, 'share'),
      b(M.subscribers2Title, M.subscribers2Text),
      b(M.subscribers3Title, M.subscribers3Text, 'brand'),
      b(M.subscribers4Title, M.subscribers4Text, 'read'),
    ],
    related: ['/analyse', '/share', '/mag'],
    icon: 'read',
  },
  {
    path: '/multi-account',
    name: M.menuMultiAccount,
    title: M.multiTitle,
    lead: M.multiLead,
    shot: 'books',
    blocks: [
      b(M.multi1Title, M.multi1Text),
      b(M.multi2Title, M.multi2Text, 'brand'),
      b(M.multi3Title, M.multi3Text, 'read'),
      b(M.multi4Title, M.multi4Text, 'share'),
    ],
    related: ['/case-studies', '/studio', '/analyse'],
    icon: 'brand',
  },
  {
    path: '/mag',
    name: M.menuMag,
    title: M.magTitle,
    lead: M.magLead,
    shot: 'reader',
    blocks: [
      b(M.mag1Title, M.mag1Text, 'read'),
      b(M.mag2Title, M.mag2Text),
      b(M.mag3Title, M.mag3Text, 'stats'),
      b(M.mag4Title, M.mag4Text, 'brand'),
    ],
    related: ['/conversion', '/personalization', '/subscribers'],
    icon: 'read',
  },
  {
    path: '/case-studies',
    name: M.menuCaseStudies,
    title: M.casesTitle,
    lead: M.casesLead,
    shot: 'books',
    cases: [b(M.case1Title, M.case1Text, 'read'), b(M.case2Title, M.case2Text, 'brand'), b(M.case3Title, M.case3Text, 'share')],
    related: ['/share', '/mag', '/integrations'],
    icon: 'stats',
  },
  {
    path: '/guided-tour',
    name: M.menuGuidedTour,
    title: M.tourTitle,
    lead: M.tourLead,
    tour: [
      { title: M.tour1Title, text: M.tour1Text, shot: 'publish' },
      { title: M.tour2Title, text: M.tour2Text, shot: 'books' },
      { title: M.tour3Title, text: M.tour3Text, shot: 'settings' },
      { title: M.tour4Title, text: M.tour4Text, shot: 'share' },
      { title: M.tour5Title, text: M.tour5Text, shot: 'reader' },
      { title: M.tour6Title, text: M.tour6Text, shot: 'stats' },
    ],
    related: ['/conversion', '/studio', '/share'],
    icon: 'read',
  },
];
