import { LANGUAGES, type Language } from '../../db/schema.js';

/** Whether a value names a language the web app and the mails are written in. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The language a person reads: their own choice, else the church's default (setting `sDefaultLanguage`). */
export function languageOf(chosen: Language | null | undefined, churchDefault: Language): Language {
  return chosen ?? churchDefault;
}
