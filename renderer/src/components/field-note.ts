// The id of the line under a form field (FieldNote: its error, or else its
// hint), for the field's aria-describedby.
export function describedBy(id: string, error: string | null | undefined, hint: string | null | undefined) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}
