/**
 * Position bodies as the edge parses them (contract §4.3). The contract checks a position's fields among the
 * lookups of its team (404) and the caller's authority over it (403): the service reads the fields in that order
 * (the team, then the flags, then the name, then the rest), and a parser may read each field only when it is read.
 */
export interface NewPositionCommand {
  teamId: number;
  name: string;
  description?: string | null;
  order?: number;
  recruiting?: boolean;
  selfAssignable?: boolean;
  active?: boolean;
}

/** A change: a field left out (undefined) stays as it is. */
export type PositionChangesCommand = Partial<NewPositionCommand>;

