/** Ministry bodies as the edge parses them (contract §4.1): names trimmed and checked, flags read. */

export interface NewMinistryCommand {
  name: string;
  description?: string | null;
  sundaySchool: boolean;
}

/** The ministries a church calendar is opened to; read once the calendar is found (404 first). */
export interface CalendarGrantsCommand {
  ministryIds: number[];
}

/** A change: a field left out (undefined) stays as it is. */
export interface MinistryChangesCommand {
  name?: string;
  description?: string | null;
  active?: boolean;
  helpWanted?: boolean;
  helpWantedText?: string | null;
  sundaySchool?: boolean;
}
