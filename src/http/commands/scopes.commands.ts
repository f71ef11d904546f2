import type { Static } from '@sinclair/typebox';
import { invalid } from '../../domain/errors.js';
import type { ScopeGrantCommand } from '../../domain/ministries/scopes.commands.js';
import type { ScopeGrantBody } from '../schemas/volunteer.schemas.js';

/** All three fields are required (one message), then the scope type is checked. */
export function parseScopeGrant(body: Static<typeof ScopeGrantBody>): ScopeGrantCommand {
  const { personId, scopeType, scopeId } = body;
  if (personId === undefined || scopeType === undefined || scopeId === undefined) throw invalid('personId, scopeType and scopeId are required');
  if (scopeType !== 'ministry' && scopeType !== 'team') throw invalid('scopeType must be "ministry" or "team"');
  return { personId, scopeType, scopeId };
}
