import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an answer link (issue 17): it names one assignment and the one person asked to serve it,
 * the state of the assignment when the mail left (the last response on its trail, its status and when it was
 * assigned), and when it expires (the shift's end, church wall clock). The fields travel in the clear and an
 * HMAC-SHA256 with the install's secret (`keyId` names which) covers them: whoever holds the link may answer that
 * assignment for that person, and nothing else. Base64url, so it sits in a URL path as it is.
 */
export interface AnswerLinkClaims {
  keyId: number;
  assignmentId: number;
  personId: number;
  lastResponseId: number;
  status: string;
  /** `assigned_at` as digits (`YYYYMMDDHHMMSS`): a re-used row is assigned again, so its old links stop. */
  assignedAt: string;
  /** The shift's end as digits (`YYYYMMDDHHMMSS`, church wall clock). */
  expiresAt: string;
}

const VERSION = 'a1';
const FIELDS = 8;

/** `2026-03-10 11:30:00` → `20260310113000`: wall-clock times as the token carries and compares them. */
export const clockDigits = (wallClock: string) => wallClock.replace(/\D/g, '').slice(0, 14).padEnd(14, '0');

/** A new secret for signing answer links. */
export const newAnswerLinkSecret = () => randomBytes(32).toString('base64url');

const macOf = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signAnswerLink(claims: AnswerLinkClaims, secret: string): string {
  const payload = [VERSION, claims.keyId, claims.assignmentId, claims.personId, claims.lastResponseId, claims.status, claims.assignedAt, claims.expiresAt].join('.');
  return `${Buffer.from(payload).toString('base64url')}.${macOf(secret, payload).toString('base64url')}`;
}

/** The claims a token states, before its signature is checked; undefined when it is not one of ours in form. */
export function readAnswerLink(token: string): { claims: AnswerLinkClaims; payload: string; mac: Buffer } | undefined {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const payload = Buffer.from(match[1], 'base64url').toString('utf8');
  const parts = payload.split('.');
  if (parts.length !== FIELDS || parts[0] !== VERSION) return undefined;
  const [, keyId, assignmentId, personId, lastResponseId, status, assignedAt, expiresAt] = parts;
  const numbers = [keyId, assignmentId, personId, lastResponseId];
  if (!numbers.every((n) => /^\d{1,10}$/.test(n)) || !/^[a-z_]{1,20}$/.test(status) || !/^\d{14}$/.test(assignedAt) || !/^\d{14}$/.test(expiresAt)) return undefined;
  return {
    claims: { keyId: Number(keyId), assignmentId: Number(assignmentId), personId: Number(personId), lastResponseId: Number(lastResponseId), status, assignedAt, expiresAt },
    payload,
    mac: Buffer.from(match[2], 'base64url'),
  };
}

/** Whether `secret` signed the token's payload (compared in constant time). */
export function isSignedBy(read: { payload: string; mac: Buffer }, secret: string): boolean {
  const expected = macOf(secret, read.payload);
  return expected.length === read.mac.length && timingSafeEqual(expected, read.mac);
}

/**
 * Where the assignment stands for the link: `open` while it is as the mail found it (assigned at the same moment,
 * no response since); `answered` with the answer once this person answered it through an answer link of a mail
 * that saw that state, and nothing else happened since: a link answers once, so a forwarded mail cannot undo the
 * answer; `changed` after anything else (a coordinator's change, an answer in the app, a cancel, a substitution).
 */
export function linkStateOf(
  claims: AnswerLinkClaims,
  current: { status: string; assignedAt: string },
  since: ReadonlyArray<{ person_id: number; response: string; channel: string }>,
): { kind: 'open' } | { kind: 'answered'; answer: 'accepted' | 'declined' } | { kind: 'changed' } {
  if (current.assignedAt !== claims.assignedAt) return { kind: 'changed' };
  if (since.length === 0) return current.status === claims.status ? { kind: 'open' } : { kind: 'changed' };
  const isOwnLinkAnswer = (r: (typeof since)[number]) => r.channel === 'email' && r.person_id === claims.personId && (r.response === 'accepted' || r.response === 'declined');
  const last = since.at(-1)!;
  if (!since.every(isOwnLinkAnswer) || current.status !== last.response) return { kind: 'changed' };
  return { kind: 'answered', answer: last.response as 'accepted' | 'declined' };
}
