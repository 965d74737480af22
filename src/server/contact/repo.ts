import type { Kysely } from 'kysely';
import type { ContactSubject } from '../../contracts/contact';
import { newId } from '../auth/crypto';
import type { ContactMessageRow, Database } from '../db/schema';

/** The contact messages (migration 0011): written by `POST {api}/contact/send`, read by the admin command. */

export interface NewContactMessage {
  subject: ContactSubject;
  name: string;
  email: string;
  text: string;
  phone: string;
  url: string;
  profileId: string | null;
  language: string;
}

export async function insertContactMessage(db: Kysely<Database>, message: NewContactMessage, now: number): Promise<string> {
  const id = newId();
  await db
    .insertInto('contact_messages')
    .values({
      id,
      subject: message.subject,
      name: message.name,
      email: message.email,
      text: message.text,
      phone: message.phone,
      url: message.url,
      profile_id: message.profileId,
      language: message.language,
      mailed_at: null,
      created_at: now,
    })
    .execute();
  return id;
}

export async function markMailed(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('contact_messages').set({ mailed_at: now }).where('id', '=', id).execute();
}

/** Every message, oldest first (or only the latest `limit`). */
export async function listContactMessages(db: Kysely<Database>, limit?: number): Promise<ContactMessageRow[]> {
  if (limit === undefined) return db.selectFrom('contact_messages').selectAll().orderBy('created_at').orderBy('id').execute();
  const latest = await db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return latest.reverse();
}
