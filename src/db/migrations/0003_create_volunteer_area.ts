import { sql, type Kysely } from 'kysely';

const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The whole volunteer area (contract §12.1) with its uniqueness and delete rules, and the core columns it adds (§12.2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql`timestamp(0)`;

  await db.schema
    .createTable('ministries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('created_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('help_wanted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('help_wanted_text', 'text')
    .addColumn('sunday_school', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index ministries_name_lower on ministries (lower(name))`.execute(db);

  await db.schema.alterTable('groups').addColumn('ministry_id', 'integer', (c) => c.references('ministries.id').onDelete('set null')).execute();
  await sql`create unique index groups_ministry_id on groups (ministry_id) where ministry_id is not null`.execute(db);
  await db.schema.alterTable('calendars').addColumn('ministry_id', 'integer', (c) => c.references('ministries.id').onDelete('set null')).execute();
  await sql`create unique index calendars_ministry_id on calendars (ministry_id) where ministry_id is not null`.execute(db);
  await db.schema.alterTable('events').addColumn('event_ministry_id', 'integer', (c) => c.references('ministries.id').onDelete('set null')).execute();
  await db.schema.createIndex('events_event_ministry_id').on('events').column('event_ministry_id').execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('class_group_id', 'integer', (c) => c.unique().references('groups.id').onDelete('set null'))
    .execute();
  await sql`create unique index teams_ministry_name_lower on teams (ministry_id, lower(name))`.execute(db);

  await db.schema
    .createTable('positions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('recruiting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('self_assignable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index positions_team_name_lower on positions (ministry_id, team_id, lower(name))`.execute(db);
  await db.schema.createIndex('positions_team_id').on('positions').column('team_id').execute();

  await db.schema
    .createTable('qualifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('granted_at', timestamp, (c) => c.notNull())
    .addColumn('granted_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('notes', 'varchar(255)')
    .addUniqueConstraint('qualifications_person_position', ['person_id', 'position_id'])
    .execute();
  await db.schema.createIndex('qualifications_position_id').on('qualifications').column('position_id').execute();

  await db.schema
    .createTable('schedules')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('link_mode', 'varchar(12)', (c) => c.notNull().check(sql`link_mode in (${list(['event_type', 'class', 'ministry', 'event'])})`))
    .addColumn('event_type_id', 'integer', (c) => c.references('event_types.id').onDelete('set null'))
    .addColumn('title_filter', 'varchar(255)')
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    // A Staff-this-event schedule goes with its event (contract §18 #15).
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('start_offset_minutes', 'integer', (c) => c.notNull().defaultTo(0).check(sql`start_offset_minutes between -720 and 720`))
    .addColumn('end_offset_minutes', 'integer', (c) => c.notNull().defaultTo(0).check(sql`end_offset_minutes between -720 and 720`))
    .addColumn('window_start', 'date', (c) => c.notNull())
    .addColumn('window_end', 'date')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('one_off', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('schedules_ministry_id').on('schedules').column('ministry_id').execute();
  await db.schema.createIndex('schedules_team_id').on('schedules').column('team_id').execute();

  await db.schema
    .createTable('occurrences')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'cancelled')`))
    .addColumn('notes', 'varchar(255)')
    .addColumn('generated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('occurrences_schedule_event', ['schedule_id', 'event_id'])
    .execute();
  await db.schema.createIndex('occurrences_event_id').on('occurrences').column('event_id').execute();
  await db.schema.createIndex('occurrences_date').on('occurrences').column('occurrence_date').execute();

  await db.schema
    .createTable('requirements')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('schedule_id', 'integer', (c) => c.references('schedules.id').onDelete('cascade'))
    .addColumn('occurrence_id', 'integer', (c) => c.references('occurrences.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id').onDelete('cascade'))
    .addColumn('min_count', 'integer', (c) => c.notNull().defaultTo(1).check(sql`min_count >= 0`))
    .addColumn('max_count', 'integer', (c) => c.check(sql`max_count is null or max_count >= min_count`))
    .addColumn('notes', 'varchar(255)')
    .addCheckConstraint('requirements_one_owner', sql`(schedule_id is null) <> (occurrence_id is null)`)
    .addUniqueConstraint('requirements_schedule_position', ['schedule_id', 'position_id'])
    .addUniqueConstraint('requirements_occurrence_position', ['occurrence_id', 'position_id'])
    .execute();

  await db.schema
    .createTable('requirement_defaults')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('requirement_id', 'integer', (c) => c.notNull().references('requirements.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('set_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('sort', 'smallint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('requirement_defaults_person', ['requirement_id', 'person_id'])
    .execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('occurrence_id', 'integer', (c) => c.notNull().references('occurrences.id').onDelete('cascade'))
    // RESTRICT: position and team deletes remove assignments explicitly first.
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id').onDelete('restrict'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('requirement_id', 'integer', (c) => c.references('requirements.id').onDelete('set null'))
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in (${list(['pending', 'accepted', 'declined', 'cancelled', 'substituted', 'completed'])})`))
    .addColumn('source', 'varchar(12)', (c) => c.notNull().defaultTo('coordinator').check(sql`source in ('coordinator', 'self_signup', 'substitute')`))
    .addColumn('assigned_at', timestamp, (c) => c.notNull())
    .addColumn('assigned_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('responded_at', timestamp)
    .addColumn('replaces_assignment_id', 'integer', (c) => c.references('assignments.id').onDelete('set null'))
    .addColumn('notes', 'varchar(255)')
    .addUniqueConstraint('assignments_one_per_person', ['occurrence_id', 'position_id', 'person_id'])
    .execute();
  await db.schema.createIndex('assignments_person_id').on('assignments').column('person_id').execute();
  await db.schema.createIndex('assignments_position_id').on('assignments').column('position_id').execute();

  await db.schema
    .createTable('responses')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('response', 'varchar(24)', (c) =>
      c.notNull().check(sql`response in (${list(['accepted', 'declined', 'cancelled', 'substitute_proposed', 'substitute_approved', 'substitute_rejected', 'substitute_withdrawn'])})`))
    .addColumn('response_at', timestamp, (c) => c.notNull())
    .addColumn('channel', 'varchar(12)', (c) => c.notNull().defaultTo('web').check(sql`channel in ('web', 'coordinator')`))
    .addColumn('comment', 'varchar(255)')
    .execute();
  await db.schema.createIndex('responses_assignment_id').on('responses').column('assignment_id').execute();

  await db.schema
    .createTable('swaps')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('proposed_by_person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('proposed_person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('proposed').check(sql`status in ('proposed', 'approved', 'rejected', 'withdrawn')`))
    .addColumn('proposed_at', timestamp, (c) => c.notNull())
    .addColumn('decided_at', timestamp)
    .addColumn('decided_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('comment', 'varchar(255)')
    .execute();
  // At most one pending proposal per assignment.
  await sql`create unique index swaps_one_pending on swaps (assignment_id) where status = 'proposed'`.execute(db);

  await db.schema
    .createTable('scopes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id').onDelete('cascade'))
    .addColumn('scope_type', 'varchar(10)', (c) => c.notNull().check(sql`scope_type in ('ministry', 'team')`))
    // The recommended alternative of §12.1: a real foreign key per target, so deletes remove grants.
    .addColumn('ministry_id', 'integer', (c) => c.references('ministries.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('granted_at', timestamp, (c) => c.notNull())
    .addColumn('granted_by_person_id', 'integer', (c) => c.references('persons.id').onDelete('set null'))
    .addCheckConstraint('scopes_one_target', sql`(scope_type = 'ministry' and ministry_id is not null and team_id is null)
      or (scope_type = 'team' and team_id is not null and ministry_id is null)`)
    .execute();
  await sql`create unique index scopes_person_target on scopes (person_id, scope_type, coalesce(ministry_id, team_id))`.execute(db);

  await db.schema
    .createTable('calendar_ministry_grants')
    .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('calendar_ministry_grants_pk', ['calendar_id', 'ministry_id'])
    .execute();

  await db.schema.alterTable('notifications')
    .addColumn('assignment_id', 'integer', (c) => c.references('assignments.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('notifications')
    .addColumn('occurrence_id', 'integer', (c) => c.references('occurrences.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_assignment_id').on('notifications').column('assignment_id').execute();
  await db.schema.createIndex('notifications_occurrence_id').on('notifications').column('occurrence_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('occurrence_id').execute();
  await db.schema.alterTable('notifications').dropColumn('assignment_id').execute();
  for (const table of ['calendar_ministry_grants', 'scopes', 'swaps', 'responses', 'assignments', 'requirement_defaults',
    'requirements', 'occurrences', 'schedules', 'qualifications', 'positions', 'teams']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('events').dropColumn('event_ministry_id').execute();
  await db.schema.alterTable('calendars').dropColumn('ministry_id').execute();
  await db.schema.alterTable('groups').dropColumn('ministry_id').execute();
  await db.schema.dropTable('ministries').execute();
}
