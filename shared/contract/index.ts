// The IPC contract between the untrusted renderer and the main process:
// commands (with input/output schemas), push events, the Result shape, the
// bridge surface, and the record and view shapes the renderer uses as types.
// The examples of every command and event are a test helper (testing/examples.ts),
// never re-exported here: nothing built may carry them.
export * from './result';
export * from './define';
export * from './primitives';
export * from './records';
export * from './views';
export * from './board-answer';
export * from './price-grid';
export * from './status';
export * from './commands';
export * from './push-events';
export * from './notifications';
export * from './bridge';
export * from './subject';
export { signInInput, unlockInput, type SignInInput, type UnlockInput } from './commands/session';
export {
  SCREENS,
  interestInput,
  type Interest,
  type CountDiff,
  type ReconcileResult,
  type SyncNowAnswer,
} from './commands/sync';
export { UPDATE_KINDS, updateState, installAnswer, type UpdateState, type InstallAnswer } from './commands/platform';
export {
  EXPORT_LISTS,
  paperFile,
  type DaySheetInput,
  type ExportInput,
  type ExportList,
  type PaperFile,
} from './commands/documents';
export {
  COVERAGE_RESOURCES,
  FETCH_OUTCOMES,
  FETCH_READINESS,
  coverageSubject,
  type CoverageAnswer,
  type CoverageFetched,
  type CoverageGap,
  type CoverageResource,
  type CoverageSubject,
  type CoverageSubjectArgs,
  type FetchOutcome,
  type FetchReadiness,
} from './commands/coverage';
export { EDIT_NAMES, isEditName, type EditName } from './commands/edits';
export { admitEdit, admitParsedEdit, type AdmittedEdit, type Admission } from './admitted-edit';
