// Migration 9: the planner's two sync_state reads use an index. Every plan —
// each sync pass, and the status the renderer asks for at start-up — reads
// the state of everything not per-booking (`scope NOT LIKE 'booking:%'`) and
// of the near bookings (`scope IN (…)`); sync_state's key starts with the
// resource, so both scanned all of it: 172k rows at 1,000 listings (one per
// booking and resource), ≈ 30 ms per plan. A partial index holding only the
// ≈ 1,000 non-booking rows and an index on scope make them look-ups.
export const SYNC_STATE_INDEXES = `
CREATE INDEX sync_state_not_booking ON sync_state (resource, scope, win) WHERE scope NOT LIKE 'booking:%';
CREATE INDEX sync_state_scope ON sync_state (scope);
`;
