import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRepositories } from '../../src/db/repositories/index.js';
import { newUser, otherEventTypeId, useServer, useUser } from '../kit/index.js';

/**
 * Batches larger than one statement may carry parameters for (PostgreSQL refuses more than 65,535): the
 * timer job completes every ended assignment of a backlog (after an import or a long outage) in one go.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';

describe('cancelling the messages of completed assignments', () => {
  it('handles 70,000 assignment ids in one call and cancels the pending message among them', async () => {
    const key = { key: admin.apiKey };
    const ministryId = (await server.post(`${V}/ministries`, { name: 'Backlog' }, key)).body.ministry.id;
    const teamId = (await server.get(`${V}/ministries/${ministryId}/teams`, key)).body.teams[0].id;
    const positionId = (await server.post(`${V}/ministries/${ministryId}/positions`, { name: 'Sexton', teamId }, key)).body.position.id;
    const volunteer = await newUser(server);
    await server.post(`${V}/positions/${positionId}/qualifications`, { personId: volunteer.personId }, key);
    const typeId = await otherEventTypeId(server, admin.apiKey);
    const event = await server.post(`${V}/ministries/${ministryId}/events`, { title: 'Vespers', eventTypeId: typeId, date: '2026-03-10', startTime: '18:00', endTime: '19:00' }, key);
    const staffed = await server.post(`${V}/ministries/${ministryId}/staffed-events`, { eventId: event.body.events[0].id, teamId, requirements: [{ positionId, minCount: 1 }] }, key);
    const assigned = await server.post(`${V}/occurrences/${staffed.body.occurrence.id}/assignments`, { positionId, personId: volunteer.personId, allowOutsidePool: true }, key);
    assert.equal(assigned.status, 201, assigned.text);
    const assignmentId: number = assigned.body.assignment.id;

    const ids = Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i);
    ids[35_000] = assignmentId;
    await createRepositories(server.database.db).assignments.cancelPendingNotifications(ids);

    const messages = await server.database.db.selectFrom('notifications').select('status').where('assignment_id', '=', assignmentId).execute();
    assert.deepEqual(messages.map((m) => m.status), ['cancelled']);
  });
});
