import type { Area } from '../area';
import './autofill.css';

/** Auto-fill has no page of its own: its panel opens on the occurrence and schedule pages. */
export const autofillArea: Area = { audience: 'coordinator', routes: [], nav: [] };
