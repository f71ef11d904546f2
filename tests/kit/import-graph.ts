/**
 * Each import cycle in a graph of files (file → the files it imports), as "a → b → a" with the files named by
 * `name`; empty when there is none. For the layering tests of the service and of the web app.
 */
export function importCycles(imports: Map<string, string[]>, name: (file: string) => string): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const walk = (file: string, trail: string[]): void => {
    if (trail.includes(file)) {
      cycles.push([...trail.slice(trail.indexOf(file)), file].map(name).join(' → '));
      return;
    }
    if (done.has(file)) return;
    for (const target of imports.get(file) ?? []) walk(target, [...trail, file]);
    done.add(file);
  };
  for (const file of imports.keys()) walk(file, []);
  return cycles;
}
