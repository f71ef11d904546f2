import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';

export interface IssuedInvitation {
  personId: number;
  tokenHash: string;
  invitedBy: number;
  sentAt: string;
  expiresAt: string;
}

/** Invitations to create a login (migration 0027), and the people an invitation may name. */
export function invitationsRepository(db: Executor) {
  const listed = () => db
    .selectFrom('invitations')
    .innerJoin('persons', 'persons.id', 'invitations.person_id')
    .leftJoin('persons as inviter', 'inviter.id', 'invitations.invited_by_person_id')
    .leftJoin('notifications', 'notifications.id', 'invitations.notification_id')
    .select([
      'invitations.id', 'invitations.person_id', 'invitations.sent_at', 'invitations.expires_at', 'invitations.opened_at',
      'invitations.accepted_at', 'invitations.withdrawn_at', 'persons.first_name', 'persons.last_name', 'persons.email',
      'inviter.first_name as inviter_first_name', 'inviter.last_name as inviter_last_name', 'notifications.status as mail_status',
    ]);

  return {
    /**
     * Gives the person a new link: their one row takes the new hash, inviter and dates, and forgets that it was opened
     * or withdrawn. Answers the row's id.
     */
    async issue(invitation: IssuedInvitation): Promise<number> {
      const fresh = {
        token_hash: invitation.tokenHash, invited_by_person_id: invitation.invitedBy, sent_at: invitation.sentAt, expires_at: invitation.expiresAt,
        opened_at: null, accepted_at: null, withdrawn_at: null, notification_id: null,
      };
      const row = await db.insertInto('invitations').values({ person_id: invitation.personId, ...fresh })
        .onConflict((oc) => oc.column('person_id').doUpdateSet(fresh))
        .returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async setNotification(id: number, notificationId: number | null): Promise<void> {
      await db.updateTable('invitations').set({ notification_id: notificationId }).where('id', '=', id).execute();
    },

    async findById(id: number) {
      return listed().where('invitations.id', '=', id).executeTakeFirst();
    },

    /** The invitation whose link this is, still open at `at` (not accepted, withdrawn or expired). */
    async findOpenByHash(tokenHash: string, at: string) {
      return db.selectFrom('invitations').innerJoin('persons', 'persons.id', 'invitations.person_id')
        .select(['invitations.id', 'invitations.person_id', 'invitations.opened_at', 'persons.first_name', 'persons.email'])
        .where('invitations.token_hash', '=', tokenHash)
        .where('invitations.accepted_at', 'is', null)
        .where('invitations.withdrawn_at', 'is', null)
        .where('invitations.expires_at', '>', at)
        .executeTakeFirst();
    },

    async markOpened(id: number, at: string): Promise<void> {
      await db.updateTable('invitations').set({ opened_at: at }).where('id', '=', id).where('opened_at', 'is', null).execute();
    },

    /** Marks the invitation accepted if it still was open; answers whether this call did (a link works once). */
    async accept(id: number, at: string): Promise<boolean> {
      const row = await db.updateTable('invitations').set({ accepted_at: at })
        .where('id', '=', id).where('accepted_at', 'is', null).where('withdrawn_at', 'is', null).where('expires_at', '>', at)
        .returning('id').executeTakeFirst();
      return row !== undefined;
    },

    async withdraw(id: number, at: string): Promise<void> {
      await db.updateTable('invitations').set({ withdrawn_at: at }).where('id', '=', id).where('accepted_at', 'is', null).execute();
    },

    /** Every invitation (`personIds` undefined) or those of these people, the latest sent first. */
    async list(personIds?: readonly number[]) {
      if (personIds?.length === 0) return [];
      const query = personIds === undefined ? listed() : listed().where('invitations.person_id', '=', anyId(personIds));
      return query.orderBy('invitations.sent_at', 'desc').orderBy('invitations.id', 'desc').limit(1000).execute();
    },

    /** What decides whether each person can be invited: their address, whether they refuse mail, their login, their invitation. */
    async candidates(personIds: readonly number[]) {
      if (personIds.length === 0) return [];
      return db.selectFrom('persons')
        .leftJoin('users', 'users.id', 'persons.id')
        .leftJoin('invitations', 'invitations.person_id', 'persons.id')
        .select([
          'persons.id', 'persons.first_name', 'persons.last_name', 'persons.email', 'persons.do_not_email', 'persons.inactive',
          'persons.deceased_date', sql<boolean>`users.id is not null`.as('has_login'), 'invitations.sent_at as invited_at',
        ])
        .where('persons.id', '=', anyId(personIds))
        .orderBy(sql`lower(persons.first_name || ' ' || persons.last_name)`).orderBy('persons.id')
        .execute();
    },

    /** The pool Group's members of a ministry. */
    async poolMemberIds(ministryId: number): Promise<number[]> {
      const rows = await db.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select('group_members.person_id').where('groups.ministry_id', '=', ministryId).execute();
      return rows.map((row) => row.person_id);
    },

    /** The people actively qualified for an active position of the team: its members. */
    async teamMemberIds(teamId: number): Promise<number[]> {
      const rows = await db.selectFrom('qualifications').innerJoin('positions', 'positions.id', 'qualifications.position_id')
        .select('qualifications.person_id').distinct()
        .where('positions.team_id', '=', teamId).where('positions.active', '=', true).where('qualifications.active', '=', true).execute();
      return rows.map((row) => row.person_id);
    },

    /**
     * Which of `personIds` a coordinator reaches: people in the pool of, or qualified for a position of, a ministry
     * they coordinate, and people qualified for a position of a team they lead.
     */
    async inReach(personIds: readonly number[], ministryIds: readonly number[], teamIds: readonly number[]): Promise<number[]> {
      if (personIds.length === 0 || (ministryIds.length === 0 && teamIds.length === 0)) return [];
      const rows = await db.selectFrom('persons').select('persons.id')
        .where('persons.id', '=', anyId(personIds))
        .where((eb) => eb.or([
          eb.exists(eb.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id').select(sql`1`.as('one'))
            .whereRef('group_members.person_id', '=', 'persons.id').where('groups.ministry_id', '=', anyId(ministryIds))),
          eb.exists(eb.selectFrom('qualifications').innerJoin('positions', 'positions.id', 'qualifications.position_id').select(sql`1`.as('one'))
            .whereRef('qualifications.person_id', '=', 'persons.id')
            .where((inner) => inner.or([inner('positions.ministry_id', '=', anyId(ministryIds)), inner('positions.team_id', '=', anyId(teamIds))]))),
        ]))
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every invited person a coordinator reaches (see `inReach`), to list their invitations. */
    async invitedIds(): Promise<number[]> {
      const rows = await db.selectFrom('invitations').select('person_id').execute();
      return rows.map((row) => row.person_id);
    },
  };
}
