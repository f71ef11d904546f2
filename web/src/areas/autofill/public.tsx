/** What the occurrence and schedule pages embed: the auto-fill panel. */
export { AutoFill } from './AutoFill';
