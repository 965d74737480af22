/** Table types of migration 0027 (managers and association accounts, issue 20). */
export interface ManagerLinksTable {
  child_account_id: string;
  manager_account_id: string;
  /** 'created' or 'invited'. */
  origin: string;
  created_at: number;
}

export interface ManagerInvitationsTable {
  id: string;
  manager_account_id: string;
  /** Lower-cased. */
  email: string;
  /** hex SHA-256 of the mailed token. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
}

export interface ManagerAuditTable {
  id: string;
  manager_account_id: string;
  manager_profile_id: string;
  /** The manager account's name when the call was made. */
  manager_name: string;
  child_account_id: string;
  method: string;
  /** The route's path pattern (`/api/account/book/update`), never its query. */
  route: string;
  /** The HTTP status of the answer. */
  status: number;
  created_at: number;
}
