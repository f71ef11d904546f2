import type { Area } from './area';

/** The workspace's areas, in the order their links appear. */
export const AREAS: Area[] = [];
