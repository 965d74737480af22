import { XMLParser } from 'fast-xml-parser';

/** One entry of a feed, as a teaser needs it. */
export interface FeedEntry {
  permalink: string;
  title: string;
  image: string;
  date: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Every value stays text (a numeric title is still a title).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'entry', 'link', 'enclosure', 'media:content', 'media:thumbnail'].includes(name),
});

type Node = Record<string, unknown>;
const asNodes = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((x): x is Node => typeof x === 'object' && x !== null);
/** An element's text: the string itself or its `#text` (an element with attributes). */
const text = (value: unknown): string => {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim();
  if (first && typeof first === 'object' && typeof (first as Node)['#text'] === 'string')
    return ((first as Node)['#text'] as string).trim();
  return '';
};
const attr = (node: Node, name: string) => (typeof node[`@_${name}`] === 'string' ? (node[`@_${name}`] as string) : '');
/** Only http(s) URLs leave the feed (a `javascript:` link would become a link on our pages). */
const httpUrl = (value: string, base?: string): string => {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
};
const dateOf = (value: string): number => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : Number.NaN;
};
const isImage = (node: Node) =>
  attr(node, 'url') !== '' && (attr(node, 'type') === '' || attr(node, 'type').startsWith('image/') || attr(node, 'medium') === 'image');

function rssEntries(channel: Node, base: string): FeedEntry[] {
  return asNodes(channel.item).map((item) => {
    const enclosure = [...asNodes(item.enclosure), ...asNodes(item['media:thumbnail']), ...asNodes(item['media:content'])].find(isImage);
    return {
      permalink: httpUrl(text(item.link), base),
      title: text(item.title),
      image: enclosure ? httpUrl(attr(enclosure, 'url'), base) : '',
      date: dateOf(text(item.pubDate) || text(item['dc:date'])),
    };
  });
}

function atomEntries(feed: Node, base: string): FeedEntry[] {
  return asNodes(feed.entry).map((entry) => {
    const links = asNodes(entry.link);
    const page = links.find((l) => attr(l, 'rel') === '' || attr(l, 'rel') === 'alternate');
    const image =
      links.find((l) => attr(l, 'rel') === 'enclosure' && attr(l, 'type').startsWith('image/')) ??
      [...asNodes(entry['media:thumbnail']), ...asNodes(entry['media:content'])].find(isImage);
    return {
      permalink: page ? httpUrl(attr(page, 'href'), base) : '',
      title: text(entry.title),
      image: image ? httpUrl(attr(image, 'href') || attr(image, 'url'), base) : '',
      date: dateOf(text(entry.published) || text(entry.updated)),
    };
  });
}

/**
 * The entries of an RSS 2.0 or Atom document (fast-xml-parser), newest first. Entries without a
 * title, an http(s) link or a date are left out; relative links resolve against the feed's URL.
 * Throws when the text is not a feed.
 */
export function parseFeed(xml: string, feedUrl: string): FeedEntry[] {
  const doc = parser.parse(xml) as Node;
  const rss = asNodes(doc.rss)[0];
  const channel = rss && asNodes(rss.channel)[0];
  const atom = asNodes(doc.feed)[0];
  let entries: FeedEntry[];
  if (channel) entries = rssEntries(channel, feedUrl);
  else if (atom) entries = atomEntries(atom, feedUrl);
  else throw new Error('not an RSS or Atom feed');
  return entries.filter((e) => e.title !== '' && e.permalink !== '' && Number.isFinite(e.date)).sort((a, b) => b.date - a.date);
}
