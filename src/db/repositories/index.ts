import type { Kysely } from 'kysely';
import type { Executor } from '../database.js';
import type { DB } from '../schema.js';
import { gapInputsReadModel } from '../read-models/gap-inputs.js';
import { memberViewReadModel } from '../read-models/member-view.js';
import { placementFactsReadModel } from '../read-models/placement-facts.js';
import { reportsReadModel } from '../read-models/reports.js';
import { recentRepliesReadModel } from '../read-models/recent-replies.js';
import { volunteerRosterReadModel } from '../read-models/volunteer-roster.js';
import { apiKeysRepository } from './api-keys.repository.js';
import { assignmentsRepository } from './assignments.repository.js';
import { attendanceRepository } from './attendance.repository.js';
import { autoFillRepository } from './auto-fill.repository.js';
import { blockoutsRepository } from './blockouts.repository.js';
import { credentialsRepository } from './credentials.repository.js';
import { householdRulesRepository } from './household-rules.repository.js';
import { preferencesRepository } from './preferences.repository.js';
import { ministriesRepository } from './ministries.repository.js';
import { ministryEventsRepository } from './ministry-events.repository.js';
import { occurrencesRepository } from './occurrences.repository.js';
import { positionsRepository } from './positions.repository.js';
import { qualificationsRepository } from './qualifications.repository.js';
import { requirementsRepository } from './requirements.repository.js';
import { schedulesRepository } from './schedules.repository.js';
import { scopesRepository } from './scopes.repository.js';
import { swapsRepository } from './swaps.repository.js';
import { teamsRepository } from './teams.repository.js';
import { calendarFeedsRepository } from './calendar-feeds.repository.js';
import { calendarsRepository } from './calendars.repository.js';
import { cartsRepository } from './carts.repository.js';
import { eventTypesRepository } from './event-types.repository.js';
import { eventsRepository } from './events.repository.js';
import { familiesRepository } from './families.repository.js';
import { groupsRepository } from './groups.repository.js';
import { installSecretsRepository } from './install-secrets.repository.js';
import { invitationsRepository } from './invitations.repository.js';
import { kiosksRepository } from './kiosks.repository.js';
import { locksRepository } from './locks.repository.js';
import { messagesRepository } from './messages.repository.js';
import { notificationsRepository } from './notifications.repository.js';
import { personsRepository } from './persons.repository.js';
import { rateLimitsRepository } from './rate-limits.repository.js';
import { settingsRepository } from './settings.repository.js';
import { usersRepository } from './users.repository.js';

/**
 * Every repository (one table's SQL each) and read model (a view across tables for one screen or rule, in
 * ../read-models), built on one executor: the root handle or an open transaction.
 */
export function createRepositories(db: Executor) {
  return {
    memberView: memberViewReadModel(db),
    gapInputs: gapInputsReadModel(db),
    placementFacts: placementFactsReadModel(db),
    recentReplies: recentRepliesReadModel(db),
    reports: reportsReadModel(db),
    volunteerRoster: volunteerRosterReadModel(db),
    apiKeys: apiKeysRepository(db),
    assignments: assignmentsRepository(db),
    attendance: attendanceRepository(db),
    autoFill: autoFillRepository(db),
    blockouts: blockoutsRepository(db),
    credentials: credentialsRepository(db),
    householdRules: householdRulesRepository(db),
    preferences: preferencesRepository(db),
    ministries: ministriesRepository(db),
    ministryEvents: ministryEventsRepository(db),
    occurrences: occurrencesRepository(db),
    positions: positionsRepository(db),
    qualifications: qualificationsRepository(db),
    requirements: requirementsRepository(db),
    schedules: schedulesRepository(db),
    scopes: scopesRepository(db),
    swaps: swapsRepository(db),
    teams: teamsRepository(db),
    calendarFeeds: calendarFeedsRepository(db),
    calendars: calendarsRepository(db),
    carts: cartsRepository(db),
    eventTypes: eventTypesRepository(db),
    events: eventsRepository(db),
    families: familiesRepository(db),
    groups: groupsRepository(db),
    installSecrets: installSecretsRepository(db),
    invitations: invitationsRepository(db),
    kiosks: kiosksRepository(db),
    locks: locksRepository(db),
    messages: messagesRepository(db),
    notifications: notificationsRepository(db),
    persons: personsRepository(db),
    rateLimits: rateLimitsRepository(db),
    settings: settingsRepository(db),
    users: usersRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one transaction with repositories rebuilt on it. Inside `work` use only `repos`:
 * a query on the root handle escapes the transaction (and on PGlite waits forever for the one connection).
 */
export async function withTransaction<T>(db: Kysely<DB>, work: (repos: Repositories) => Promise<T>): Promise<T> {
  return db.transaction().execute((tx) => work(createRepositories(tx)));
}
