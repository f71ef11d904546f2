import validator from 'validator';
const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no', '']);

/**
 * The permissive boolean of contract §1.7: known words decide, otherwise truthiness does.
 * With `strictStrings`, an unknown word answers undefined instead (used where a typo must be refused).
 */
export function parsePermissiveBoolean(value: unknown, options: { strictStrings?: boolean } = {}): boolean | undefined {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return options.strictStrings ? undefined : value.length > 0;
  }
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The strict boolean of contract §1.7: true/false, 1/0, "1"/"0", "true"/"false"; anything else is undefined. */
export function parseStrictBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true' || word === '1') return true;
    if (word === 'false' || word === '0') return false;
  }
  return undefined;
}

/**
 * One plain mailbox (`name@example.org`): no lists, display names, comments or header syntax, so that mail
 * written to a stored address goes to that one address and nowhere else.
 */
export function isMailbox(value: string): boolean {
  return validator.isEmail(value, { allow_display_name: false, require_tld: true, allow_ip_domain: false, allow_utf8_local_part: true });
}
