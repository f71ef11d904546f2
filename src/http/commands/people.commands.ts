import type { Static } from '@sinclair/typebox';
import type { PersonCommand } from '../../domain/people/people.commands.js';
import { parsePermissiveBoolean } from '../../domain/values.js';
import type { PersonUpdateBody } from '../schemas/core.schemas.js';

/** A person's body (create or change): `inactive` and `doNotEmail` are permissive booleans (§1.7); the rest is typed by the schema. */
export function parsePerson(body: Static<typeof PersonUpdateBody>): PersonCommand {
  const { inactive, doNotEmail, ...rest } = body;
  return {
    ...rest,
    ...(inactive !== undefined && { inactive: parsePermissiveBoolean(inactive) }),
    ...(doNotEmail !== undefined && { doNotEmail: parsePermissiveBoolean(doNotEmail) }),
  };
}
