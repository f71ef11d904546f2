import { sql, type Kysely } from 'kysely';

const NOTIFICATION_TYPES = [
  'assignment', 'reminder', 'decline_alert', 'gap_alert', 'signup_confirm', 'swap_proposed',
  'swap_resolved', 'help_offer', 'password_reset', 'account_locked', 'account_unlocked',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('families')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('address1', 'varchar(255)')
    .addColumn('address2', 'varchar(255)')
    .addColumn('city', 'varchar(50)')
    .addColumn('state', 'varchar(50)')
    .addColumn('zip', 'varchar(50)')
    .addColumn('country', 'varchar(50)')
    .addColumn('home_phone', 'varchar(30)')
    .addColumn('work_phone', 'varchar(30)')
    .addColumn('cell_phone', 'varchar(30)')
    .addColumn('email', 'varchar(100)')
    .addColumn('needs_review', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('entered_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_entered', sql`timestamp(0)`, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('persons')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'varchar(50)')
    .addColumn('first_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('middle_name', 'varchar(50)')
    .addColumn('last_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('suffix', 'varchar(50)')
    .addColumn('gender', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`gender in (0, 1, 2)`))
    .addColumn('email', 'varchar(100)')
    .addColumn('work_email', 'varchar(100)')
    .addColumn('cell_phone', 'varchar(30)')
    .addColumn('home_phone', 'varchar(30)')
    .addColumn('work_phone', 'varchar(30)')
    .addColumn('birth_year', 'smallint')
    .addColumn('birth_month', 'smallint')
    .addColumn('birth_day', 'smallint')
    .addColumn('hide_age', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('family_id', 'integer', (c) => c.references('families.id').onDelete('set null'))
    .addColumn('family_role_id', 'integer')
    .addColumn('needs_review', 'boolean', (c) => c.notNull().defaultTo(false))
    // -1 marks a self-registered record; otherwise the id of the person who entered it (0 = system).
    .addColumn('entered_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_entered', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('deceased_date', 'date')
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('do_not_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('persons_family_id').on('persons').column('family_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('persons.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('add_events', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('manage_groups', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('edit_records', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('delete_records', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('finance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('manage_ministries', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('manage_my_ministries', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_recovery_codes', 'text')
    .addColumn('portal_calendar_token', 'varchar(64)', (c) => c.unique())
    .addColumn('portal_calendar_selection', 'text')
    .addColumn('last_portal_activity', sql`timestamp(0)`)
    .addColumn('created_at', sql`timestamp(0)`, (c) => c.notNull())
    .execute();
  await sql`create unique index users_user_name_lower on users (lower(user_name))`.execute(db);

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(100)')
    .addColumn('created_at', sql`timestamp(0)`, (c) => c.notNull())
    .addColumn('last_used_at', sql`timestamp(0)`)
    .addColumn('revoked_at', sql`timestamp(0)`)
    .execute();
  await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('type', 'varchar(20)', (c) =>
      c.notNull().check(sql.raw(`type in (${NOTIFICATION_TYPES.map((t) => `'${t}'`).join(', ')})`)))
    .addColumn('channel', 'varchar(10)', (c) => c.notNull().defaultTo('email').check(sql`channel = 'email'`))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('context', 'varchar(190)')
    .addColumn('dedupe_key', 'varchar(190)', (c) => c.notNull().unique())
    .addColumn('scheduled_for', sql`timestamp(0)`)
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed', 'skipped', 'cancelled')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', sql`timestamp(0)`)
    .addColumn('sent_at', sql`timestamp(0)`)
    .addColumn('last_error', 'varchar(255)')
    .addColumn('created_at', sql`timestamp(0)`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_status_scheduled_for').on('notifications')
    .columns(['status', 'scheduled_for']).execute();
  await db.schema.createIndex('notifications_person_id').on('notifications').column('person_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notifications', 'settings', 'api_keys', 'users', 'persons', 'families']) {
    await db.schema.dropTable(table).execute();
  }
}
