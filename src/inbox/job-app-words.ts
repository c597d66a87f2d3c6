/**
 * The inbox's words about the job app (ServiceM8 or Fergus): the owners' section on the People
 * page, the Send button on a lead, the warning when the app stops taking the key, and the Reports'
 * figures. Plain words for an owner who has never seen an API.
 */
import { jobAppNames, type JobAppVendor } from '../../core/inbox-api/job-app-vendors.ts';

const app = (vendor: JobAppVendor) => jobAppNames[vendor];

export const jobAppWords = {
  settings: {
    heading: 'Job app',
    intro:
      'Connect ServiceM8 or Fergus and a lead becomes a job there in one press: the client, the site address, what they asked for and their contact details.',
    connected: (vendor: JobAppVendor, hint: string) => `Connected to ${app(vendor)} with the key ${hint}.`,
    since: (when: string, by: string | null) => `Connected ${when}${by ? ` by ${by}` : ''}.`,
    none: 'No job app is connected.',
    refused: (vendor: JobAppVendor, words: string) =>
      `${app(vendor)} has stopped taking this key (${words}). Leads cannot be sent until you connect a new key.`,
    vendor: 'Your job app',
    key: (vendor: JobAppVendor) => (vendor === 'servicem8' ? 'ServiceM8 API key' : 'Fergus personal access token'),
    keyHint: (vendor: JobAppVendor) =>
      vendor === 'servicem8'
        ? 'In ServiceM8: Settings, API Keys, then make a key and paste it here.'
        : 'In Fergus: your settings, personal access tokens. A token works for 365 days; connect a new one before then.',
    connect: (vendor: JobAppVendor) => `Check and connect ${app(vendor)}`,
    replace: 'Replace the key',
    checking: 'Checking the key…',
    keyKept: 'The key is kept on the server and never shown again: only its last four characters.',
    sendWon: 'Send every lead marked Won to the job app by itself',
    sendWonHint: 'Otherwise someone presses “Send” on the lead.',
    disconnect: (vendor: JobAppVendor) => `Disconnect ${app(vendor)}`,
    confirmDisconnect: 'Disconnect? Leads already sent stay in the job app.',
    yesDisconnect: 'Yes, disconnect',
    cancel: 'Cancel',
    saved: 'Saved.',
  },
  warning: (vendor: JobAppVendor) => `${app(vendor)} has stopped taking our key, so leads are not reaching it. Connect a new key on the People page.`,
  warningLink: 'Go to the job app settings',
  lead: {
    heading: 'Job app',
    send: (vendor: JobAppVendor) => `Send to ${app(vendor)}`,
    sending: (vendor: JobAppVendor) => `Sending to ${app(vendor)}…`,
    trouble: (words: string) => `Trying again shortly. Last answer: ${words}`,
    sent: (vendor: JobAppVendor, when: string) => `In ${app(vendor)} since ${when}.`,
    job: (id: string) => `Job ${id}`,
    jobNumber: (vendor: JobAppVendor, number: string) => `${app(vendor)} job ${number}`,
    open: (vendor: JobAppVendor) => `Open the job in the ${app(vendor)} app on an iPhone or iPad`,
    failed: (vendor: JobAppVendor, words: string) => `${app(vendor)} did not take the job. ${words}`,
    again: 'Try again',
    by: (email: string) => `Sent by ${email}.`,
  },
  report: {
    heading: 'Job app',
    sent: 'Sent to the job app',
    failed: 'Not taken by the job app',
    waiting: 'Still being sent',
    none: 'No leads were sent to the job app in this period.',
  },
} as const;
