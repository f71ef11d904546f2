import type { Caller } from './caller.js';

/** Who may change and delete people records (contract §15.2) beyond the route's EditRecords or DeleteRecords. */

/** A person's e-mail, inactive and deceased state decide a user account's sign-in: an administrator's to change (§15.2). */
export const changesSignInOfPeople = (caller: Caller) => caller.roles.admin;

/** Deleting a person deletes their user account too: an administrator's to do. */
export const deletesUserPeople = (caller: Caller) => caller.roles.admin;

/** Nobody deletes their own person record. */
export const isSelf = (caller: Caller, personId: number) => caller.personId === personId;
