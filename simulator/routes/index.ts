// The table of operation handlers, one per endpoint of shared/api/endpoints.ts
// except login (answered by the server itself). Endpoint names are plain
// strings in the shared table, so completeness is checked by routes.test.ts.
import { bookingHandlers } from './bookings';
import { calendarHandlers } from './calendar';
import type { Handler } from './context';
import { listingHandlers } from './listings';
import { organisationHandlers } from './organisation';
import { peopleHandlers } from './people';
import { taskHandlers } from './tasks';

export const HANDLERS: Readonly<Record<string, Handler | undefined>> = {
  ...listingHandlers,
  ...calendarHandlers,
  ...bookingHandlers,
  ...peopleHandlers,
  ...taskHandlers,
  ...organisationHandlers,
};
