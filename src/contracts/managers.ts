import * as v from 'valibot';
import { isManagerOf, type ManagedAccount } from './gating';
import { pageNumber } from './limits';

/**
 * Managers and association (child) accounts (issue 20; SPEC §1, §3 Association session / child,
 * §4 Impersonation, §6, §7 Associations, §9). A manager is a platinum account whose management type is
 * `manager`; it acts on behalf of one of its child accounts by sending the account id header
 * (ACCOUNT_ID_HEADER) with its own session. The server honours the header only there and refuses it
 * everywhere else (src/server/auth/session.ts), and writes every state-changing call so made to an
 * audit log that the manager and the child's owner read.
 */

/** The header naming the account a manager acts for (SPEC §6 "an association session sends an account id header"). */
export const ACCOUNT_ID_HEADER = 'X-Quire-Account';

/** SPEC §9: association page size 200 (`GET {api}/account/manager/association/?step=200`). */
export const ASSOCIATION_STEP = 200;
/** Audit log entries per page. */
export const AUDIT_STEP = 50;
export const AUDIT_MAX_STEP = 200;

/** The management type of a manager account (SPEC §3 Account management.type). */
export const MANAGER_TYPE = 'manager';
/** The management type of a managed (association, child) account: its banner opens /account/manager (SPEC §2 Other). */
export const ASSOCIATION_TYPE = 'association';

/** Whether an account (as the API answers it, or as the server reads it) is a manager (SPEC §6). */
export const isManagerAccount = (account: Omit<ManagedAccount, 'type'>): boolean => isManagerOf(account);

export const AccountIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid'));

/** The account id header's value: one id, nothing else. */
export const AccountHeaderSchema = AccountIdSchema;

/** GET {api}/account/manager/association/?step&start. */
export const AssociationQuerySchema = v.object({
  start: pageNumber(0, 1_000_000),
  step: pageNumber(ASSOCIATION_STEP, ASSOCIATION_STEP),
});

/** GET {api}/account/manager/audit/?step&start (every child's) and GET {api}/account/audit/?step&start (the account's own). */
export const AuditQuerySchema = v.object({
  start: pageNumber(0, 1_000_000),
  step: pageNumber(AUDIT_STEP, AUDIT_MAX_STEP),
});

/** SPEC §3 Association child, plus what /account/manager lists. */
export interface AssociationChild {
  child: { id: string; type: { id: string; mode: string }; image: { small: string | null } };
  name: string;
  /** 'created' (made by the manager) or 'invited' (its owner accepted). */
  origin: string;
  /** Linked since (epoch ms). */
  since: number;
  publications: number;
  /** Readers (visitors) this calendar month (UTC). */
  readers_month: number;
  /** Last activity: the latest of the owner's last login, a publication, a call on its behalf (epoch ms), or null. */
  last_activity: number | null;
}

export interface AssociationList {
  list: AssociationChild[];
  total: number;
  start: number;
  step: { current: number };
}

/** One audit entry (who, on whose behalf, what, when). */
export interface AuditEntry {
  id: string;
  manager: { id: string; name: string };
  child: { id: string; name: string };
  method: string;
  route: string;
  status: number;
  date: number;
}

export interface AuditList {
  list: AuditEntry[];
  total: number;
  start: number;
  step: { current: number };
}

// ── Managing child accounts (/account/manager) ────────────────────────────────────────────────────

/** At most this many child accounts per manager: one association page (SPEC §9) lists them all. */
export const MANAGER_CHILDREN_MAX = ASSOCIATION_STEP;
/** An invitation's link stays valid this long. */
export const INVITATION_TTL_MS = 7 * 86_400_000;
/** The fragment parameter of the mailed invitation link: `/account/manager#invitation-<token>`. */
export const INVITATION_FRAGMENT = 'invitation';
export const MANAGER_PATH = '/account/manager';

const trimmed = v.pipe(v.string(), v.trim());
/** An e-mail address (as the sign-up form's, lower-cased). */
export const ManagedEmailSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.required'),
  v.maxLength(254, 'validation.max'),
  v.email('validation.email'),
  v.toLowerCase(),
);
export const CHILD_NAME_MAX = 100;
export const ChildNameSchema = v.pipe(trimmed, v.nonEmpty('validation.required'), v.maxLength(CHILD_NAME_MAX, 'validation.max'));

/** POST {api}/account/manager/child/create {name, email}. */
export const ChildCreateSchema = v.object({ name: ChildNameSchema, email: ManagedEmailSchema });
export type ChildCreate = v.InferOutput<typeof ChildCreateSchema>;
/** POST {api}/account/manager/invitation/create {email}. */
export const InvitationCreateSchema = v.object({ email: ManagedEmailSchema });
export type InvitationCreate = v.InferOutput<typeof InvitationCreateSchema>;
/** POST {api}/account/manager/child/detach {id}. */
export const ChildIdSchema = v.object({ id: AccountIdSchema });
/** GET {api}/account/manager/invitation/get?token and POST …/invitation/accept {token}. */
export const InvitationTokenSchema = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.invalid')) });

/** What the manager's create and invite calls answer: the address (whatever became of it: no account enumeration). */
export const ManagerMailedSchema = v.object({ email: v.string() });

/** An invitation as its invited owner sees it before accepting. */
export const InvitationViewSchema = v.object({ manager: v.object({ name: v.string() }), email: v.string(), expires_at: v.number() });
export type InvitationView = v.InferOutput<typeof InvitationViewSchema>;

const Paging = { total: v.number(), start: v.number(), step: v.object({ current: v.number() }) };

export const AssociationChildSchema = v.object({
  child: v.object({
    id: v.string(),
    type: v.object({ id: v.string(), mode: v.string() }),
    image: v.object({ small: v.nullable(v.string()) }),
  }),
  name: v.string(),
  origin: v.string(),
  since: v.number(),
  publications: v.number(),
  readers_month: v.number(),
  last_activity: v.nullable(v.number()),
});
export const AssociationListSchema = v.object({ list: v.array(AssociationChildSchema), ...Paging });

export const AuditEntrySchema = v.object({
  id: v.string(),
  manager: v.object({ id: v.string(), name: v.string() }),
  child: v.object({ id: v.string(), name: v.string() }),
  method: v.string(),
  route: v.string(),
  status: v.number(),
  date: v.number(),
});
export const AuditListSchema = v.object({ list: v.array(AuditEntrySchema), ...Paging });

/** What accepting an invitation answers: the manager's name. */
export const InvitationAcceptedSchema = v.object({ manager: v.object({ name: v.string() }) });

// ── The multi-account centre (/account/account-center) ────────────────────────────────────────────

/** Where the account centre is (SPEC §2 account menu; the gating table's `account_center`, manager only). */
export const ACCOUNT_CENTER_PATH = '/account/account-center';

/** GET {api}/account/manager/center?step&start: a page of the children (SPEC §9: 200) and the totals of all of them. */
export const CenterQuerySchema = AssociationQuerySchema;

/** One child account with the centre's figures (this calendar month in UTC for views and readers). */
export const CenterChildSchema = v.object({
  ...AssociationChildSchema.entries,
  /** The owner's e-mail address (the account's first profile), null when it has none. */
  email: v.nullable(v.string()),
  /** Publication views this month. */
  views_month: v.number(),
  /** Pages of its publications, and the bytes of their source files. */
  pages: v.number(),
  storage_bytes: v.number(),
});
export type CenterChild = v.InferOutput<typeof CenterChildSchema>;

/** The sums over every child account (all pages of the list), computed by the server. */
export const CenterTotalsSchema = v.object({
  accounts: v.number(),
  publications: v.number(),
  readers_month: v.number(),
  views_month: v.number(),
  pages: v.number(),
  storage_bytes: v.number(),
  /** The latest activity of any child (epoch ms), or null. */
  last_activity: v.nullable(v.number()),
});
export type CenterTotals = v.InferOutput<typeof CenterTotalsSchema>;

export const AccountCenterSchema = v.object({ list: v.array(CenterChildSchema), totals: CenterTotalsSchema, ...Paging });
export type AccountCenter = v.InferOutput<typeof AccountCenterSchema>;
