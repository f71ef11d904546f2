import { sql } from 'kysely';
import type { Executor } from '../database.js';
import { USER_ROLE_COLUMNS } from './users.repository.js';

export function apiKeysRepository(db: Executor) {
  /** Revokes the user's keys that are still live; callers narrow it to the keys they mean. */
  const revokeLive = (userId: number, at: string) => db.updateTable('api_keys').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);

  return {
    async insert(key: { userId: number; keyHash: string; label: string | null; createdAt: string; isWebSession?: boolean }): Promise<number> {
      const row = await db
        .insertInto('api_keys')
        .values({ user_id: key.userId, key_hash: key.keyHash, label: key.label, created_at: key.createdAt, is_web_session: key.isWebSession ?? false })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The count of committed changes to keys, roles, grants and settings (migration 0017). */
    async authGeneration(): Promise<number> {
      const row = await db.selectFrom('auth_generation').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
      return Number(row.value);
    },

    /** The live key with this hash and its user's roles, in one round trip. */
    async findLiveByHash(keyHash: string) {
      return db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.user_id')
        .innerJoin('persons', 'persons.id', 'users.id')
        .select(['api_keys.id as keyId', 'api_keys.created_at', 'api_keys.last_used_at', 'api_keys.is_web_session', 'users.id', 'users.user_name', 'users.failed_logins', 'users.has_initial_password', 'persons.inactive', 'persons.deceased_date', ...USER_ROLE_COLUMNS])
        .where('api_keys.key_hash', '=', keyHash)
        .where('api_keys.revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async insertResetToken(userId: number, tokenHash: string, at: string, expiresAt: string): Promise<void> {
      await db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: at, expires_at: expiresAt }).execute();
    },

    /** When the user's newest reset token still usable at `at` was made, or undefined. */
    async latestLiveResetToken(userId: number, at: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.created_at;
    },

    /** Ends every unused reset token of the user (a newer one replaces them). */
    async invalidateResetTokens(userId: number, at: string): Promise<void> {
      await db.updateTable('password_reset_tokens').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },

    /** Marks an unused, unexpired reset token used; answers its user, or undefined. */
    async consumeResetToken(tokenHash: string, at: string): Promise<number | undefined> {
      const row = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    async touch(keyId: number, at: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
    },

    async listLive(userId: number) {
      return db
        .selectFrom('api_keys')
        .select(['id', 'label', 'created_at', 'last_used_at', 'is_web_session'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    /** Revokes every live key of the user but `exceptKeyId` (the caller's own, when the user acts on themselves). */
    async revokeAll(userId: number, at: string, exceptKeyId?: number): Promise<void> {
      let query = revokeLive(userId, at);
      if (exceptKeyId !== undefined) query = query.where('id', '<>', exceptKeyId);
      await query.execute();
    },

    async revoke(userId: number, keyId: number, at: string): Promise<boolean> {
      const result = await revokeLive(userId, at).where('id', '=', keyId).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Revokes the least recently used live keys beyond `keep`; a never-used key counts as used at its creation. */
    async revokeBeyond(userId: number, keep: number, at: string): Promise<number> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', 'in', (q) =>
          q
            .selectFrom('api_keys')
            .select('id')
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
            .orderBy('id', 'desc')
            .offset(keep),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
