// The Today board rendered for its screen tests (Today.test.ts, Paper.test.ts):
// the app on a fake bridge (the contract's examples unless told otherwise), in
// the locale asked for.
import { render } from '@testing-library/svelte';
import { AppState } from '../state/app.svelte';
import { fakeBridge } from './fake-bridge';
import WithApp from './WithApp.svelte';
import Today from '../screens/Today.svelte';

export function renderToday(locale: 'en' | 'es' = 'en', bridge = fakeBridge()) {
  const app = new AppState(bridge, null);
  app.i18n.locale = locale;
  const view = render(WithApp, { app, component: Today });
  return { bridge, app, view };
}
