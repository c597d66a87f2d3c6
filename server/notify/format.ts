/** The lead as people read it: in the notification e-mail (text and HTML) and the CSV export. */
import { fieldLabel, leadFields, trackingFields } from '../../src/lib/lead.ts';
import type { StoredLead } from '../storage/types.ts';

const trackingLabels: Record<string, string> = {
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  gclid: 'Google click ID (gclid)',
  referrer: 'Referrer',
  page_url: 'Page URL',
  device: 'Device',
  path: 'Path',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function leadRows(lead: StoredLead): { section: 'Enquiry' | 'Tracking'; label: string; value: string }[] {
  return [
    ...leadFields.map((f) => ({ section: 'Enquiry' as const, label: fieldLabel(f.name), value: lead[f.name] })),
    ...trackingFields.map((f) => ({ section: 'Tracking' as const, label: trackingLabels[f.name] ?? f.name, value: lead[f.name] })),
  ];
}

/** One line: header-safe (the lead schema already removed CR and LF; this guards anything else). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function emailSubject(lead: StoredLead): string {
  const service = lead.service_type || 'General enquiry';
  const city = lead.city || 'city not given';
  return oneLine(`New quote request: ${service}, ${city} (${lead.contact_name})`).slice(0, 200);
}

export function emailText(lead: StoredLead): string {
  const lines = [`New quote request ${lead.id}`, `Received ${lead.created_at}`, ''];
  for (const section of ['Enquiry', 'Tracking'] as const) {
    lines.push(section.toUpperCase());
    for (const row of leadRows(lead).filter((r) => r.section === section)) {
      const value = row.value || '-';
      lines.push(value.includes('\n') ? `${row.label}:\n${value}` : `${row.label}: ${value}`);
    }
    lines.push('');
  }
  lines.push('Reply to this e-mail to answer the visitor directly.');
  return lines.join('\n');
}

/** Every value is escaped: nothing a visitor typed can become markup or script in the e-mail. */
export function emailHtml(lead: StoredLead): string {
  const sections = (['Enquiry', 'Tracking'] as const)
    .map((section) => {
      const rows = leadRows(lead)
        .filter((r) => r.section === section)
        .map(
          (r) =>
            `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(r.label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(r.value || '-')}</td></tr>`,
        )
        .join('');
      return `<h2 style="font-size:16px">${section}</h2><table cellspacing="0" cellpadding="0">${rows}</table>`;
    })
    .join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0a2540"><h1 style="font-size:20px">New quote request</h1><p>Lead ${escapeHtml(lead.id)}, received ${escapeHtml(lead.created_at)}.</p>${sections}<p>Reply to this e-mail to answer the visitor directly.</p></body></html>`;
}
