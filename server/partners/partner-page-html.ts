/**
 * The partner page as HTML, for a phone: the job, then what the partner can do next as plain
 * forms (no script: it works in any mail app's browser). It wears the site's own look when the
 * server has the built site, and uses only class names the site's stylesheet already has.
 */
import { escapeHtml as e } from '../../core/escape-html.ts';
import { mailtoHref } from '../../core/mailto.ts';
import type { OfferView } from '../storage/partner-offers.ts';
import { jobFacts } from '../outbox/partner-emails.ts';
import { nzTime, telHref } from '../outbox/lead-email.ts';
import { PARTNER_PATH, OFFER_TOKEN_PARAM } from './partner-links.ts';
import { partnerWords } from './partner-words.ts';
import { withoutContactDetails, withoutLiveLinks } from './customer-text.ts';

const w = partnerWords.page;
const when = (ms: number) => nzTime(new Date(ms).toISOString());

function form(token: string, action: string, label: string, primary: boolean, extra = ''): string {
  return `<form method="post" action="${PARTNER_PATH}" class="mt-4">${extra}<input type="hidden" name="${OFFER_TOKEN_PARAM}" value="${e(token)}"><input type="hidden" name="action" value="${e(action)}"><button type="submit" class="${primary ? 'btn-primary' : 'btn-secondary'}">${e(label)}</button></form>`;
}

function section(heading: string, body: string): string {
  return `<section class="section bg-white"><div class="container-page max-w-2xl"><h1 id="page-title" class="text-2xl font-bold text-brand-900">${e(heading)}</h1>${body}</div></section>`;
}

/** The customer's own line breaks kept, each line escaped: the site's stylesheet has no pre-line rule to lean on. */
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => e(line))
    .join('<br>');

const notice = (text: string) => `<p class="mt-4 text-lg font-semibold text-brand-900" role="status">${e(text)}</p>`;

/** The first page a link opens: nothing of the job, one button (a mail scanner fetching the link presses nothing). */
export function continueMain(token: string): string {
  return section(w.title, `<p class="mt-4 text-slate-700">${e(w.continueIntro)}</p>${form(token, 'view', w.continue, true)}`);
}

export function invalidMain(): string {
  return section(w.invalidTitle, `<p class="mt-4 text-slate-700">${e(w.invalid)}</p>`);
}

/** The job and the partner's next step; the customer only while the partner holds the job. */
export function offerMain(view: OfferView, token: string): string {
  const { offer, lead, standing } = view;
  if (!lead) return section(w.title, notice(w.gone));
  const heading = w.heading([lead.service_type || w.title, lead.city].filter(Boolean).join(' · '));
  const factList = `<ul class="mt-4 grid gap-2">${jobFacts(lead)
    .map((f) => `<li class="text-slate-700">${e(f.label)}: <strong>${e(f.value)}</strong></li>`)
    .join('')}</ul>`;
  const notesOf = (text: string) => (lead.notes ? `<p class="mt-4 text-slate-700">${lines(text)}</p>` : '');
  switch (standing) {
    case 'held': {
      const tel = lead.phone ? telHref(lead.phone) : undefined;
      const c = partnerWords.customer;
      const customer = `<h2 class="mt-6 text-xl font-bold text-brand-900">${e(w.customerHeading)}</h2><ul class="mt-2 grid gap-2">
<li>${e(c.name)}: <strong>${e(lead.contact_name)}</strong></li>${lead.company_name ? `<li>${e(c.company)}: <strong>${e(lead.company_name)}</strong></li>` : ''}
${lead.phone ? `<li>${e(c.phone)}: ${tel ? `<a class="font-semibold text-brand-700 underline" href="${e(tel)}">${e(lead.phone)}</a>` : e(lead.phone)}</li>` : ''}
<li>${e(c.email)}: <a class="font-semibold text-brand-700 underline break-all" href="${e(mailtoHref(lead.work_email))}">${e(lead.work_email)}</a></li></ul>`;
      const progress = [
        offer.on_site_at ? notice(w.onSiteAt(when(offer.on_site_at))) : lead.urgent ? form(token, 'on_site', w.onSite, true) : '',
        offer.quote_sent_at
          ? notice(w.quoteSentAt(when(offer.quote_sent_at)))
          : form(token, 'quote_sent', w.quoteSent, !lead.urgent || Boolean(offer.on_site_at)),
      ].join('');
      // After accepting the partner reads the notes whole, links as text only.
      return section(heading, `${notice(w.accepted)}${customer}${progress}${factList}${notesOf(withoutLiveLinks(lead.notes))}`);
    }
    case 'open': {
      const reason = `<label for="reason" class="field-label">${e(w.reason)}</label><textarea id="reason" name="reason" rows="2" maxlength="500" class="field-input"></textarea>`;
      const hidden = withoutContactDetails(lead.notes) !== lead.notes ? `<p class="mt-2 text-sm text-slate-700">${e(partnerWords.notesHidden)}</p>` : '';
      return section(
        heading,
        `<p class="mt-2 text-slate-700">${e(w.answerBy(when(offer.expires_at)))}</p>${factList}${notesOf(withoutContactDetails(lead.notes))}${hidden}${form(token, 'accept', w.accept, true)}<div class="mt-6">${form(token, 'decline', w.decline, false, reason)}</div>`,
      );
    }
    case 'closed':
      return section(heading, `${notice(w.closed)}<p class="mt-4 text-slate-700">${e(w.callUs)}</p>`);
    case 'declined':
      return section(heading, notice(w.declined));
    case 'taken':
      return section(heading, notice(w.taken));
    case 'expired':
      return section(heading, notice(w.expired));
    case 'withdrawn':
    case 'gone':
      return section(heading, notice(w.withdrawn));
  }
}
