/**
 * Adding a person: the user row and a one-time link that signs them in (24 hours, once). The CLI
 * and the inbox's People page both add people this way.
 */
import type { LeadStore } from '../storage/types.ts';
import { createSecret, createUser, type InboxUser } from '../storage/sign-in-data.ts';
import type { UserRole } from '../../core/lead/status.ts';
import { signInLinkUrl } from '../../core/inbox-links.ts';
import { randomToken, secretHash } from '../security/secrets.ts';
import { linkMail, type InboxMailer } from './mail.ts';

export const LINK_TTL_MS = 24 * 3_600_000;

/** A fresh one-time link for an existing user. */
export async function newSignInLink(store: LeadStore, publicOrigin: string, user: InboxUser): Promise<string> {
  const token = randomToken();
  await store.transact(() => createSecret(user.id, 'link', secretHash(token), LINK_TTL_MS));
  return signInLinkUrl(publicOrigin, token);
}

/**
 * Creates the user and their link, and e-mails it when a mailer is given; undefined when the address
 * can already sign in. `mailed` says whether the e-mail went (a failed send is not an error).
 */
export async function invite(
  store: LeadStore,
  { email, role, publicOrigin, mailer }: { email: string; role: UserRole; publicOrigin: string; mailer?: InboxMailer | undefined },
): Promise<{ user: InboxUser; link: string; mailed: boolean } | undefined> {
  const user = await store.transact(() => createUser(email, role));
  if (!user) return undefined;
  const link = await newSignInLink(store, publicOrigin, user);
  // A mail server that is down loses nothing: the person exists and the link is shown to pass on.
  const mailed = mailer
    ? await mailer(linkMail(user.email, link)).then(
        () => true,
        () => false,
      )
    : false;
  return { user, link, mailed };
}
