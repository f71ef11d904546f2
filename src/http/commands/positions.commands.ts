import type { Static } from '@sinclair/typebox';
import { invalid } from '../../domain/errors.js';
import type { NewPositionCommand, PositionChangesCommand } from '../../domain/ministries/positions.commands.js';
import { parsePermissiveBoolean, parseStrictBoolean } from '../../domain/values.js';
import type { PositionBody, QualificationBody } from '../schemas/volunteer.schemas.js';

type Body = Static<typeof PositionBody>;

export const STRICT_BOOLEAN_MESSAGES = {
  recruiting: 'Recruit Volunteers must be true or false',
  selfAssignable: 'Self-assignable must be true or false',
  active: 'Active must be true or false',
} as const;

function strict(value: unknown, field: keyof typeof STRICT_BOOLEAN_MESSAGES): boolean | undefined {
  if (value === undefined) return undefined;
  const parsed = parseStrictBoolean(value);
  if (parsed === undefined) throw invalid(STRICT_BOOLEAN_MESSAGES[field]);
  return parsed;
}

/** The team named in a body: 400 when none is named (missing, "", null or no id); an id beyond any row answers 404 later. */
function teamId(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0) throw invalid('A position belongs to a team; choose one');
  return number;
}

function text(value: unknown, field: string, max: number): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid(`${field} must be text`);
  if (value.length > max) throw invalid(`${field} is too long (${max} characters at most)`);
  return value.trim();
}

function order(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > 1_000_000) throw invalid('order must be a whole number');
  return number;
}

function description(value: unknown): string | null | undefined {
  const trimmed = text(value, 'description', 255);
  return trimmed === undefined ? undefined : trimmed || null;
}

/** A name sent blank or null is refused; left out, it stays undefined (a change keeps the name). */
function positionName(value: unknown): string | undefined {
  const name = text(value, 'name', 100);
  if (name === undefined) return undefined;
  if (!name) throw invalid('A position name is required');
  return name;
}

/**
 * Each field is parsed when the service reads it (a getter), so that its 400 comes where the contract checks it:
 * after the team is found, or after the caller's authority over it (positions.commands.ts in the domain).
 */
export function parseNewPosition(body: Body): NewPositionCommand {
  return {
    teamId: teamId(body.teamId),
    get recruiting() { return strict(body.recruiting, 'recruiting'); },
    get selfAssignable() { return strict(body.selfAssignable, 'selfAssignable'); },
    get active() { return strict(body.active, 'active'); },
    get name() { return positionName(body.name ?? '')!; },
    get description() { return description(body.description); },
    get order() { return order(body.order); },
  };
}

/** On a change, `active` is permissive (§1.7) while the other flags stay strict; the flags and the team come first. */
export function parsePositionChanges(body: Body): PositionChangesCommand {
  return {
    recruiting: strict(body.recruiting, 'recruiting'),
    selfAssignable: strict(body.selfAssignable, 'selfAssignable'),
    active: body.active === undefined ? undefined : parsePermissiveBoolean(body.active),
    teamId: body.teamId === undefined ? undefined : teamId(body.teamId),
    get name() { return positionName(body.name); },
    get description() { return description(body.description); },
    get order() { return order(body.order); },
  };
}

/** A qualification's notes, trimmed; blank is none. */
export const parseQualificationNotes = (body: Static<typeof QualificationBody>) => body.notes?.trim() || null;
