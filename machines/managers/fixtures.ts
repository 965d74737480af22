import type { AccountCenter, AssociationChild, AuditEntry, InvitationView } from '../../src/contracts/managers';

/** Sample data of the managers' machines (path tests, stories). */

const day = 86_400_000;
export const MANAGER_NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

export const sampleChildren: AssociationChild[] = [
  {
    child: { id: 'c1', type: { id: 'FREE', mode: 'FREE' }, image: { small: null } },
    name: 'Local Choir',
    origin: 'created',
    since: MANAGER_NOW - 40 * day,
    publications: 3,
    readers_month: 128,
    last_activity: MANAGER_NOW - 2 * day,
  },
  {
    child: { id: 'c2', type: { id: 'PREMIUM', mode: 'PREMIUM' }, image: { small: null } },
    name: 'Riverside Sports Club',
    origin: 'invited',
    since: MANAGER_NOW - 10 * day,
    publications: 12,
    readers_month: 2045,
    last_activity: MANAGER_NOW - 3_600_000,
  },
  {
    child: { id: 'c3', type: { id: 'FREE', mode: 'FREE' }, image: { small: null } },
    name: 'Garden Friends',
    origin: 'invited',
    since: MANAGER_NOW - day,
    publications: 0,
    readers_month: 0,
    last_activity: null,
  },
];

export const sampleAudit: AuditEntry[] = [
  {
    id: 'a1',
    manager: { id: 'm1', name: 'Boss Media' },
    child: { id: 'c2', name: 'Riverside Sports Club' },
    method: 'POST',
    route: '/api/pinwheel/document/create',
    status: 200,
    date: MANAGER_NOW - 3_600_000,
  },
  {
    id: 'a2',
    manager: { id: 'm1', name: 'Boss Media' },
    child: { id: 'c1', name: 'Local Choir' },
    method: 'POST',
    route: '/api/account/book/update',
    status: 400,
    date: MANAGER_NOW - 2 * day,
  },
];

export const sampleInvitation: InvitationView = {
  manager: { name: 'Boss Media' },
  email: 'club@example.com',
  expires_at: MANAGER_NOW + 6 * day,
};

/** The account centre of the sample children (its totals are theirs, summed). */
export const sampleCenter: AccountCenter = {
  list: sampleChildren.map((c, i) => ({
    ...c,
    email: `${['choir', 'club', 'garden'][i] ?? 'owner'}@example.com`,
    views_month: c.readers_month * 3,
    pages: c.publications * 24,
    storage_bytes: c.publications * 3_400_000,
  })),
  totals: {
    accounts: 3,
    publications: 15,
    readers_month: 2173,
    views_month: 6519,
    pages: 360,
    storage_bytes: 51_000_000,
    last_activity: MANAGER_NOW - 3_600_000,
  },
  total: 3,
  start: 0,
  step: { current: 200 },
};

export const emptyCenter: AccountCenter = {
  list: [],
  totals: { accounts: 0, publications: 0, readers_month: 0, views_month: 0, pages: 0, storage_bytes: 0, last_activity: null },
  total: 0,
  start: 0,
  step: { current: 200 },
};
