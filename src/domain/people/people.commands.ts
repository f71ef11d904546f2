/** A person's fields as sent, booleans read (§1.7); a field left out stays on an update. Text is trimmed by the service. */
export interface PersonCommand {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  gender?: number;
  familyId?: number | null;
  familyRoleId?: number | null;
  birthDate?: string | null;
  cellPhone?: string | null;
  homePhone?: string | null;
  workPhone?: string | null;
  deceasedDate?: string | null;
  inactive?: boolean;
  doNotEmail?: boolean;
}

/** A family's fields as sent; a blank optional field is cleared. */
export interface FamilyCommand {
  name: string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  homePhone?: string | null;
  email?: string | null;
}
