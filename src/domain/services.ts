import type { Database } from '../db/database.js';
import { AuthCache } from './access/auth-cache.js';
import { VolunteerAccessService } from './access/volunteer-access.service.js';
import { MinistriesService } from './ministries/ministries.service.js';
import { PoolService } from './ministries/pool.service.js';
import { PositionsService } from './ministries/positions.service.js';
import { QualificationsService } from './ministries/qualifications.service.js';
import { ScopesService } from './ministries/scopes.service.js';
import { TeamsService } from './ministries/teams.service.js';
import { OccurrencesService } from './occurrences/occurrences.service.js';
import { SchedulesService } from './schedules/schedules.service.js';
import { MinistryEventsService } from './ministry-events/ministry-events.service.js';
import { LookupsService } from './ministry-events/lookups.service.js';
import { AssignmentsService } from './assignments/assignments.service.js';
import { AutoFillService } from './autofill/autofill.service.js';
import { CoordinatorActionsService } from './assignments/coordinator-actions.service.js';
import { MemberService } from './assignments/member.service.js';
import { AnswerLinksService } from './assignments/answer-links.service.js';
import { AskAgainService } from './assignments/ask-again.service.js';
import { MessagesService } from './messages/messages.service.js';
import { AcceptAllService } from './assignments/accept-all.service.js';
import { AttendanceService } from './attendance/attendance.service.js';
import { KiosksService } from './attendance/kiosks.service.js';
import { SwapsService } from './assignments/swaps.service.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { RecentRepliesService } from './dashboard/recent-replies.service.js';
import { BlockoutsService } from './availability/blockouts.service.js';
import { CredentialsService } from './availability/credentials.service.js';
import { HouseholdService } from './availability/household.service.js';
import { AvailabilityGlanceService } from './availability/at-a-glance.service.js';
import { ReportsService } from './reports/reports.service.js';
import { PreferencesService } from './availability/preferences.service.js';
import { CalendarFeedsService } from './public/calendar-feeds.service.js';
import { ScheduleFeedService } from './public/schedule-feed.service.js';
import { RegistrationService } from './public/registration.service.js';
import { CalendarsService } from './calendars/calendars.service.js';
import { CartService } from './cart/cart.service.js';
import { ChurchTime } from './church-time.js';
import type { Clock } from './clock.js';
import { DomainEventPublisher, type DomainEvent } from './domain-events.js';
import { EventTypesService } from './events/event-types.service.js';
import { EventsService } from './events/events.service.js';
import { GroupsService } from './groups/groups.service.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { OutboxService } from './notifications/outbox.service.js';
import { PeopleImportService } from './people/import.service.js';
import { PeopleService } from './people/people.service.js';
import { SettingsService } from './settings/settings.service.js';
import { ApiKeysService } from './users/api-keys.service.js';
import { PasswordsService } from './users/passwords.service.js';
import { PasswordHasher, type ScryptCost } from './users/secrets.js';
import { SignInService } from './users/sign-in.service.js';
import { TwoFactorService } from './users/two-factor.service.js';
import { UsersService } from './users/users.service.js';

export interface ServiceOptions {
  /** Where a failing domain-event subscriber is reported (the request that caused the event never sees it). */
  onSubscriberError?: (error: unknown, event: DomainEvent) => void;
  /** scrypt's cost for new password hashes; OWASP's floor unless code passes another (the tests do). */
  passwordCost?: ScryptCost;
}

/** Every use-case service, wired once per process (or per test app). */
export function buildServices(database: Database, clock: Clock, options: ServiceOptions = {}) {
  const { db } = database;
  const authCache = new AuthCache(clock);
  const settings = new SettingsService(db, clock);
  const time = new ChurchTime(clock, settings);
  const publisher = new DomainEventPublisher(options.onSubscriberError);
  const hasher = new PasswordHasher(options.passwordCost);
  const apiKeys = new ApiKeysService(db, time, settings);
  const passwords = new PasswordsService(db, time, settings, hasher);
  const events = new EventsService(db, time, publisher);
  const volunteerAccess = new VolunteerAccessService(db, authCache, settings);
  const schedules = new SchedulesService(db, time, settings, publisher, volunteerAccess);
  const calendars = new CalendarsService(db, settings);
  const member = new MemberService(db, time, publisher);
  const answerLinks = new AnswerLinksService(db, time, member);
  const autoFill = new AutoFillService(db, time, settings, publisher, volunteerAccess);
  // A decline on a schedule that asks for it is filled again at once (issue 18).
  publisher.subscribe((event) => (event.type === 'assignment-declined' ? autoFill.refillAfterDecline(event) : undefined));
  return {
    settings,
    authCache,
    time,
    publisher,
    users: new UsersService(db, time, hasher),
    signIn: new SignInService(db, time, settings, authCache, hasher, apiKeys),
    apiKeys,
    passwords,
    twoFactor: new TwoFactorService(db, time, settings, passwords),
    outbox: new OutboxService(db, time, settings, answerLinks),
    people: new PeopleService(db, time),
    peopleImport: new PeopleImportService(db, time),
    groups: new GroupsService(db, time, publisher),
    calendars,
    eventTypes: new EventTypesService(db, settings),
    events,
    attendance: new AttendanceService(db, time, settings),
    kiosks: new KiosksService(db, time, settings),
    cart: new CartService(db, time),
    volunteerAccess,
    ministries: new MinistriesService(db, time, publisher),
    teams: new TeamsService(db, time, publisher),
    positions: new PositionsService(db, time, publisher),
    pool: new PoolService(db, time, publisher),
    qualifications: new QualificationsService(db, time, publisher),
    scopes: new ScopesService(db, time, publisher),
    schedules,
    occurrences: new OccurrencesService(db, time, publisher),
    ministryEvents: new MinistryEventsService(db, time, publisher, events, schedules, settings),
    lookups: new LookupsService(db, time, settings),
    assignments: new AssignmentsService(db, time, publisher),
    autoFill,
    reports: new ReportsService(db, time, settings),
    availabilityGlance: new AvailabilityGlanceService(db, time),
    assignmentActions: new CoordinatorActionsService(db, time, publisher),
    askAgain: new AskAgainService(db, time, publisher),
    workspaceMessages: new MessagesService(db, time, publisher, volunteerAccess),
    acceptAll: new AcceptAllService(db, member),
    member,
    answerLinks,
    swaps: new SwapsService(db, time, publisher),
    blockouts: new BlockoutsService(db, time),
    preferences: new PreferencesService(db, time),
    household: new HouseholdService(db, time),
    credentials: new CredentialsService(db, time),
    dashboard: new DashboardService(db, time, settings),
    recentReplies: new RecentRepliesService(db, time),
    calendarFeeds: new CalendarFeedsService(db, time, settings, calendars),
    scheduleFeed: new ScheduleFeedService(db, time, settings),
    registration: new RegistrationService(db, time, settings),
    invitations: new InvitationsService(db, time, volunteerAccess, hasher, apiKeys),
  };
}

export type Services = ReturnType<typeof buildServices>;
