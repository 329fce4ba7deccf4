// Coverage's structure in the person's words: a missing part ("Bookings ·
// 1 Oct 2025 – 31 Oct 2025 · 3 listings"), the time a fetch takes ("about
// 3 s"), and why a file was made INCOMPLETE or a screen's data has not come
// ("the server cannot be reached", "this hour's requests are used up until
// 10:42"). One place for the paper note and the screens.
import type { CoverageAnswer, CoverageFetched, CoverageGap } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';

/** "less than a second", "3 s", "2 min". */
export function timeText(i18n: I18n, ms: number): string {
  if (ms < 1000) return i18n.t('coverage.lessThanSecond');
  if (ms < 60_000) return i18n.t('coverage.seconds', { n: Math.ceil(ms / 1000) });
  return i18n.t('coverage.minutes', { n: Math.ceil(ms / 60_000) });
}

/** One missing part; `names` gives a listing's name when one or two are concerned. */
export function gapText(i18n: I18n, g: CoverageGap, names: (id: number) => string | undefined): string {
  const parts = [i18n.t(`resource.${g.resource}`)];
  if (g.bookingNumbers) {
    parts.push(i18n.t('coverage.gap.bookings', { count: g.bookingNumbers.length }));
    return parts.join(' · ');
  }
  if (g.from && g.to) parts.push(g.from === g.to ? i18n.date(g.from) : `${i18n.date(g.from)} – ${i18n.date(g.to)}`);
  if (g.listingIds) {
    const named = g.listingIds.length <= 2 ? g.listingIds.map(names) : [];
    parts.push(
      named.length && named.every(Boolean)
        ? named.join(', ')
        : i18n.t('coverage.gap.listings', { count: g.listingIds.length }),
    );
  } else parts.push(g.from ? i18n.t('coverage.gap.allListings') : i18n.t('coverage.gap.wholeList'));
  return parts.join(' · ');
}

/** Why what is missing did not come (or cannot come now), from the answer and, after a fetch, its parts. */
export function whyText(i18n: I18n, answer: CoverageAnswer, fetched?: CoverageFetched | null): string {
  const failed = fetched?.parts.find((p) => p.outcome === 'failed');
  const outcome = fetched?.parts.find((p) => p.outcome !== 'fetched')?.outcome;
  const readiness = outcome === 'offline' ? 'offline' : outcome === 'budget' ? 'budget' : answer.fetch;
  if (readiness === 'offline') return i18n.t('coverage.why.offline');
  if (readiness === 'budget')
    return answer.until
      ? i18n.t('coverage.why.budget', { until: i18n.dateTime(answer.until) })
      : i18n.t('coverage.why.budgetNow');
  if (readiness === 'signedOut') return i18n.t('coverage.why.signedOut');
  return i18n.t('coverage.why.failed', {
    reason: failed?.reason ? i18n.t(`error.${failed.reason}`) : i18n.t('error.internal'),
  });
}
