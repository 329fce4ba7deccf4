// The demo workspace's server: the simulator in-process on a random loopback
// port, with the seeded 40-listing business dated around today and a fresh
// random password (session-only credentials: never written anywhere).
// The simulator is loaded with import() when the demo opens, so the app's
// built main bundle holds none of it: the build emits it as a separate chunk
// that only the demo ever loads (electron/bundle.test.ts). The demo's
// simulator has no control API (serveSimulator without one): the app never
// drives it over HTTP.
import { randomBytes } from 'node:crypto';
import type { Simulator } from '../../simulator';
import { downloadImage } from '../engine/photo-download';
import type { FetchImage } from '../engine/photo-files';
import type { DemoServer } from './workspace';

export const DEMO_SEED = 7;
export const DEMO_LISTINGS = 40;

export interface DemoOptions {
  /** YYYY-MM-DD; default: today (local). */
  today?: string;
  seed?: number;
  listings?: number;
}

export async function startDemoServer(options: DemoOptions = {}): Promise<DemoServer & { simulator: Simulator }> {
  const password = randomBytes(18).toString('base64url');
  const { serveSimulator } = await import('../../simulator/serve');
  const simulator = await serveSimulator({
    port: 0,
    seed: options.seed ?? DEMO_SEED,
    listings: options.listings ?? DEMO_LISTINGS,
    user: 'demo',
    password,
    ...(options.today ? { today: options.today } : {}),
  });
  return {
    url: simulator.url,
    user: simulator.user,
    password: simulator.password,
    simulator,
    close: () => simulator.close(),
  };
}

/** The simulator names its photos on an image host of its own and serves them at `<its address>/media`. */
const SIMULATOR_IMAGE_HOST = 'https://img.stayboard-sim.test/';

export function simulatorMedia(baseUrl: string): FetchImage {
  return (url, signal) =>
    downloadImage(
      url.startsWith(SIMULATOR_IMAGE_HOST) ? `${baseUrl}/media/${url.slice(SIMULATOR_IMAGE_HOST.length)}` : url,
      { apiBase: baseUrl },
      signal,
    );
}
