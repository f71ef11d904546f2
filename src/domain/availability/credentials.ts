/** A required credential a person lacks on a date: never recorded, or expired before it. */
export interface MissingCredential {
  credentialId: number;
  name: string;
  /** When the one they held ran out; null when they never held it. */
  expiredOn: string | null;
}

/** The required credentials the person does not hold valid on `date`. */
export function missingOn(
  required: ReadonlyArray<{ credential_id: number; credential_name: string }>,
  held: ReadonlyArray<{ credential_id: number; expires_on: string | null }>,
  date: string,
): MissingCredential[] {
  const seen = new Set<number>();
  return required.flatMap((requirement) => {
    if (seen.has(requirement.credential_id)) return [];
    seen.add(requirement.credential_id);
    const holding = held.find((h) => h.credential_id === requirement.credential_id);
    if (holding && (holding.expires_on === null || holding.expires_on >= date)) return [];
    return [{ credentialId: requirement.credential_id, name: requirement.credential_name, expiredOn: holding?.expires_on ?? null }];
  });
}
