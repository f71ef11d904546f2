/** Team bodies as the edge parses them (contract §4.2). */

export type ClassEventsOnUpdate = 'keep' | 'remove' | 'move';
export type ClassEventsOnDelete = 'keep' | 'remove' | 'delete';

/** The class's teachers are qualified through an existing position of the team, or a new one of this name. */
export interface TeacherImport {
  importPositionId?: number;
  importPositionName?: string;
}

export interface NewTeamCommand extends TeacherImport {
  name: string;
  description?: string | null;
  classGroupId?: number | null;
}

/** A change: a field left out (undefined) stays as it is. */
export interface TeamChangesCommand extends TeacherImport {
  name?: string;
  description?: string | null;
  active?: boolean;
  classGroupId?: number | null;
  /** Blank is `keep`. */
  classEvents?: ClassEventsOnUpdate;
}
