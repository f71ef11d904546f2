import type { Static } from '@sinclair/typebox';
import type { ImportRequest } from '../../domain/people/import.service.js';
import type { ImportCommitBody, ImportDryRunBody } from '../schemas/people-import.schemas.js';

/** The dry run's body: the file's bytes from base64 (a file is bytes: UTF-16 and Windows-1252 are read from them). */
export function parseImportFile(body: Static<typeof ImportDryRunBody>): ImportRequest {
  return { file: Buffer.from(body.file, 'base64'), ...(body.mapping && { mapping: body.mapping }) };
}

export const parseImportCommit = (body: Static<typeof ImportCommitBody>) => ({ ...parseImportFile(body), planId: body.planId });
