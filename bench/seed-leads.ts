/**
 * Leads for the benches: `count` deterministic leads over the two years to 24 November 2026 (5%
 * urgent, 3% spam, most worked past New, with first actions, won values and lost reasons, and five
 * kinds of source), inserted in batches straight into a fresh test store, then given their arrival
 * columns by the same unit of work migration 11 runs for leads stored before it.
 */
import { randomUUID } from 'node:crypto';
import { leadColumns } from '../core/lead/schema.ts';
import { leadStatuses, lostReasons } from '../core/lead/status.ts';
import { stageRank } from '../core/lead/insight.ts';
import { fillArrivalColumns } from '../server/storage/arrival-fill.ts';
import { run } from '../server/storage/steps.ts';
import { createTestStore, type StoreKind, type TestStore } from '../tests/support/stores.ts';

const names = ['Aroha', 'Mere', 'Tama', 'Hemi', 'Sarah', 'James', 'Priya', 'Wei', 'Liam', 'Olivia', 'Kauri', 'Rangi'];
const surnames = ['Ngata', 'Smith', 'Patel', 'Chen', 'Brown', 'Wilson', 'Tane', 'Walker', 'Kelly', 'Singh'];
const cities = ['Auckland', 'Wellington', 'Christchurch', 'Hamilton', 'Tauranga', 'Dunedin'];
const services = ['Repair', 'Installation', 'Maintenance', 'Cool Room / Walk-in Freezer'];
const paths = ['/repairs', '/cool-rooms', '/hamilton', '/contact', '/emergency-repairs'];
/** Google Ads, organic search, direct, social and a referring site, in turn. */
const sources = [
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'waikato', gclid: 'Cj0KCQiAbench' },
  { referrer: 'https://www.google.co.nz/' },
  {},
  { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'winter' },
  { referrer: 'https://hospitality.org.nz/members' },
];

function seedRow(i: number, count: number) {
  const name = `${names[i % names.length]} ${surnames[(i * 7) % surnames.length]} ${i}`;
  const urgent = i % 20 === 0 ? 1 : 0;
  const spam = i % 33 === 0;
  const status = i > count - 300 ? 'new' : leadStatuses[(i * 13) % leadStatuses.length]!;
  const lead = Object.fromEntries(leadColumns.map((c) => [c, ''])) as Record<string, string>;
  Object.assign(lead, {
    contact_name: name,
    work_email: `person${i}@example.co.nz`,
    phone: `021 555 ${String(i).padStart(6, '0')}`,
    company_name: `${surnames[i % surnames.length]} Foods ${i % 500}`,
    city: cities[i % cities.length],
    service_type: services[i % services.length],
    notes: `Chiller number ${i} is running warm; site visit wanted.`,
    path: paths[i % paths.length],
    ...sources[i % sources.length],
  });
  const arrived = Date.UTC(2024, 10, 24) + Math.floor((i / count) * 2 * 365 * 86_400_000);
  const searchText = [lead.contact_name, lead.company_name, lead.work_email, lead.phone, lead.notes].join(' ').toLowerCase();
  return {
    id: randomUUID(),
    created_at: new Date(arrived).toISOString(),
    spam,
    spam_reason: spam ? 'bench' : '',
    status,
    urgent,
    priority: urgent && status === 'new' && !spam ? 1 : 0,
    search_text: searchText,
    furthest_stage: status === 'lost' ? (i * 7) % 3 : stageRank(status),
    job_value_cents: status === 'won' ? 100_000 + (i % 97) * 5_000 : null,
    lost_reason: status === 'lost' ? lostReasons[i % lostReasons.length]! : null,
    // Somebody acted on every lead past New, from minutes to two days after it arrived.
    first_action_at: status === 'new' ? null : arrived + ((i * 37) % 2_880) * 60_000,
    ...lead,
  };
}

/** A fresh store of `count` leads, analysed. */
export async function seedLeads(kind: StoreKind, count: number): Promise<TestStore> {
  const t = await createTestStore(kind);
  const columns = Object.keys(seedRow(0, count));
  const batch = 400;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => seedRow(start + k, count));
    await t.store.transact(() =>
      run(
        `INSERT INTO leads (${columns.join(', ')}) VALUES ${rows.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}`,
        ...rows.flatMap((r) => Object.values(r)),
      ),
    );
  }
  await t.store.transact(() => fillArrivalColumns());
  await t.store.transact(() => run(kind === 'postgres' ? 'ANALYZE leads' : 'ANALYZE'));
  return t;
}
