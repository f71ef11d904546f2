import { sql } from 'kysely';
import { anyId } from '../bulk.js';
import type { Executor } from '../database.js';
import { assignmentSchedules } from '../joins.js';
import { SERVICE_STATUSES } from '../schema.js';

/** Read models about people in the volunteer area: pools, qualification views and rotation. */
export function volunteerRosterReadModel(db: Executor) {
  return {
    /**
     * The pool Group's members united with the people actively qualified for an active position in view,
     * each with whether they are in the pool; alphabetical by display name, ignoring case.
     */
    async poolAndQualified(groupId: number | null, positionIds: readonly number[], includeQualified: boolean) {
      const members = groupId === null
        ? []
        : await db.selectFrom('group_members').select('person_id').where('group_id', '=', groupId).execute();
      const qualified = includeQualified && positionIds.length > 0
        ? await db.selectFrom('qualifications').select('person_id').distinct()
          .where('position_id', 'in', [...positionIds]).where('active', '=', true).execute()
        : [];
      const inPool = new Set(members.map((m) => m.person_id));
      const ids = [...new Set([...inPool, ...qualified.map((q) => q.person_id)])];
      if (ids.length === 0) return [];
      const people = await db
        .selectFrom('persons')
        .leftJoin('families', 'families.id', 'persons.family_id')
        .select(['persons.id', 'persons.first_name', 'persons.last_name', 'persons.email', 'families.name as family_name'])
        .where('persons.id', 'in', ids)
        .orderBy(sql`lower(persons.first_name || ' ' || persons.last_name)`)
        .orderBy('persons.id')
        .execute();
      return people.map((person) => ({ ...person, in_pool: inPool.has(person.id) }));
    },

    /** Active qualifications of the given people on the given positions. */
    async activeQualifications(personIds: readonly number[], positionIds: readonly number[]) {
      if (personIds.length === 0 || positionIds.length === 0) return [];
      return db
        .selectFrom('qualifications')
        .select(['id', 'person_id', 'position_id'])
        .where('person_id', 'in', [...personIds])
        .where('position_id', 'in', [...positionIds])
        .where('active', '=', true)
        .orderBy('position_id')
        .execute();
    },

    /**
     * People actively qualified for a position with what rotation needs: pool membership, the last past
     * service and the latest service of any date (past or upcoming), in one query. Only live or completed
     * assignments on occurrences that were not cancelled count as service.
     */
    async eligibleForPosition(positionId: number, poolGroupId: number | null, today: string, nameFilter?: string) {
      let query = db
        .selectFrom('qualifications')
        .innerJoin('persons', 'persons.id', 'qualifications.person_id')
        .leftJoin('families', 'families.id', 'persons.family_id')
        .select((eb) => [
          'persons.id as person_id',
          'persons.first_name',
          'persons.last_name',
          'persons.email',
          'families.name as family_name',
          eb.exists(eb.selectFrom('group_members').select('person_id')
            .whereRef('group_members.person_id', '=', 'persons.id').where('group_members.group_id', '=', poolGroupId ?? -1)).as('in_pool'),
          eb.selectFrom('assignments').innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
            .select(sql<string | null>`to_char(max(occurrences.occurrence_date), 'YYYY-MM-DD')`.as('d'))
            .whereRef('assignments.person_id', '=', 'persons.id')
            .where('assignments.status', 'in', SERVICE_STATUSES)
            .where('occurrences.status', '=', 'scheduled')
            .where('occurrences.occurrence_date', '<', today)
            .as('last_served_date'),
          eb.selectFrom('assignments').innerJoin('occurrences', 'occurrences.id', 'assignments.occurrence_id')
            .select(sql<string | null>`to_char(max(occurrences.occurrence_date), 'YYYY-MM-DD')`.as('d'))
            .whereRef('assignments.person_id', '=', 'persons.id')
            .where('assignments.status', 'in', SERVICE_STATUSES)
            .where('occurrences.status', '=', 'scheduled')
            .as('latest_service_date'),
        ])
        .where('qualifications.position_id', '=', positionId)
        .where('qualifications.active', '=', true);
      if (nameFilter && nameFilter.trim() !== '') {
        const pattern = `%${nameFilter.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql`lower(persons.first_name || ' ' || persons.last_name)`, 'like', pattern);
      }
      return query.execute();
    },

    /** How many times each person serves each ministry between the dates (live or completed, occurrence not cancelled). */
    async servingCounts(personIds: readonly number[], from: string, to: string) {
      if (personIds.length === 0) return [];
      return assignmentSchedules(db)
        .select(['assignments.person_id', 'schedules.ministry_id', sql<number>`count(*)::int`.as('n')])
        .where('assignments.person_id', '=', anyId(personIds))
        .where('assignments.status', 'in', SERVICE_STATUSES)
        .where('occurrences.status', '=', 'scheduled')
        .where('occurrences.occurrence_date', '>=', from)
        .where('occurrences.occurrence_date', '<=', to)
        .groupBy(['assignments.person_id', 'schedules.ministry_id'])
        .execute();
    },

    /** Sunday School classes not linked to a team other than `teamId`, with their teacher counts. */
    async linkableClasses(teamId?: number) {
      return db
        .selectFrom('groups')
        .select((eb) => [
          'groups.id',
          'groups.name',
          eb.selectFrom('group_members').select(sql<number>`count(*)::int`.as('n'))
            .whereRef('group_members.group_id', '=', 'groups.id').where('group_members.role_id', '=', 1).as('teacher_count'),
        ])
        .where('groups.type', '=', 4)
        .where((eb) => eb.not(eb.exists(
          eb.selectFrom('teams').select('teams.id').whereRef('teams.class_group_id', '=', 'groups.id').where('teams.id', '<>', teamId ?? -1),
        )))
        .orderBy(sql`lower(groups.name)`)
        .execute();
    },
  };
}
