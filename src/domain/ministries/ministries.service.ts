import type { Kysely } from 'kysely';
import type { Repositories } from '../../db/repositories/index.js';
import type { Authorized } from '../access/authorized.js';
import { UniqueViolationError } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { hasRole } from '../access/caller.js';
import {
  assertMayChangeSundaySchool, assertMayDeleteMinistry, assertReadsMinistrySummary, ministriesInView, mayPinEventsOf, teamsInView,
} from '../access/ministries.policies.js';
import { permissionsOf, type VolunteerActor } from '../access/volunteer-access.js';
import type { ChurchTime } from '../church-time.js';
import { inTransaction, type DomainEventPublisher } from '../domain-events.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { CalendarGrantsCommand, MinistryChangesCommand, NewMinistryCommand } from './ministries.commands.js';
import { unfilledPositionCount } from '../staffing/staffing.js';
import { DatabaseService } from '../database-service.js';

/** Group type of a ministry's volunteer pool (the reference system's group type list: 1 = Ministry). */
export const MINISTRY_GROUP_TYPE = 1;
const CALENDAR_PALETTE = [
  ['2E7D32', 'FFFFFF'], ['1565C0', 'FFFFFF'], ['6A1B9A', 'FFFFFF'], ['C62828', 'FFFFFF'], ['EF6C00', 'FFFFFF'], ['00838F', 'FFFFFF'],
] as const;

/** `<ministry name> Team`, trimming the ministry name so the whole stays within 100 characters. */
export function defaultTeamName(ministryName: string): string {
  return `${ministryName.slice(0, 100 - ' Team'.length).trimEnd()} Team`;
}

/** Ministries (contract §4.1): create with pool, calendar and default team; scoped lists; E15 and E16. */
export class MinistriesService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly time: ChurchTime, private readonly publisher: DomainEventPublisher) {
    super(db);
  }

  async create(actor: VolunteerActor, command: NewMinistryCommand) {
    const { name } = command;
    if (await this.repos.ministries.isNameTaken(name)) throw conflict('A ministry of that name already exists');
    const now = await this.time.now();
    try {
      return await inTransaction(this.db, this.publisher, async ({ repos }) => {
        const ministry = await repos.ministries.insert({
          name,
          description: command.description ?? null,
          sunday_school: command.sundaySchool,
          created_at: now,
          created_by_person_id: actor.caller.personId,
        });
        await repos.teams.insert({ ministry_id: ministry.id, name: defaultTeamName(name) });
        const pool = await repos.groups.insert(
          {
            name: name.slice(0, 50),
            type: MINISTRY_GROUP_TYPE,
            description: `The volunteer pool of the ${name} ministry.`,
            default_role_id: 1,
            created_at: now,
            ministry_id: ministry.id,
          },
          [{ role_id: 1, name: 'Member', sequence: 1 }],
        );
        const [background, foreground] = CALENDAR_PALETTE[ministry.id % CALENDAR_PALETTE.length];
        const calendar = await repos.calendars.insert({ name: name.slice(0, 99), background_color: background, foreground_color: foreground, ministry_id: ministry.id });
        return { ministry: (await repos.ministries.findWithCounts(ministry.id))!, poolGroupId: pool.id, calendarId: calendar.id };
      });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('A ministry of that name already exists');
      throw error;
    }
  }

  /** Ministries where the caller has ministry-level authority (all for a manager), by name. */
  async list(actor: VolunteerActor, active?: boolean) {
    return this.repos.ministries.listWithCounts({ ids: ministriesInView(actor), active });
  }

  /** The ministry detail of §2: ministry, E16 summary, teams with leaders, positions and the pool. */
  async detail(actor: VolunteerActor, ministry: Authorized<'ministry'>) {
    const repos = this.repos;
    const [withCounts, teams, positions, pool] = await Promise.all([
      repos.ministries.findWithCounts(ministry.id),
      repos.teams.listWithDetails({ ministryId: ministry.id }),
      repos.positions.list({ ministryId: ministry.id }),
      repos.ministries.poolGroup(ministry.id),
    ]);
    const leaders = await repos.teams.leaders(teams.map((t) => t.id));
    const poolPeople = await repos.volunteerRoster.poolAndQualified(pool?.id ?? null, [], false);
    const qualifications = await repos.volunteerRoster.activeQualifications(poolPeople.map((p) => p.id), positions.filter((p) => p.active).map((p) => p.id));
    return {
      ministry: withCounts!,
      summary: await this.summaryFor(repos, actor, ministry.id),
      teams,
      leaders,
      positions,
      poolGroupId: pool?.id ?? null,
      poolGroupName: pool?.name ?? null,
      pool: { people: poolPeople, qualifications, poolGroupId: pool?.id ?? null },
    };
  }

  /** E16 on its own route: refused to a caller who may see only part of the ministry. */
  async summary(actor: VolunteerActor, ministry: Authorized<'ministry'>) {
    const repos = this.repos;
    assertReadsMinistrySummary(actor, ministry.id, await repos.teams.listWithDetails({ ministryId: ministry.id }));
    return { ministryId: ministry.id, summary: await this.summaryFor(repos, actor, ministry.id) };
  }

  /**
   * E16 counts. `unfilledPositionCount` covers the future scheduled occurrences the caller may see: the whole
   * ministry with ministry-level authority, else the union of the teams the caller leads.
   */
  private async summaryFor(repos: Repositories, actor: VolunteerActor, ministryId: number) {
    const now = await this.time.now();
    const teamIds = teamsInView(actor, ministryId);
    const [teamCount, pool, history, occurrenceIds] = await Promise.all([
      repos.teams.countInMinistry(ministryId),
      repos.ministries.poolGroup(ministryId),
      repos.ministries.historyCounts(ministryId),
      repos.gapInputs.openOccurrenceIds({ ministryId, teamIds }, now),
    ]);
    return {
      teamCount,
      volunteerCount: pool ? (await repos.groups.memberIds(pool.id)).length : 0,
      unfilledPositionCount: await unfilledPositionCount(repos, occurrenceIds),
      occurrenceCount: history.occurrence_count ?? 0,
      assignmentCount: history.assignment_count ?? 0,
    };
  }

  async update(actor: VolunteerActor, ministry: Authorized<'ministry'>, changes: MinistryChangesCommand) {
    const repos = this.repos;
    const update: Record<string, unknown> = {};
    if (changes.name !== undefined) {
      if (await repos.ministries.isNameTaken(changes.name, ministry.id)) throw conflict('A ministry of that name already exists');
      update.name = changes.name;
    }
    if (changes.sundaySchool !== undefined && changes.sundaySchool !== ministry.sunday_school) {
      assertMayChangeSundaySchool(actor);
      if (!changes.sundaySchool) {
        const linked = await repos.teams.classLinkedTeams(ministry.id);
        if (linked.length > 0) {
          throw conflict('Unlink the classes from these teams before turning Sunday School off', { teams: linked.map((t) => ({ id: t.id, name: t.name })) });
        }
      }
      update.sunday_school = changes.sundaySchool;
    }
    if (changes.description !== undefined) update.description = changes.description;
    if (changes.active !== undefined) update.active = changes.active;
    if (changes.helpWanted !== undefined) update.help_wanted = changes.helpWanted;
    if (changes.helpWantedText !== undefined) update.help_wanted_text = changes.helpWantedText ?? '';
    try {
      await repos.ministries.update(ministry.id, update);
    } catch (error) {
      if (error instanceof UniqueViolationError) throw conflict('A ministry of that name already exists');
      throw error;
    }
    return (await repos.ministries.findWithCounts(ministry.id))!;
  }

  /**
   * E15: 404, then 409 while active whatever the caller, then 403 unless a manager. One transaction removes
   * the ministry with everything under it, its pool Group and its calendar; its events stay without owner.
   */
  async delete(actor: VolunteerActor, ministry: Authorized<'ministry'>): Promise<void> {
    if (ministry.active) throw conflict('Deactivate this ministry before deleting it');
    assertMayDeleteMinistry(actor);
    const ministryId = ministry.id;
    await inTransaction(this.db, this.publisher, async ({ repos }) => {
      const pool = await repos.ministries.poolGroup(ministryId);
      const calendar = await repos.ministries.ownCalendar(ministryId);
      await repos.ministries.deleteAssignments(ministryId);
      await repos.ministries.delete(ministryId);
      if (pool) await repos.groups.delete(pool.id);
      if (calendar) await repos.calendars.delete(calendar.id);
    });
  }

  /** `/me/permissions` (contract §10): `managedTeamIds` takes in every team of the ministries listed in `managedMinistryIds`. */
  async permissions(actor: VolunteerActor) {
    const teams = await this.repos.teams.listInScope({ teamIds: [], ministryIds: [...actor.grantedMinistryIds] });
    return permissionsOf(actor, teams.map((t) => t.id));
  }

  /** `GET /api/calendars/{id}/ministries`: the ministries a church calendar is opened to. */
  async calendarMinistries(calendarId: number) {
    if (!(await this.repos.calendars.findById(calendarId))) throw notFound('Calendar not found');
    return { calendarId, ministries: await this.repos.ministries.ministriesOpenedTo(calendarId) };
  }

  /** Replaces the ministries a church calendar is opened to; a ministry's own calendar is refused. */
  async openCalendarTo(calendarId: number, command: CalendarGrantsCommand) {
    const calendar = await this.repos.calendars.findById(calendarId);
    if (!calendar) throw notFound('Calendar not found');
    const unique = command.ministryIds;
    // An id beyond the integer column's range names no ministry (and must not reach the database).
    const existing = await this.repos.ministries.existingIds(unique.filter((id) => id <= 2147483647));
    if (existing.length !== unique.length) throw invalid('One of the ministries does not exist');
    if (calendar.ministry_id !== null) throw conflict("A ministry's own calendar cannot be opened to other ministries");
    await inTransaction(this.db, this.publisher, ({ repos }) => repos.ministries.replaceCalendarGrants(calendarId, unique));
    return this.calendarMinistries(calendarId);
  }

  /** Calendars the caller may pin a ministry's events to (§15.3, §18 #6). */
  async pinnableCalendars(actor: VolunteerActor, ministryId: number | undefined) {
    if (hasRole(actor.caller, 'addEvents')) {
      return { ministryId: ministryId ?? null, calendarIds: (await this.repos.calendars.list()).map((c) => c.id).sort((a, b) => a - b) };
    }
    if (ministryId === undefined || !mayPinEventsOf(actor, ministryId)) return { ministryId: ministryId ?? null, calendarIds: [] };
    return { ministryId, calendarIds: await this.repos.ministries.pinnableCalendarIds(ministryId) };
  }
}
