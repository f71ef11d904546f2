import type { Static } from '@sinclair/typebox';
import { invalid } from '../../domain/errors.js';
import type { NewGroupCommand } from '../../domain/groups/groups.commands.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import type { GroupBody } from '../schemas/core.schemas.js';

export function parseNewGroup(body: Static<typeof GroupBody>): NewGroupCommand {
  const name = body.groupName.trim();
  if (name === '') throw invalid('groupName is required');
  return { name, description: body.description?.trim() || null, isSundaySchool: parsePermissiveBoolean(body.isSundaySchool) === true, groupType: body.groupType };
}
