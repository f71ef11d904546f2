import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AppError, invalid, notFound } from '../../domain/errors.js';

/** Schema keyword carrying the exact 400 message the contract quotes for a field. */
export const ERROR_MESSAGE_KEYWORD = 'x-error';

// Both packages are CommonJS with a `default` export; under NodeNext the class sits one level down.
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

function newAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, verbose: true, strict: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: ERROR_MESSAGE_KEYWORD, schemaType: 'string' });
  return ajv;
}

// Bodies are JSON and keep their types (so `true` is never taken for 1); query strings and paths are text.
const bodyAjv = newAjv(false);
const textAjv = newAjv('array');

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  return path;
}

function describe(error: ErrorObject): string {
  const field = fieldName(error);
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type':
      return `${field || 'The request body'} must be ${indefinite((error.params as { type: string }).type)}`;
    default:
      return `${field || 'The request body'} ${error.message ?? 'is invalid'}`;
  }
}

function indefinite(type: string): string {
  const names: Record<string, string> = {
    object: 'an object',
    array: 'a list',
    integer: 'a whole number',
    number: 'a number',
    string: 'a string',
    boolean: 'true or false',
    null: 'null',
  };
  return type.split(',').map((t) => names[t] ?? t).join(' or ');
}

/** Turns the first schema failure into the canonical 400 naming the field (or the message the schema names). */
export function formatSchemaErrors(errors: ErrorObject[], part: string): AppError {
  if (part === 'params') return notFound('Not found');
  const quoted = errors.find((e) => typeof (e.parentSchema as Record<string, unknown> | undefined)?.[ERROR_MESSAGE_KEYWORD] === 'string');
  if (quoted) return invalid((quoted.parentSchema as Record<string, string>)[ERROR_MESSAGE_KEYWORD]);
  return invalid(describe(errors[0]));
}

/**
 * Each route's validator is compiled on the route's first request: compiling the few hundred schemas of every
 * route up front cost a third of the service's start. Fastify reads `errors` from the function it is given.
 */
function compileOnFirstUse(ajv: InstanceType<typeof Ajv>, schema: object) {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= ajv.compile(schema);
    const isValid = compiled(data);
    validate.errors = compiled.errors;
    return isValid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
}

/**
 * The validators of the process, one for each schema text and validator: routes repeat schemas equal but not
 * identical (the path's id of 25 routes), and every application of a process (the tests build many)
 * registers them all again; each would otherwise keep a copy of the schema and, once asked, a validator of its own.
 */
const validators = new Map<InstanceType<typeof Ajv>, Map<string, ReturnType<typeof compileOnFirstUse>>>([[bodyAjv, new Map()], [textAjv, new Map()]]);

function validatorOf(ajv: InstanceType<typeof Ajv>, schema: FastifySchema) {
  const known = validators.get(ajv)!;
  const text = JSON.stringify(schema);
  let validate = known.get(text);
  if (!validate) known.set(text, (validate = compileOnFirstUse(ajv, withIntegerRange(schema) as object)));
  return validate;
}

/** A check of any value by the validator request bodies get: no coercion, integers in the database's range. */
export function bodyCheck<T extends TSchema>(schema: T): (value: unknown) => value is Static<T> {
  const validate = compileOnFirstUse(bodyAjv, withIntegerRange(schema) as object);
  return (value): value is Static<T> => validate(value) === true;
}

/** Every integer column is a PostgreSQL `integer`: an integer field without bounds of its own gets that range. */
const INTEGER_RANGE = { minimum: -2147483648, maximum: 2147483647 };

function withIntegerRange(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withIntegerRange);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withIntegerRange(value);
  const types = ([] as unknown[]).concat(copy.type ?? []);
  if (types.includes('integer')) {
    copy.minimum ??= INTEGER_RANGE.minimum;
    copy.maximum ??= INTEGER_RANGE.maximum;
  }
  return copy;
}

/** The deepest nesting of arrays and objects a JSON body may have (contract §18 #37). */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of lists and objects`;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another. Read from the text before it is
 * parsed, so that no walk of the parsed value (ours, the validator's) meets a body deep enough to overflow the stack.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isInString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) isInString = false;
    } else if (c === 0x22) {
      isInString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Whether any value in a parsed body, or any object key, is `bad`; with a stack of its own, however deep the body. */
function anyValue(root: unknown, isBad: (value: unknown) => boolean): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (isBad(value)) return true;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isBad(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** A NUL character anywhere in a value (strings and object keys); PostgreSQL text cannot hold one. */
const containsNul = (body: unknown) => anyValue(body, (value) => typeof value === 'string' && value.includes('\0'));

/** Infinity or NaN anywhere in a JSON body (`1e999` parses as Infinity). */
const containsNonFinite = (body: unknown) => anyValue(body, (value) => typeof value === 'number' && !Number.isFinite(value));

/**
 * The one gate for input no route can store: a NUL character in the path, query or body, a non-finite number,
 * an integer outside the database's range. Each is a 400 before any route code runs (a path id keeps the
 * contract's 404).
 */
export function registerValidation(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // The router and the query parser decode `%00` to NUL; the raw URL shows it in either part.
    if (request.url.includes('%00') || containsNul(request.body)) throw invalid('The request must not contain a NUL character');
    if (containsNonFinite(request.body)) throw invalid('Numbers in the request must be finite');
  });
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) => validatorOf(httpPart === 'body' ? bodyAjv : textAjv, schema));
  app.setSchemaErrorFormatter((errors, dataVar) => formatSchemaErrors(errors as ErrorObject[], dataVar));
}
