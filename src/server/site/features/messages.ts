import { msg } from '@lingui/core/macro';

/**
 * Strings of the feature pages (site/features): what Quire does today, page by page. Where the menu
 * names a page, the card on /features uses the menu's id (one translation).
 */
export const FEATURE_MESSAGES = {
  // Shared blocks of every page
  allFeatures: msg({ id: 'menu.features', message: 'All features' }),
  blocksTitle: msg({ id: 'site.features.blocks', message: 'What you get' }),
  howTitle: msg({ id: 'site.features.how', message: 'How it works' }),
  how1Title: msg({ id: 'site.features.how.1.title', message: 'Upload' }),
  how1Text: msg({ id: 'site.features.how.1.text', message: 'Drop a PDF or an office file on the publish page.' }),
  how2Title: msg({ id: 'site.features.how.2.title', message: 'Adjust' }),
  how2Text: msg({ id: 'site.features.how.2.text', message: 'Choose the look, the sharing options and who may read it.' }),
  how3Title: msg({ id: 'site.features.how.3.title', message: 'Share' }),
  how3Text: msg({ id: 'site.features.how.3.text', message: 'Send the link, embed the reader, follow the statistics.' }),
  ctaTitle: msg({ id: 'site.features.cta.title', message: 'Ready to publish?' }),
  ctaRegister: msg({ id: 'site.features.cta.register', message: 'Create an account' }),
  ctaPublish: msg({ id: 'site.features.cta.publish', message: 'Publish a document' }),
  ctaTour: msg({ id: 'site.features.cta.tour', message: 'Take the guided tour' }),
  relatedTitle: msg({ id: 'site.features.related', message: 'Related features' }),
  demoTitle: msg({ id: 'site.features.demo.title', message: 'See it live' }),
  demoText: msg({
    id: 'site.features.demo.text',
    message: 'This is the real reader with the demo publication: turn the pages, zoom in, search the text.',
  }),

  // Screenshots (alt text)
  shotPublish: msg({ id: 'site.features.shot.publish', message: 'The publish window, where you drop or choose your files' }),
  shotBooks: msg({ id: 'site.features.shot.books', message: 'The list of your publications with their state' }),
  shotSettings: msg({ id: 'site.features.shot.settings', message: 'The settings of a publication in six tabs' }),
  shotShare: msg({ id: 'site.features.shot.share', message: 'The share window with the link, social networks and embed code' }),
  shotReader: msg({ id: 'site.features.shot.reader', message: 'A publication open in the flipbook reader' }),
  shotStats: msg({ id: 'site.features.shot.stats', message: 'The reading statistics of a publication' }),

  // Menu names of the pages (the cards of /features)
  menuPersonalization: msg({ id: 'menu.personalization', message: 'Personalization' }),
  menuIntegrations: msg({ id: 'menu.integrations', message: 'Integrations' }),
  menuStudio: msg({ id: 'menu.studio', message: 'Studio' }),
  menuConversion: msg({ id: 'menu.conversion', message: 'Conversion' }),
  menuMultiAccount: msg({ id: 'menu.multiAccount', message: 'Multi-account' }),
  menuShare: msg({ id: 'menu.share', message: 'Sharing' }),
  menuAnalyse: msg({ id: 'menu.analyse', message: 'Statistics' }),
  menuSubscribers: msg({ id: 'menu.subscribers', message: 'Subscribers' }),
  menuMag: msg({ id: 'menu.mag', message: 'Magazine' }),
  menuCaseStudies: msg({ id: 'menu.caseStudies', message: 'Case studies' }),
  menuGuidedTour: msg({ id: 'menu.guidedTour', message: 'Guided tour' }),

  // /features
  featuresTitle: msg({ id: 'site.features.title', message: 'Everything Quire does' }),
  featuresLead: msg({
    id: 'site.features.lead',
    message: 'Quire turns your documents into flipbooks that you publish, share and measure — on your own server.',
  }),

  // /conversion
  conversionTitle: msg({ id: 'site.conversion.title', message: 'From PDF and office files to flipbooks' }),
  conversionLead: msg({
    id: 'site.conversion.lead',
    message: 'Upload a PDF, Word, Excel, PowerPoint or OpenDocument file: Quire turns it into a flipbook with LibreOffice and Poppler.',
  }),
  conversion1Title: msg({ id: 'site.conversion.1.title', message: 'PDF and office files' }),
  conversion1Text: msg({
    id: 'site.conversion.1.text',
    message: 'Office files become PDF first, with their macros switched off. Several files can go at once.',
  }),
  conversion2Title: msg({ id: 'site.conversion.2.title', message: 'Sharp on every screen' }),
  conversion2Text: msg({
    id: 'site.conversion.2.text',
    message: 'Each page is made in several sizes: small for phones, sharp for large screens and zoom.',
  }),
  conversion3Title: msg({ id: 'site.conversion.3.title', message: 'Text and structure kept' }),
  conversion3Text: msg({
    id: 'site.conversion.3.text',
    message: 'The text of every page, the outline and the reading direction are read from the document.',
  }),
  conversion4Title: msg({ id: 'site.conversion.4.title', message: 'Reliable' }),
  conversion4Text: msg({
    id: 'site.conversion.4.text',
    message: 'The first pages are ready early, failures are retried, and one damaged page never blocks the book.',
  }),

  // /personalization
  personalizationTitle: msg({ id: 'site.personalization.title', message: 'Your publication, your look' }),
  personalizationLead: msg({
    id: 'site.personalization.lead',
    message: 'Dress each flipbook with a skin, a background, your logo, music and a page-turn sound.',
  }),
  personalization1Title: msg({ id: 'site.personalization.1.title', message: 'Skins and backgrounds' }),
  personalization1Text: msg({
    id: 'site.personalization.1.text',
    message: 'Pick one of the built-in presets, or use an image of your own.',
  }),
  personalization2Title: msg({ id: 'site.personalization.2.title', message: 'Your logo' }),
  personalization2Text: msg({ id: 'site.personalization.2.text', message: 'Show your logo in the reader and link it to your website.' }),
  personalization3Title: msg({ id: 'site.personalization.3.title', message: 'Music and sound' }),
  personalization3Text: msg({
    id: 'site.personalization.3.text',
    message: 'Add background music, played once or in a loop, and a sound for each page turn.',
  }),
  personalization4Title: msg({ id: 'site.personalization.4.title', message: 'View mode' }),
  personalization4Text: msg({
    id: 'site.personalization.4.text',
    message: 'Two facing pages like a book, one page like slides, or scrolling — or let Quire choose for the screen.',
  }),

  // /studio
  studioTitle: msg({ id: 'site.studio.title', message: 'Every setting in one place' }),
  studioLead: msg({
    id: 'site.studio.lead',
    message:
      'The settings window gathers the options of a publication in six tabs: General, Sharing, Branding, Design, Sound and Triggers.',
  }),
  studio1Title: msg({ id: 'site.studio.1.title', message: 'General' }),
  studio1Text: msg({
    id: 'site.studio.1.text',
    message: 'Title, description, licence, folder, visibility and a publication date.',
  }),
  studio2Title: msg({ id: 'site.studio.2.title', message: 'Sharing' }),
  studio2Text: msg({
    id: 'site.studio.2.text',
    message: 'Allow download and printing, show share buttons, open comments, let readers subscribe.',
  }),
  studio3Title: msg({ id: 'site.studio.3.title', message: 'Presets' }),
  studio3Text: msg({
    id: 'site.studio.3.text',
    message: 'Ready-made skins, backgrounds, logos, music and page sounds, free to use.',
  }),
  studio4Title: msg({ id: 'site.studio.4.title', message: 'Private links' }),
  studio4Text: msg({
    id: 'site.studio.4.text',
    message: 'Keep a publication private and share it with a link that you can renew at any time.',
  }),

  // /integrations
  integrationsTitle: msg({ id: 'site.integrations.title', message: 'Lead forms and webhooks' }),
  integrationsLead: msg({
    id: 'site.integrations.lead',
    message: 'Collect readers’ contact details with a form inside the flipbook, and send every lead to your own systems.',
  }),
  integrations1Title: msg({ id: 'site.integrations.1.title', message: 'Lead forms' }),
  integrations1Text: msg({
    id: 'site.integrations.1.text',
    message: 'Ask for contact details when the publication opens, or before a download or a print.',
  }),
  integrations2Title: msg({ id: 'site.integrations.2.title', message: 'Your rules' }),
  integrations2Text: msg({
    id: 'site.integrations.2.text',
    message: 'Choose how often the form comes back, and make it mandatory before a download or a print.',
  }),
  integrations3Title: msg({ id: 'site.integrations.3.title', message: 'Webhooks' }),
  integrations3Text: msg({
    id: 'site.integrations.3.text',
    message: 'Every lead is posted to your own URL, ready for your CRM or mailing list.',
  }),
  integrations4Title: msg({ id: 'site.integrations.4.title', message: 'Leads in your account' }),
  integrations4Text: msg({ id: 'site.integrations.4.text', message: 'Browse the collected leads of each publication in your account.' }),

  // /share
  shareTitle: msg({ id: 'site.share.title', message: 'Links, embeds and a library widget' }),
  shareLead: msg({
    id: 'site.share.lead',
    message: 'Send a link, post it on social networks, or put the flipbook itself on your website.',
  }),
  share1Title: msg({ id: 'site.share.1.title', message: 'Share window' }),
  share1Text: msg({
    id: 'site.share.1.text',
    message: 'Copy the link, or share on Facebook, X, LinkedIn, Pinterest, Tumblr or by e-mail.',
  }),
  share2Title: msg({ id: 'site.share.2.title', message: 'Embed code' }),
  share2Text: msg({
    id: 'site.share.2.text',
    message: 'Paste a frame into any web page: the whole reader works inside it, full screen included.',
  }),
  share3Title: msg({ id: 'site.share.3.title', message: 'oEmbed' }),
  share3Text: msg({
    id: 'site.share.3.text',
    message: 'Sites that understand oEmbed turn a link to your publication into the flipbook.',
  }),
  share4Title: msg({ id: 'site.share.4.title', message: 'Library widget' }),
  share4Text: msg({ id: 'site.share.4.text', message: 'Show your public publications as a shelf of covers on your own site.' }),

  // /analyse
  analyseTitle: msg({ id: 'site.analyse.title', message: 'See how your publications are read' }),
  analyseLead: msg({
    id: 'site.analyse.lead',
    message: 'Quire counts openings, readers and the time spent on each page, without storing anything personal.',
  }),
  analyse1Title: msg({ id: 'site.analyse.1.title', message: 'Views and readers' }),
  analyse1Text: msg({
    id: 'site.analyse.1.text',
    message: 'How often each publication was opened, and in how many reading sessions.',
  }),
  analyse2Title: msg({ id: 'site.analyse.2.title', message: 'Page by page' }),
  analyse2Text: msg({
    id: 'site.analyse.2.text',
    message: 'Readers and average reading time of every page: see where attention goes.',
  }),
  analyse3Title: msg({ id: 'site.analyse.3.title', message: 'Devices' }),
  analyse3Text: msg({ id: 'site.analyse.3.text', message: 'How many readers used a desktop, a tablet or a phone.' }),
  analyse4Title: msg({ id: 'site.analyse.4.title', message: 'Nothing personal' }),
  analyse4Text: msg({
    id: 'site.analyse.4.text',
    message: 'A reading session is a random number, the device a guess from the screen size.',
  }),

  // /subscribers
  subscribersTitle: msg({ id: 'site.subscribers.title', message: 'Build an audience' }),
  subscribersLead: msg({
    id: 'site.subscribers.lead',
    message: 'Readers follow you and comment on your publications, and you keep the conversation in hand.',
  }),
  subscribers1Title: msg({ id: 'site.subscribers.1.title', message: 'Followers' }),
  subscribers1Text: msg({
    id: 'site.subscribers.1.text',
    message: 'Readers follow you from your publications when you allow it; your account lists them.',
  }),
  subscribers2Title: msg({ id: 'site.subscribers.2.title', message: 'Comments' }),
  subscribers2Text: msg({
    id: 'site.subscribers.2.text',
    message: 'Readers comment on a publication beside its pages.',
  }),
  subscribers3Title: msg({ id: 'site.subscribers.3.title', message: 'Moderation' }),
  subscribers3Text: msg({
    id: 'site.subscribers.3.text',
    message: 'Accept comments, approve them first, or refuse them — publication by publication.',
  }),
  subscribers4Title: msg({ id: 'site.subscribers.4.title', message: 'Publisher page' }),
  subscribers4Text: msg({ id: 'site.subscribers.4.text', message: 'Your public publications are gathered on a page anyone can visit.' }),

  // /multi-account
  multiTitle: msg({ id: 'site.multi.title', message: 'An account for every kind of publisher' }),
  multiLead: msg({
    id: 'site.multi.lead',
    message: 'Alone, for a school or for a company: each account keeps its publications, folders and statistics together.',
  }),
  multi1Title: msg({ id: 'site.multi.1.title', message: 'Your context' }),
  multi1Text: msg({ id: 'site.multi.1.text', message: 'Tell Quire whether you publish as a person, in education or for a business.' }),
  multi2Title: msg({ id: 'site.multi.2.title', message: 'Secure sign-in' }),
  multi2Text: msg({
    id: 'site.multi.2.text',
    message: 'A password with a code by e-mail or from an authenticator app, or a social account.',
  }),
  multi3Title: msg({ id: 'site.multi.3.title', message: 'Folders' }),
  multi3Text: msg({ id: 'site.multi.3.text', message: 'Sort your publications into folders, one per series, client or class.' }),
  multi4Title: msg({ id: 'site.multi.4.title', message: 'Team access: not yet' }),
  multi4Text: msg({
    id: 'site.multi.4.text',
    message: 'Several managers for one account are planned. Today, each account is run by its own sign-in.',
  }),

  // /mag
  magTitle: msg({ id: 'site.mag.title', message: 'Publish a magazine, issue after issue' }),
  magLead: msg({
    id: 'site.mag.lead',
    message: 'Double-page spreads, the right reading direction, and each issue out on the day you choose.',
  }),
  mag1Title: msg({ id: 'site.mag.1.title', message: 'Double-page spreads' }),
  mag1Text: msg({ id: 'site.mag.1.text', message: 'In book view, facing pages sit side by side and turn like paper.' }),
  mag2Title: msg({ id: 'site.mag.2.title', message: 'Right to left' }),
  mag2Text: msg({ id: 'site.mag.2.text', message: 'Magazines in Arabic, Hebrew or Japanese read from right to left.' }),
  mag3Title: msg({ id: 'site.mag.3.title', message: 'Scheduled issues' }),
  mag3Text: msg({
    id: 'site.mag.3.text',
    message: 'Set a publication date: the issue stays hidden until then, and appears on its own.',
  }),
  mag4Title: msg({ id: 'site.mag.4.title', message: 'Search every page' }),
  mag4Text: msg({ id: 'site.mag.4.text', message: 'Readers search the text of an issue and see the matches highlighted.' }),

  // /case-studies
  casesTitle: msg({ id: 'site.cases.title', message: 'How publishers use Quire' }),
  casesLead: msg({
    id: 'site.cases.lead',
    message: 'Three typical ways to use Quire. They are illustrations, not customer testimonials.',
  }),
  case1Title: msg({ id: 'site.cases.1.title', message: 'A school' }),
  case1Text: msg({
    id: 'site.cases.1.text',
    message:
      'Publishes its yearbook and newsletters as public flipbooks, keeps class material private behind a link, and shows a shelf of covers on its website with the library widget.',
  }),
  case2Title: msg({ id: 'site.cases.2.title', message: 'A small magazine' }),
  case2Text: msg({
    id: 'site.cases.2.text',
    message: 'Uploads each issue as a PDF, schedules its release, shows double-page spreads, and sees which pages readers stay on.',
  }),
  case3Title: msg({ id: 'site.cases.3.title', message: 'A company catalogue' }),
  case3Text: msg({
    id: 'site.cases.3.text',
    message:
      'Turns its product catalogue into a flipbook with its own logo and background, and asks for contact details before the download, sent to its CRM by webhook.',
  }),

  // /guided-tour
  tourTitle: msg({ id: 'site.tour.title', message: 'From a file to a flipbook' }),
  tourLead: msg({ id: 'site.tour.lead', message: 'Follow one document through Quire, screen by screen.' }),
  tour1Title: msg({ id: 'site.tour.1.title', message: 'Publish' }),
  tour1Text: msg({
    id: 'site.tour.1.text',
    message: 'Click Publish and drop a PDF or an office file. Quire checks it before sending it.',
  }),
  tour2Title: msg({ id: 'site.tour.2.title', message: 'Your publications' }),
  tour2Text: msg({
    id: 'site.tour.2.text',
    message: 'The list shows each publication with its cover and state while it is converted.',
  }),
  tour3Title: msg({ id: 'site.tour.3.title', message: 'Settings' }),
  tour3Text: msg({
    id: 'site.tour.3.text',
    message: 'Open the settings to choose the look, the sharing options and the forms.',
  }),
  tour4Title: msg({ id: 'site.tour.4.title', message: 'Share' }),
  tour4Text: msg({ id: 'site.tour.4.text', message: 'Copy the link or the embed code from the share window.' }),
  tour5Title: msg({ id: 'site.tour.5.title', message: 'Read' }),
  tour5Text: msg({
    id: 'site.tour.5.text',
    message: 'Readers turn the pages on any screen, zoom in, search and go full screen.',
  }),
  tour6Title: msg({ id: 'site.tour.6.title', message: 'Measure' }),
  tour6Text: msg({ id: 'site.tour.6.text', message: 'Your account shows views, readers and the time spent on each page.' }),
};
