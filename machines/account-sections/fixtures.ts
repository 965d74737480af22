import type { CommentPage, OwnerComment, Subscriber } from '../../src/contracts/comments';
import type { ReaderStatsSummary } from '../../src/contracts/reader';
import type { StatsBook } from './account-stats.machine';

/** Small data for the path tests, stories and unit tests of the account sections. */

export const ownerComment = (id: string, status: OwnerComment['status'] = 'held'): OwnerComment => ({
  id,
  author_name: id === 'c1' ? 'Ada Lovelace' : 'Grace Hopper',
  text: id === 'c1' ? 'Lovely issue, thank you!' : 'Page 3 has a typo in the second line.',
  created_at: 1_763_800_000_000,
  status,
  book: { id: 'b1', name: 'Spring catalogue' },
});

const pageOf = <T>(list: T[], total = list.length): CommentPage<T> => ({ list, total, start: 0, step: { current: 20 } });

export const heldPage = pageOf([ownerComment('c1'), ownerComment('c2')]);
export const onePage = pageOf([ownerComment('c1')]);
export const publishedPage = pageOf([ownerComment('c3', 'published')]);
export const noComments = pageOf<OwnerComment>([]);

export const subscriber = (name: string): Subscriber => ({ name, created_at: 1_763_800_000_000 });
export const subscribersFirst = pageOf([subscriber('Ada Lovelace'), subscriber('Grace Hopper')], 3);
export const subscribersRest: CommentPage<Subscriber> = { ...pageOf([subscriber('Alan Turing')], 3), start: 2 };
export const noSubscribers = pageOf<Subscriber>([]);

export const statsBooks: StatsBook[] = [
  { id: 'b1', name: 'Spring catalogue' },
  { id: 'b2', name: 'Annual report' },
];
export const sampleStats: ReaderStatsSummary = {
  views: 42,
  readers: 30,
  pages: [
    { page: 1, views: 30, avg_ms: 12_000 },
    { page: 2, views: 22, avg_ms: 30_500 },
    { page: 3, views: 17, avg_ms: 8_200 },
    { page: 4, views: 9, avg_ms: 41_000 },
  ],
  devices: { desktop: 18, tablet: 4, phone: 8 },
};
export const noStats: ReaderStatsSummary = { views: 0, readers: 0, pages: [], devices: { desktop: 0, tablet: 0, phone: 0 } };
