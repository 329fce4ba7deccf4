// Desktop notifications in Chromium through the web host: the page's
// Notification API is replaced by a recorder that has permission, so every
// `new Notification(...)` the app makes is seen. After the first sync pass,
// the person's own edit (an incident raised to urgent in its panel) brings no
// notification, while an urgent or high incident another user makes (the
// simulator's churn) does, once sync brings it in.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ask, eventually, expectUnsent, firstSyncPass, open, simulator, today } from './screens-helpers';

interface Shown {
  title: string;
  body: string;
  tag: string;
}

/** Replaces window.Notification before the app loads: granted, and every notification recorded. */
const RECORDER = `
  window.__shown = [];
  class RecordedNotification {
    static permission = 'granted';
    static requestPermission() { return Promise.resolve('granted'); }
    constructor(title, options = {}) {
      this.onclick = null;
      window.__shown.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
    }
    close() {}
  }
  window.Notification = RecordedNotification;
`;

const shown = (page: Page): Promise<Shown[]> => page.evaluate<Shown[]>('window.__shown');

test('an urgent incident made by another user is notified; my own edit is not', async ({ page, demoHost }) => {
  test.setTimeout(180_000);
  const sim = simulator(demoHost);
  await page.addInitScript(RECORDER);
  await page.goto(demoHost.url);
  await expect(page.getByRole('heading', { name: 'Board' })).toBeVisible();

  // From the end of the first pass on, news counts.
  await firstSyncPass(demoHost);
  expect(await shown(page)).toEqual([]);

  // My own edit: an open low/medium incident raised to urgent in its panel, sent and read back.
  const mine = await eventually('an open low or medium incident', async () => {
    const open = await ask(demoHost, 'incidents.open', {});
    return open.find((i) => i.priority <= 2 && !i.outbox);
  });
  await open(page, `#/incidents/${mine.id}`);
  const panel = page.getByRole('complementary');
  await panel.getByLabel('Priority').selectOption('4');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expectUnsent(page, 0, 60_000);
  expect(sim.mutations().filter((m) => m.actor === 'api' && m.id === mine.id && m.result === 'applied')).toHaveLength(
    1,
  );

  // Another user: churn until an incident of today is urgent or high on the server.
  const created = new Set<number>();
  for (let i = 0; i < 400 && created.size < 6; i++)
    for (const m of sim.churn(1)) if (m.endpoint === 'incidents.create' && m.id !== null) created.add(m.id);
  expect(created.size).toBeGreaterThan(0);

  // Sync brings them in: a full pass (asked for again while another one runs) refreshes today's incidents.
  const theirs = await eventually(
    'a churned incident notified',
    async () => {
      await ask(demoHost, 'sync.now', { full: true });
      const list = (await shown(page)).filter((n) => created.has(Number(n.tag.replace('incident:', ''))));
      return list.length ? list : null;
    },
    90_000,
  );
  const cached = await Promise.all(
    theirs.map((n) => ask(demoHost, 'incidents.get', { id: Number(n.tag.replace('incident:', '')) })),
  );
  for (const [k, inc] of cached.entries()) {
    expect(inc.priority).toBeGreaterThanOrEqual(3);
    expect(theirs[k]!.title).toBe(inc.priority === 4 ? 'Urgent incident' : 'High-priority incident');
    expect(inc.date.slice(0, 10)).toBe(today());
  }
  // Never the incident I raised myself, although sync read it again.
  expect((await shown(page)).filter((n) => n.tag === `incident:${mine.id}`)).toEqual([]);
});
