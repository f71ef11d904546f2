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
  two_factor_recovery_codes: string | null;
  portal_calendar_token: string | null;
  portal_calendar_selection: string | null;
  last_portal_activity: Timestamp | null;
  created_at: Timestamp;
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
}

export interface SettingsTable {
  name: string;
  value: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  type: string;
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
}

export interface DB {
  families: FamiliesTable;
  persons: PersonsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  notifications: NotificationsTable;
}

export type PersonRow = Selectable<PersonsTable>;
export type NewPerson = Insertable<PersonsTable>;
export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NotificationRow = Selectable<NotificationsTable>;
