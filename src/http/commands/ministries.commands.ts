import type { Static } from '@sinclair/typebox';
import type { CalendarGrantsCommand, MinistryChangesCommand, NewMinistryCommand } from '../../domain/ministries/ministries.commands.js';
import { invalid } from '../../domain/errors.js';
import { parsePermissiveBoolean, parseStrictBoolean } from '../../domain/values.js';
import type { MinistryCreateBody, MinistryUpdateBody } from '../schemas/volunteer.schemas.js';

function ministryName(value: string): string {
  const name = value.trim();
  if (name === '') throw invalid('A ministry name is required');
  if (name.length > 100) throw invalid('The ministry name is too long (100 characters at most)');
  return name;
}

const permissive = (value: unknown) => (value === undefined ? undefined : parsePermissiveBoolean(value));

export function parseNewMinistry(body: Static<typeof MinistryCreateBody>): NewMinistryCommand {
  return { name: ministryName(body.name), description: body.description?.trim() || null, sundaySchool: parseStrictBoolean(body.sundaySchool) ?? false };
}

export function parseMinistryChanges(body: Static<typeof MinistryUpdateBody>): MinistryChangesCommand {
  return {
    name: body.name === undefined ? undefined : ministryName(body.name),
    description: body.description === undefined ? undefined : body.description?.trim() || null,
    active: permissive(body.active),
    helpWanted: permissive(body.helpWanted),
    helpWantedText: body.helpWantedText,
    sundaySchool: parseStrictBoolean(body.sundaySchool),
  };
}

const CALENDAR_GRANTS_MESSAGE = 'ministryIds must be a list of ministry ids';

/** Distinct ministry ids, digits as text allowed; parsed when the service reads them, after the calendar is found. */
export function parseCalendarGrants(body: { ministryIds?: unknown }): CalendarGrantsCommand {
  return {
    get ministryIds() {
      if (!Array.isArray(body.ministryIds)) throw invalid(CALENDAR_GRANTS_MESSAGE);
      const ids: unknown[] = body.ministryIds.map((id) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id));
      if (ids.some((id) => typeof id !== 'number' || !Number.isInteger(id) || id <= 0)) throw invalid(CALENDAR_GRANTS_MESSAGE);
      return [...new Set(ids as number[])];
    },
  };
}
