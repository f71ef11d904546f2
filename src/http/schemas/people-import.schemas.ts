import { Type, type Static } from '@sinclair/typebox';
import { IMPORT_FIELDS } from '../../domain/people/import-mapping.js';
import { Nullable } from './common.js';

/** The largest file an import takes, 10 MB: some 50,000 rows of a wide ChurchCRM export, more than IMPORT_ROW_LIMIT. */
export const IMPORT_FILE_BYTES = 10 * 1024 * 1024;

export const ImportField = Type.Union(IMPORT_FIELDS.map((field) => Type.Literal(field)), { description: 'What a column fills' });

const ImportFile = {
  file: Type.String({
    contentEncoding: 'base64',
    minLength: 1,
    maxLength: Math.ceil(IMPORT_FILE_BYTES / 3) * 4,
    description: 'The CSV file, base64: UTF-8 (with or without a byte-order mark), UTF-16 with one, or Windows-1252; `,` `;` or tab between cells',
    'x-error': 'file must be the CSV file in base64, at most 10 MB',
  }),
  mapping: Type.Optional(Type.Record(Type.String(), Nullable(ImportField), {
    description: "The field each column fills, by its header; null leaves a column out. A header not given keeps the dry run's suggestion.",
    'x-error': 'mapping must name, for each header, one of the import fields or null',
  })),
};

export const ImportDryRunBody = Type.Object(ImportFile);

export const ImportCommitBody = Type.Object({
  ...ImportFile,
  planId: Type.String({ minLength: 1, maxLength: 64, description: "The dry run's planId: the commit writes that plan or nothing", 'x-error': 'planId must be the dry run’s planId' }),
});

export const ImportRow = Type.Object({
  row: Type.Integer({ description: "The row's number in the spreadsheet (the header is row 1)" }),
  name: Type.String(),
  outcome: Type.Union([Type.Literal('create'), Type.Literal('match'), Type.Literal('refuse')]),
  /** Why: for a refused row what to fix, for the others what will happen. */
  reasons: Type.Array(Type.String()),
  notes: Type.Array(Type.String(), { description: 'What the row gives that will not be kept; the row is imported all the same' }),
  family: Nullable(Type.Object({ name: Type.String(), familyId: Nullable(Type.Integer({ description: 'An existing family the person joins; null for a new one' })) })),
  personId: Nullable(Type.Integer({ description: 'The person already here whom a matched row is' })),
  matchedBy: Nullable(Type.Union([Type.Literal('email'), Type.Literal('name_birth'), Type.Literal('name_family')])),
});

export const ImportDryRun = Type.Object({
  planId: Type.String(),
  file: Type.Object({
    encoding: Type.Union([Type.Literal('UTF-8'), Type.Literal('UTF-16LE'), Type.Literal('UTF-16BE'), Type.Literal('Windows-1252')]),
    delimiter: Type.Union([Type.Literal(','), Type.Literal(';'), Type.Literal('tab')]),
    rows: Type.Integer(),
  }),
  columns: Type.Array(Type.Object({ header: Type.String(), field: Nullable(ImportField), suggested: Nullable(ImportField), sample: Type.String() })),
  fields: Type.Array(ImportField),
  summary: Type.Object({ create: Type.Integer(), match: Type.Integer(), refuse: Type.Integer(), newFamilies: Type.Integer() }),
  notes: Type.Array(Type.String()),
  rows: Type.Array(ImportRow),
});
export type ImportDryRunView = Static<typeof ImportDryRun>;
export type ImportRowView = Static<typeof ImportRow>;

export const ImportResult = Type.Object({
  created: Type.Integer(),
  matched: Type.Integer(),
  refused: Type.Integer(),
  familiesCreated: Type.Integer(),
  personIds: Type.Array(Type.Integer(), { description: 'The people created, in the order of the file' }),
});
export type ImportResultView = Static<typeof ImportResult>;

/** One line of the commit's progress stream (Accept: application/x-ndjson). */
export const ImportProgressLine = Type.Union([
  Type.Object({ done: Type.Integer(), total: Type.Integer() }),
  Type.Object({ result: ImportResult }),
  Type.Object({ error: Type.Object({ message: Type.String(), code: Type.Integer() }) }),
]);
export type ImportProgressLineView = Static<typeof ImportProgressLine>;
