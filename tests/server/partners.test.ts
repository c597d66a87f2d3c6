/**
 * The business's partners on both stores: owners add, change, pause and remove them in the inbox
 * (staff read the list only), every change in the audit log; the spreadsheet import, run as the
 * CLI runs, updates by e-mail (a second import doubles nothing) and refuses a whole file at its
 * first bad row, naming the line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { listPartners } from '../../server/storage/partner-records.ts';
import { auditEntries } from '../../server/storage/audit-log.ts';
import { inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const sheet = new URL('../fixtures/partners.csv', import.meta.url).pathname;

function runCli(url: string, ...args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
}

const waikato = {
  name: 'Waikato Cooling',
  email: 'Jobs@WaikatoCooling.co.nz',
  phone: '07 555 0101',
  kind: 'technician',
  regions: ['Tauranga', 'Hamilton'],
  services: ['Repair'],
  on_call: true,
};

describe.each(storeKinds)('partners on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: ['new-lead'], inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('lets an owner add, change, pause and remove a partner, each in the audit log', async () => {
    const owner = await session.signedIn(`owner-${kind}@example.nz`);
    const added = await session.call(owner, 'POST', '/partners', waikato);
    expect(added.statusCode).toBe(201);
    const partner = added.json().partner;
    // The e-mail is kept in lower case; the lists in the lists' own order; defaults filled in.
    expect(partner).toMatchObject({
      email: 'jobs@waikatocooling.co.nz',
      regions: ['Hamilton', 'Tauranga'],
      industries: [],
      on_call: true,
      paused: false,
    });

    const again = await session.call(owner, 'POST', '/partners', { ...waikato, email: 'jobs@waikatocooling.co.nz', name: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('email');

    const paused = await session.call(owner, 'PATCH', `/partners/${partner.id}`, { paused: true });
    expect(paused.json().partner).toMatchObject({ paused: true, name: 'Waikato Cooling', regions: ['Hamilton', 'Tauranga'] });
    const renamed = await session.call(owner, 'PATCH', `/partners/${partner.id}`, { name: 'Waikato Cooling Ltd', services: ['Repair', 'Maintenance'] });
    expect(renamed.json().partner).toMatchObject({ name: 'Waikato Cooling Ltd', services: ['Repair', 'Maintenance'], paused: true });

    const list = await session.call(owner, 'GET', '/partners');
    expect(list.json().partners.map((p: { name: string }) => p.name)).toContain('Waikato Cooling Ltd');

    expect((await session.call(owner, 'DELETE', `/partners/${partner.id}`)).statusCode).toBe(200);
    expect((await session.call(owner, 'DELETE', `/partners/${partner.id}`)).statusCode).toBe(404);
    expect((await session.call(owner, 'PATCH', `/partners/${partner.id}`, { paused: false })).statusCode).toBe(404);
    expect((await session.call(owner, 'GET', '/partners')).json().partners.map((p: { id: string }) => p.id)).not.toContain(partner.id);

    // A removed partner added again comes back as themselves, with the new details.
    const back = await session.call(owner, 'POST', '/partners', { ...waikato, phone: '07 555 0202' });
    expect(back.statusCode).toBe(201);
    expect(back.json().partner).toMatchObject({ id: partner.id, phone: '07 555 0202', paused: false });

    const actions = (await t.store.read(() => auditEntries({ limit: 50 }))).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Partner added: Waikato Cooling (jobs@waikatocooling.co.nz)',
        'Partner changed: Waikato Cooling (jobs@waikatocooling.co.nz), paused',
        'Partner removed: Waikato Cooling Ltd (jobs@waikatocooling.co.nz)',
      ]),
    );
  });

  it('refuses a partner without regions, services or a kind, pointing at the field', async () => {
    const owner = await session.signedIn(`fields-${kind}@example.nz`);
    for (const [field, value] of [
      ['regions', []],
      ['regions', ['Nelson']],
      ['services', []],
      ['kind', 'plumber'],
      ['email', 'not an address'],
    ] as const) {
      const res = await session.call(owner, 'POST', '/partners', { ...waikato, email: `f-${field}@x.nz`, [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), field).toEqual([field]);
    }
  });

  it('lets staff read the partners (they offer jobs) but change nothing', async () => {
    const owner = await session.signedIn(`owner2-${kind}@example.nz`);
    const { partner } = (await session.call(owner, 'POST', '/partners', { ...waikato, email: `staff-test-${kind}@x.nz` })).json();
    const staff = await session.signedIn(`staff-${kind}@example.nz`, 'staff');
    expect((await session.call(staff, 'GET', '/partners')).statusCode).toBe(200);
    expect((await session.call(staff, 'POST', '/partners', { ...waikato, email: 'staff-added@x.nz' })).statusCode).toBe(403);
    expect((await session.call(staff, 'PATCH', `/partners/${partner.id}`, { paused: true })).statusCode).toBe(403);
    expect((await session.call(staff, 'DELETE', `/partners/${partner.id}`)).statusCode).toBe(403);
    const stranger = await session.openBrowser();
    expect((await session.call(stranger, 'GET', '/partners')).statusCode).toBe(401);
  });
});

describe.each(storeKinds)('npm run leads -- partners on %s', (kind) => {
  let t: TestStore;
  const dir = mkdtempSync(join(tmpdir(), 'crnz-partners-'));
  beforeAll(async () => {
    t = await createTestStore(kind);
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the spreadsheet, twice without doubling, and lists it', async () => {
    const first = runCli(t.url, 'partners', 'import', sheet);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('4 added, 0 updated');
    const second = runCli(t.url, 'partners', 'import', sheet);
    expect(second.stdout).toContain('0 added, 4 updated');
    const partners = await t.store.read(() => listPartners());
    expect(partners).toHaveLength(4);
    expect(partners.find((p) => p.email === 'call@hamiltonfridgefix.co.nz')).toMatchObject({
      kind: 'technician',
      regions: ['Hamilton'],
      services: ['Repair'],
      on_call: true,
    });
    expect(partners.find((p) => p.name === 'Kai Refrigeration, Ltd')).toMatchObject({ kind: 'both', regions: ['Auckland', 'Regional'] });
    const list = runCli(t.url, 'partners', 'list');
    expect(list.status).toBe(0);
    expect(list.stdout.trim().split('\n')).toHaveLength(4);
    expect(list.stdout).toContain('Southern Supply  sales@southernsupply.co.nz');
  });

  it('refuses the whole file at a bad row, naming its line, and imports nothing of it', async () => {
    const before = await t.store.read(() => listPartners());
    const cases = [
      [
        'name,email,phone,kind,regions,services,on_call\nNew One,new1@x.nz,,technician,Hamilton,Repair,yes\nBad,bad@x.nz,,plumber,Hamilton,Repair,no\n',
        'Line 3: the kind',
      ],
      ['name,email,phone,kind,regions,services,on_call\nNew Two,new2@x.nz,,technician,Nelson,Repair,yes\n', 'Line 2: the regions'],
      ['name,email,phone,kind,regions,services,on_call\nA,a@x.nz,,technician,Hamilton,Repair,maybe\n', 'Line 2: on_call must be yes or no'],
      [
        'name,email,phone,kind,regions,services,on_call\nA,dup@x.nz,,technician,Hamilton,Repair,yes\nB,DUP@x.nz,,technician,Hamilton,Repair,yes\n',
        'Line 3: dup@x.nz is already on line 2',
      ],
      ['name,email,kind\nA,a@x.nz,technician\n', 'Line 1: the header must be'],
    ] as const;
    for (const [i, [text, problem]] of cases.entries()) {
      const file = join(dir, `bad-${i}.csv`);
      writeFileSync(file, text);
      const res = runCli(t.url, 'partners', 'import', file);
      expect(res.status, problem).toBe(1);
      expect(res.stderr).toContain('nothing imported');
      expect(res.stderr).toContain(problem);
    }
    expect(await t.store.read(() => listPartners())).toEqual(before);
  });
});
