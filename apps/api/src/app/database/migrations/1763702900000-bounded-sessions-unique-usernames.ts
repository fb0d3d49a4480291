import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The unique index on usernames' folded form. */
export const USERNAME_INDEX = 'users_username_folded_uniq';

/**
 * username_key(), the form two usernames must not share: its one definition is the live file
 * users/sql/username_key.sql, applied here first because the index below is built on it (the
 * repeatable step keeps it equal to that file afterwards).
 */
const USERNAME_KEY_FUNCTION = readFileSync(join(__dirname, '..', '..', 'users', 'sql', 'username_key.sql'), 'utf8');

/** Builds the unique index (fails while two usernames fold alike). */
export const CREATE_USERNAME_INDEX = `CREATE UNIQUE INDEX ${USERNAME_INDEX} ON users (username_key(username))`;

/**
 * Renames every username that folds like an older account's (the lowest id keeps its name): the
 * name, cut to fit, then `_` and the account's id, and `_2`, `_3`… while that too is taken.
 * Deterministic: the same rows get the same names on every database.
 */
export const RENAME_DUPLICATE_USERNAMES = `
  DO $$
  DECLARE
    r record;
    suffix text;
    candidate text;
    n int;
  BEGIN
    FOR r IN
      SELECT id, username FROM (
        SELECT id, username, row_number() OVER (PARTITION BY username_key(username) ORDER BY id) AS k FROM users
      ) ranked WHERE k > 1 ORDER BY id
    LOOP
      n := 1;
      LOOP
        suffix := '_' || r.id || CASE WHEN n > 1 THEN '_' || n ELSE '' END;
        candidate := left(r.username, greatest(0, 32 - length(suffix))) || suffix;
        EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE username_key(username) = username_key(candidate));
        n := n + 1;
      END LOOP;
      UPDATE users SET username = candidate WHERE id = r.id;
    END LOOP;
  END $$`;

/**
 * Issue 37 items 5 and 10.
 *
 * Usernames are unique with case and look-alike letters folded (username_key()), so no account can
 * show itself in the live feed under another player's name; existing look-alikes are renamed first.
 *
 * Sessions are bounded: the API now keeps at most SESSIONS_PER_ACCOUNT live sessions per account
 * and opens a wallet's watch-only session for 24 h (auth/session.service.ts). Sessions made before
 * get the same bounds once: unproven wallet sessions end within 24 h, and each account keeps its 10
 * newest live sessions (the default cap).
 */
export class BoundedSessionsUniqueUsernames1763702900000 implements MigrationInterface {
  name = 'BoundedSessionsUniqueUsernames1763702900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(USERNAME_KEY_FUNCTION);
    // a plain index first, so the renames' look-ups do not scan the table once per duplicate
    await q.query(`CREATE INDEX users_username_folded_tmp ON users (username_key(username))`);
    await q.query(RENAME_DUPLICATE_USERNAMES);
    await q.query(`DROP INDEX users_username_folded_tmp`);
    await q.query(CREATE_USERNAME_INDEX);

    await q.query(`
      UPDATE sessions s SET expires_at = now() + interval '24 hours'
        FROM users u
       WHERE u.id = s.user_id AND NOT u.is_guest AND s.ownership_verified_at IS NULL
         AND s.revoked_at IS NULL AND s.expires_at > now() + interval '24 hours'`);
    await q.query(`
      UPDATE sessions SET revoked_at = now()
       WHERE token_hash IN (
         SELECT token_hash FROM (
           SELECT token_hash, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, token_hash) AS k
             FROM sessions WHERE revoked_at IS NULL AND expires_at > now()
         ) ranked WHERE k > 10)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ${USERNAME_INDEX}`);
    await q.query(`DROP FUNCTION username_key(text)`);
  }
}
