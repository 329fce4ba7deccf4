// The shape every code table of shared/spec/code-tables.md shares: an id and the name written
// beside it. Tables with more columns extend it; the lookups of index.ts read only these two.

export interface CodeEntry {
  readonly id: number;
  readonly name: string;
}
