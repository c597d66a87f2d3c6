/** What the server says about the job app: the job's description lines, the lead's timeline, refusals and the digest. */
import { jobAppNames, type JobAppVendor } from '../../core/inbox-api/job-app-vendors.ts';

const app = (vendor: JobAppVendor) => jobAppNames[vendor];
/** The app's words as a sentence of ours: ended with a full stop when they lack one. */
const said = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);

export const jobAppWords = {
  card: {
    service: 'Refrigeration',
    units: (n: string) => `${n} ${n === '1' ? 'unit' : 'units'}`,
    equipment: (what: string) => `Equipment: ${what}`,
    fault: 'In the customer’s words:',
    access: (notes: string) => `Access: ${notes}`,
    timeframe: (when: string) => `Timeframe: ${when}`,
    holder: (name: string, phone: string) => `Partner holding the job: ${name}${phone ? ` (${phone})` : ''}`,
    reference: (leadId: string) => `Website request ${leadId.slice(0, 8)}`,
  },
  events: {
    asked: (vendor: JobAppVendor) => `Sent to ${app(vendor)}`,
    sent: (vendor: JobAppVendor, jobId: string) => `Job made in ${app(vendor)} (${jobId})`,
    failed: (vendor: JobAppVendor, words: string) => `${app(vendor)} did not take the job. ${said(words)}`,
  },
  errors: {
    badKey: 'Choose ServiceM8 or Fergus, and paste the whole key: letters, digits and symbols, without spaces.',
    notHere: 'This server cannot reach a job app.',
    notConnected: 'No job app is connected. An owner connects ServiceM8 or Fergus on the People page.',
    keyRefused: (words: string) => `${said(words)} Ask an owner to connect it again with a new key.`,
    checkRefused: (vendor: JobAppVendor, words: string) => `${app(vendor)} did not accept that key. ${said(words)}`,
    unreachable: (vendor: JobAppVendor, words: string) =>
      `We could not check the key with ${app(vendor)} just now.${words ? ` ${said(words)}` : ''} Please try again in a minute.`,
    spam: 'A lead held as spam is not sent to the job app.',
  },
  audit: {
    connected: (vendor: JobAppVendor) => `Connected ${app(vendor)}`,
    disconnected: (vendor: JobAppVendor) => `Disconnected ${app(vendor)}`,
    sendWon: (on: boolean) => (on ? 'Turned on sending every won lead to the job app' : 'Turned off sending every won lead to the job app'),
    sent: (leadId: string, vendor: JobAppVendor) => `Asked ${app(vendor)} to make the job of lead ${leadId}`,
  },
  digest: {
    heading: 'Job app',
    sent: (vendor: JobAppVendor, sent: number, failed: number) =>
      `Sent to ${app(vendor)}: ${sent} ${sent === 1 ? 'lead' : 'leads'}${failed ? `; ${failed} not taken (see each lead)` : ''}`,
    refused: (vendor: JobAppVendor, words: string) => `${app(vendor)} has stopped taking our key (${words}). Connect a new key on the inbox’s People page.`,
  },
} as const;
