import { idSegment } from '../../schemas/common.js';

/** Every volunteer route lives under this prefix (contract §3). */
export const V = '/api/ministries';

export const ministryPath = `${V}/ministries/${idSegment('ministryId')}`;
export const teamPath = `${V}/teams/${idSegment('teamId')}`;
export const positionPath = `${V}/positions/${idSegment('positionId')}`;

/** The member routes are served at `/api/ministries/me/<rest>` and `/api/me/<rest>` alike (§2). */
export const memberPaths = (rest: string) => [`${V}/me/${rest}`, `/api/me/${rest}`];

/** The failure message of setup routes (contract §1.3). */
export const SETUP_FAILURE = 'The volunteer setup change could not be saved';
