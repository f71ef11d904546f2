/** Each workspace area's strings, by the name its keys start with (kept apart from the pages, which use the catalogue). */
export const AREA_MESSAGES: Record<string, { en: object; es: object }> = {};
