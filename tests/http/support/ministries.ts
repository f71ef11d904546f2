import assert from 'node:assert/strict';
import { as, unique, setUp, useServer, useUser } from '../../kit/index.js';

/*
 * What the ministries test files (ministries-*.test.ts) share: the contract's messages, the answer of the create
 * route, and `useMinistries`, which declares the file's server and its users (an administrator, a global manager, a
 * volunteer) and answers the arrangers bound to them.
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

  async function createMinistry(fields: Record<string, unknown> = {}): Promise<Created> {
    const answer = await server.post('/api/ministries/ministries', { name: unique('Ministry'), ...fields }, as(manager));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body;
  }

  /** The team the ministry was created with: its first. */
  async function defaultTeamId(ministryId: number): Promise<number> {
    const answer = await server.get(`/api/ministries/ministries/${ministryId}`, as(manager));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return Math.min(...answer.body.teams.map((team: { id: number }) => team.id));
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

  async function setRollout(value: string): Promise<void> {
    const answer = await server.post('/admin/api/system/config/sVolunteerVersion', { value }, as(admin));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { value });
  }

  return {
    server, admin, manager, volunteer, createMinistry, defaultTeamId, addTeam, addPosition, addToPool, newEvent, setRollout,
  };
}
