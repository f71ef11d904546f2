import type { Static } from '@sinclair/typebox';
import { invalid } from '../../domain/errors.js';
import type { ClassEventsOnDelete, NewTeamCommand, TeamChangesCommand } from '../../domain/ministries/teams.commands.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import type { TeamCreateBody, TeamDeleteBody, TeamDeleteQuery, TeamUpdateBody } from '../schemas/volunteer.schemas.js';

function teamName(value: string): string {
  const name = value.trim();
  if (name === '') throw invalid('A team name is required');
  return name;
}

const description = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

export function parseNewTeam(body: Static<typeof TeamCreateBody>): NewTeamCommand {
  return {
    name: teamName(body.name),
    description: description(body.description) ?? null,
    classGroupId: body.classGroupId ?? null,
    importPositionId: body.importPositionId,
    importPositionName: body.importPositionName,
  };
}

export function parseTeamChanges(body: Static<typeof TeamUpdateBody>): TeamChangesCommand {
  return {
    name: body.name === undefined ? undefined : teamName(body.name),
    description: description(body.description),
    active: body.active === undefined ? undefined : parsePermissiveBoolean(body.active),
    classGroupId: body.classGroupId,
    importPositionId: body.importPositionId,
    importPositionName: body.importPositionName,
    classEvents: body.classEvents || 'keep',
  };
}

const ON_DELETE: readonly ClassEventsOnDelete[] = ['keep', 'remove', 'delete'];

/**
 * E17's choice, from the body or else the query. Read here, not in the body schema: Fastify validates the body
 * before the query, and a malformed query must keep answering first.
 */
export function parseClassEventsOnDelete(body: Static<typeof TeamDeleteBody>, query: Static<typeof TeamDeleteQuery>): ClassEventsOnDelete {
  const value = body?.classEvents ?? query.classEvents;
  if (value === undefined || value === null || value === '') return 'keep';
  if (typeof value === 'string' && (ON_DELETE as readonly string[]).includes(value)) return value as ClassEventsOnDelete;
  throw invalid(`classEvents must be one of ${ON_DELETE.join(', ')}`);
}
