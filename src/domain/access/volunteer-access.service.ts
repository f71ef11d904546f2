import type { Kysely } from 'kysely';
import type { AutoFillScope } from '../../db/repositories/auto-fill.repository.js';
import type { DB } from '../../db/schema.js';
import { hasRole, type Caller } from './caller.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { grant, type Authorized, type AuthorizedRows, type EntityKind } from './authorized.js';
import { assertMinistryAuthority, assertTeamAuthority, coordinatedMinistryIds, hasMinistryAuthority, isManager, volunteerActor, type VolunteerActor } from './volunteer-access.js';
import type { AuthCache } from './auth-cache.js';
import { coordinatorPageVerdict, type CoordinatorPageVerdict } from './route-access.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DatabaseService } from '../database-service.js';
import { assertReadsRoster, assertStaffsTeam } from './staffing.policies.js';

/**
 * The entity checks of contract §1.5 step 4: the record named in the path is loaded (404 when missing),
 * then the caller's authority over it is checked (403). 404 always comes before 403. Each answers the row as
 * `Authorized`, the only way a service gets one.
 */
export class VolunteerAccessService extends DatabaseService {
  constructor(db: Kysely<DB>, private readonly authCache: AuthCache, private readonly settings: SettingsService) {
    super(db);
  }

  async actorOf(caller: Caller): Promise<VolunteerActor> {
    const load = () => this.repos.scopes.grantsOf(caller.personId);
    // A caller checked in this request carries the count its key was checked at; one built elsewhere reads afresh.
    return volunteerActor(caller, caller.authGeneration === undefined ? await load() : await this.authCache.grantsOf(caller.personId, caller.authGeneration, load));
  }

  /** Whether `caller` (undefined when not signed in) may open the coordinator's pages, and where to go if not. */
  async coordinatorPage(caller: Caller | undefined): Promise<CoordinatorPageVerdict> {
    const rollout = await this.settings.get('sVolunteerVersion');
    return coordinatorPageVerdict(caller && (await this.actorOf(caller)), rollout);
  }

  /** A ministry, with ministry-level authority unless `authority` is `none`. */
  async ministry(actor: VolunteerActor, ministryId: number, authority: 'ministry' | 'none' = 'ministry', refusal?: string): Promise<Authorized<'ministry'>> {
    const ministry = await this.repos.ministries.findById(ministryId);
    if (!ministry) throw notFound('Ministry not found');
    if (authority === 'ministry') {
      if (refusal && !hasMinistryAuthority(actor, ministry.id)) throw forbidden(refusal);
      assertMinistryAuthority(actor, ministry.id);
    }
    return grant('ministry', ministry);
  }

  /**
   * A ministry for routes open to its coordinators and to leaders of one of its teams (schedule create,
   * staffed events): 403 only for a caller with no stake in it; the team in the body is checked later.
   */
  async ministryOrLedTeam(actor: VolunteerActor, ministryId: number): Promise<Authorized<'ministry'>> {
    const ministry = await this.ministry(actor, ministryId, 'none');
    if (!hasMinistryAuthority(actor, ministry.id)) {
      const teams = await this.repos.teams.listWithDetails({ ministryId: ministry.id });
      if (!teams.some((team) => actor.ledTeamIds.has(team.id))) throw forbidden('Not authorized for this ministry');
    }
    return ministry;
  }

  /** A team, with team-level authority, or ministry-level authority for edits and deletes (§18 #4). */
  async team(actor: VolunteerActor, teamId: number, authority: 'team' | 'ministry' = 'team'): Promise<Authorized<'team'>> {
    const team = await this.repos.teams.findById(teamId);
    if (!team) throw notFound('Team not found');
    if (authority === 'ministry') assertMinistryAuthority(actor, team.ministry_id, 'team');
    else assertTeamAuthority(actor, team);
    return grant('team', team);
  }

  /** A position, with authority over its team. */
  async position(actor: VolunteerActor, positionId: number): Promise<Authorized<'position'>> {
    return this.inTeamScope(actor, 'position', await this.repos.positions.findById(positionId), 'Position not found', 'position');
  }

  /** A qualification, with authority over its position's team. */
  async qualification(actor: VolunteerActor, qualificationId: number): Promise<Authorized<'qualification'>> {
    return this.inTeamScope(actor, 'qualification', await this.repos.qualifications.findDetailed(qualificationId), 'Qualification not found', 'qualification');
  }

  /** A schedule, with authority over its team (§3 `Sch`). */
  async schedule(actor: VolunteerActor, scheduleId: number): Promise<Authorized<'schedule'>> {
    return this.inTeamScope(actor, 'schedule', await this.repos.schedules.findById(scheduleId), 'Schedule not found', 'schedule');
  }

  /** An occurrence, with authority over its schedule's team (§3 `Occ`). */
  async occurrence(actor: VolunteerActor, occurrenceId: number): Promise<Authorized<'occurrence'>> {
    return this.inTeamScope(actor, 'occurrence', await this.repos.occurrences.findDetailed(occurrenceId), 'Occurrence not found', 'occurrence');
  }

  /** An assignment, with authority over its occurrence's schedule team (§3 `Asg`). */
  async assignment(actor: VolunteerActor, assignmentId: number): Promise<Authorized<'assignment'>> {
    return this.inTeamScope(actor, 'assignment', await this.repos.assignments.findInContext(assignmentId), 'Assignment not found', 'assignment');
  }

  /** A substitution request, with authority over its occurrence's schedule team (§3 `Swp`). */
  async swap(actor: VolunteerActor, swapId: number): Promise<Authorized<'swap'>> {
    return this.inTeamScope(actor, 'swap', await this.repos.swaps.findDetailed(swapId), 'Substitution request not found', 'substitution request');
  }

  /**
   * A person a coordinator or team leader may keep availability for: in the pool of a ministry they coordinate,
   * or actively qualified for a position of it or of a team they lead. Managers reach everyone.
   */
  async person(actor: VolunteerActor, personId: number): Promise<Authorized<'person'>> {
    const person = await this.repos.persons.findById(personId);
    if (!person) throw notFound('Person not found');
    if (!isManager(actor)) {
      const reached = await this.repos.blockouts.isPersonInScope(person.id, { ministryIds: coordinatedMinistryIds(actor), teamIds: [...actor.ledTeamIds] });
      if (!reached) throw forbidden('This person is not in a ministry or team you manage');
    }
    return grant('person', person);
  }

  /** A blockout of a person in the caller's reach. */
  async blockout(actor: VolunteerActor, blockoutId: number): Promise<Authorized<'blockout'>> {
    const blockout = await this.repos.blockouts.findById(blockoutId);
    if (!blockout) throw notFound('Blockout not found');
    await this.person(actor, blockout.person_id);
    return grant('blockout', blockout);
  }

  /**
   * What an auto-fill covers (issue 18): exactly one occurrence, schedule, team or ministry, each with the
   * authority it needs — a team leader reaches their team's occurrences, schedules and the team itself, a
   * ministry only its coordinators.
   */
  async autoFillScope(actor: VolunteerActor, scope: Partial<AutoFillScope>): Promise<AutoFillScope> {
    const named = (['occurrenceId', 'scheduleId', 'teamId', 'ministryId'] as const).filter((key) => scope[key] !== undefined);
    if (named.length !== 1) throw invalid('Name exactly one of occurrenceId, scheduleId, teamId or ministryId');
    if (scope.occurrenceId !== undefined) {
      const occurrence = await this.occurrence(actor, scope.occurrenceId);
      return { ministryId: occurrence.ministry_id, teamId: occurrence.team_id, occurrenceId: occurrence.id };
    }
    if (scope.scheduleId !== undefined) {
      const schedule = await this.schedule(actor, scope.scheduleId);
      return { ministryId: schedule.ministry_id, teamId: schedule.team_id, scheduleId: schedule.id };
    }
    if (scope.teamId !== undefined) {
      const team = await this.team(actor, scope.teamId);
      return { ministryId: team.ministry_id, teamId: team.id };
    }
    const ministry = await this.ministry(actor, scope.ministryId!);
    return { ministryId: ministry.id };
  }

  /** An auto-fill run: authority over its team, or over its ministry when it was not limited to one team. */
  async autoFillRun(actor: VolunteerActor, runId: number): Promise<Authorized<'autoFillRun'>> {
    const run = await this.repos.autoFill.findRun(runId);
    if (!run) throw notFound('Auto-fill run not found');
    if (run.team_id === null) assertMinistryAuthority(actor, run.ministry_id, 'auto-fill run');
    else assertTeamAuthority(actor, { id: run.team_id, ministry_id: run.ministry_id }, 'auto-fill run');
    return grant('autoFillRun', run);
  }

  /** The servings report of a ministry, or of one of its teams (then its leaders may read it too). */
  async servingsScope(actor: VolunteerActor, ministryId: number, teamId: number | undefined): Promise<{ ministry: Authorized<'ministry'>; teamId?: number }> {
    if (teamId === undefined) return { ministry: await this.ministry(actor, ministryId) };
    const ministry = await this.ministry(actor, ministryId, 'none');
    const team = await this.repos.teams.findById(teamId);
    if (!team || team.ministry_id !== ministry.id) throw notFound('Team not found');
    assertTeamAuthority(actor, team);
    return { ministry, teamId: team.id };
  }

  /** The roster's ministry and team (404 for either missing or the team in another ministry, then 403 by `readsRoster`). */
  async rosterScope(actor: VolunteerActor, ministryId: number, teamId: number | undefined) {
    const ministry = await this.ministry(actor, ministryId, 'none');
    const team = teamId === undefined ? undefined : await this.repos.teams.findById(teamId);
    if (teamId !== undefined && (!team || team.ministry_id !== ministry.id)) throw notFound('Team not found');
    assertReadsRoster(actor, ministry.id, team);
    return { ministry, team };
  }

  /** 404 for a missing row, then 403 unless the caller has authority over the team the row belongs to. */
  private inTeamScope<K extends EntityKind>(
    actor: VolunteerActor, kind: K, row: (AuthorizedRows[K] & { team_id: number; ministry_id: number }) | undefined, missing: string, noun: string,
  ): Authorized<K> {
    if (!row) throw notFound(missing);
    assertTeamAuthority(actor, { id: row.team_id, ministry_id: row.ministry_id }, noun);
    return grant(kind, row);
  }

  /** An event's headcounts: AddEvents, or a coordinator of the ministry that owns the event (404 before 403). */
  async eventHeadcounts(caller: Caller, eventId: number): Promise<void> {
    const event = await this.repos.events.findById(eventId);
    if (!event) throw notFound('Event not found');
    if (hasRole(caller, 'addEvents')) return;
    const ministryId = event.event_ministry_id;
    if (ministryId === null || !hasMinistryAuthority(await this.actorOf(caller), ministryId)) {
      throw forbidden('User must be an Admin or have AddEvents permission');
    }
  }

  // Staffing (issue 38): rows the staffing routes name in a body, or in a path no guard loads.

  /** A team named in a schedule's body: 400 unless it is a team of `ministryId`, then 403 without authority over it. */
  async scheduleTeam(actor: VolunteerActor, ministryId: number, teamId: number, noun: 'ministry' | 'schedule'): Promise<Authorized<'team'>> {
    const team = await this.repos.teams.findById(teamId);
    if (!team || team.ministry_id !== ministryId) throw invalid('The team must be a team of this ministry');
    assertStaffsTeam(actor, team, noun);
    return grant('team', team);
  }

  /** The team a schedule update moves the schedule to, checked as on create; undefined when it stays. */
  async scheduleMove(actor: VolunteerActor, schedule: Authorized<'schedule'>, teamId: number | undefined): Promise<Authorized<'team'> | undefined> {
    return teamId === undefined || teamId === schedule.team_id ? undefined : this.scheduleTeam(actor, schedule.ministry_id, teamId, 'schedule');
  }

  /** A staffing need: 404, then 403 by the team of the schedule or occurrence it belongs to. */
  async requirement(actor: VolunteerActor, requirementId: number): Promise<Authorized<'requirement'>> {
    const requirement = await this.repos.requirements.findById(requirementId);
    if (!requirement) throw notFound('Requirement not found');
    const owner = requirement.schedule_id !== null
      ? await this.repos.schedules.findById(requirement.schedule_id)
      : await this.repos.occurrences.findDetailed(requirement.occurrence_id!);
    assertStaffsTeam(actor, { id: owner!.team_id, ministry_id: owner!.ministry_id }, 'requirement');
    return grant('requirement', requirement);
  }
}
