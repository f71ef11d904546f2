/**
 * The test kit: one import for what a test file needs. Arrange through the domain services (`volunteer.ts`,
 * `../helpers/factories.ts`), act over HTTP (`useServer`, `as`), assert refusals with `expectError`.
 */
export { newAdmin, newFamily, newPerson, newUser, otherEventTypeId, type TestUser } from '../helpers/factories.js';
export { startTestServer, TEST_PASSWORD_COST, type Answer, type TestServer } from '../helpers/server.js';
export { as, expectError, setUp, useOtherEventType, useProcessTimeZone, useSecondInstance, useServer, useUser } from './http.js';
export * from './volunteer.js';
export { startMailSink, useMailSink, type MailSink, type SunkMail } from './mail.js';
export { addAudienceGroup, assignToKiosk, checkIn, countRows, dropSettingsTable, storedRows, refuseCalendarsNamed, storePasswordHash } from './stored.js';
export { deleteMessagesOf, dropOneOffOccurrence, markDeliveriesFailed, undoAnswers } from './stored.js';
export { detachPoolGroup, insertBulkOccurrences, lowerMaxBelowDefaults, refuseDefaultDeletesOf } from './stored.js';
export { demoteEveryAdministrator, forgetLatestMigration, refuseCalendarDeletion, retireGroup, storeResetToken } from './stored.js';
