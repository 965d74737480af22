import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Strings of the terms of use page (site/terms.tsx): the versioned text, one message per paragraph. */
export const TERMS_MESSAGES = {
  title: msg({ id: 'terms.title', message: 'Terms of use' }),
  description: msg({
    id: 'terms.description',
    message: 'The terms of use of this Quire: your account, your publications, what is not allowed, plans, and what each consent means.',
  }),
  version: msg({ id: 'terms.version', message: 'Version {version}, in force since {date}' }),
  contents: msg({ id: 'terms.contents', message: 'Contents' }),
  consentOptIn: msg({ id: 'terms.consent.optIn', message: 'Off until you switch it on.' }),
  consentOptOut: msg({ id: 'terms.consent.optOut', message: 'On until you switch it off.' }),
  consentMarketing: msg({ id: 'terms.consent.marketing', message: 'Consent to marketing mail' }),
  consentActivity: msg({ id: 'terms.consent.activity', message: 'Notifications about your activity' }),
};

/** The sections of the text, in order: a heading and its paragraphs (one message each). */
export const TERMS_SECTIONS: { id: string; title: MessageDescriptor; paragraphs: MessageDescriptor[] }[] = [
  {
    id: 's1',
    title: msg({ id: 'terms.s1.title', message: 'Who you agree with' }),
    paragraphs: [
      msg({
        id: 'terms.s1.p1',
        message:
          'Quire is open-source software for publishing documents as flipbooks. This site is an instance of Quire run by its operator: the person or organisation that hosts it. These terms are an agreement between you and that operator about the use of this site.',
      }),
      msg({
        id: 'terms.s1.p2',
        message: 'By creating an account or publishing a document you accept these terms. Reading public publications needs no account.',
      }),
    ],
  },
  {
    id: 's2',
    title: msg({ id: 'terms.s2.title', message: 'Your account' }),
    paragraphs: [
      msg({
        id: 'terms.s2.p1',
        message:
          'Give a working e-mail address and keep your password to yourself. You are responsible for what is done with your account; tell the operator at once if you think someone else uses it.',
      }),
      msg({
        id: 'terms.s2.p2',
        message:
          'You must be old enough to agree to these terms where you live. An account opened for an organisation binds that organisation.',
      }),
    ],
  },
  {
    id: 's3',
    title: msg({ id: 'terms.s3.title', message: 'Your publications' }),
    paragraphs: [
      msg({
        id: 'terms.s3.p1',
        message:
          'You keep every right to what you upload. You allow the operator to store, convert, display and deliver your documents only as far as needed to run this site the way you set them up: public, private, scheduled, embedded elsewhere, downloadable or not.',
      }),
      msg({
        id: 'terms.s3.p2',
        message:
          'Publish only what you have the right to publish. The licence you choose for a publication tells readers what they may do with it. Deleting a publication removes it and its files from this site.',
      }),
    ],
  },
  {
    id: 's4',
    title: msg({ id: 'terms.s4.title', message: 'What is not allowed' }),
    paragraphs: [
      msg({
        id: 'terms.s4.p1',
        message:
          'Do not publish anything unlawful, anything that infringes someone else\u2019s rights, malware, or material that harasses or endangers people. Mark content for adults as explicit, so that it stays hidden in safe mode. Do not send spam through comments, subscriptions or triggers, and do not try to overload, probe or get around the limits of this site.',
      }),
      msg({
        id: 'terms.s4.p2',
        message:
          'The operator may block a publication or suspend an account that breaks these terms. A blocked publication stays visible to you with the reason, and you may ask the operator to review the decision.',
      }),
    ],
  },
  {
    id: 's5',
    title: msg({ id: 'terms.s5.title', message: 'Plans and limits' }),
    paragraphs: [
      msg({
        id: 'terms.s5.p1',
        message:
          'Each plan has its own limits and features, listed on the pricing page. The operator sets the prices and may change a plan\u2019s limits; changes that reduce what you already use are announced in advance.',
      }),
    ],
  },
  {
    id: 's6',
    title: msg({ id: 'terms.s6.title', message: 'Availability and liability' }),
    paragraphs: [
      msg({
        id: 'terms.s6.p1',
        message:
          'The operator runs this site with care but cannot promise that it is always available or free of errors. Keep your own copies of the documents you publish.',
      }),
      msg({
        id: 'terms.s6.p2',
        message:
          'As far as the law allows, the operator is not liable for indirect losses, such as lost profits or lost data, arising from the use of this site. Nothing in these terms limits rights you have by law as a consumer.',
      }),
    ],
  },
  {
    id: 's7',
    title: msg({ id: 'terms.s7.title', message: 'Ending and changes' }),
    paragraphs: [
      msg({
        id: 'terms.s7.p1',
        message:
          'You may stop using this site and ask for your account to be deleted at any time. The operator may close the site or your account, with notice unless you broke these terms.',
      }),
      msg({
        id: 'terms.s7.p2',
        message:
          'When these terms change, they get a new version number and date, and you are asked to read and accept the new version the next time you sign in. Until you accept, you can still read but not publish.',
      }),
    ],
  },
  {
    id: 's8',
    title: msg({ id: 'terms.s8.title', message: 'What each consent means' }),
    paragraphs: [
      msg({
        id: 'terms.s8.p1',
        message:
          'Accepting these terms is the only agreement an account needs. Mail is separate: each kind below is a switch in your account\u2019s notification settings, which you can change at any time; every such mail also says how to stop it.',
      }),
    ],
  },
];
