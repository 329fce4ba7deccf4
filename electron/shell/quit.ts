// Quitting cleanly: on the first quit request, stop and run the shutdown
// (the outbox drain finishes the request in flight, the database closes),
// then quit for real. A shutdown that hangs is cut off after a limit so the
// app never refuses to close; what was not sent stays in the outbox.
import type { App } from 'electron';
import type { Logger } from '../log/log';

export function installCleanQuit(
  app: Pick<App, 'on' | 'quit' | 'exit'>,
  shutdown: () => Promise<void>,
  log: Logger,
  limitMs = 10_000,
): void {
  let state: 'running' | 'stopping' | 'done' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'done') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    log.info('quitting: finishing the request in flight and closing the database');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limitMs);
    });
    Promise.race([shutdown().then(() => 'ok' as const), limit])
      .then((outcome) => {
        if (outcome === 'timeout') log.warn(`shutdown took over ${limitMs} ms; quitting anyway`);
      })
      .catch((e: unknown) => log.error('shutdown failed', e))
      .finally(() => {
        clearTimeout(timer);
        state = 'done';
        app.quit();
      });
  });
}
