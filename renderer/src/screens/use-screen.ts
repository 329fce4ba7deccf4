// What a screen (or a part of one) takes from the app at its start: the app
// state, its words (`t`) and the locale's formats (`i18n`) — said here once
// instead of three lines at the top of every screen.
import { useApp } from '../state/context';

/** Call while a component initialises (it reads the app's context). */
export function useScreen() {
  const app = useApp();
  return { app, t: app.i18n.t, i18n: app.i18n };
}
