import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isSitePath } from '../../contracts/pages';

/**
 * SPEC §2 mobile menu links, in order (the app's drawer lists the same, src/web/components/MobileMenu.tsx,
 * with the same message ids). Only those whose page exists are shown (contracts/pages.ts SITE_PATHS).
 */
const MENU: { href: string; label: MessageDescriptor }[] = [
  { href: '/personalization', label: msg({ id: 'menu.personalization', message: 'Personalization' }) },
  { href: '/integrations', label: msg({ id: 'menu.integrations', message: 'Integrations' }) },
  { href: '/studio', label: msg({ id: 'menu.studio', message: 'Studio' }) },
  { href: '/conversion', label: msg({ id: 'menu.conversion', message: 'Conversion' }) },
  { href: '/multi-account', label: msg({ id: 'menu.multiAccount', message: 'Multi-account' }) },
  { href: '/share', label: msg({ id: 'menu.share', message: 'Sharing' }) },
  { href: '/analyse', label: msg({ id: 'menu.analyse', message: 'Statistics' }) },
  { href: '/subscribers', label: msg({ id: 'menu.subscribers', message: 'Subscribers' }) },
  { href: '/features', label: msg({ id: 'menu.features', message: 'All features' }) },
  { href: '/upgrade', label: msg({ id: 'menu.upgrade', message: 'Pricing' }) },
  { href: '/explorer', label: msg({ id: 'menu.explorer', message: 'Explore' }) },
  { href: '/guided-tour', label: msg({ id: 'menu.guidedTour', message: 'Guided tour' }) },
  { href: '/mag', label: msg({ id: 'menu.mag', message: 'Magazine' }) },
  { href: '/case-studies', label: msg({ id: 'menu.caseStudies', message: 'Case studies' }) },
  { href: '/terms', label: msg({ id: 'menu.terms', message: 'Terms of use' }) },
];

/** The menu's links whose page exists. */
export const siteMenu = () => MENU.filter((item) => isSitePath(item.href));

/** The header's main links (the first steps of a visitor), when their page exists. */
export const mainLinks = () => MENU.filter((item) => ['/features', '/upgrade', '/explorer'].includes(item.href) && isSitePath(item.href));

/** The footer's links, when their page exists. */
export const footerLinks = () =>
  MENU.filter((item) => ['/features', '/upgrade', '/explorer', '/terms'].includes(item.href) && isSitePath(item.href));
