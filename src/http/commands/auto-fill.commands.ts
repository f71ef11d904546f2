import { readToken, type AutoFillTokenBody, type KeptProposal } from '../../domain/autofill/autofill.service.js';
import { bodyCheck } from '../plugins/validation.js';
import { AutoFillToken } from '../schemas/auto-fill.schemas.js';

const isTokenBody = bodyCheck(AutoFillToken);

/** A commit: the preview's token, read back and checked against the shape the preview signed, and the kept rows. */
export function parseAutoFillCommit(body: { token: string; proposals?: KeptProposal[] }): { token: AutoFillTokenBody; proposals?: KeptProposal[] } {
  return { token: readToken(body.token, isTokenBody), proposals: body.proposals };
}
