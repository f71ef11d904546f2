import type { Roles } from '../access/caller.js';

/** The bodies of the sign-in and user routes (contract §14, §15.1), read. */

/** E20's and the web app's sign-in; a name or password left out is empty, and is refused as a wrong one. */
export interface SignInCommand {
  userName: string;
  password: string;
  /** The second factor: a current code or a recovery code; left out or empty asks for it when the account has one. */
  otp?: string;
}

export interface NewUserCommand {
  personId: number;
  /** Trimmed, not empty. */
  userName: string;
  password: string;
  /** Flags left out are false. */
  roles?: Partial<Roles>;
}

/** What an administrator changes of a user; a field left out is unchanged. */
export interface UserChangesCommand {
  /** Trimmed; may be empty, which the service refuses once it found the user (§1.5: found, then the body). */
  userName?: string;
  password?: string;
  roles?: Partial<Roles>;
}
