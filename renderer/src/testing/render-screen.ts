// Test rig of the screens: one screen rendered inside the app's context (as the
// shell does) over a fake bridge, with the app state it was given to.
import { render } from '@testing-library/svelte';
import type { Component } from 'svelte';
import { AppState } from '../state/app.svelte';
import { fakeBridge, type FakeBridge } from './fake-bridge';
import WithApp from './WithApp.svelte';

interface ScreenOptions {
  bridge?: FakeBridge;
  /** Set up the app before the screen first renders (a locale, a state to load). */
  prepare?: (app: AppState) => void;
  screenProps?: Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any screen's props, as WithApp takes them
type AnyScreen = Component<any>;

export function renderScreen(
  component: AnyScreen,
  { bridge = fakeBridge(), prepare, screenProps }: ScreenOptions = {},
) {
  const app = new AppState(bridge, null);
  prepare?.(app);
  const view = render(WithApp, { app, component, screenProps });
  return { bridge, app, view };
}
