import type { FastifyInstance } from 'fastify';
import { DEMO_EMAIL } from '../../publish/demo';
import { isPubliclyListed } from '../../reader/overview';

/**
 * The demo account's first public, converted publication (QUIRE_DEMO=1 seeds one,
 * publish/demo.ts), read at request time: the feature pages show it live in the reader, and show no
 * frame at all when there is none (demo off, still converting, made private or deleted).
 */
export async function demoBook(app: FastifyInstance): Promise<{ id: string; name: string } | undefined> {
  const rows = await app.db
    .selectFrom('books')
    .innerJoin('profiles', 'profiles.account_id', 'books.account_id')
    .selectAll('books')
    .where('profiles.email', '=', DEMO_EMAIL)
    .where('books.status', '=', 'DONE')
    .where('books.publishing_mode', '=', 1)
    .where('books.is_adult', '=', 0)
    .orderBy('books.created_at', 'asc')
    .orderBy('books.id', 'asc')
    .limit(10)
    .execute();
  const now = app.clock();
  const book = rows.find((row) => isPubliclyListed(row, now));
  return book && { id: book.id, name: book.name };
}
