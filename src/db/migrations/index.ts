import type { Migration } from 'kysely';
import * as m0001 from './0001_create_foundation.js';
import * as m0002 from './0002_create_church_core.js';
import * as m0003 from './0003_create_volunteer_area.js';
import * as m0004 from './0004_create_password_reset_tokens.js';
import * as m0005 from './0005_add_notification_claims.js';
import * as m0006 from './0006_add_live_count_index.js';
import * as m0007 from './0007_harden_accounts.js';
import * as m0008 from './0008_notify_outbox_changes.js';
import * as m0009 from './0009_mark_seeded_other_type.js';
import * as m0010 from './0010_notify_settings_changes.js';
import * as m0011 from './0011_create_rate_limit_windows.js';
import * as m0012 from './0012_create_blockouts.js';
import * as m0013 from './0013_create_availability_rules.js';
import * as m0014 from './0014_add_schedule_feed_tokens.js';
import * as m0017 from './0017_count_auth_changes.js';
import * as m0018 from './0018_add_two_factor_enrolment.js';
import * as m0019 from './0019_create_install_secrets.js';
import * as m0020 from './0020_create_auto_fill_runs.js';
import * as m0021 from './0021_add_withdrawn_notifications.js';
import * as m0022 from './0022_add_schedule_refill.js';
import * as m0023 from './0023_index_pending_assignments.js';
import * as m0024 from './0024_expire_web_sessions.js';
import * as m0025 from './0025_sign_in_by_address.js';
import * as m0026 from './0026_add_person_language.js';
import * as m0027 from './0027_create_invitations.js';
import * as m0028 from './0028_create_workspace_messages.js';
import * as m0029 from './0029_check_in_once_per_event.js';
import * as m0030 from './0030_add_kiosk_credentials.js';
import * as m0031 from './0031_keep_live_counts.js';
import * as m0032 from './0032_notify_with_schema.js';

/** Every migration, in order. A shipped migration is never edited; add a new file instead. */
export const migrations: Record<string, Migration> = {
  '0001_create_foundation': m0001,
  '0002_create_church_core': m0002,
  '0003_create_volunteer_area': m0003,
  '0004_create_password_reset_tokens': m0004,
  '0005_add_notification_claims': m0005,
  '0006_add_live_count_index': m0006,
  '0007_harden_accounts': m0007,
  '0008_notify_outbox_changes': m0008,
  '0009_mark_seeded_other_type': m0009,
  '0010_notify_settings_changes': m0010,
  '0011_create_rate_limit_windows': m0011,
  '0012_create_blockouts': m0012,
  '0013_create_availability_rules': m0013,
  '0014_add_schedule_feed_tokens': m0014,
  '0017_count_auth_changes': m0017,
  '0018_add_two_factor_enrolment': m0018,
  '0019_create_install_secrets': m0019,
  '0020_create_auto_fill_runs': m0020,
  '0021_add_withdrawn_notifications': m0021,
  '0022_add_schedule_refill': m0022,
  '0023_index_pending_assignments': m0023,
  '0024_expire_web_sessions': m0024,
  '0025_sign_in_by_address': m0025,
  '0026_add_person_language': m0026,
  '0027_create_invitations': m0027,
  '0028_create_workspace_messages': m0028,
  '0029_check_in_once_per_event': m0029,
  '0030_add_kiosk_credentials': m0030,
  '0031_keep_live_counts': m0031,
  '0032_notify_with_schema': m0032,
};
