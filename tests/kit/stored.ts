import { sql, type Selectable } from 'kysely';
import { createRepositories } from '../../src/db/repositories/index.js';
import type { DB } from '../../src/db/schema.js';
import { MAX_ATTEMPTS } from '../../src/domain/notifications/outbox.service.js';
import type { TestServer } from '../helpers/server.js';

/*
 * The database behind the routes, for the two things a black-box test cannot do over HTTP:
 * - check state no route shows: nothing half-written after a refusal, what a cascade removed, the outbox;
 * - make state no route makes: data from before a rule, rows an import brings, a broken install, a fault; and a
 *   delivery failed for good, which only five real drains make.
 * Everything else is arranged through the services (`volunteer.ts`) and asserted over HTTP. Each writer here
 * names the state it makes and says why it is made here.
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
 * The user's stored password hash, as an earlier release left it: the service hashes only at its own cost, so a
 * weaker hash comes only from an install that predates it.
 */
export async function storePasswordHash(server: TestServer, userId: number, hash: string) {
  await server.database.db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/**
 * The person's stored address as blanks only, as a row written outside the routes (an older import, a hand edit) may
 * hold it: every route stores a blank address as none.
 */
export async function storeBlankEmail(server: TestServer, personId: number) {
  await server.database.db.updateTable('persons').set({ email: '   ' }).where('id', '=', personId).execute();
}

/**
 * The schedule's needs lowered to a Max below the defaults they hold, as plans saved before Max was checked against
 * the defaults were left: every route that changes a need refuses such a Max now.
 */
export async function lowerMaxBelowDefaults(server: TestServer, scheduleId: number, maxCount: number) {
  await server.database.db.updateTable('requirements').set({ max_count: maxCount }).where('schedule_id', '=', scheduleId).execute();
}

/**
 * The ministry without a pool Group, as data from before pools existed: the service creates every ministry with
 * one and refuses to delete it.
 */
export async function detachPoolGroup(server: TestServer, ministryId: number) {
  await server.database.db.updateTable('groups').set({ ministry_id: null }).where('ministry_id', '=', ministryId).execute();
}

/**
 * The pending messages matching `filter` failed for good, recorded by the outbox's own failure step at each of its
 * attempts. Failing them for real takes five drains against a mail server that refuses their recipients and nobody
 * else's (tests/jobs/outbox.test.ts does it); a test about what follows a failure starts from here instead.
 * Answers how many failed.
 */
export async function markDeliveriesFailed(server: TestServer, filter: Filter, error = 'Mailbox unavailable'): Promise<number> {
  const { notifications } = createRepositories(server.database.db);
  const rows = await storedRows(server, 'notifications', { ...filter, status: 'pending' });
  for (const row of rows) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) await notifications.markFailure(row.id, error, row.scheduled_for ?? row.created_at, MAX_ATTEMPTS);
  }
  return rows.length;
}

/**
 * The assignment as if never answered: `pending` again, its response trail gone. No route takes an answer back;
 * volunteers and coordinators only answer again, which appends to the trail.
 */
export async function undoAnswers(server: TestServer, assignmentId: number) {
  const { db } = server.database;
  await db.deleteFrom('responses').where('assignment_id', '=', assignmentId).execute();
  await db.updateTable('assignments').set({ status: 'pending', responded_at: null }).where('id', '=', assignmentId).execute();
}

/**
 * The Staff-this-event schedule without its occurrence: deleting the occurrence (E7) or its event takes such a
 * schedule with it, so no route leaves one.
 */
export async function dropOneOffOccurrence(server: TestServer, scheduleId: number) {
  await server.database.db.deleteFrom('occurrences').where('schedule_id', '=', scheduleId).execute();
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

/** The database refuses a person of this last name: an import's later row fails after its earlier ones were written. */
export async function refusePeopleNamed(server: TestServer, lastName: string): Promise<void> {
  const constraint = sql.id(`test_refuse_person_${lastName.replace(/\W/g, '_').toLowerCase()}`);
  await sql`alter table persons add constraint ${constraint} check (last_name <> ${sql.lit(lastName)})`.execute(server.database.db);
}

/** The settings table is gone: every read of a setting fails, as on a damaged install. */
export async function dropSettingsTable(server: TestServer) {
  await sql`drop table settings`.execute(server.database.db);
}

/** The database refuses to delete any staffing default naming the person until the answer is called. */
export async function refuseDefaultDeletesOf(server: TestServer, personId: number): Promise<() => Promise<void>> {
  const { db } = server.database;
  await sql`create function test_refuse_default_delete() returns trigger language plpgsql as $$
    begin raise exception 'default delete refused for the test'; end $$`.execute(db);
  await sql`create trigger test_refuse_default_delete before delete on requirement_defaults
    for each row when (old.person_id = ${sql.lit(personId)}) execute function test_refuse_default_delete()`.execute(db);
  return async () => {
    await sql`drop trigger test_refuse_default_delete on requirement_defaults`.execute(db);
    await sql`drop function test_refuse_default_delete()`.execute(db);
  };
}

/**
 * No user is an administrator, so that a test's own are the only ones. No route leaves a church without one: the
 * last active administrator can be neither demoted nor removed.
 */
export async function demoteEveryAdministrator(server: TestServer) {
  await server.database.db.updateTable('users').set({ is_admin: false }).execute();
}

/** The group retired (inactive), as the church system retires groups: our routes create and delete them, never retire one. */
export async function retireGroup(server: TestServer, groupId: number) {
  await server.database.db.updateTable('groups').set({ active: false }).where('id', '=', groupId).execute();
}

/**
 * An expired password reset token of the user with the given hash. The service stores only hashes of tokens it
 * drew at random, so a chosen one (say, one that collides) comes only from here.
 */
export async function storeResetToken(server: TestServer, userId: number, tokenHash: string) {
  await server.database.db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: sql`now()`, expires_at: sql`now()` }).execute();
}

/**
 * The latest migration recorded as not run, as a database looks to an instance of a newer build, until `restore`
 * is called. Only the migrator writes that record.
 */
export async function forgetLatestMigration(server: TestServer): Promise<{ name: string; restore: () => Promise<void> }> {
  const { db } = server.database;
  const { rows: [latest] } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
  await sql`delete from kysely_migration where name = ${latest.name}`.execute(db);
  return {
    name: latest.name,
    restore: async () => {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(db);
    },
  };
}

/** The database refuses to delete the calendar until the answer is called: a table made for the purpose holds on to it. */
export async function refuseCalendarDeletion(server: TestServer, calendarId: number): Promise<() => Promise<void>> {
  const { db } = server.database;
  const holder = sql.table(`test_hold_calendar_${calendarId}`);
  await sql`create table ${holder} (calendar_id integer references calendars (id))`.execute(db);
  await sql`insert into ${holder} values (${calendarId})`.execute(db);
  return async () => {
    await sql`drop table ${holder}`.execute(db);
  };
}
