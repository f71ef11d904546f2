import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql`timestamp(0)`;

  await db.schema
    .createTable('groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // 4 = Sunday School class
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('default_role_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('include_in_email_export', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('group_roles')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_roles_pk', ['group_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['person_id', 'group_id'])
    .execute();
  await db.schema.createIndex('group_members_group_id').on('group_members').column('group_id').execute();

  await db.schema
    .createTable('calendars')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(99)', (c) => c.notNull())
    .addColumn('foreground_color', 'varchar(6)', (c) => c.notNull().defaultTo('FFFFFF'))
    .addColumn('background_color', 'varchar(6)', (c) => c.notNull().defaultTo('1565C0'))
    .addColumn('access_token', 'varchar(64)', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('event_types')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('def_start_time', 'varchar(8)')
    .addColumn('def_recur_type', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create unique index event_types_name_lower on event_types (lower(name))`.execute(db);
  // A new install starts on sVolunteerVersion v2, which brings the `Other` event type (contract §1.9).
  await sql`insert into event_types (name, active) values ('Other', true)`.execute(db);

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('text', 'text')
    .addColumn('type_id', 'integer', (c) => c.notNull().references('event_types.id'))
    .addColumn('start_at', timestamp, (c) => c.notNull())
    .addColumn('end_at', timestamp, (c) => c.notNull())
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('events_end_after_start', sql`end_at >= start_at`)
    .execute();
  await db.schema.createIndex('events_start_at').on('events').column('start_at').execute();
  await db.schema.createIndex('events_type_id').on('events').column('type_id').execute();

  await db.schema
    .createTable('calendar_events')
    .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('calendar_events_pk', ['calendar_id', 'event_id'])
    .execute();
  await db.schema.createIndex('calendar_events_event_id').on('calendar_events').column('event_id').execute();

  await db.schema
    .createTable('event_audience')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_audience_pk', ['event_id', 'group_id'])
    .execute();
  await db.schema.createIndex('event_audience_group_id').on('event_audience').column('group_id').execute();

  await db.schema
    .createTable('event_counts')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('count_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 0`))
    .addColumn('notes', 'varchar(255)')
    .addPrimaryKeyConstraint('event_counts_pk', ['event_id', 'count_id'])
    .execute();

  await db.schema
    .createTable('event_attend')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('checkin_at', timestamp)
    .addColumn('checkout_at', timestamp)
    .execute();
  await db.schema.createIndex('event_attend_event_id').on('event_attend').column('event_id').execute();

  await db.schema
    .createTable('kiosk_devices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('assigned_event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('added_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('carts_pk', ['user_id', 'person_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['carts', 'kiosk_devices', 'event_attend', 'event_counts', 'event_audience', 'calendar_events', 'events',
    'event_types', 'calendars', 'group_members', 'group_roles', 'groups']) {
    await db.schema.dropTable(table).execute();
  }
}
