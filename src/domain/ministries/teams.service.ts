import type { Kysely } from 'kysely';
import { teamOfMinistry } from './team-filter.js';
import type { Repositories } from '../../db/repositories/index.js';
import type { Authorized } from '../access/authorized.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB, MinistryRow, TeamRow } from '../../db/schema.js';
import { hasRole } from '../access/caller.js';
import type { VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher, type UnitOfWork } from '../domain-events.js';
import { conflict, invalid } from '../errors.js';
import type { ClassEventsOnDelete, NewTeamCommand, TeacherImport, TeamChangesCommand } from './teams.commands.js';
import { deleteEventsIn } from '../events/events.service.js';
import { SUNDAY_SCHOOL_GROUP_TYPE } from '../groups/groups.service.js';
import { joinPool } from './pool.js';
import { DatabaseService } from '../database-service.js';

export const TEACHER_ROLE_ID = 1;
/** Teams (contract §4.2) including the Sunday School class link and E17. */
export class TeamsService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  async list(ministry: Authorized<'ministry'>, active?: boolean) {
    return this.repos.teams.listWithDetails({ ministryId: ministry.id, active });
  }

  async detail(authorized: Authorized<'team'>) {
    const repos = this.repos;
    const team = (await repos.teams.findWithDetails(authorized.id))!;
    const [leaders, positions] = await Promise.all([repos.teams.leaders([team.id]), repos.positions.list({ teamIds: [team.id] })]);
    return { team, leaders, positions };
  }

  private async teamOut(repos: Repositories, teamId: number) {
    const team = (await repos.teams.findWithDetails(teamId))!;
    return { team, leaders: await repos.teams.leaders([teamId]) };
  }

  /** Checks a class to link: the ministry teaches Sunday School, the group is a class with a Teacher role, no other team has it. */
  private async checkClass(repos: Repositories, ministry: MinistryRow, groupId: number, exceptTeamId?: number) {
    if (!ministry.sunday_school) throw invalid('This ministry does not run Sunday School classes; turn sundaySchool on first');
    const group = await repos.groups.findById(groupId);
    const roles = group ? await repos.groups.roles([groupId]) : [];
    if (!group || group.type !== SUNDAY_SCHOOL_GROUP_TYPE || !roles.some((r) => r.role_id === TEACHER_ROLE_ID && r.name === 'Teacher')) {
      throw invalid('The class must be a Sunday School class with a Teacher role');
    }
    const linked = await repos.teams.findByClass(groupId);
    if (linked && linked.id !== exceptTeamId) throw conflict('That class is already linked to another team');
    return group;
  }

  /**
   * The class's current teachers become qualified volunteers of the team through an import position:
   * an existing position of the team (`importPositionId`, so only when re-linking an existing team) or a new
   * one of the team (`importPositionName`).
   */
  private async importTeachers(uow: UnitOfWork, actor: VolunteerActor, ministry: MinistryRow, team: TeamRow, groupId: number, input: TeacherImport, now: string) {
    const members = await uow.repos.groups.members(groupId);
    const teachers = members.filter((m) => m.role_id === TEACHER_ROLE_ID).map((m) => m.person_id);
    if (teachers.length === 0) return;
    let positionId = input.importPositionId;
    if (positionId !== undefined) {
      const position = await uow.repos.positions.findById(positionId);
      if (!position || position.team_id !== team.id) throw invalid('The import position must be a position of this team');
    } else if (input.importPositionName?.trim()) {
      positionId = (await uow.repos.positions.insert({ ministry_id: ministry.id, team_id: team.id, name: input.importPositionName.trim().slice(0, 100) })).id;
    } else {
      throw invalid('The class already has teachers: choose the position they hold (importPositionId or importPositionName)');
    }
    for (const personId of teachers) {
      await uow.repos.qualifications.grant(personId, positionId, actor.caller.personId, now, null);
      await joinPool(uow, ministry.id, personId);
    }
  }

  async create(actor: VolunteerActor, ministry: Authorized<'ministry'>, input: NewTeamCommand) {
    const { name } = input;
    const repos = this.repos;
    if (input.classGroupId) await this.checkClass(repos, ministry, input.classGroupId);
    if (await repos.teams.isNameTaken(ministry.id, name)) throw conflict('This ministry already has a team of that name');
    const now = await this.time.now();
    try {
      return await inTransaction(this.db, this.publisher, async (uow) => {
        const team = await uow.repos.teams.insert({ ministry_id: ministry.id, name, description: input.description ?? null, class_group_id: input.classGroupId ?? null });
        if (input.classGroupId) await this.importTeachers(uow, actor, ministry, team, input.classGroupId, input, now);
        return this.teamOut(uow.repos, team.id);
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That team name or class is already taken in this ministry');
      throw error;
    }
  }

  async update(actor: VolunteerActor, team: Authorized<'team'>, changes: TeamChangesCommand) {
    const repos = this.repos;
    const ministry = (await repos.ministries.findById(team.ministry_id))!;
    const update: Record<string, unknown> = {};
    if (changes.name !== undefined) {
      if (await repos.teams.isNameTaken(team.ministry_id, changes.name, team.id)) throw conflict('This ministry already has a team of that name');
      update.name = changes.name;
    }
    if (changes.description !== undefined) update.description = changes.description;
    if (changes.active !== undefined) update.active = changes.active;
    const classEvents = changes.classEvents ?? 'keep';
    const isClassChanging = changes.classGroupId !== undefined && changes.classGroupId !== team.class_group_id;
    if (isClassChanging) {
      if (changes.classGroupId !== null) await this.checkClass(repos, ministry, changes.classGroupId!, team.id);
      update.class_group_id = changes.classGroupId;
    }
    if (classEvents === 'move' && (!isClassChanging || changes.classGroupId === null)) throw invalid('classEvents "move" needs a new class');
    const now = await this.time.now();
    try {
      return await inTransaction(this.db, this.publisher, async (uow) => {
        await uow.repos.teams.update(team.id, update);
        if (isClassChanging && team.class_group_id !== null && classEvents !== 'keep') {
          const eventIds = await uow.repos.ministryEvents.ownedWithLinkedGroup(team.ministry_id, team.class_group_id);
          await uow.repos.ministryEvents.unlinkGroup(eventIds, team.class_group_id);
          if (classEvents === 'move') await uow.repos.events.linkGroups(eventIds, [changes.classGroupId!]);
        }
        if (isClassChanging && changes.classGroupId) {
          await this.importTeachers(uow, actor, ministry, { ...team, ...update } as TeamRow, changes.classGroupId, changes, now);
        }
        return this.teamOut(uow.repos, team.id);
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('That team name or class is already taken in this ministry');
      throw error;
    }
  }

  /**
   * E17: 409 for the ministry's only team; otherwise one transaction removes the team with its positions,
   * qualifications, requirements, schedules, occurrences, all assignments and leader grants, and treats the
   * ministry's events linked to the team's class as `classEvents` says.
   */
  async delete(actor: VolunteerActor, team: Authorized<'team'>, classEvents: ClassEventsOnDelete): Promise<void> {
    const repos = this.repos;
    if ((await repos.teams.countInMinistry(team.ministry_id)) <= 1) {
      throw conflict("This is the ministry's only team; rename it instead of deleting it");
    }
    await inTransaction(this.db, this.publisher, async (uow) => {
      const classId = team.class_group_id;
      const eventIds = classId !== null && classEvents !== 'keep' ? await uow.repos.ministryEvents.ownedWithLinkedGroup(team.ministry_id, classId) : [];
      if (classEvents === 'remove' && classId !== null) await uow.repos.ministryEvents.unlinkGroup(eventIds, classId);
      if (classEvents === 'delete' && eventIds.length > 0) {
        if (!hasRole(actor.caller, 'addEvents')) {
          const others = await uow.repos.ministryEvents.otherMinistriesStaffing(eventIds, team.ministry_id);
          if (others.length > 0) {
            throw conflict(`${others.map((o) => o.ministry_name).join(', ')} has volunteers on these events; they cannot be deleted`, {
              ministries: others.map((o) => ({ ministryId: o.ministry_id, ministryName: o.ministry_name })),
            });
          }
        }
        await deleteEventsIn(uow, eventIds);
      }
      await uow.repos.teams.deleteWithHistory(team.id);
    });
  }

  /**
   * Sunday School classes a team of this ministry may link (not linked elsewhere); `teamId` must name a team
   * of this ministry (400 otherwise), so another ministry's class is never offered as its own.
   */
  async linkableClasses(ministry: Authorized<'ministry'>, teamId?: number) {
    if (teamId !== undefined) await teamOfMinistry(this.repos, ministry.id, teamId);
    if (!ministry.sunday_school) return { sundaySchool: false, classes: [] };
    const classes = await this.repos.volunteerRoster.linkableClasses(teamId);
    return { sundaySchool: true, classes: classes.map((c) => ({ id: c.id, name: c.name, teacherCount: c.teacher_count ?? 0 })) };
  }

  /** §6.4: the ministry's events linked to the team's class, and other ministries staffing them. */
  async classEvents(team: Authorized<'team'>) {
    const repos = this.repos;
    const ministry = (await repos.ministries.findById(team.ministry_id))!;
    const base = { teamId: team.id, ministryId: ministry.id, ministryName: ministry.name };
    if (team.class_group_id === null) {
      return { ...base, classGroupId: null, classGroupName: null, total: 0, upcoming: 0, otherStaffing: [] };
    }
    const group = await repos.groups.findById(team.class_group_id);
    const eventIds = await repos.ministryEvents.ownedWithLinkedGroup(ministry.id, team.class_group_id);
    const now = await this.time.now();
    const events = await repos.events.findByIds(eventIds);
    const others = await repos.ministryEvents.otherMinistriesStaffing(eventIds, ministry.id);
    return {
      ...base,
      classGroupId: team.class_group_id,
      classGroupName: group?.name ?? null,
      total: events.length,
      upcoming: events.filter((e) => e.start_at >= now).length,
      otherStaffing: others.map((o) => ({ ministryId: o.ministry_id, ministryName: o.ministry_name, assigned: o.assigned, eventCount: o.event_count })),
    };
  }
}
