import { Type, type TSchema } from '@sinclair/typebox';

/** Largest PostgreSQL `integer`; ids above it can name no row. */
const MAX_ID = 2147483647;

/** A path id: the route pattern already admits digits only (contract §1.1). */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** `:name(^\d+)` — the route segment for an integer id, so `abc` does not match and answers 404. */
export const idSegment = (name: string) => `:${name}(^\\d+)`;

export const idParams = <K extends string>(name: K) => Type.Object({ [name]: Id } as Record<K, typeof Id>);

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
