// Country choices for a select, one per country: the business's most used
// first (under their own heading), then every other by name in the UI
// language. The id offered stays a valid code-table id (shared/codes).
import type { I18n } from '../i18n/i18n.svelte';

export function countrySelectOptions(
  i18n: I18n,
  mostUsed: readonly number[] = [],
): { value: string; label: string; group: string }[] {
  const { mostUsed: first, rest } = i18n.countryOptions(mostUsed);
  const option = (group: string) => (c: { id: number; name: string }) => ({
    value: String(c.id),
    label: c.name,
    group,
  });
  return [...first.map(option(i18n.t('person.mostUsedCountries'))), ...rest.map(option(i18n.t('person.allCountries')))];
}
