// The renderer only shows what the main side decided: each notice in words of
// the UI language, one tag per record, and a click leads to the record.
import { describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../shared/contract';
import { I18n } from '../i18n/i18n.svelte';
import { fakeBridge } from '../testing/fake-bridge';
import { DesktopNotices, wordNotice, type DesktopSink } from './notifications.svelte';

const en = new I18n('en');
const es = new I18n('es');

describe('notices in words', () => {
  it('names the incident, the arrival times, the refused change and the stall', () => {
    const incident: Notice = { kind: 'incident', incidentId: 7, priority: 'urgent', subtitle: 'Leak', listing: 'Casa' };
    expect(wordNotice(incident, en)).toEqual({ title: 'Urgent incident', body: 'Casa · Leak', href: '#/incidents/7' });
    expect(wordNotice(incident, es).title).toBe('Incidencia urgente');
    const arrival: Notice = {
      kind: 'arrival',
      bookingNumber: 1042,
      guest: 'Ana Ruiz',
      listing: 'Casa',
      before: '16:00',
      after: '19:30',
    };
    expect(wordNotice(arrival, en)).toEqual({
      title: 'Arrival time changed',
      body: '1042 · Ana Ruiz · Casa: today 16:00 → 19:30',
      href: '#/booking/1042',
    });
    expect(wordNotice({ ...arrival, after: null }, en).body).toBe('1042 · Ana Ruiz · Casa: no longer arrives today');
    expect(wordNotice({ ...arrival, before: null }, en).body).toBe(
      '1042 · Ana Ruiz · Casa: now arrives today at 19:30',
    );
    const subject = { name: null, booking: 1042, listing: 'Casa', owner: null, rate: null, from: null, to: null };
    expect(wordNotice({ kind: 'refused', entryId: 3, resource: 'bookings', subject, state: 'conflict' }, en)).toEqual({
      title: 'A change is in conflict',
      body: 'Booking 1042 · Casa',
      href: '#/sync',
    });
    // A booking the PMS has not created yet is said so, never by its local number.
    expect(
      wordNotice(
        { kind: 'refused', entryId: 3, resource: 'bookings', subject: { ...subject, booking: -4 }, state: 'rejected' },
        en,
      ).body,
    ).toBe('New booking — not yet in the PMS · Casa');
    expect(wordNotice({ kind: 'stall', entryId: 3, resource: 'bookings', subject }, en).title).toBe(
      'Changes are not going out',
    );
  });

  it('shows each notification.show event once through the desktop, and a click opens the record', () => {
    const bridge = fakeBridge();
    const shown: Parameters<DesktopSink['show']>[0][] = [];
    const sink: DesktopSink = {
      permission: () => 'granted',
      request: () => Promise.resolve('granted'),
      show: (n) => shown.push(n),
    };
    const go = vi.fn();
    const notices = new DesktopNotices(bridge, en, sink, go);
    const stop = notices.start();
    bridge.emit('notification.show', {
      notice: { kind: 'incident', incidentId: 7, priority: 'high', subtitle: null, listing: 'Casa' },
      at: '2026-05-04T10:00:00.000Z',
    });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'High-priority incident', body: 'Casa', tag: 'incident:7' });
    shown[0]!.onclick();
    expect(go).toHaveBeenCalledWith('#/incidents/7');
    stop();
    bridge.emit('notification.show', {
      notice: {
        kind: 'stall',
        entryId: 1,
        resource: 'cleaning',
        subject: { name: 'x', booking: null, listing: null, owner: null, rate: null, from: null, to: null },
      },
      at: '2026-05-04T10:00:00.000Z',
    });
    expect(shown).toHaveLength(1);
  });
});
