/**
 * Version 39: `outbox.claims`, how many times a job has been claimed since it was queued. A try
 * that ends counts in `attempts`; a try whose process died does not end, so only the claims show a
 * job that kills whoever runs it (a site build that takes its server down), which must stop being
 * tried rather than take every instance down in turn. A requeue starts it again at 0.
 */
export function migration(): string[] {
  return ['ALTER TABLE outbox ADD COLUMN claims INTEGER NOT NULL DEFAULT 0'];
}
