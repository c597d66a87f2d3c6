/**
 * Copy a lawyer and a food-safety officer would sign, checked on the built pages: one account of
 * who does the work, where a visitor's details go, the rules kept apart from our advice, vaccine
 * storage named as it is, refrigerant and electrical work as New Zealand regulates them, promises
 * with their conditions, cool room consent and bracing, and the office hours in the structured data.
 * Each check fails if the old wording comes back or a citation goes missing.
 */
import { describe, expect, it } from 'vitest';
import { builtPages, decodeEntities } from '../support/dist.ts';
import { business } from '../../core/business.ts';
import { routes } from '../../src/config/site.ts';

const pages = builtPages();
const page = (route: string) => {
  const found = pages.find((p) => p.route === route);
  if (!found) throw new Error(`no built page ${route}`);
  return found;
};
/** The visible text of a page: tags gone, entities decoded, white space folded. */
const text = (route: string) =>
  decodeEntities(
    page(route)
      .html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ');
const links = (route: string) => [...page(route).html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!));
const indexable = pages.filter((p) => !p.html.includes('name="robots" content="noindex'));

describe('one account of who does the work', () => {
  it.each(['Our team builds the room', 'Every walk-in we build', 'We supply and install the full range', 'We install with the clearances'])(
    'no page says "%s"',
    (phrase) => {
      expect(pages.filter((p) => text(p.route).includes(phrase)).map((p) => p.route)).toEqual([]);
    },
  );

  it('the thank-you page, the terms and the privacy page give the one account', () => {
    const account = `You deal with one contact at ${business.name}`;
    for (const route of ['/thank-you', routes.terms, routes.privacy]) expect(text(route), route).toContain(account);
  });

  it('the terms say who the customer contracts with and who stands behind the workmanship', () => {
    expect(text(routes.terms)).toContain(`your contract is with ${business.name}`);
    expect(text(routes.terms)).toContain('We stand behind the workmanship on every job we arrange');
  });
});

describe('where a visitor’s details go', () => {
  const privacy = () => text(routes.privacy);

  it('names who receives them and why, that suppliers and technicians get them only for the quote and the job, and the principles', () => {
    expect(privacy()).not.toContain('Your request is seen by our staff');
    expect(privacy()).toContain('The supplier and the technicians matched to your job');
    expect(privacy()).toContain('only for your quote and the job');
    expect(privacy()).toContain('with any phone numbers, e-mail addresses and links taken out');
    expect(privacy()).toContain('Only the partner who accepts the job receives your name, company, phone, e-mail and project details in full');
    expect(privacy()).toContain(`once the job is won or lost, or ${business.heldJobDays} days after they accepted`);
    expect(privacy()).toContain('We record who received them and when, and e-mail you who has them and who saw only the job');
    for (const principle of ['principle 3', 'principle 11', 'principles 6 and 7']) expect(privacy()).toContain(principle);
  });

  it('names Twilio as the text message provider: what a text to a partner holds, what follows a YES, and that replies pass through it', () => {
    expect(privacy()).toContain('Twilio, which sends our text messages to partners and passes their replies back to us');
    expect(privacy()).toContain('A job offered by text shows only the service, your suburb and city, the times to accept and be on site by, and a link.');
    expect(privacy()).toContain('by replying YES to its text also gets your name, phone number and site address by text, through Twilio');
    expect(privacy()).toContain('your replies (such as YES, NO, STOP or START) pass through Twilio to us');
    expect(privacy()).toContain('hosting, e-mail, phone and text message (Twilio) and analytics providers');
  });

  it('says calls are carried by Twilio, that only a voicemail left when nobody answers is recorded, who may play it and when it is deleted', () => {
    expect(privacy()).toContain('Our phone lines run through Twilio');
    expect(privacy()).toContain('Calls that one of us answers are not recorded.');
    expect(privacy()).toContain('If nobody answers, you can leave a voicemail of up to 2 minutes. Twilio records it');
    expect(privacy()).toContain('only the owner and staff signed in to our inbox can play it');
    expect(privacy()).toContain(`when the ${business.leadRetentionDays / 365} years are up`);
  });

  it('states the retention the purge command uses, and how to ask for a copy, a correction or deletion within 20 working days', () => {
    expect(privacy()).toContain(`We keep a quote request for ${business.leadRetentionDays / 365} years`);
    expect(privacy()).toMatch(/copy[\s\S]*correct[\s\S]*delete/);
    expect(privacy()).toContain('20 working days');
  });

  it('cites the Act and the Privacy Commissioner’s pages', () => {
    expect(links(routes.privacy).filter((href) => href.startsWith('https://privacy.org.nz/'))).toHaveLength(2);
    expect(privacy()).toContain('Privacy Act 2020');
  });

  it('every form’s privacy line says the same in one line and links to the policy', () => {
    const withForm = pages.filter((p) => p.html.includes('name="form-name"'));
    expect(withForm.length).toBeGreaterThan(20);
    for (const p of withForm) {
      expect(text(p.route), p.route).toContain(
        `the supplier and technicians matched to it see them, we keep them for ${business.leadRetentionDays / 365} years`,
      );
      expect(links(p.route), p.route).toContain(routes.privacy);
    }
  });
});

describe('the rules as they are, apart from our advice', () => {
  it('the restaurant guide separates what is required from what we recommend, cites MPI, and gives the 2-hour/4-hour rule', () => {
    const guide = text(routes.restaurantGuide);
    expect(guide).not.toContain('the rules this guide works to');
    expect(guide).toContain('What is required.');
    expect(guide).toContain('What we recommend.');
    expect(guide).toContain('2-hour/4-hour rule');
    expect(guide).toContain('MPI, Simply Safe & Suitable template food control plan');
  });

  it('the food safety pages cite MPI’s current template plan, not the one it replaced', () => {
    for (const route of [routes.restaurantGuide, '/blog/nz-compliance-standards']) {
      expect(text(route), route).toContain('Simply Safe & Suitable');
      expect(
        links(route).some((href) => href.startsWith('https://www.mpi.govt.nz/')),
        route,
      ).toBe(true);
      expect(links(route), route).not.toContain('https://www.scribd.com/document/470463711/Food-Control-Plan-The-Basics-PRINT');
    }
  });

  it('twice-daily checks are a recommendation, not "Daily"', () => {
    expect(text('/blog/extend-freezer-life')).not.toMatch(/Check and record the temperature Daily/);
    expect(text('/blog/extend-freezer-life')).toContain('Twice daily (our recommendation');
  });

  it('pages about a failed fridge give the 2-hour/4-hour rule', () => {
    for (const route of ['/blog/nz-compliance-standards', routes.emergency]) expect(text(route), route).toContain('2-hour/4-hour rule');
  });
});

describe('vaccine storage named as it is', () => {
  const medical = () => text('/medical-refrigeration');
  it('names the National Standards and Cold Chain Accreditation, what they ask of the fridge, and cites the Ministry of Health', () => {
    expect(medical()).toContain('National Standards for Vaccine Storage and Transportation for Immunisation Providers');
    expect(medical()).toContain('Cold Chain Accreditation');
    expect(medical()).toContain('data logger');
    expect(medical()).toContain('+2°C and +8°C');
    // The old guidelines may be named only as what the Standards replaced.
    expect(medical().match(/National Guidelines for Vaccine Storage and Distribution/g)).toHaveLength(1);
    expect(medical()).toContain('replaced the 2012 National Guidelines');
    expect(links('/medical-refrigeration').some((href) => href.startsWith('https://www.health.govt.nz/'))).toBe(true);
  });
});

describe('refrigerant and electrical work', () => {
  it('says what New Zealand requires instead of "licensed technicians only", with its sources', () => {
    const article = text('/blog/common-problems');
    expect(article).not.toMatch(/licensed technicians only/i);
    expect(article).toContain('registered and licensed electrical worker');
    expect(article).toContain('Approved Filler');
    expect(article).toContain('Hazardous Substances and New Organisms Act 1996');
    expect(links('/blog/common-problems').some((href) => href.includes('rlnz.org.nz'))).toBe(true);
    // The regulators' own pages, not only the industry body's.
    expect(article).toContain('Ozone Layer Protection Act 1996');
    expect(article).toContain('Approved Filler compliance certificate');
    for (const host of ['worksafe.', 'epa.govt.nz', 'mfe.govt.nz']) {
      expect(
        links('/blog/common-problems').some((href) => href.includes(host)),
        host,
      ).toBe(true);
    }
  });
});

describe('promises with their conditions', () => {
  it('the emergency form sends an urgent failure to the phone', () => {
    expect(text(routes.emergency)).toContain(
      `For immediate assistance with a failure happening now, call ${business.emergencyLine.display.replace(/\u00a0/g, ' ')}`,
    );
  });

  it('the 24-hour quote is conditional on the site assessment for a cool room or a larger job', () => {
    for (const route of ['/thank-you', routes.priceGuide, routes.restaurantGuide, routes.terms]) {
      expect(text(route), route).toMatch(/within 24 hours of (the|that) (site assessment|visit)/);
    }
  });
});

describe('cool rooms: consent and bracing', () => {
  it('the cool rooms page and the price guide say when consent and bracing apply, with the sourced installation figure', () => {
    for (const route of [routes.coolRooms, routes.priceGuide]) {
      expect(text(route), route).toContain('building consent');
      expect(text(route), route).toMatch(/seismic bracing/);
      expect(text(route), route).toContain('NZ$2,000 to NZ$5,000');
      expect(
        links(route).some((href) => href.includes('tradequip.co.nz')),
        route,
      ).toBe(true);
    }
    // When consent and bracing apply comes from council guidance and the restraint standard, not the retailer alone.
    for (const route of [routes.coolRooms, routes.priceGuide]) {
      expect(text(route), route).toContain('Schedule 1 of the Building Act 2004');
      expect(text(route), route).toContain('NZS 4219:2009');
      expect(
        links(route).some((href) => href.includes('southtaranaki.com')),
        route,
      ).toBe(true);
    }
    expect(text(routes.priceGuide)).not.toContain('Installation typically adds 10-15%');
  });
});

describe('search engines told the truth', () => {
  it('no page claims to be open 00:00-23:59 as its opening hours', () => {
    for (const p of indexable) {
      for (const [, json] of p.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        const data = JSON.parse(json!) as { openingHoursSpecification?: { opens: string; closes: string }[] };
        for (const spec of data.openingHoursSpecification ?? []) expect(`${spec.opens}-${spec.closes}`, p.route).not.toBe('00:00-23:59');
      }
    }
  });
});
