import type { BlogPost } from '../../src/contracts/blog';
import { blogMachine } from '../blog.machine';
import { type ContactContext, contactMachine } from '../contact.machine';
import type { MachineEntry } from '../registry-types';

/** Registry entries of the public site's machines: the contact modal and the blog teasers (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = <T>(s: Snap) => s.context as T;

const POST: BlogPost = {
  permalink: '/blog/publish-your-first-flipbook',
  image: '/blog/images/publish-first-flipbook.svg',
  title: 'Publish your first flipbook in three steps',
  date: Date.UTC(2026, 9, 20),
  is_new: true,
};

export const siteMachines: MachineEntry[] = [
  {
    id: 'contact',
    title: 'Contact modal',
    description:
      'Contact form, normal (with url) or deletion request; name and e-mail hidden when signed in; SPEC §5 checks (captcha except dev mode); loading → success → closes after 2 s; a failed call shows its message and reloads the captcha.',
    machine: contactMachine,
    paths: {
      inputs: [
        { subject: 'support', signedIn: false, devMode: false, url: 'https://quire.example/upgrade' },
        { subject: 'deletion', signedIn: true, devMode: true, name: 'Ada', email: 'ada@example.com' },
      ],
      events: () => [
        { type: 'user.setField', field: 'email', value: 'ada@example.com' },
        { type: 'user.setField', field: 'text', value: 'Hello' },
        { type: 'user.setField', field: 'g-recaptcha-response', value: 'dG9rZW4=' },
        { type: 'user.submit' },
        { type: 'user.close' },
        { type: 'xstate.done.actor.send', output: { id: 'm1' } },
        { type: 'xstate.error.actor.send', error: { kind: 'server', type: 'AUTH', code: 130 } },
        { type: 'xstate.after.successClose.contact.success' },
      ],
      serializeState: (s) => {
        const c = ctx<ContactContext>(s);
        return `${JSON.stringify(s.value)}|${c.signedIn}|${Object.entries(c.values)
          .filter(([, value]) => value !== '')
          .map(([key]) => key)
          .join(',')}|${Object.keys(c.errors).join(',')}|${c.errorId}`;
      },
      limit: 400,
    },
  },
  {
    id: 'blog',
    title: 'Blog teasers',
    description:
      'The header resources menu and home page teasers: loaded for the language and viewer, kept one hour then loaded again; a new language or viewer loads at once; a failure shows none and can be retried.',
    machine: blogMachine,
    paths: {
      input: { language: 'en', viewer: '' },
      events: () => [
        { type: 'xstate.done.actor.loadPosts', output: [POST] },
        { type: 'xstate.error.actor.loadPosts', error: new Error('offline') },
        { type: 'xstate.after.cacheLife.blog.loaded' },
        { type: 'viewer.changed', language: 'de', viewer: '' },
        { type: 'viewer.changed', language: 'en', viewer: '' },
        { type: 'user.retry' },
      ],
      serializeState: (s) =>
        `${JSON.stringify(s.value)}|${ctx<{ language: string }>(s).language}|${ctx<{ posts: unknown[] }>(s).posts.length}`,
    },
  },
];
