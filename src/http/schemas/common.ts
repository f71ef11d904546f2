import { Type, type TSchema } from '@sinclair/typebox';

/** Largest PostgreSQL `integer`; ids above it can name no row. */
const MAX_ID = 2147483647;

/** A path id: the route pattern already admits digits only (contract §1.1). */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** `:name(^\d+)` — the route segment for an integer id, so `abc` does not match and answers 404. */
export const idSegment = (name: string) => `:${name}(^\\d+)`;

export const idParams = <K extends string>(name: K) => Type.Object({ [name]: Id } as Record<K, typeof Id>);

/** A strict boolean of §1.7 (true/false, 1/0 and those words as trimmed text in any case); read with parseStrictBoolean. */
export const StrictBoolean = (message: string) => Type.Union(
  [Type.Boolean(), Type.Literal(1), Type.Literal(0), Type.String({ pattern: '^\\s*(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)\\s*$' })],
  { 'x-error': message },
);

/** Booleans other than the strict ones of §1.7: known words decide, otherwise truthiness (domain/values.ts). */
export const PermissiveBoolean = Type.Union([Type.Boolean(), Type.Number(), Type.String(), Type.Null(), Type.Array(Type.Unknown())]);

export const ErrorResponse = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    error: Type.String(),
    code: Type.Integer(),
  },
  { additionalProperties: true, description: 'The canonical error body (contract §1.3); some errors add keys.' },
);

export const SuccessResponse = Type.Object({ success: Type.Literal(true) });

/** Response schemas for a route: its success shape plus the canonical error body for every 4xx/5xx. */
export function responses<S extends Record<number, TSchema>>(success: S) {
  return { ...success, '4xx': ErrorResponse, '5xx': ErrorResponse };
}

export const WallClock = Type.String({ description: 'YYYY-MM-DD HH:MM:SS, wall-clock time in the church time zone' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A body checked in stages, in the contract's order: a stage is checked only once the ones before it pass. A
 * stage's own `x-error` words a missing required field, which plain `required` would check before every other field.
 * The open first stage keeps a body that is no object on the generic message (TypeBox would otherwise unwrap a
 * single stage, `x-error` and all), and documents that other keys are allowed.
 */
export const Stages = <T extends TSchema[]>(...stages: [...T]) => Type.Intersect([Type.Object({}, { additionalProperties: true }), ...stages]);

/** A field that must be present, with the contract's message when it is missing or malformed. */
export const RequiredField = <K extends string, T extends TSchema>(name: K, schema: T, message: string) =>
  Type.Object({ [name]: schema } as Record<K, T>, { 'x-error': message });

/**
 * A field the domain reads itself: after checks a schema cannot make first (the contract's order), or among
 * failures it reports together. Documented here, accepted in any form, refused there with the contract's words.
 */
export const ReadByDomain = (description: string) => Type.Optional(Type.Unknown({ description }));

/** A retired field: sending it in any form answers 400 with the contract's message. */
export const Retired = (message: string) => Type.Optional(Type.Never({ 'x-error': message }));

/** A body id: a positive integer within the `integer` columns' range. */
export const BodyIdOf = (message: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, 'x-error': message });

/** A body id refused with "<field> must be an id". */
export const BodyId = (field: string) => BodyIdOf(`${field} must be an id`);

/**
 * A count the domain bounds itself once it has looked up the row it belongs to (the contract checks that row first):
 * the explicit maximum keeps the validator from adding the integer-column range, which would overtake that lookup.
 */
export const UNBOUNDED = { maximum: Number.MAX_VALUE };
