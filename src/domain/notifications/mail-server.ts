import { badGateway, type AppError } from '../errors.js';

const DEFAULT_SMTP_PORT = 25;

// Plain words for the system errors a mail server's address most often meets; the raw ones name addresses.
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers on that port (connection refused)',
  ETIMEDOUT: 'it did not answer in time',
  ENOTFOUND: 'no computer has that name',
  EAI_AGAIN: 'its name could not be looked up',
  EDNS: 'its name could not be looked up',
  ECONNRESET: 'it closed the connection',
  EHOSTUNREACH: 'the network cannot reach it',
  ENETUNREACH: 'the network cannot reach it',
};

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
 * What an administrator is told when a message did not leave: the mail server's own reply when it answered with
 * a refusal, otherwise why it could not be reached.
 */
export function mailServerFailure(error: unknown, address: string): AppError {
  const failure = error as { response?: unknown; code?: unknown; message?: unknown };
  if (typeof failure?.response === 'string' && failure.response !== '') return badGateway(`The mail server refused: ${failure.response}`);
  const message = typeof failure?.message === 'string' ? failure.message : String(error);
  const code = [...message.matchAll(/\b(E[A-Z_]+)\b/g)].map((match) => match[1]).find((name) => name in REASONS) ?? String(failure?.code);
  return badGateway(`Could not reach the mail server at ${address}: ${REASONS[code] ?? (message || 'the connection failed')}`);
}
