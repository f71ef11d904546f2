import { PassThrough, type Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../domain/errors.js';
import type { Services } from '../../domain/services.js';
import { parseImportCommit, parseImportFile } from '../commands/people-import.commands.js';
import { callerOf } from '../plugins/access.js';
import { errorBody } from '../plugins/errors.js';
import { peopleCsv, presentDryRun, presentImportResult } from '../presenters/people-import.presenter.js';
import { responses } from '../schemas/common.js';
import { IMPORT_FILE_BYTES, ImportCommitBody, ImportDryRun, ImportDryRunBody, ImportResult, type ImportProgressLineView } from '../schemas/people-import.schemas.js';

/** The commit's progress: a stream of JSON lines (ImportProgressLine), typed here as the stream the handler sends. */
const ImportProgressStream = Type.Unsafe<Readable>({ type: 'string', description: 'application/x-ndjson: one ImportProgressLine a line' });

/** The body of an import: the file in base64 (4/3 of its size) and the mapping. */
const bodyLimit = Math.ceil(IMPORT_FILE_BYTES / 3) * 4 + 256 * 1024;

/**
 * People imported from a spreadsheet and exported to one (issue 33 #3). Importing creates people and families, so it
 * takes what creating a person takes (EditRecords); the export shows what reading a person shows, to any staff login.
 */
export const peopleImportRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { peopleImport, people } = services;
  const tags = ['People'];
  const editRecords = { access: { role: 'editRecords' as const } };

  app.post('/api/persons/import/dry-run', {
    config: editRecords,
    bodyLimit,
    schema: {
      tags,
      summary: 'What importing a CSV file of people would do, row by row (created, matched or refused, and why); writes nothing (ours)',
      body: ImportDryRunBody,
      response: responses({ 200: ImportDryRun }),
    },
  }, async (request) => presentDryRun(await peopleImport.dryRun(parseImportFile(request.body))));

  app.post('/api/persons/import', {
    config: editRecords,
    bodyLimit,
    schema: {
      tags,
      summary: 'Import the people of a CSV file as its dry run (planId) said, all or nothing: 409 when the plan changed since (ours)',
      description: 'With `Accept: application/x-ndjson` the answer is 200 and a stream of JSON lines as the people are written: '
        + '`{done, total}`, then `{result}` (the 201 body) or `{error: {message, code}}` when nothing was written.',
      body: ImportCommitBody,
      response: responses({ 200: ImportProgressStream, 201: ImportResult }),
    },
  }, async (request, reply) => {
    const command = parseImportCommit(request.body);
    const enteredBy = callerOf(request).personId;
    if (!request.headers.accept?.includes('application/x-ndjson')) {
      return reply.code(201).send(presentImportResult(await peopleImport.commit(enteredBy, command)));
    }
    // Refusals that need no writing answer with their status before the stream starts.
    await peopleImport.assertPlanHolds(command);
    const stream = new PassThrough();
    const line = (value: ImportProgressLineView) => stream.write(`${JSON.stringify(value)}\n`);
    peopleImport.commit(enteredBy, command, (done, total) => line({ done, total }))
      .then((result) => line({ result: presentImportResult(result) }))
      .catch((error: unknown) => {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'the people import failed');
        const { message, code } = error instanceof AppError ? errorBody(error.status, error.message) : errorBody(500, 'The import failed, and nothing of it was written. Please contact your system administrator.');
        line({ error: { message, code } });
      })
      .finally(() => stream.end());
    return reply.code(200).type('application/x-ndjson; charset=utf-8').header('Cache-Control', 'no-store').send(stream);
  });

  app.get('/api/persons.csv', {
    config: { access: 'staff' },
    schema: {
      tags,
      summary: 'Everyone as CSV (UTF-8 with a byte-order mark) with their family, in columns the import reads back; a cell that would start a spreadsheet formula gets a leading \' (ours)',
      response: responses({ 200: Type.String({ description: 'text/csv' }) }),
    },
  }, async (_request, reply) => reply.type('text/csv; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename="people.csv"')
    .header('Cache-Control', 'no-store')
    .send(peopleCsv(await people.exportPeople())));
};
