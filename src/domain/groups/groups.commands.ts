/** A new group (contract §15.2): a Sunday School class, or a group of another type. */
export interface NewGroupCommand {
  name: string;
  description: string | null;
  isSundaySchool: boolean;
  groupType?: number;
}
