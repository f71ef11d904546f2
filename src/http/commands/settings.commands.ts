/** A setting's new value: text, a number or a boolean, stored as the text the registry reads (contract §15.7). */
export function parseSettingValue(body: { value: string | number | boolean }): string {
  return String(body.value);
}
