import { sql, type Insertable } from 'kysely';
import type { Executor } from '../database.js';
import type { GroupRolesTable, GroupRow, GroupsTable } from '../schema.js';

export function groupsRepository(db: Executor) {
  const withCounts = () =>
    db
      .selectFrom('groups')
      .selectAll('groups')
      .select((eb) =>
        eb.selectFrom('group_members').select(sql<number>`count(*)::int`.as('n')).whereRef('group_members.group_id', '=', 'groups.id').as('member_count'),
      );

  return {
    async findById(id: number): Promise<GroupRow | undefined> {
      return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findWithCount(id: number) {
      return withCounts().where('groups.id', '=', id).executeTakeFirst();
    },

    async listWithCounts() {
      return withCounts().orderBy('groups.name').orderBy('groups.id').execute();
    },

    async insert(group: Insertable<GroupsTable>, roles: Array<Omit<Insertable<GroupRolesTable>, 'group_id'>>): Promise<GroupRow> {
      const row = await db.insertInto('groups').values(group).returningAll().executeTakeFirstOrThrow();
      await db.insertInto('group_roles').values(roles.map((role) => ({ ...role, group_id: row.id }))).execute();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async roles(groupIds: readonly number[]) {
      if (groupIds.length === 0) return [];
      return db.selectFrom('group_roles').selectAll().where('group_id', 'in', [...groupIds]).orderBy('group_id').orderBy('sequence').execute();
    },

    async members(groupId: number) {
      return db
        .selectFrom('group_members')
        .innerJoin('persons', 'persons.id', 'group_members.person_id')
        .select(['group_members.person_id', 'group_members.group_id', 'group_members.role_id', 'persons.first_name', 'persons.last_name', 'persons.email'])
        .where('group_members.group_id', '=', groupId)
        .orderBy('persons.last_name')
        .orderBy('persons.first_name')
        .execute();
    },

    async memberIds(groupId: number): Promise<number[]> {
      const rows = await db.selectFrom('group_members').select('person_id').where('group_id', '=', groupId).orderBy('person_id').execute();
      return rows.map((row) => row.person_id);
    },

    async membership(groupId: number, personId: number) {
      return db.selectFrom('group_members').selectAll().where('group_id', '=', groupId).where('person_id', '=', personId).executeTakeFirst();
    },

    /** Adds a member unless already one; answers whether a membership was created (safe under races). */
    async addMember(groupId: number, personId: number, roleId: number): Promise<boolean> {
      const row = await db
        .insertInto('group_members')
        .values({ group_id: groupId, person_id: personId, role_id: roleId })
        .onConflict((oc) => oc.columns(['person_id', 'group_id']).doNothing())
        .returning('person_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setMemberRole(groupId: number, personId: number, roleId: number): Promise<void> {
      await db.updateTable('group_members').set({ role_id: roleId }).where('group_id', '=', groupId).where('person_id', '=', personId).execute();
    },

    /** Answers whether a membership was removed. */
    async removeMember(groupId: number, personId: number): Promise<boolean> {
      const result = await db.deleteFrom('group_members').where('group_id', '=', groupId).where('person_id', '=', personId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
