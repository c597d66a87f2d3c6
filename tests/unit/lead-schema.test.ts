import { describe, expect, it } from 'vitest';
import {
  budgetRanges,
  deviceFromUserAgent,
  formFields,
  isRepairRequest,
  leadColumns,
  leadFields,
  parseLead,
  serviceTypes,
  siteFields,
  timeframes,
  unitCounts,
} from '../../core/lead/schema.ts';

const valid = { contact_name: 'Aroha Smith', work_email: 'aroha@cafe.co.nz' };

describe('lead schema', () => {
  it('accepts the two required fields alone and fills every other column with ""', () => {
    const result = parseLead(valid);
    expect(result.ok).toBe(true);
    expect(Object.keys(result.lead!).sort()).toEqual([...leadColumns].sort());
    expect(result.lead!.phone).toBe('');
  });

  it('keeps the form’s choice values exactly, dashes included', () => {
    expect(serviceTypes).toEqual(['Installation', 'Repair', 'Maintenance', 'Cool Room / Walk-in Freezer']);
    expect(unitCounts).toEqual(['1', '2–3', '4–10', '10+']);
    expect(timeframes).toEqual(['Urgent (24–72h)', '1–2 weeks', '30–60 days', 'Planning stage']);
    expect(budgetRanges).toEqual(['$0–$2k', '$2k–$10k', '$10k–$50k', '$50k+']);
    expect(parseLead({ ...valid, num_units: '2–3', timeframe: 'Urgent (24–72h)', service_type: 'Cool Room / Walk-in Freezer' }).ok).toBe(true);
  });

  it('requires contact_name and work_email', () => {
    const result = parseLead({});
    expect(result.ok).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(['contact_name', 'work_email']);
    expect(parseLead({ ...valid, contact_name: '   ' }).errors.contact_name).toMatch(/required/);
  });

  it.each(['not-an-email', 'a@b', 'a @b.co', 'a@b.c', '<a@b.co>'])('rejects the malformed e-mail %s', (email) => {
    expect(parseLead({ ...valid, work_email: email }).errors.work_email).toBeDefined();
  });

  it('rejects a choice outside its list', () => {
    expect(parseLead({ ...valid, city: 'Gotham' }).errors.city).toMatch(/one of/);
    expect(parseLead({ ...valid, num_units: '2-3' }).errors.num_units).toBeDefined(); // hyphen, not the form's en dash
  });

  it('bounds every field', () => {
    for (const field of formFields.filter((f) => f.kind !== 'select' && f.kind !== 'email')) {
      const result = parseLead({ ...valid, [field.name]: 'x'.repeat(field.maxLength + 1) });
      expect(result.errors[field.name], field.name).toMatch(/at most/);
    }
    // Tracking values are the page's, not the visitor's: cut to their limit, never a reason to refuse a lead.
    const long = parseLead({ ...valid, utm_source: 'x'.repeat(201), page_url: `https://e.nz/?${'q'.repeat(5000)}`, gclid: `${'g'.repeat(299)}😀` });
    expect(long.ok).toBe(true);
    expect(long.lead!.utm_source).toBe('x'.repeat(200));
    expect(long.lead!.page_url).toHaveLength(2000);
    expect(long.lead!.gclid).toBe('g'.repeat(299)); // a character is never cut in half
  });

  it('removes CR, LF and control characters from one-line fields, keeps line breaks in notes', () => {
    const result = parseLead({ ...valid, contact_name: 'Evil\r\nBcc: x@y.z', company_name: 'A\u0000B', notes: 'line 1\r\nline 2\u0007' });
    expect(result.lead!.contact_name).toBe('Evil Bcc: x@y.z');
    expect(result.lead!.company_name).toBe('A B');
    expect(result.lead!.notes).toBe('line 1\nline 2');
  });

  // Controls, zero-width and bidirectional formatting characters, one by one.
  const invisible = [
    '\u202E',
    '\u202A',
    '\u202D',
    '\u2066',
    '\u2067',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u2060',
    '\uFEFF',
    '\u180E',
  ];
  const c1 = ['\u0080', '\u0085', '\u009B', '\u009F'];
  it.each([...invisible, ...c1].map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'no stored field keeps %s',
    (_name, c) => {
      const fields = {
        contact_name: `Eve${c}Ngata`,
        company_name: `${c}Kai${c}`,
        phone: `021${c}555`,
        notes: `one${c}\ntwo`,
        utm_source: `goo${c}gle`,
        gclid: `g${c}1`,
      };
      // Invisible characters vanish (so an e-mail or a choice still matches); a control becomes a space there, and a space fails them.
      const vanishes = invisible.includes(c);
      const result = parseLead({ ...valid, ...fields, ...(vanishes ? { work_email: `ev${c}e@example.co.nz`, city: `Hamilton${c}` } : {}) });
      expect(result.ok, JSON.stringify(result.errors)).toBe(true);
      for (const value of Object.values(result.lead!)) expect(value.includes(c), JSON.stringify(value)).toBe(false);
      expect(result.lead!.contact_name).toBe(vanishes ? 'EveNgata' : 'Eve Ngata');
      if (vanishes) expect([result.lead!.work_email, result.lead!.city]).toEqual(['eve@example.co.nz', 'Hamilton']);
    },
  );

  it('removes bidirectional overrides from what would display as another file name', () => {
    expect(parseLead({ ...valid, contact_name: 'Eve\u202Egnp.exe' }).lead!.contact_name).toBe('Evegnp.exe');
  });

  it('keeps line breaks and tabs in notes, turning every kind of break into \\n', () => {
    const notes = parseLead({ ...valid, notes: 'a\tb\r\nc\rd\u0085e\u2028f\u2029g\u009Bh' }).lead!.notes;
    expect(notes).toBe('a\tb\nc\nd\ne\nf\ng' + 'h');
    // One-line fields get a space for any break or control.
    expect(parseLead({ ...valid, contact_name: 'a\u0085b\u2028c\tD' }).lead!.contact_name).toBe('a b c D');
  });

  it("keeps the quote's own fields in their fixed order, then the optional site fields, then tracking", () => {
    expect(leadFields.map((f) => f.name)).toEqual([
      'contact_name',
      'work_email',
      'phone',
      'company_name',
      'industry',
      'city',
      'service_type',
      'num_units',
      'site_type',
      'timeframe',
      'budget_range',
      'notes',
    ]);
    expect(siteFields.map((f) => [f.name, f.kind, f.maxLength])).toEqual([
      ['site_street', 'text', 120],
      ['site_suburb', 'text', 120],
      ['access_notes', 'textarea', 500],
    ]);
    expect(leadColumns.slice(0, formFields.length)).toEqual(formFields.map((f) => f.name));
    expect(siteFields.some((f) => 'required' in f)).toBe(false);
  });

  it('takes the site address and access notes, cleaned like the others: one line for the address, line breaks kept in the notes', () => {
    const result = parseLead({
      ...valid,
      site_street: ' 12\u200b Grey Street,\r\nUnit 3 ',
      site_suburb: 'Frankton\u202e',
      access_notes: 'Gate code 4321#\r\nPark by the loading dock\u0007',
    });
    expect(result.ok, JSON.stringify(result.errors)).toBe(true);
    expect(result.lead).toMatchObject({
      site_street: '12 Grey Street, Unit 3',
      site_suburb: 'Frankton',
      access_notes: 'Gate code 4321#\nPark by the loading dock',
    });
    // Never required: a lead without them is whole, and they are stored empty.
    expect(parseLead(valid).lead).toMatchObject({ site_street: '', site_suburb: '', access_notes: '' });
    // Bounded: 120 characters for each line of the address, 500 for the notes.
    expect(parseLead({ ...valid, site_street: 'x'.repeat(120), site_suburb: 'y'.repeat(120), access_notes: 'z'.repeat(500) }).ok).toBe(true);
    expect(
      Object.keys(parseLead({ ...valid, site_street: 'x'.repeat(121), site_suburb: 'y'.repeat(121), access_notes: 'z'.repeat(501) }).errors).sort(),
    ).toEqual(['access_notes', 'site_street', 'site_suburb']);
  });

  it('words the form for a technician on a repair: the service Repair or a repair call-out', () => {
    expect(isRepairRequest({ service_type: 'Repair' })).toBe(true);
    expect(isRepairRequest({ site_type: 'Repair call-out' })).toBe(true);
    expect(isRepairRequest({ service_type: 'Installation', site_type: 'New build' })).toBe(false);
    expect(isRepairRequest({})).toBe(false);
  });

  it('rejects non-text values', () => {
    expect(parseLead({ ...valid, phone: 42 as unknown as string }).ok).toBe(false);
  });

  it('accepts only mobile or desktop as device', () => {
    expect(parseLead({ ...valid, device: 'tablet' }).errors.device).toBeDefined();
    expect(parseLead({ ...valid, device: 'mobile' }).lead!.device).toBe('mobile');
  });
});

describe('device detection', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15', 'desktop'],
    ['', 'desktop'],
  ])('%s → %s', (ua, device) => {
    expect(deviceFromUserAgent(ua)).toBe(device);
  });
});
