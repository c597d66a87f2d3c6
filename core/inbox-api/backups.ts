/**
 * The scheduled backups as owners see them in the inbox: the newest backup (when, how big) and the
 * latest attempt's failure, or null when this server takes no scheduled backups (BACKUP_DIR unset,
 * or PostgreSQL, which is backed up with pg_dump).
 */
import { z } from 'zod';

export const backupAnswer = z.object({
  backups: z
    .object({
      /** The newest backup in the folder: its file name, when it was taken (ISO, UTC) and its size in bytes. */
      last: z.object({ file: z.string(), at: z.string(), bytes: z.number() }).nullable(),
      /** Set while the latest attempt failed: when, and why. */
      failure: z.object({ at: z.string(), error: z.string() }).nullable(),
    })
    .nullable(),
});
export type BackupAnswer = z.output<typeof backupAnswer>;
