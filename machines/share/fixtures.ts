import type { ShareInput, ShareTargetInput } from '../share.machine';

/** Share targets used by the path tests, the unit tests and the stories. */
export const bookTarget: ShareTargetInput = {
  kind: 'book',
  id: 'b1',
  name: 'Annual report 2026',
  url: 'https://quire.example/read/b1',
  accountId: 'a-publisher',
  image: 'https://quire.example/thumbs/b1/large.webp',
  shareMode: 1,
};
export const accountTarget: ShareTargetInput = {
  kind: 'account',
  id: 'a-publisher',
  name: 'Northwind Press',
  url: 'https://quire.example/publisher/a-publisher',
  accountId: 'a-publisher',
};

/** A reader (another account) sharing someone's publication: beacons are sent. */
export const visitorShare: ShareInput = { target: bookTarget, currentAccountId: 'a-reader' };
/** The publisher sharing its own publication: no beacon. */
export const ownShare: ShareInput = { target: bookTarget, currentAccountId: 'a-publisher' };
/** A publication whose share_mode is 0. */
export const sharingOff: ShareInput = { target: { ...bookTarget, shareMode: 0 }, currentAccountId: null };
/** An anonymous visitor sharing a publisher page. */
export const accountShare: ShareInput = { target: accountTarget, currentAccountId: null };
