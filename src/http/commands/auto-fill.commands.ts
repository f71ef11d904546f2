import { readToken, TOKEN_REFUSAL, type AutoFillTokenBody, type KeptProposal } from '../../domain/autofill/autofill.service.js';
import { invalid } from '../../domain/errors.js';
import { bodyCheck } from '../plugins/validation.js';
import { AutoFillToken } from '../schemas/auto-fill.schemas.js';

const isTokenBody = bodyCheck(AutoFillToken);

/** A commit: the preview's token, read back and checked against the shape the preview signed, and the kept rows. */
export function parseAutoFillCommit(body: { token: string; proposals?: KeptProposal[] }): { token: AutoFillTokenBody; proposals?: KeptProposal[] } {
  const token = readToken(body.token);
  if (!isTokenBody(token)) throw invalid(TOKEN_REFUSAL);
  return { token, proposals: body.proposals };
}
