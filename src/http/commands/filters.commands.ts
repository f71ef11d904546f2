import { parsePermissiveBoolean } from '../../domain/values.js';

/** The query-string filters the volunteer lists share (contract §1.7). */

/** The list filter `active`: absent or "" means no filter, otherwise permissive. */
export function activeFilter(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return parsePermissiveBoolean(value);
}
