/**
 * The test kit: one import for what a test file needs. Arrange through the domain services (`volunteer.ts`,
 * `../helpers/factories.ts`), act over HTTP (`useServer`, `as`), assert refusals with `expectError`; reach the
 * database only through `stored.ts`.
 */
export { newAdmin, newFamily, newPerson, newUser, otherEventTypeId, type TestUser } from '../helpers/factories.js';
export { startTestServer, TEST_PASSWORD_COST, type Answer, type TestServer } from '../helpers/server.js';
export { as, assignmentPage, expectError, setSetting, occurrencesByEvent, setUp, useOtherEventType, useProcessTimeZone, useSecondInstance, useServer, useUser } from './http.js';
export * from './volunteer.js';
export { startMailSink, useMailSink, watchedInbox, type MailSink, type SunkMail } from './mail.js';
export {
  assignToKiosk, checkIn, countRows, demoteEveryAdministrator, detachPoolGroup,
  dropOneOffOccurrence, dropSettingsTable, forgetLatestMigration, lowerMaxBelowDefaults, markDeliveriesFailed,
  refuseCalendarDeletion, refuseCalendarsNamed, refuseDefaultDeletesOf, refusePeopleNamed, retireGroup, storedRows,
  storeBlankEmail, storePasswordHash, storeResetToken, undoAnswers,
} from './stored.js';
