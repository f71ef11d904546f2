import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { load, type Throughput } from './http.js';

/** An open slot as E10 lists it. */
export interface Slot {
  occurrenceId: number;
  positionId: number;
  openCount: number;
}

/**
 * Sign-up attempts in order: every slot once per open place plus once more, so that parallel clients race
 * for the last place and some attempts must be refused with 409 (the capacity check is what is measured).
 */
export function attemptsFor(slots: readonly Slot[], limit: number): Slot[] {
  const attempts: Slot[] = [];
  for (const slot of slots) {
    for (let i = 0; i <= slot.openCount; i++) attempts.push(slot);
    if (attempts.length >= limit) break;
  }
  return attempts.slice(0, limit);
}

/** E11 over HTTP: `connections` clients, each signed in as its own volunteer, take attempts from one queue. */
export async function httpSignups(baseUrl: string, keys: readonly string[], attempts: readonly Slot[], connections: number): Promise<Throughput> {
  let next = 0;
  let nextKey = 0;
  return load({
    url: baseUrl,
    connections,
    amount: attempts.length,
    requests: [{
      method: 'POST',
      path: '/api/me/signup',
      setupRequest(request, connection: object) {
        // autocannon hands each connection its own context: one volunteer per connection.
        const context = connection as { key?: string };
        context.key ??= keys[nextKey++ % keys.length];
        const slot = attempts[next++ % attempts.length];
        return {
          ...request,
          headers: { ...request.headers, 'content-type': 'application/json', 'x-api-key': context.key },
          body: JSON.stringify({ occurrenceId: slot.occurrenceId, positionId: slot.positionId }),
        };
      },
    }],
  });
}

/** What a bare client needs: one statement with parameters, and a transaction on one session. */
interface BareSession {
  query(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
}

const OCCURRENCE = `select o.*, s.ministry_id, s.team_id, e.end_at + make_interval(mins => s.end_offset_minutes) as end_at
  from occurrences o join schedules s on s.id = o.schedule_id join events e on e.id = o.event_id
  join ministries m on m.id = s.ministry_id join teams t on t.id = s.team_id where o.id = $1`;
const POSITION = 'select * from positions where id = $1';
const QUALIFIED = 'select id from qualifications where person_id = $1 and position_id = $2 and active = true';
const LOCK = `select o.id, o.status, e.end_at + make_interval(mins => s.end_offset_minutes) < $2::timestamp as is_over
  from occurrences o join schedules s on s.id = o.schedule_id join events e on e.id = o.event_id where o.id = $1 for update of o`;
const REQUIREMENTS = `select o.id as occurrence_id, r.id, r.occurrence_id as override_occurrence_id, r.position_id, r.min_count, r.max_count
  from occurrences o join requirements r on (r.schedule_id = o.schedule_id or r.occurrence_id = o.id)
  join positions p on p.id = r.position_id where o.id = $1 order by r.position_id`;
const LIVE = `select occurrence_id, position_id, count(*) filter (where status in ('pending', 'accepted'))::int as live_count
  from assignments where occurrence_id = $1 group by occurrence_id, position_id`;
const EXISTING = 'select * from assignments where occurrence_id = $1 and position_id = $2 and person_id = $3';
const INSERT = `insert into assignments (occurrence_id, position_id, person_id, requirement_id, status, source, assigned_at, assigned_by_person_id, responded_at)
  values ($1, $2, $3, $4, 'accepted', 'self_signup', $5, $3, $5) returning id`;
const NOTIFY = `insert into notifications (type, person_id, dedupe_key, scheduled_for, created_at, context, assignment_id, occurrence_id)
  values ('signup_confirm', $1, $2, $3, $3, '{}', $4, $5) on conflict (dedupe_key) do nothing`;

/** Statements of one bare sign-up, as E11 sends them (its own statements less the API-key lookup). */
export const BARE_STATEMENTS = 11;

class Full extends Error {}

/**
 * E11's capacity-checked insert with nothing around it: the same checks before the transaction, the same row
 * lock, requirement and count reads, duplicate check and the two inserts. Answers false when refused.
 */
async function bareSignup(session: BareSession, transaction: (work: (tx: BareSession) => Promise<void>) => Promise<void>, personId: number, slot: Slot, now: string): Promise<boolean> {
  const [occurrence] = (await session.query(OCCURRENCE, [slot.occurrenceId])).rows;
  const [position] = (await session.query(POSITION, [slot.positionId])).rows;
  if (!occurrence || !position || (await session.query(QUALIFIED, [personId, slot.positionId])).rows.length === 0) return false;
  try {
    await transaction(async (tx) => {
      const [locked] = (await tx.query(LOCK, [slot.occurrenceId, now])).rows;
      const rows = (await tx.query(REQUIREMENTS, [slot.occurrenceId])).rows.filter((r) => r.position_id === slot.positionId);
      const requirement = rows.find((r) => r.override_occurrence_id !== null) ?? rows[0];
      const live = (await tx.query(LIVE, [slot.occurrenceId])).rows.find((r) => r.position_id === slot.positionId)?.live_count ?? 0;
      if (!requirement || live >= (requirement.max_count ?? requirement.min_count)) throw new Full();
      if (locked.status !== 'scheduled' || locked.is_over) throw new Full();
      const [existing] = (await tx.query(EXISTING, [slot.occurrenceId, slot.positionId, personId])).rows;
      if (existing) throw new Full();
      const [{ id }] = (await tx.query(INSERT, [slot.occurrenceId, slot.positionId, personId, requirement.id, now])).rows;
      await tx.query(NOTIFY, [personId, `signup_confirm:${id}:${personId}`, now, id, slot.occurrenceId]);
    });
    return true;
  } catch (error) {
    if (error instanceof Full) return false;
    throw error;
  }
}

export interface BareResult {
  attemptsPerSecond: number;
  accepted: number;
  refused: number;
}

async function runClients(clients: number, attempts: readonly Slot[], attempt: (client: number, slot: Slot) => Promise<boolean>): Promise<BareResult> {
  let next = 0;
  let accepted = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    while (next < attempts.length) {
      if (await attempt(client, attempts[next++])) accepted++;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return { attemptsPerSecond: Math.round(attempts.length / seconds), accepted, refused: attempts.length - accepted };
}

const wallNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** The bare sign-up on a PostgreSQL server: `clients` connections of the `pg` driver, no pool, no framework. */
export async function bareSignupsOnPostgres(url: string, personIds: readonly number[], attempts: readonly Slot[], clients: number): Promise<BareResult> {
  const connections = await Promise.all(Array.from({ length: clients }, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }));
  try {
    return await runClients(clients, attempts, (i, slot) => {
      const client = connections[i];
      return bareSignup(client, async (work) => {
        await client.query('begin');
        try {
          await work(client);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      }, personIds[i % personIds.length], slot, wallNow());
    });
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

/** The bare sign-up on the embedded database: PGlite's own API in this process; it serialises transactions. */
export async function bareSignupsOnPglite(pgdata: string, personIds: readonly number[], attempts: readonly Slot[], clients: number): Promise<BareResult> {
  const pglite = await PGlite.create({ dataDir: pgdata });
  try {
    return await runClients(clients, attempts, (i, slot) =>
      bareSignup(pglite, (work) => pglite.transaction((tx) => work(tx)), personIds[i % personIds.length], slot, wallNow()));
  } finally {
    await pglite.close();
  }
}
