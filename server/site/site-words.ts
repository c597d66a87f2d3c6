/** Every sentence the site editor's server says to the owner and staff: refusals and audit lines. NZ English. */
import type { VersionAction } from './content-version.ts';

export const siteWords = {
  noEntry: 'There is no such page or entry on the site.',
  noVersion: 'There is no such version of the site.',
  notEditable: 'The site editor is not available on this server.',
  refused: 'Some fields need fixing before this can be published. Each is marked below.',
  conflict: 'Someone published this entry since you opened it. Their version is now shown; copy any of your changes across and publish again.',
  buildFailed: (reason: string) =>
    `The site could not be built with this change, so nothing was published and the site is as it was. The build said: ${reason}`,
  buildKeptStopping: (times: number) =>
    `Building this version stopped the server ${times} times, so it is not tried again. The site is as it was. Try publishing once more; if it happens again, tell whoever looks after the website's server.`,
  notVerifiable: 'This entry has no price date line to mark as verified.',
  noConflict: 'There is nothing to choose here any more: the page was settled already.',
  previewHeading: 'Preview of a change to the website',
  previewBanner: 'Preview: this change is not on the website yet. Links from here go to the live website.',
  previewLive: 'Preview: this page is live on the website as shown here. Links from here go to the live website.',
  previewGone: 'There is no such preview. It may have been replaced by a newer one.',
  previewNotYours: 'This preview opens for people signed in to the lead inbox, or with its share link. Sign in, or ask for the link again.',
  previewEnded: 'This preview’s share link has ended (they last 7 days). Ask for a new one.',
  photoTooLarge: 'That photo is over 15 MB. Send a smaller copy: on a phone, share it by e-mail at a smaller size, or take a screenshot of it.',
  photoNotType: 'Send the photo itself as the upload (JPEG, PNG or HEIC).',
  photoMissing: 'This photo is not on the server. Upload it again.',
  photoUploaded: 'Uploaded a photo for the site',
  busy: 'Others are publishing at the same moment. Wait a few seconds and try again.',
  notChangedHere: 'That version did not change this page, so there is nothing of it to undo here.',
  alreadyUndone: 'This page is already as it was before that version: there is nothing to undo.',
  audit: (action: VersionAction, number: number, restoredFrom: number | null) =>
    action === 'undo'
      ? `Undid site version ${restoredFrom}’s changes to a page, as version ${number}`
      : action === 'restore'
        ? `Restored site version ${restoredFrom} as version ${number}`
        : action === 'verify'
          ? `Marked prices as verified today (site version ${number})`
          : `Published site version ${number}`,
};
