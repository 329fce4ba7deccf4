// Shows the notifications the main side decided on (`notification.show`):
// words each one in the UI language and hands it to the desktop through the
// Web Notification API — the browser's in the web host, Electron's own
// (native) notifications in the app. Clicking one brings the window forward
// on the record it is about. Nothing here decides WHAT to notify.
import type { Notice, StayboardBridge } from '../../../shared/contract';
import type { I18n } from '../i18n/i18n.svelte';
import { subjectText } from './change-subject';

export type Permission = 'granted' | 'denied' | 'default' | 'unsupported';

/** What the page can do with desktop notifications (the Notification API, or a fake in tests). */
export interface DesktopSink {
  permission(): Permission;
  request(): Promise<Permission>;
  show(n: { title: string; body: string; tag: string; onclick: () => void }): void;
}

interface NotificationLike {
  onclick: ((this: unknown, ev: Event) => unknown) | null;
}
interface NotificationCtor {
  new (title: string, options?: { body?: string; tag?: string }): NotificationLike;
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

/** The page's own Notification API (absent: "unsupported"). */
export function browserSink(win: Window | null = typeof window === 'undefined' ? null : window): DesktopSink {
  const api = (win as unknown as { Notification?: NotificationCtor } | null)?.Notification;
  return {
    permission: () => (api ? api.permission : 'unsupported'),
    request: async () => (api ? await api.requestPermission() : 'unsupported'),
    show: ({ title, body, tag, onclick }) => {
      if (!api || api.permission !== 'granted') return;
      const n = new api(title, { body, tag });
      n.onclick = () => {
        win?.focus();
        onclick();
      };
    },
  };
}

/** A notice in words, and where clicking it leads. */
export function wordNotice(notice: Notice, i18n: I18n): { title: string; body: string; href: string } {
  const t = i18n.t;
  const who = (...parts: (string | null)[]) => parts.filter((p): p is string => !!p).join(' · ');
  switch (notice.kind) {
    case 'incident':
      return {
        title: t(notice.priority === 'urgent' ? 'notify.incident.urgent' : 'notify.incident.high'),
        body: who(notice.listing, notice.subtitle) || `#${notice.incidentId}`,
        href: `#/incidents/${notice.incidentId}`,
      };
    case 'arrival': {
      const name = who(String(notice.bookingNumber), notice.guest, notice.listing);
      const noTime = t('notify.noTime');
      const body =
        notice.after === null && notice.before !== null
          ? t('notify.arrival.notToday', { who: name })
          : notice.before === null
            ? t('notify.arrival.today', { who: name, after: notice.after ?? noTime })
            : t('notify.arrival.changed', { who: name, before: notice.before, after: notice.after ?? noTime });
      return { title: t('notify.arrival.title'), body, href: `#/booking/${notice.bookingNumber}` };
    }
    case 'refused':
      return {
        title: t(notice.state === 'conflict' ? 'notify.refused.conflict' : 'notify.refused.rejected'),
        body: subjectText(i18n, notice.resource, notice.subject),
        href: '#/sync',
      };
    case 'stall':
      return {
        title: t('notify.stall.title'),
        body: subjectText(i18n, notice.resource, notice.subject),
        href: '#/sync',
      };
  }
}

export class DesktopNotices {
  permission = $state<Permission>('unsupported');

  constructor(
    private readonly bridge: StayboardBridge,
    private readonly i18n: I18n,
    private readonly sink: DesktopSink = browserSink(),
    private readonly go: (href: string) => void = (href) => {
      if (typeof location !== 'undefined') location.hash = href;
    },
  ) {
    this.permission = sink.permission();
  }

  start(): () => void {
    return this.bridge.on('notification.show', ({ notice }) => {
      const { title, body, href } = wordNotice(notice, this.i18n);
      // One per record: a second notice about the same incident replaces the first.
      const tag = `${notice.kind}:${notice.kind === 'incident' ? notice.incidentId : notice.kind === 'arrival' ? notice.bookingNumber : notice.entryId}`;
      this.sink.show({ title, body, tag, onclick: () => this.go(href) });
    });
  }

  /** Asks the browser once (from a click: browsers ignore it otherwise). */
  async request(): Promise<void> {
    this.permission = await this.sink.request();
  }
}
