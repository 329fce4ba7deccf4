// How components reach the root state: put once by the shell, read anywhere below it.
import { getContext, setContext } from 'svelte';
import type { AppState } from './app.svelte';

const KEY = Symbol('stayboard.app');

export function provideApp(app: AppState): void {
  setContext(KEY, app);
}

export function useApp(): AppState {
  const app = getContext<AppState | undefined>(KEY);
  if (!app) throw new Error('useApp() called outside the app shell');
  return app;
}
