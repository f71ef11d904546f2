import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import subdivisions from 'iso-3166-2';
import { notFound } from '../errors.js';

// The ISO 3166-1 code list comes from a maintained package; English names come from the runtime's CLDR data.
const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Places with a code outside ISO 3166-1's assigned list that the reference clients offer: Kosovo's user-assigned
 * `XK`, and the territories ISO reserves exceptionally (Ascension, Clipperton, Diego Garcia, Ceuta and Melilla,
 * the Canary Islands, Tristan da Cunha). Their names come from CLDR like every other; none has subdivisions.
 */
const EXTRA_REGIONS = ['XK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA'];

let cachedCountries: Array<{ name: string; code: string }> | undefined;

/** Every ISO 3166-1 country and the extra regions, with English names, alphabetical by name. */
export function countryList(): Array<{ name: string; code: string }> {
  cachedCountries ??= [...Object.keys(countries.getAlpha2Codes()), ...EXTRA_REGIONS]
    .map((code) => ({ name: regionNames.of(code) ?? countries.getName(code, 'en') ?? code, code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cachedCountries;
}

/**
 * The subdivisions of a country as code → name (`US` → `{AL: "Alabama", …}`); 404 for a code that is not two
 * letters or names no country; a country without subdivisions answers `{}`.
 */
export function statesOf(code: string): Record<string, string> {
  const unknown = () => notFound('Unknown country code');
  if (!/^[A-Za-z]{2}$/.test(code)) throw unknown();
  const upper = code.toUpperCase();
  if (EXTRA_REGIONS.includes(upper)) return {};
  if (!countries.isValid(upper)) throw unknown();
  const entry = subdivisions.country(upper);
  const states = Object.entries(entry?.sub ?? {})
    .map(([key, value]) => [key.slice(upper.length + 1), value.name] as const)
    .filter(([key]) => key !== '' && key !== upper)
    .sort((a, b) => a[1].localeCompare(b[1], 'en'));
  return Object.fromEntries(states);
}
