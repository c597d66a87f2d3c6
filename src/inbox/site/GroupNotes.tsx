interface GroupNotesProps {
  help?: string | undefined;
  helpId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}

/** A group of fields' help line and problem, under its legend; the group's fieldset points at both by id. */
export function GroupNotes({ help, helpId, error, errorId }: GroupNotesProps) {
  return (
    <>
      {help && (
        <p id={helpId} className="text-sm text-slate-700">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 font-semibold text-alert-700">
          {error}
        </p>
      )}
    </>
  );
}
