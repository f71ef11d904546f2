import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Wall-clock timestamps travel as `YYYY-MM-DD HH:MM:SS` strings and dates as `YYYY-MM-DD` (see database.ts parsers). */
type Timestamp = string;
type DateOnly = string;

export interface FamiliesTable {
  id: Generated<number>;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  home_phone: string | null;
  work_phone: string | null;
  cell_phone: string | null;
  email: string | null;
  needs_review: Generated<boolean>;
  entered_by: Generated<number>;
  date_entered: Timestamp;
}

/** The languages the web app and the mails are written in (issue 33 #4). */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PersonsTable {
  id: Generated<number>;
  title: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  gender: Generated<number>;
  email: string | null;
  work_email: string | null;
  cell_phone: string | null;
  home_phone: string | null;
  work_phone: string | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  hide_age: Generated<boolean>;
  family_id: number | null;
  family_role_id: number | null;
  needs_review: Generated<boolean>;
  entered_by: Generated<number>;
  date_entered: Timestamp;
  deceased_date: DateOnly | null;
  inactive: Generated<boolean>;
  do_not_email: Generated<boolean>;
  /** `en` or `es`; null until the person chooses (migration 0026). */
  language: Language | null;
}

export interface UsersTable {
  /** Equal to the person id: one user per person. */
  id: number;
  user_name: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  add_events: Generated<boolean>;
  manage_groups: Generated<boolean>;
  edit_records: Generated<boolean>;
  delete_records: Generated<boolean>;
  finance: Generated<boolean>;
  manage_ministries: Generated<boolean>;
  manage_my_ministries: Generated<boolean>;
  failed_logins: Generated<number>;
  two_factor_secret: string | null;
  two_factor_last_step: number | null;
  two_factor_recovery_codes: string | null;
  /** A secret shown for enrolment, not yet confirmed with a code (migration 0018). */
  two_factor_pending_secret: string | null;
  portal_calendar_token: string | null;
  portal_calendar_selection: string | null;
  /** SHA-256 of the schedule feed's token, hex; the token itself is never stored. */
  schedule_feed_token_hash: string | null;
  last_portal_activity: Timestamp | null;
  created_at: Timestamp;
  /** The first administrator still signs in with the password of the first start (migration 0025). */
  has_initial_password: Generated<boolean>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  label: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** A web app sign-in (the session cookie): it ends after the idle and absolute lifetimes (migration 0024). */
  is_web_session: Generated<boolean>;
}

export interface SettingsTable {
  name: string;
  value: string;
}

/** One client's fixed window of a public rate limit (migration 0011); `key` names the client and the limit. */
export interface RateLimitWindowsTable {
  key: string;
  started_at: Timestamp;
  hits: number;
}

/** Secrets of this install (migration 0019): one current row per purpose, retired rows kept to recognise their links. */
export interface InstallSecretsTable {
  id: Generated<number>;
  /** `check_in_codes` (issue 36): the key of the QR codes My schedule shows for the kiosk. */
  purpose: 'answer_links' | 'check_in_codes';
  secret: string;
  created_at: Timestamp;
  retired_at: Timestamp | null;
}

/** What an outbox message is about; the mail composer has one text per type. */
export const NOTIFICATION_TYPES = [
  'assignment', 'reminder', 'signup_confirm', 'decline_alert', 'gap_alert', 'swap_proposed', 'swap_resolved', 'help_offer',
  'password_reset', 'account_locked', 'account_unlocked', 'email_changed', 'assignment_withdrawn',
  'two_factor_enabled', 'two_factor_disabled', 'invitation', 'registration_rejected', 'message', 'delivery_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationsTable {
  id: Generated<number>;
  type: NotificationType;
  channel: Generated<string>;
  person_id: number;
  context: string | null;
  dedupe_key: string;
  scheduled_for: Timestamp | null;
  status: Generated<string>;
  attempts: Generated<number>;
  last_attempt_at: Timestamp | null;
  sent_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  assignment_id: Generated<number | null>;
  occurrence_id: Generated<number | null>;
  claimed_until: Generated<Timestamp | null>;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  type: Generated<number>;
  description: string | null;
  default_role_id: Generated<number>;
  active: Generated<boolean>;
  include_in_email_export: Generated<boolean>;
  created_at: Timestamp;
  /** Set on a ministry's volunteer pool Group. */
  ministry_id: Generated<number | null>;
}

export interface GroupRolesTable {
  group_id: number;
  role_id: number;
  name: string;
  sequence: number;
}

export interface GroupMembersTable {
  person_id: number;
  group_id: number;
  role_id: number;
}

export interface CalendarsTable {
  id: Generated<number>;
  name: string;
  foreground_color: Generated<string>;
  background_color: Generated<string>;
  access_token: string | null;
  /** Set on a ministry's own calendar. */
  ministry_id: Generated<number | null>;
}

export interface EventTypesTable {
  id: Generated<number>;
  name: string;
  def_start_time: string | null;
  def_recur_type: Generated<string>;
  active: Generated<boolean>;
  /** The `Other` type the service seeded (§1.9), whatever it is called now. */
  seeded_fallback: Generated<boolean>;
}

export interface EventsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  text: string | null;
  type_id: number;
  start_at: Timestamp;
  end_at: Timestamp;
  inactive: Generated<boolean>;
  created_at: Timestamp;
  /** The owning ministry (wire `MinistryId`). */
  event_ministry_id: Generated<number | null>;
}

export interface CalendarEventsTable {
  calendar_id: number;
  event_id: number;
}

export interface EventAudienceTable {
  event_id: number;
  group_id: number;
}

export interface EventCountsTable {
  event_id: number;
  count_id: number;
  name: string;
  count: number;
  notes: string | null;
}

export interface EventAttendTable {
  id: Generated<number>;
  event_id: number;
  person_id: number;
  checkin_at: Timestamp | null;
  checkout_at: Timestamp | null;
  /** A coordinator's mark on the occurrence page (issue 36 #3); absent rows have no check-in time. */
  mark: AttendanceMark | null;
}

export const ATTENDANCE_MARKS = ['present', 'late', 'absent'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];

export interface KioskDevicesTable {
  id: Generated<number>;
  name: string;
  assigned_event_id: number | null;
  /** The kiosk's own credential, hashed (migration 0030); null on rows a church system wrote. */
  token_hash: string | null;
  created_at: Timestamp | null;
}

export interface CartsTable {
  user_id: number;
  person_id: number;
  added_at: Timestamp;
}

export interface MinistriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  created_by_person_id: number | null;
  help_wanted: Generated<boolean>;
  help_wanted_text: string | null;
  sunday_school: Generated<boolean>;
}

export interface TeamsTable {
  id: Generated<number>;
  ministry_id: number;
  name: string;
  description: string | null;
  active: Generated<boolean>;
  class_group_id: number | null;
}

export interface PositionsTable {
  id: Generated<number>;
  ministry_id: number;
  team_id: number;
  name: string;
  description: string | null;
  active: Generated<boolean>;
  recruiting: Generated<boolean>;
  self_assignable: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface QualificationsTable {
  id: Generated<number>;
  person_id: number;
  position_id: number;
  active: Generated<boolean>;
  granted_at: Timestamp;
  granted_by_person_id: number | null;
  notes: string | null;
}

export interface SchedulesTable {
  id: Generated<number>;
  ministry_id: number;
  team_id: number;
  name: string;
  link_mode: 'event_type' | 'class' | 'ministry' | 'event';
  event_type_id: number | null;
  title_filter: string | null;
  group_id: number | null;
  event_id: number | null;
  start_offset_minutes: Generated<number>;
  end_offset_minutes: Generated<number>;
  window_start: DateOnly;
  window_end: DateOnly | null;
  active: Generated<boolean>;
  one_off: Generated<boolean>;
  /** Ours (issue 18): a volunteer's decline is filled again by auto-fill at once. */
  refill_on_decline: Generated<boolean>;
}

export interface OccurrencesTable {
  id: Generated<number>;
  schedule_id: number;
  event_id: number;
  occurrence_date: DateOnly;
  status: Generated<'scheduled' | 'cancelled'>;
  notes: string | null;
  generated_at: Timestamp;
}

export interface RequirementsTable {
  id: Generated<number>;
  schedule_id: number | null;
  occurrence_id: number | null;
  position_id: number;
  min_count: Generated<number>;
  max_count: number | null;
  notes: string | null;
}

export interface RequirementDefaultsTable {
  id: Generated<number>;
  requirement_id: number;
  person_id: number;
  accepted: Generated<boolean>;
  set_by_person_id: number | null;
  sort: Generated<number>;
}

export const ASSIGNMENT_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'substituted', 'completed'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** The assignments that staff a position (contract §13.3): gaps, capacity, reminders and conflicts count these. */
export const LIVE_STATUSES = ['pending', 'accepted'] as const satisfies readonly AssignmentStatus[];
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const isLive = (status: AssignmentStatus): status is LiveStatus => (LIVE_STATUSES as readonly AssignmentStatus[]).includes(status);

/** A row in one of these still holds its position; only declined and cancelled rows are re-used (rule I8). */
export const HOLDING_STATUSES = ['pending', 'accepted', 'substituted', 'completed'] as const satisfies readonly AssignmentStatus[];
export const holdsPosition = (status: AssignmentStatus) => (HOLDING_STATUSES as readonly AssignmentStatus[]).includes(status);

/** What counts as having served, for rotation order: live work and work done, not work handed to a substitute. */
export const SERVICE_STATUSES = ['pending', 'accepted', 'completed'] as const satisfies readonly AssignmentStatus[];

export type AssignmentSource = 'coordinator' | 'self_signup' | 'substitute';

export interface AssignmentsTable {
  id: Generated<number>;
  occurrence_id: number;
  position_id: number;
  person_id: number;
  requirement_id: number | null;
  status: Generated<AssignmentStatus>;
  source: Generated<AssignmentSource>;
  assigned_at: Timestamp;
  assigned_by_person_id: number | null;
  responded_at: Timestamp | null;
  replaces_assignment_id: number | null;
  notes: string | null;
  /** The auto-fill run that created it (ours, issue 18); null for every other assignment. */
  auto_fill_run_id: Generated<number | null>;
}

/** Live and pending assignments per occurrence and position, kept by triggers on `assignments` (migration 0031); read-only here. */
export interface OccurrenceLiveCountsTable {
  occurrence_id: number;
  position_id: number;
  live_count: number;
  pending_count: number;
}

export interface AutoFillRunsTable {
  id: Generated<number>;
  ministry_id: number;
  team_id: number | null;
  /** The preview request's scope and window, as JSON. */
  scope: string;
  /** fillTo, allowOutsidePool and seed, as JSON. */
  options: string;
  committed_by_person_id: number | null;
  committed_at: Timestamp;
  undone_at: Timestamp | null;
  undone_by_person_id: number | null;
}

export type ResponseKind =
  | 'accepted' | 'declined' | 'cancelled' | 'substitute_proposed' | 'substitute_approved' | 'substitute_rejected' | 'substitute_withdrawn';

/** How an answer reached the service: the web app or API (`web`), a coordinator, or a link in an assignment mail (ours). */
export type ResponseChannel = 'web' | 'coordinator' | 'email';

export interface ResponsesTable {
  id: Generated<number>;
  assignment_id: number;
  person_id: number;
  response: ResponseKind;
  response_at: Timestamp;
  channel: Generated<ResponseChannel>;
  comment: string | null;
}

export interface SwapsTable {
  id: Generated<number>;
  assignment_id: number;
  proposed_by_person_id: number;
  proposed_person_id: number;
  status: Generated<'proposed' | 'approved' | 'rejected' | 'withdrawn'>;
  proposed_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by_person_id: number | null;
  comment: string | null;
}

export interface BlockoutsTable {
  id: Generated<number>;
  person_id: number;
  start_date: DateOnly;
  end_date: DateOnly;
  /** `HH:MM:SS`; both null for a whole day. */
  start_time: string | null;
  end_time: string | null;
  repeat_until: DateOnly | null;
  reason: string | null;
  created_by_person_id: number | null;
  created_at: Timestamp;
}

export interface ServingPreferencesTable {
  id: Generated<number>;
  person_id: number;
  /** Null: the preference holds across every ministry. */
  ministry_id: number | null;
  max_per_month: number | null;
  /** Weeks of the month (1–5, the day's ceil(day / 7)) as `1,3`; null for any week. */
  preferred_weeks: string | null;
  updated_at: Timestamp;
}

export interface HouseholdRulesTable {
  id: Generated<number>;
  /** The lower person id of the pair. */
  person_id: number;
  other_person_id: number;
  rule: HouseholdRule;
  created_by_person_id: number | null;
  created_at: Timestamp;
}

export const HOUSEHOLD_RULES = ['together', 'apart'] as const;
export type HouseholdRule = (typeof HOUSEHOLD_RULES)[number];

export interface CredentialsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface CredentialRequirementsTable {
  id: Generated<number>;
  credential_id: number;
  ministry_id: number;
  /** Null: every position of the ministry. */
  position_id: number | null;
  created_at: Timestamp;
}

export interface PersonCredentialsTable {
  id: Generated<number>;
  person_id: number;
  credential_id: number;
  /** Null: it does not expire. */
  expires_on: DateOnly | null;
  recorded_by_person_id: number | null;
  recorded_at: Timestamp;
}

export interface AuthGenerationTable {
  id: number;
  /** Bumped in the same transaction as any change to keys, roles, grants or settings (migration 0017). */
  value: Generated<string>;
}

export interface ScopesTable {
  id: Generated<number>;
  person_id: number;
  scope_type: 'ministry' | 'team';
  ministry_id: number | null;
  team_id: number | null;
  granted_at: Timestamp;
  granted_by_person_id: number | null;
}

export interface CalendarMinistryGrantsTable {
  calendar_id: number;
  ministry_id: number;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** One person's invitation to create their login (migration 0027): the latest link's hash, never the token. */
export interface InvitationsTable {
  id: Generated<number>;
  person_id: number;
  token_hash: string;
  invited_by_person_id: number | null;
  sent_at: Timestamp;
  expires_at: Timestamp;
  opened_at: Timestamp | null;
  accepted_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
  /** The outbox row of the latest mail: its terminal failure is a bounce. */
  notification_id: number | null;
}

/** A message from the workspace (migration 0028): one ministry, one audience, its words as sent. */
export interface MessagesTable {
  id: Generated<number>;
  ministry_id: number;
  sender_person_id: number | null;
  sender_name: string;
  subject: string;
  body: string;
  audience_kind: MessageAudienceKind;
  /** JSON: what names the audience (`MessageAudience`), with the names it had when sent. */
  audience: string;
  created_at: Timestamp;
}

export const MESSAGE_AUDIENCE_KINDS = ['team', 'pool', 'serving', 'pending'] as const;
export type MessageAudienceKind = (typeof MESSAGE_AUDIENCE_KINDS)[number];

/** Who a message went to, and the outbox row that carries it to them. */
export interface MessageRecipientsTable {
  message_id: number;
  person_id: number;
  notification_id: number | null;
}

export interface DB {
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  families: FamiliesTable;
  persons: PersonsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  notifications: NotificationsTable;
  groups: GroupsTable;
  group_roles: GroupRolesTable;
  group_members: GroupMembersTable;
  calendars: CalendarsTable;
  event_types: EventTypesTable;
  events: EventsTable;
  calendar_events: CalendarEventsTable;
  event_audience: EventAudienceTable;
  event_counts: EventCountsTable;
  event_attend: EventAttendTable;
  kiosk_devices: KioskDevicesTable;
  carts: CartsTable;
  ministries: MinistriesTable;
  teams: TeamsTable;
  positions: PositionsTable;
  qualifications: QualificationsTable;
  schedules: SchedulesTable;
  occurrences: OccurrencesTable;
  requirements: RequirementsTable;
  requirement_defaults: RequirementDefaultsTable;
  assignments: AssignmentsTable;
  occurrence_live_counts: OccurrenceLiveCountsTable;
  responses: ResponsesTable;
  swaps: SwapsTable;
  blockouts: BlockoutsTable;
  auth_generation: AuthGenerationTable;
  serving_preferences: ServingPreferencesTable;
  household_rules: HouseholdRulesTable;
  credentials: CredentialsTable;
  credential_requirements: CredentialRequirementsTable;
  person_credentials: PersonCredentialsTable;
  scopes: ScopesTable;
  calendar_ministry_grants: CalendarMinistryGrantsTable;
  password_reset_tokens: PasswordResetTokensTable;
  invitations: InvitationsTable;
  rate_limit_windows: RateLimitWindowsTable;
  install_secrets: InstallSecretsTable;
  auto_fill_runs: AutoFillRunsTable;
}

export type PersonRow = Selectable<PersonsTable>;
export type BlockoutRow = Selectable<BlockoutsTable>;
export type NewPerson = Insertable<PersonsTable>;
export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type FamilyRow = Selectable<FamiliesTable>;
export type GroupRow = Selectable<GroupsTable>;
export type CalendarRow = Selectable<CalendarsTable>;
export type EventTypeRow = Selectable<EventTypesTable>;
export type EventRow = Selectable<EventsTable>;
export type MinistryRow = Selectable<MinistriesTable>;
export type TeamRow = Selectable<TeamsTable>;
export type PositionRow = Selectable<PositionsTable>;
export type QualificationRow = Selectable<QualificationsTable>;
export type ScheduleRow = Selectable<SchedulesTable>;
export type OccurrenceRow = Selectable<OccurrencesTable>;
export type AssignmentRow = Selectable<AssignmentsTable>;
export type AutoFillRunRow = Selectable<AutoFillRunsTable>;
export type ScopeRow = Selectable<ScopesTable>;
