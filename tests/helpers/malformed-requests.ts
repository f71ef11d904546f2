import fc from 'fast-check';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[] | undefined;
}

export interface MalformedRequest {
  method: string;
  url: string;
  payload: string | undefined;
}

const INFINITY = '__infinity__';
const DEEP = '__deep__';
/** Lists inside lists, 10,000 deep: a stack-overflowing walk once answered 500 to it on every route with a body. */
const DEEP_JSON = '['.repeat(10_000) + ']'.repeat(10_000);

// Values that have answered 500 somewhere, or that sit on a boundary: NUL bytes, numbers past the 32-bit
// columns or not finite, wrong types, impossible dates, odd Unicode, long text, deep nesting.
const TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '-1', '0', '1.5', '2147483648', '-2147483649', '99999999999999999999', '1e999', 'NaN',
  'true', 'null', '2026-02-30', '9999-99-99', '2026-01-01T25:61:00', '../..', '%', '😀', '\u202e', 'x'.repeat(3000),
];
const JSON_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 2147483648, -2147483649, 1e308, INFINITY, '', '\u0000', 'a\u0000', '2026-13-45',
  '9999-12-31 25:00:00', [], [null], [2147483648], {}, { a: '\u0000' }, 'x'.repeat(70000), DEEP,
];

const textValue = fc.oneof(fc.constantFrom(...TEXT), fc.string({ maxLength: 40 }), fc.integer().map(String));
const jsonValue = fc.oneof(fc.constantFrom(...JSON_VALUES), fc.string({ maxLength: 40 }), fc.integer(), fc.double());

/** Every operation of an OpenAPI 3.1 document, with the names of its parameters and body properties. */
export function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters: Array<{ in: string; name: string }> = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: bodySchema ? Object.keys(bodySchema.properties ?? {}) : undefined,
      });
    }
  }
  return operations;
}

const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

/** Requests to `operation` whose parameters and body fields take malformed values. */
export function malformedRequests(operation: Operation): fc.Arbitrary<MalformedRequest> {
  const pathValues = fc.tuple(...operation.pathParams.map(() => textValue));
  const query = fc.dictionary(fc.constantFrom(...operation.queryParams, 'unknown'), textValue, { maxKeys: 3 });
  const body = operation.bodyProperties === undefined
    ? fc.constant(undefined)
    : fc.oneof(
      fc.dictionary(fc.constantFrom(...operation.bodyProperties, 'unknown'), jsonValue, { maxKeys: 6 }),
      fc.constantFrom<unknown>(null, [], 'text', 1e999),
    );
  return fc.tuple(pathValues, query, body).map(([values, parameters, json]) => {
    let path = operation.path;
    operation.pathParams.forEach((name, index) => (path = path.replace(`{${name}}`, encode(values[index]))));
    const search = Object.entries(parameters).map(([key, value]) => `${key}=${encode(value)}`).join('&');
    const payload = json === undefined ? undefined : JSON.stringify(json)?.replaceAll(`"${INFINITY}"`, '1e999').replaceAll(`"${DEEP}"`, DEEP_JSON).replace(/^null$/, '1e999');
    return { method: operation.method, url: search ? `${path}?${search}` : path, payload };
  });
}

/** An answer is acceptable when it is no 5xx and, if it is an error, has the canonical body. */
export function problemWith(status: number, contentType: string, body: string): string | undefined {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return undefined;
  if (!contentType.includes('application/json')) return `answered ${status} with ${contentType}`;
  const parsed = JSON.parse(body);
  if (parsed.success !== false || typeof parsed.message !== 'string' || parsed.error !== parsed.message || parsed.code !== status) {
    return `answered ${status} without the canonical error body: ${body.slice(0, 300)}`;
  }
  return undefined;
}
