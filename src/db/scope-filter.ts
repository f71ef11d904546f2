import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { anyId } from './bulk.js';

/**
 * A coordinator's reach in queries that join `schedules`: the ministries they coordinate and the teams they
 * lead. Absent lists mean everything (a manager); present but empty lists mean nothing.
 */
export interface ScopeIds {
  ministryIds?: readonly number[];
  teamIds?: readonly number[];
}

/** True when the scope is restricted and reaches nothing, so the query need not run. */
export function reachesNothing(scope: ScopeIds): boolean {
  return (scope.ministryIds !== undefined || scope.teamIds !== undefined)
    && (scope.ministryIds ?? []).length === 0 && (scope.teamIds ?? []).length === 0;
}

/** The condition on `schedules` for a restricted scope that reaches something; undefined for everything. */
export function schedulesInScope(scope: ScopeIds): RawBuilder<SqlBool> | undefined {
  if (scope.ministryIds === undefined && scope.teamIds === undefined) return undefined;
  const parts = [
    ...((scope.ministryIds ?? []).length > 0 ? [sql`schedules.ministry_id = ${anyId(scope.ministryIds!)}`] : []),
    ...((scope.teamIds ?? []).length > 0 ? [sql`schedules.team_id = ${anyId(scope.teamIds!)}`] : []),
  ];
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
