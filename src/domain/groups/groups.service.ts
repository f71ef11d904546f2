import type { Kysely } from 'kysely';
import type { DB, GroupRow } from '../../db/schema.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { NewGroupCommand } from './groups.commands.js';
import { joinGroup, leaveGroup } from './memberships.js';
import { DatabaseService } from '../database-service.js';

/** Group type of a Sunday School class. */
export const SUNDAY_SCHOOL_GROUP_TYPE = 4;

/** Groups and their memberships (contract §15.2). */
export class GroupsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  /** A Sunday School class gets the roles Teacher and Student (default Student); any other group a Member role. */
  async createGroup(input: NewGroupCommand): Promise<GroupRow> {
    const isClass = input.isSundaySchool || input.groupType === SUNDAY_SCHOOL_GROUP_TYPE;
    const roles = isClass
      ? [{ role_id: 1, name: 'Teacher', sequence: 1 }, { role_id: 2, name: 'Student', sequence: 2 }]
      : [{ role_id: 1, name: 'Member', sequence: 1 }];
    const now = await this.time.now();
    return inTransaction(this.db, this.publisher, ({ repos }) =>
      repos.groups.insert(
        {
          name: input.name,
          description: input.description,
          type: isClass ? SUNDAY_SCHOOL_GROUP_TYPE : (input.groupType ?? 0),
          default_role_id: isClass ? 2 : 1,
          created_at: now,
        },
        roles,
      ),
    );
  }

  async getGroup(id: number) {
    const group = await this.repos.groups.findWithCount(id);
    if (!group) throw notFound('Group not found');
    return { group, roles: await this.repos.groups.roles([id]) };
  }

  async listGroups() {
    const groups = await this.repos.groups.listWithCounts();
    const roles = await this.repos.groups.roles(groups.map((g) => g.id));
    return groups.map((group) => ({ group, roles: roles.filter((role) => role.group_id === group.id) }));
  }

  async members(groupId: number) {
    await this.requireGroup(groupId);
    return this.repos.groups.members(groupId);
  }

  async roles(groupId: number) {
    await this.requireGroup(groupId);
    return this.repos.groups.roles([groupId]);
  }

  /** Adds (or re-roles) a member; answers the person's membership records in the group. */
  async addPerson(groupId: number, personId: number, roleId?: number) {
    const group = await this.requireGroup(groupId);
    if (!(await this.repos.persons.findById(personId))) throw notFound('Person not found');
    const roles = await this.repos.groups.roles([groupId]);
    const role = roleId ?? group.default_role_id;
    if (!roles.some((r) => r.role_id === role)) throw invalid('RoleID is not a role of this group');
    await inTransaction(this.db, this.publisher, async (uow) => {
      const added = await joinGroup(uow, groupId, personId, role);
      if (!added && roleId !== undefined) await uow.repos.groups.setMemberRole(groupId, personId, role);
    });
    const membership = await this.repos.groups.membership(groupId, personId);
    return membership ? [membership] : [];
  }

  async removePerson(groupId: number, personId: number): Promise<void> {
    await this.requireGroup(groupId);
    await inTransaction(this.db, this.publisher, (uow) => leaveGroup(uow, groupId, personId));
  }

  /** Deletes a group and its memberships; 404 unknown, 409 a ministry's pool Group (it goes only with its ministry, §18 #25). */
  async deleteGroup(groupId: number): Promise<void> {
    const group = await this.requireGroup(groupId);
    if (group.ministry_id !== null) throw conflict("This group is a ministry's volunteer pool");
    await this.repos.groups.delete(groupId);
  }

  private async requireGroup(groupId: number): Promise<GroupRow> {
    const group = await this.repos.groups.findById(groupId);
    if (!group) throw notFound('Group not found');
    return group;
  }
}
