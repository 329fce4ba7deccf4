// Migration 8: the day board reads its tasks from columns, like its bookings
// (004). What it shows of a cleaning task is the whole record; of a
// maintenance task, its type, hour, inspection and notes. Parsing ≈ 300 task
// JSONs per board was, after 004–007, the largest JavaScript cost left
// (≈ 0.25 ms of ≈ 1.4 ms at 1,000 listings, plus the garbage it made).
export const BOARD_TASK_COLUMNS = `
ALTER TABLE cleaning ADD COLUMN duration TEXT;
ALTER TABLE cleaning ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE maintenance ADD COLUMN notes TEXT NOT NULL DEFAULT '';
UPDATE cleaning SET duration = data ->> 'duration', notes = coalesce(data ->> 'notes', '');
UPDATE maintenance SET notes = coalesce(data ->> 'notes', '');
`;
