import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { es } from './es';

export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;
const STORAGE_KEY = 'vms-language';

// The build renders the sign-in page in Node (web/src/prerender.tsx), where no browser has a language to ask.
const inBrowser = typeof document !== 'undefined';

function initialLanguage(): Language {
  if (!inBrowser) return 'en';
  const chosen = localStorage.getItem(STORAGE_KEY);
  if (chosen && chosen in LANGUAGES) return chosen as Language;
  const browser = navigator.language.slice(0, 2);
  return browser in LANGUAGES ? (browser as Language) : 'en';
}

void i18next.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    es: { translation: es },
  },
  lng: initialLanguage(),
  fallbackLng: 'en',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});
if (inBrowser) showLanguage(i18next.language);

/**
 * The page's language, and a cookie of the same name as the stored choice: with it the service sends the sign-in page
 * already drawn in this language (scripts/build-web.mjs), which the browser's own language alone may not say. Lax,
 * so that following a mail's link, from another site, still carries it.
 */
function showLanguage(language: string): void {
  document.documentElement.lang = language;
  document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export function chooseLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
  showLanguage(language);
}

export { i18next };

/** Adds the workspace areas' strings, loaded with the workspace (a volunteer's phone never downloads them). */
export function addAreaMessages(messages: Record<string, { en: object; es: object }>): void {
  for (const [name, strings] of Object.entries(messages)) {
    for (const language of Object.keys(LANGUAGES) as Language[]) {
      i18next.addResourceBundle(language, 'translation', { [name]: strings[language] }, true, true);
    }
  }
}
