import type { Static } from '@sinclair/typebox';
import type { MinistryRow, PositionRow, TeamRow } from '../../db/schema.js';
import type { MinistriesService } from '../../domain/ministries/ministries.service.js';
import type { PoolService } from '../../domain/ministries/pool.service.js';
import { displayName, emailHint } from '../../domain/people/display-name.js';
import type {
  Matrix, MinistryDetail, MinistryView, PoolPersonView, PositionView, QualificationView, ScopeView, TeamView,
} from '../schemas/volunteer.schemas.js';

/** The setup objects on the wire (contract §11.1). */

export function presentMinistry(row: MinistryRow & { team_count: number | null; position_count: number | null }): MinistryView {
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

export function presentTeam(row: TeamRow & { class_group_name: string | null; position_count: number | null }, leaders: readonly LeaderRow[] = []): TeamView {
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

export function presentPosition(row: PositionRow & { team_name: string }): PositionView {
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

export function presentQualification(row: {
  id: number; person_id: number; first_name: string; last_name: string; position_id: number; position_name: string;
  ministry_id: number; team_id: number; active: boolean; granted_at: string; granted_by_person_id: number | null; notes: string | null;
}): QualificationView {
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

export function presentScope(row: {
  id: number; person_id: number; first_name: string | null; last_name: string | null; scope_type: 'ministry' | 'team';
  ministry_id: number | null; team_id: number | null; ministry_name: string | null; team_name: string | null; granted_at: string; granted_by_person_id: number | null;
}): ScopeView {
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

/** The people of a pool view with what they are qualified for. */
export interface PoolPeople {
  people: ReadonlyArray<{ id: number; first_name: string; last_name: string; in_pool: boolean; email?: string | null; family_name?: string | null }>;
  qualifications: ReadonlyArray<{ id: number; person_id: number; position_id: number }>;
  poolGroupId: number | null;
}

/** poolPerson: the pool united with the actively qualified, with qualifications in view. */
export function presentPoolPeople({ people, qualifications, poolGroupId }: PoolPeople): PoolPersonView[] {
  return people.map((person) => {
    const own = qualifications.filter((q) => q.person_id === person.id);
    return {
      personId: person.id,
      displayName: displayName(person),
      groupIds: person.in_pool && poolGroupId !== null ? [poolGroupId] : [],
      inPool: person.in_pool,
      qualifications: own.map((q) => q.position_id),
      qualificationIds: Object.fromEntries(own.map((q) => [String(q.position_id), q.id])),
      familyName: person.family_name ?? null,
      emailHint: emailHint(person.email),
    };
  });
}

type Detail = Awaited<ReturnType<MinistriesService['detail']>>;

/** The ministry page of §2: the ministry, E16, its teams with their leaders, its positions and its pool. */
export function presentMinistryDetail(detail: Detail): Static<typeof MinistryDetail> {
  return {
    ministry: presentMinistry(detail.ministry),
    summary: detail.summary,
    teams: detail.teams.map((team) => presentTeam(team, detail.leaders)),
    positions: detail.positions.map(presentPosition),
    poolGroupId: detail.poolGroupId,
    poolGroupName: detail.poolGroupName,
    pool: presentPoolPeople(detail.pool),
  };
}

/** A team with its leaders, and its positions when it comes with them. */
export const presentTeamOf = ({ team, leaders }: { team: Parameters<typeof presentTeam>[0]; leaders: readonly LeaderRow[] }) => presentTeam(team, leaders);

export function presentMatrix(matrix: Awaited<ReturnType<PoolService['matrix']>>): Static<typeof Matrix> {
  return { ministryId: matrix.ministryId, teamId: matrix.teamId, positions: matrix.positions.map(presentPosition), people: presentPoolPeople(matrix.people) };
}
