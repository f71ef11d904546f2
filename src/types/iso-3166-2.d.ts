/** The package ships no types; only the lookup used here is declared. */
declare module 'iso-3166-2' {
  interface Subdivision {
    type: string;
    name: string;
  }
  interface CountryEntry {
    name: string;
    code: string;
    sub: Record<string, Subdivision>;
  }
  const iso31662: { country(code: string): CountryEntry | null };
  export default iso31662;
}
