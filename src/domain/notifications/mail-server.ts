import { badGateway, type AppError } from '../errors.js';

const DEFAULT_SMTP_PORT = 25;

/** Why a message did not leave when no SMTP conversation refused it: the key of a fixed plain sentence. */
export type MailServerFailure = 'refused' | 'timed_out' | 'unknown_host' | 'name_lookup' | 'closed' | 'unreachable' | 'not_smtp' | 'failed';

// The system errors a mail server's address most often meets; the raw messages name addresses, and a service that
// is no mail server puts its own first line in them (an SSH banner), which must not be relayed.
const FAILURE_OF_CODE: Record<string, MailServerFailure> = {
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timed_out',
  ENOTFOUND: 'unknown_host',
  EAI_AGAIN: 'name_lookup',
  EDNS: 'name_lookup',
  ECONNRESET: 'closed',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  // nodemailer's: the greeting or the answer to EHLO was not SMTP.
  EPROTOCOL: 'not_smtp',
};

const SENTENCES: Record<MailServerFailure, string> = {
  refused: 'nothing answers on that port (connection refused)',
  timed_out: 'it did not answer in time',
  unknown_host: 'no computer has that name',
  name_lookup: 'its name could not be looked up',
  closed: 'it closed the connection',
  unreachable: 'the network cannot reach it',
  not_smtp: 'what answers on that port is not a mail server (SMTP)',
  failed: 'the connection failed',
};

// nodemailer's codes for a refusal that came after the server greeted as SMTP and answered EHLO: a real SMTP
// conversation, whose reply is worth showing.
const SMTP_REFUSALS = new Set(['EENVELOPE', 'EMESSAGE', 'EAUTH']);
const SMTP_REPLY = /^[2-5]\d\d[ -]/;

/**
 * Whether a failed send was refused for this message alone (its envelope or its content: nodemailer's EENVELOPE
 * and EMESSAGE), so that the next message may still leave; any other failure is the mail server's.
 */
export function isAboutTheMessage(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

/** `sSMTPHost` as `host:port` (it may leave the port out: 25). */
export function mailServerAddress(setting: string): string {
  return setting.includes(':') ? setting : `${setting}:${DEFAULT_SMTP_PORT}`;
}

/**
 * What an administrator is told when a message did not leave: the mail server's own reply when an SMTP conversation
 * refused it, otherwise a fixed sentence on why it could not be reached; never what some other service said. The
 * body carries the address and the reason (`failure`) too, for a page that words them itself: the message is
 * replaced by a generic one when the address is an IP address (contract §1.3).
 */
export function mailServerFailure(error: unknown, address: string): AppError {
  const failure = error as { response?: unknown; code?: unknown; message?: unknown };
  const reply = typeof failure?.response === 'string' ? failure.response : '';
  if (SMTP_REFUSALS.has(String(failure?.code)) && SMTP_REPLY.test(reply)) {
    return badGateway(`The mail server refused: ${reply}`, { mailServer: address, failure: 'smtp_refused', reply });
  }
  const message = typeof failure?.message === 'string' ? failure.message : '';
  const codes = [...message.matchAll(/\b(E[A-Z_]+)\b/g)].map((match) => match[1]);
  const code = codes.find((name) => name in FAILURE_OF_CODE) ?? String(failure?.code);
  const reason = FAILURE_OF_CODE[code] ?? 'failed';
  return badGateway(`Could not reach the mail server at ${address}: ${SENTENCES[reason]}`, { mailServer: address, failure: reason });
}
