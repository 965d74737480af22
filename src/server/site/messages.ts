import { msg } from '@lingui/core/macro';

/**
 * Strings of the site chrome around every server-rendered public page (header, menu, footer). Where
 * the app's own header, drawer and footer say the same thing, the id is the app's (one translation).
 */
export const SITE_MESSAGES = {
  home: msg({ id: 'header.home', message: 'Quire home' }),
  skip: msg({ id: 'site.skip', message: 'Skip to content' }),
  searchLabel: msg({ id: 'header.search.label', message: 'Search publications' }),
  searchPlaceholder: msg({ id: 'header.search.placeholder', message: 'Search publications…' }),
  nav: msg({ id: 'site.nav', message: 'Main' }),
  account: msg({ id: 'header.nav', message: 'Account' }),
  login: msg({ id: 'header.login', message: 'Log in' }),
  register: msg({ id: 'header.register', message: 'Sign up' }),
  publish: msg({ id: 'header.publish', message: 'Publish' }),
  myAccount: msg({ id: 'site.myAccount', message: 'My account' }),
  menu: msg({ id: 'menu.title', message: 'Menu' }),
  features: msg({ id: 'menu.features', message: 'All features' }),
  pricing: msg({ id: 'menu.upgrade', message: 'Pricing' }),
  explore: msg({ id: 'menu.explorer', message: 'Explore' }),
  terms: msg({ id: 'menu.terms', message: 'Terms of use' }),
  footer: msg({ id: 'footer.nav', message: 'Footer' }),
  tagline: msg({ id: 'footer.tagline', message: 'Open-source flipbook publishing you can host yourself.' }),
  languages: msg({ id: 'site.languages', message: 'Languages' }),
  privacy: msg({ id: 'site.privacy', message: 'Privacy' }),
  blog: msg({ id: 'menu.blog', message: 'Blog' }),
  contact: msg({ id: 'site.contact', message: 'Contact' }),
};
