#!/usr/bin/env node
// Translation completeness check (run by `npm test`): the catalogs are up to date with the code
// (extraction changes nothing), and every message exists and is really translated in all seven
// languages with the same placeholders. Exits 1 with a list of problems otherwise.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePo } from './i18n-check-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LANGS = ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru'];
/** Words that are the same in some languages (product names, loanwords). */
const SAME_OK = new Set([
  'Quire',
  // Statistics words that are the same in German, French or Italian (de/it "Browser", de "Downloads", "Leads"; fr "Publication", "Page", "Source(s)", "Direct").
  'Browser',
  'Downloads',
  'Leads',
  'Publication',
  'Page',
  'Source',
  'Sources',
  'Direct',
  // Brand names of share services.
  'Facebook',
  'LinkedIn',
  'Pinterest',
  'Tumblr',
  'Blog',
  'Studio',
  'Flipbook',
  'Magazine',
  'Menu',
  'Multi-account',
  'Design',
  'Start',
  'Status',
  'Conversion',
  'Contact',
  'Licence',
  'Account',
  'Marketing',
  'Newsletter',
  // The same word in French (fr "Message", "Contact"), and field labels with a placeholder (de "Name: {value}", it/pt "E-mail: {value}").
  'Message',
  'Contact',
  'Name: {value}',
  'E-mail: {value}',
  // Loan words kept in several languages' software (es/it "Webhook", it "Tablet").
  'Webhook',
  'Webhooks',
  'Tablet',
  // A protocol's name (the feature pages), and a word German spells as English does.
  'oEmbed',
  'Moderation',
  'Logos',
  'Skins',
  'Consultant',
  'Designer',
  'Publications',
  'Notifications',
  'Password',
  'Privacy',
  'Premium',
  'Platinum',
  'Plan',
]);
const poPath = (l) => join(root, 'locales', l, 'messages.po');
const read = (l) => readFileSync(poPath(l), 'utf8');

/** Argument names of an ICU message; the text of plural/select branches is not a placeholder (arguments inside it are). */
const placeholders = (s) => {
  let out = '';
  let depth = 0;
  const branch = [];
  for (const ch of s) {
    if (ch === '{') {
      const inArg = depth > 0 && !branch[depth - 1];
      branch[depth++] = inArg;
      if (!inArg) out += ' {';
    } else if (ch === '}') depth--;
    else if (depth > 0 && !branch[depth - 1]) out += ch;
  }
  return [...out.matchAll(/\{(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
};

const problems = [];
const before = LANGS.map(read);
execFileSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--config', join(root, 'locales/lingui.config.ts')], { stdio: 'pipe' });
const after = LANGS.map(read);
LANGS.forEach((l, i) => {
  if (before[i] !== after[i]) problems.push(`${l}: catalog was out of date with the code (now re-extracted: translate and commit it)`);
});

const en = parsePo(after[LANGS.indexOf('en')]);
for (const l of LANGS.filter((x) => x !== 'en')) {
  const cat = parsePo(after[LANGS.indexOf(l)]);
  for (const [id, source] of en) {
    const tr = cat.get(id);
    if (!tr) problems.push(`${l}: ${id} is not translated`);
    else if (placeholders(tr) !== placeholders(source))
      problems.push(`${l}: ${id} placeholders differ ({${placeholders(tr)}} vs {${placeholders(source)}})`);
    else if (tr === source && !SAME_OK.has(source) && source.length > 3) problems.push(`${l}: ${id} is an English copy`);
  }
}
for (const [id, source] of en) if (!source) problems.push(`en: ${id} has no English text`);

if (problems.length) {
  console.error(`i18n check: ${problems.length} problem(s)\n- ${problems.slice(0, 60).join('\n- ')}`);
  process.exit(1);
}
console.log(`i18n check: ${en.size} messages, complete in ${LANGS.length} languages.`);
