import type { MinistryRow, PositionRow, TeamRow } from '../../db/schema.js';

/** Wire shapes of the setup objects (contract §11.1). */

export const displayName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

export function ministryView(row: MinistryRow & { team_count: number | null; position_count: number | null }) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    createdDate: row.created_at,
    createdByPersonId: row.created_by_person_id,
    teamCount: row.team_count ?? 0,
    positionCount: row.position_count ?? 0,
    helpWanted: row.help_wanted,
    helpWantedText: row.help_wanted_text ?? '',
    sundaySchool: row.sunday_school,
  };
}

export interface LeaderRow {
  scope_id: number;
  team_id: number | null;
  person_id: number;
  first_name: string;
  last_name: string;
}

export function teamView(row: TeamRow & { class_group_name: string | null; position_count: number | null }, leaders: readonly LeaderRow[] = []) {
  return {
    id: row.id,
    ministryId: row.ministry_id,
    name: row.name,
    description: row.description,
    active: row.active,
    positionCount: row.position_count ?? 0,
    leaders: leaders.filter((l) => l.team_id === row.id).map((l) => ({ scopeId: l.scope_id, personId: l.person_id, personName: displayName(l) })),
    classGroupId: row.class_group_id,
    classGroupName: row.class_group_name,
  };
}

export function positionView(row: PositionRow & { team_name: string }) {
  return {
    id: row.id,
    ministryId: row.ministry_id,
    teamId: row.team_id,
    teamName: row.team_name,
    name: row.name,
    description: row.description,
    active: row.active,
    recruiting: row.recruiting,
    selfAssignable: row.self_assignable,
    order: row.sort_order,
  };
}

export function qualificationView(row: {
  id: number; person_id: number; first_name: string; last_name: string; position_id: number; position_name: string;
  ministry_id: number; team_id: number; active: boolean; granted_at: string; granted_by_person_id: number | null; notes: string | null;
}) {
  return {
    id: row.id,
    personId: row.person_id,
    displayName: displayName(row),
    positionId: row.position_id,
    positionName: row.position_name,
    ministryId: row.ministry_id,
    teamId: row.team_id,
    active: row.active,
    grantedDate: row.granted_at,
    grantedByPersonId: row.granted_by_person_id,
    notes: row.notes,
  };
}

export function scopeView(row: {
  id: number; person_id: number; first_name: string | null; last_name: string | null; scope_type: 'ministry' | 'team';
  ministry_id: number | null; team_id: number | null; ministry_name: string | null; team_name: string | null; granted_at: string; granted_by_person_id: number | null;
}) {
  return {
    id: row.id,
    personId: row.person_id,
    personName: row.first_name === null ? '' : displayName({ first_name: row.first_name, last_name: row.last_name ?? '' }),
    scopeType: row.scope_type,
    scopeId: (row.scope_type === 'ministry' ? row.ministry_id : row.team_id)!,
    scopeName: row.scope_type === 'ministry' ? row.ministry_name : row.team_name,
    grantedDate: row.granted_at,
    grantedByPersonId: row.granted_by_person_id,
  };
}

/** poolPerson: the pool united with the actively qualified, with qualifications in view. */
export function poolPeopleView(
  people: ReadonlyArray<{ id: number; first_name: string; last_name: string; in_pool: boolean }>,
  qualifications: ReadonlyArray<{ id: number; person_id: number; position_id: number }>,
  poolGroupId: number | null,
) {
  return people.map((person) => {
    const own = qualifications.filter((q) => q.person_id === person.id);
    return {
      personId: person.id,
      displayName: displayName(person),
      groupIds: person.in_pool && poolGroupId !== null ? [poolGroupId] : [],
      inPool: person.in_pool,
      qualifications: own.map((q) => q.position_id),
      qualificationIds: Object.fromEntries(own.map((q) => [String(q.position_id), q.id])) as Record<string, number>,
    };
  });
}
