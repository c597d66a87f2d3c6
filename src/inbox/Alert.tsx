/** An error sentence, read out when it appears. */
export function Alert({ message }: { message: string | undefined }) {
  return (
    <div role="alert" aria-live="assertive">
      {message && <p className="mt-2 rounded-md bg-red-50 p-3 text-alert-700">{message}</p>}
    </div>
  );
}

/** The message of whatever went wrong, for an Alert. */
export function errorMessage(error: unknown, fallback: string): string | undefined {
  if (!error) return undefined;
  return error instanceof Error && error.message ? error.message : fallback;
}
