import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Strings of the privacy policy page (site/privacy.tsx), one message per paragraph. */
export const PRIVACY_MESSAGES = {
  title: msg({ id: 'privacy.title', message: 'Privacy policy' }),
  description: msg({
    id: 'privacy.description',
    message:
      'What this Quire stores about you and why: your account, your publications, reading statistics without addresses, cookies and mail.',
  }),
  summary: msg({
    id: 'privacy.summary',
    message:
      'In short: we keep what your account and publications need, count reading without addresses, use no trackers, and never sell your data.',
  }),
  contents: msg({ id: 'privacy.contents', message: 'Contents' }),
  cookieToken: msg({ id: 'privacy.cookie.token', message: 'Keeps you signed in. Set only when you sign in; removed when you sign out.' }),
  cookieLang: msg({ id: 'privacy.cookie.lang', message: 'The language you chose for the site.' }),
  cookieExplicit: msg({
    id: 'privacy.cookie.explicit',
    message: 'Remembers that you confirmed you are of age to see explicit publications.',
  }),
  cookieDevice: msg({ id: 'privacy.cookie.device', message: 'Remembers a browser you trusted, so that it skips the second sign-in step.' }),
  cookieName: msg({ id: 'privacy.cookie.name', message: 'Cookie name' }),
  cookiePurpose: msg({ id: 'privacy.cookie.purpose', message: 'What it is for' }),
};

/** The sections of the text, in order: a heading and its paragraphs (one message each). */
export const PRIVACY_SECTIONS: { id: string; title: MessageDescriptor; paragraphs: MessageDescriptor[] }[] = [
  {
    id: 's1',
    title: msg({ id: 'privacy.s1.title', message: 'Who is responsible' }),
    paragraphs: [
      msg({
        id: 'privacy.s1.p1',
        message:
          'This site runs Quire, open-source publishing software. The operator of this site \u2014 the person or organisation that hosts it \u2014 decides what happens to the data described here and is responsible for it. The software sends nothing to its authors.',
      }),
    ],
  },
  {
    id: 's2',
    title: msg({ id: 'privacy.s2.title', message: 'Your account' }),
    paragraphs: [
      msg({
        id: 'privacy.s2.p1',
        message:
          'When you sign up we store your e-mail address, the name and job title you give, your language, your plan, the version of the terms you accepted, your notification choices and the time of your last sign-in. Your password is kept only as a one-way hash that cannot be turned back into the password.',
      }),
      msg({
        id: 'privacy.s2.p2',
        message:
          'If you sign in with a social account, we also keep that provider\u2019s user id and the e-mail address it reported. If you turn on two-step sign-in, we keep its secret key.',
      }),
    ],
  },
  {
    id: 's3',
    title: msg({ id: 'privacy.s3.title', message: 'Your publications and activity' }),
    paragraphs: [
      msg({
        id: 'privacy.s3.p1',
        message:
          'We store the documents you upload, the page images and text made from them, and their settings. Comments you write are stored with the name shown next to them; publishers you follow know that you follow them.',
      }),
    ],
  },
  {
    id: 's4',
    title: msg({ id: 'privacy.s4.title', message: 'Reading statistics, without addresses' }),
    paragraphs: [
      msg({
        id: 'privacy.s4.p1',
        message:
          'Publishers see how their publications are read. For this, the reader counts each reading session under a random id that lives only in the browser tab, with the kind of device (computer, tablet or phone), the pages shown and the time spent on each. No network address, account or browser fingerprint is stored with these counts, and no outside analytics service is used.',
      }),
      msg({
        id: 'privacy.s4.p2',
        message:
          'To slow down password guessing, recent sign-in attempts are counted per network address and per e-mail address for a short time, then discarded.',
      }),
    ],
  },
  {
    id: 's5',
    title: msg({ id: 'privacy.s5.title', message: 'Cookies we use' }),
    paragraphs: [
      msg({ id: 'privacy.s5.p1', message: 'This site sets only the cookies it needs to work, and no advertising or tracking cookies:' }),
    ],
  },
  {
    id: 's6',
    title: msg({ id: 'privacy.s6.title', message: 'Mail' }),
    paragraphs: [
      msg({
        id: 'privacy.s6.p1',
        message:
          'We send the mail your account needs \u2014 activation, password reset, sign-in codes \u2014 and the notifications you choose. The terms of use explain each kind; you can switch them off at any time, and every such mail says how.',
      }),
    ],
  },
  {
    id: 's7',
    title: msg({ id: 'privacy.s7.title', message: 'Who else sees your data' }),
    paragraphs: [
      msg({
        id: 'privacy.s7.p1',
        message:
          'Your data is not sold. It stays on the operator\u2019s servers, except where you send it yourself: a social provider you sign in with, the integrations and triggers you set up, and the sites where you embed your publications. What you publish publicly can be read by anyone.',
      }),
    ],
  },
  {
    id: 's8',
    title: msg({ id: 'privacy.s8.title', message: 'How long we keep it' }),
    paragraphs: [
      msg({
        id: 'privacy.s8.p1',
        message:
          'Account data is kept while your account exists. Deleting a publication deletes its files and its reading statistics. When your account is closed, your profile, publications and comments are deleted; backups the operator keeps expire on their own schedule.',
      }),
    ],
  },
  {
    id: 's9',
    title: msg({ id: 'privacy.s9.title', message: 'Your rights' }),
    paragraphs: [
      msg({
        id: 'privacy.s9.p1',
        message:
          'You can see and correct your details in your account at any time. You may ask the operator for a copy of your data, for its deletion, or to stop a use you object to, and you may complain to the data protection authority where you live.',
      }),
    ],
  },
];
