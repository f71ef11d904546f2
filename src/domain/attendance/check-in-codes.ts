import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../occurrences/occurrences.commands.js';

/**
 * The code a volunteer's QR on My schedule carries for the kiosk (issue 36 #2): `vms-checkin:` and then the key id,
 * the event and the person in the clear, with an HMAC-SHA256 of them under the install's check-in secret. A bare
 * person id would let anyone who knows or guesses an id check that person in at a kiosk; a signed code is made only
 * for the person's own assignment and opens that one event, nothing else. The MAC is cut to 128 bits, which keeps the
 * QR small enough for a phone's screen and a tablet's camera.
 */
export const CHECK_IN_CODE_PREFIX = 'vms-checkin:';

export interface CheckInCodeClaims {
  keyId: number;
  eventId: number;
  personId: number;
}

const MAC_BYTES = 16;

/** A new secret for signing check-in codes. */
export const newCheckInCodeSecret = () => randomBytes(32).toString('base64url');

const payloadOf = (claims: CheckInCodeClaims) => `c1.${claims.keyId}.${claims.eventId}.${claims.personId}`;
const macOf = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);

export const signCheckInCode = (claims: CheckInCodeClaims, secret: string) =>
  `${CHECK_IN_CODE_PREFIX}${claims.keyId}.${claims.eventId}.${claims.personId}.${macOf(secret, payloadOf(claims)).toString('base64url')}`;

/**
 * The claims a code states, before its signature is checked; undefined when it is not a check-in code in form. Each id
 * is a row id (1 to 2147483647): a larger one is no code of ours, and would fail the database's integer columns.
 */
export function readCheckInCode(code: string): { claims: CheckInCodeClaims; mac: Buffer } | undefined {
  const match = /^vms-checkin:([1-9]\d{0,9})\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(code.trim());
  if (!match) return undefined;
  const claims = { keyId: Number(match[1]), eventId: Number(match[2]), personId: Number(match[3]) };
  if (Object.values(claims).some((id) => id > MAX_ID)) return undefined;
  return { claims, mac: Buffer.from(match[4], 'base64url') };
}

/** Whether `secret` signed the code's claims (compared in constant time). */
export function isCheckInCodeSignedBy(read: { claims: CheckInCodeClaims; mac: Buffer }, secret: string): boolean {
  const expected = macOf(secret, payloadOf(read.claims));
  return expected.length === read.mac.length && timingSafeEqual(expected, read.mac);
}
