// The hash router: the current route as state, following `location.hash`.
// Hash routing needs no server support, so it works the same from the
// Electron custom protocol and the web host.
import { untrack } from 'svelte';
import { formatHash, parseHash, type QueryValue, type Route, type RouteName } from '../lib/routes';

export { formatHash, parseHash, ROUTE_NAMES, type Route, type RouteName } from '../lib/routes';

/** Reactive current route, following `location.hash`. */
export class Router {
  route = $state.raw<Route>(parseHash(''));
  /** Keys of pages that followed their record to its server id (`booking/108562` → `booking/-1`): see follow(). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- read only while the route (reactive) is read
  #followed = new Map<string, string>();

  constructor(private readonly win: Window | null = typeof window === 'undefined' ? null : window) {
    if (this.win) this.route = parseHash(this.win.location.hash);
  }

  /** Follows hash changes until the returned function is called. */
  start(): () => void {
    const win = this.win;
    if (!win) return () => {};
    const onChange = () => {
      this.route = parseHash(win.location.hash);
    };
    win.addEventListener('hashchange', onChange);
    return () => win.removeEventListener('hashchange', onChange);
  }

  go(name: RouteName, id?: string | number | null, query?: Record<string, QueryValue>): void {
    this.goHash(formatHash({ name, id: id ?? null, query: query ?? {} }));
  }

  /**
   * Changes only the query of the current route (filters), without a history
   * entry per keystroke. Reads the route untracked: screens call this from an
   * effect, which must not come to depend on the route it writes.
   */
  setQuery(query: Record<string, QueryValue>): void {
    const route = untrack(() => this.route);
    const next = formatHash({ name: route.name, id: route.id, query: { ...route.query, ...query } });
    if (next === formatHash(route)) return;
    if (!this.win) {
      this.route = parseHash(next);
      return;
    }
    this.win.history.replaceState(this.win.history.state, '', next);
    this.route = parseHash(next);
  }

  /**
   * The record the current page shows was made here and the server has adopted it: from now
   * on the route names it by the server's id. The history entry is replaced — back does not
   * lead to the local id, which names nothing any more — and the page stays as it is (its
   * `key` does not change: nothing is reloaded, nothing typed is lost).
   */
  follow(id: string | number): void {
    const route = untrack(() => this.route);
    if (route.id === String(id)) return;
    const next = formatHash({ name: route.name, id, query: route.query });
    const before = `${route.name}/${route.id ?? ''}`;
    this.#followed.set(`${route.name}/${id}`, this.#followed.get(before) ?? before);
    if (this.win) this.win.history.replaceState(this.win.history.state, '', next);
    this.route = parseHash(next);
  }

  /** What a page is kept by: its route's name and id, the same before and after follow(). */
  key(route: Route): string {
    const key = `${route.name}/${route.id ?? ''}`;
    return this.#followed.get(key) ?? key;
  }

  goHash(hash: string): void {
    if (!this.win) {
      this.route = parseHash(hash);
      return;
    }
    // Update at once (screens react in the same tick); the hashchange that follows re-parses the same value.
    this.route = parseHash(hash);
    if (this.win.location.hash !== hash) this.win.location.hash = hash;
  }
}
