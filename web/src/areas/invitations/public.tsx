/** What the People, pool and team pages embed: the Invite button and its dialog. */
export { InviteAction } from './InviteAction';
