/**
 * `npm run leads -- partners import FILE.csv | partners list`: the owner's spreadsheet of suppliers
 * and technicians into the database (updated by e-mail, all or nothing), and the list as it stands.
 * An import goes in the audit log as the command line.
 */
import { readFileSync } from 'node:fs';
import { partnerKindLabels } from '../../core/partner/kinds.ts';
import { nzDateTime } from '../../core/nz-time.ts';
import type { LeadStore } from '../storage/types.ts';
import { audit } from '../storage/audit-log.ts';
import { importPartners, listPartners } from '../storage/partner-records.ts';
import { inboxWords } from '../inbox/inbox-words.ts';
import { readPartnerCsv } from './partner-import.ts';

const CLI_ACTOR = 'command line';
export const PARTNERS_USAGE = 'Usage: npm run leads -- partners import FILE.csv | partners list';

/** Runs the command; the exit code it should end with. */
export async function partnersCommand(store: LeadStore, [action, file]: string[]): Promise<number> {
  if (action === 'list') {
    for (const p of await store.read(() => listPartners()))
      console.log(
        [
          p.name,
          p.email,
          p.phone || '-',
          partnerKindLabels[p.kind],
          p.regions.join(';'),
          p.services.join(';'),
          p.on_call_now ? (p.on_call_until !== null ? `on call until ${nzDateTime(new Date(p.on_call_until))} NZ` : 'on call') : 'not on call',
          p.sms ? 'texts on' : p.sms_stopped_at !== null ? 'texts off (replied STOP)' : 'texts off',
          ...(p.paused ? ['PAUSED'] : []),
        ].join('  '),
      );
    return 0;
  }
  if (action !== 'import' || !file) {
    console.error(PARTNERS_USAGE);
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const read = readPartnerCsv(text);
  if (!read.ok) {
    console.error(`${file}: nothing imported. ${read.problem}`);
    return 1;
  }
  const { added, updated } = await store.transact(function* () {
    const counts = yield* importPartners(read.partners);
    yield* audit({ actor_email: CLI_ACTOR, action: inboxWords.audit.partnersImported(counts.added, counts.updated), detail: file, ip: '' });
    return counts;
  });
  console.log(`Imported ${read.partners.length} partner(s) from ${file}: ${added} added, ${updated} updated.`);
  return 0;
}
