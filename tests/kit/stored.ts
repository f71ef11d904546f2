import { sql, type Selectable } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import type { TestServer } from '../helpers/server.js';

/*
 * The database behind the routes, for the two things a black-box test cannot do over HTTP:
 * - check state no route shows: nothing half-written after a refusal, what a cascade removed, the outbox;
 * - make state no route makes: the past, a failed delivery, rows an import brings, a broken install.
 * Everything else is arranged through the services (`volunteer.ts`) and asserted over HTTP. Each writer here
 * names the state it makes and says why no route makes it.
 */

type Filter = Record<string, string | number | boolean | null | readonly (string | number)[]>;

/** Rows match a filter when they match every column of it; a list matches any of its values, and [] none. */
function whereOf(filter: Filter) {
  const conditions = Object.entries(filter).map(([column, value]) => {
    if (Array.isArray(value)) return value.length === 0 ? sql`false` : sql`${sql.ref(column)} in (${sql.join(value)})`;
    return value === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`;
  });
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** How many rows of `table` match `filter`. */
export async function countRows(server: TestServer, table: keyof DB, filter: Filter = {}): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${whereOf(filter)}`.execute(server.database.db);
  return rows[0].n;
}

/**
 * The rows of `table` matching `filter`, by their first column (the id where there is one): for what no route shows,
 * such as hashes, counters, links and the mail queued for others.
 */
export async function storedRows<T extends keyof DB>(server: TestServer, table: T, filter: Filter = {}): Promise<Array<Selectable<DB[T]>>> {
  const { rows } = await sql<Selectable<DB[T]>>`select * from ${sql.table(table)} where ${whereOf(filter)} order by 1`.execute(server.database.db);
  return rows;
}

/**
 * People checked in to an event (out again when `checkoutAt` is given). Check-in belongs to the kiosks, a part of
 * the church system this service does not serve; the volunteer routes only read it.
 */
export async function checkIn(server: TestServer, entries: Array<{ eventId: number; personId: number; checkinAt: string; checkoutAt?: string | null }>) {
  await server.database.db.insertInto('event_attend')
    .values(entries.map((entry) => ({ event_id: entry.eventId, person_id: entry.personId, checkin_at: entry.checkinAt, checkout_at: entry.checkoutAt ?? null })))
    .execute();
}

/** A kiosk device showing the event: kiosks are set up outside this service, which only refuses to delete the event. */
export async function assignToKiosk(server: TestServer, eventId: number, name: string) {
  await server.database.db.insertInto('kiosk_devices').values({ name, assigned_event_id: eventId }).execute();
}

/**
 * Another group in the event's audience. The reference system's events carry several (`Groups`); our routes set
 * one (`LinkedGroupId`), so a second one only arrives with imported data.
 */
export async function addAudienceGroup(server: TestServer, eventId: number, groupId: number) {
  await server.database.db.insertInto('event_audience').values({ event_id: eventId, group_id: groupId }).execute();
}

/**
 * The user's stored password hash, as an earlier release left it: the service hashes only at its own cost, so a
 * weaker hash comes only from an install that predates it.
 */
export async function storePasswordHash(server: TestServer, userId: number, hash: string) {
  await server.database.db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/*
 * Faults. A rule that a change is all-or-nothing is proved by making one of its later writes fail; no request can
 * make the database refuse a valid row, so these break the schema on purpose. The pool throws away a database
 * whose schema changed (tests/helpers/database-pool.ts), so a file need not undo them; one that goes on using the
 * database does.
 */

/** The database refuses a calendar of this name until the answer is called. */
export async function refuseCalendarsNamed(server: TestServer, name: string): Promise<() => Promise<void>> {
  const constraint = sql.id(`test_refuse_${name.replace(/\W/g, '_').toLowerCase()}`);
  await sql`alter table calendars add constraint ${constraint} check (name <> ${sql.lit(name)})`.execute(server.database.db);
  return async () => {
    await sql`alter table calendars drop constraint ${constraint}`.execute(server.database.db);
  };
}

/** The settings table is gone: every read of a setting fails, as on a damaged install. */
export async function dropSettingsTable(server: TestServer) {
  await sql`drop table settings`.execute(server.database.db);
}
