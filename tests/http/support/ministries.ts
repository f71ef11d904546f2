import assert from 'node:assert/strict';
import type { AssignmentStatus } from '../../../src/db/schema.js';
import { as, unique, setUp, useServer, useUser } from '../../kit/index.js';

/*
 * What the ministries test files (ministries-*.test.ts) share: the contract's messages, the answer of the create
 * route, and `useMinistries`, which declares the file's server and its users (an administrator, a global manager, a
 * volunteer) and answers the arrangers bound to them. The `insert…` arrangers write rows the routes under test
 * only read or delete (occurrences in any state, assignments with any status), straight into the database.
 */

export const NOW_ISO = '2026-03-04T15:00:00Z';
export const NOW_WALL_CLOCK = '2026-03-04 10:00:00';
export const ROLLOUT_REFUSAL = 'Volunteer Management V2 is not enabled';
export const COORDINATOR_GATE = 'Manage My Ministries access, with a ministry or team to manage, is required';
export const MANAGER_GATE = 'Ministry management access is required';
export const OUT_OF_SCOPE = 'Not authorized for this ministry';
export const STRICT_SUNDAY_SCHOOL = 'sundaySchool must be true or false';
export const PALETTE = [
  ['2E7D32', 'FFFFFF'], ['1565C0', 'FFFFFF'], ['6A1B9A', 'FFFFFF'], ['C62828', 'FFFFFF'], ['EF6C00', 'FFFFFF'], ['00838F', 'FFFFFF'],
];

export interface Created {
  ministry: any;
  poolGroupId: number;
  calendarId: number;
}

/** The file's server, its users, a `Sunday Worship` event type and the helpers below, bound to them. */
export function useMinistries() {
  const server = useServer();
  const admin = useUser(server, ['admin']);
  const manager = useUser(server, ['manageMinistries']);
  const volunteer = useUser(server);
  const eventType = { id: 0 };
  setUp(async () => {
    const type = await server.post('/api/events/types', { name: 'Sunday Worship' }, as(admin));
    assert.equal(type.status, 201, JSON.stringify(type.body));
    eventType.id = type.body.Id;
  });
  const db = () => server.database.db;

  async function createMinistry(fields: Record<string, unknown> = {}): Promise<Created> {
    const answer = await server.post('/api/ministries/ministries', { name: unique('Ministry'), ...fields }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body;
  }

  async function defaultTeamId(ministryId: number): Promise<number> {
    const row = await db().selectFrom('teams').select('id').where('ministry_id', '=', ministryId).orderBy('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function addTeam(ministryId: number, fields: Record<string, unknown> = {}): Promise<any> {
    const answer = await server.post(`/api/ministries/ministries/${ministryId}/teams`, { name: unique('Team'), ...fields }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.team;
  }

  async function addPosition(ministryId: number, teamId: number): Promise<any> {
    const answer = await server.post(`/api/ministries/ministries/${ministryId}/positions`, { teamId, name: unique('Position') }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.position;
  }

  async function addToPool(ministryId: number, personId: number): Promise<void> {
    const answer = await server.post(`/api/ministries/ministries/${ministryId}/pool/${personId}`, undefined, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
  }

  async function newEvent(fields: { start: string; end: string; ministryId?: number | null; pinned?: number[]; title?: string }): Promise<number> {
    const answer = await server.post('/api/events', {
      Title: fields.title ?? unique('Service'),
      Type: eventType.id,
      Start: fields.start,
      End: fields.end,
      PinnedCalendars: fields.pinned ?? [],
      MinistryId: fields.ministryId ?? null,
    }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.eventId;
  }

  async function insertSchedule(ministryId: number, teamId: number): Promise<number> {
    const row = await db().insertInto('schedules').values({
      ministry_id: ministryId, team_id: teamId, name: unique('Schedule'), link_mode: 'event_type', event_type_id: eventType.id,
      title_filter: null, group_id: null, event_id: null, window_start: '2026-01-01', window_end: null,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertOccurrence(scheduleId: number, eventId: number, status: 'scheduled' | 'cancelled' = 'scheduled'): Promise<number> {
    const event = await db().selectFrom('events').select('start_at').where('id', '=', eventId).executeTakeFirstOrThrow();
    const row = await db().insertInto('occurrences').values({
      schedule_id: scheduleId, event_id: eventId, occurrence_date: String(event.start_at).slice(0, 10), status, notes: null, generated_at: NOW_WALL_CLOCK,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertRequirement(owner: { scheduleId: number } | { occurrenceId: number }, positionId: number, minCount: number, maxCount: number | null = null): Promise<number> {
    const row = await db().insertInto('requirements').values({
      schedule_id: 'scheduleId' in owner ? owner.scheduleId : null,
      occurrence_id: 'occurrenceId' in owner ? owner.occurrenceId : null,
      position_id: positionId, min_count: minCount, max_count: maxCount, notes: null,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertAssignment(occurrenceId: number, positionId: number, personId: number, status: AssignmentStatus): Promise<number> {
    const row = await db().insertInto('assignments').values({
      occurrence_id: occurrenceId, position_id: positionId, person_id: personId, requirement_id: null, status,
      assigned_at: NOW_WALL_CLOCK, assigned_by_person_id: manager.personId, responded_at: null, replaces_assignment_id: null, notes: null,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async function setRollout(value: string): Promise<void> {
    const answer = await server.post('/admin/api/system/config/sVolunteerVersion', { value }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { value });
  }

  return {
    server, admin, manager, volunteer, db, createMinistry, defaultTeamId, addTeam, addPosition, addToPool, newEvent,
    insertSchedule, insertOccurrence, insertRequirement, insertAssignment, setRollout,
  };
}
