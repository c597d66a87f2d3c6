/**
 * `npm run leads -- users …`: the first owner is made here (nobody can sign in to add them), and
 * anyone locked out can be given a new one-time link. What it does goes in the audit log as the CLI.
 */
import { z } from 'zod';
import { userRoles } from '../../core/lead/status.ts';
import { emailAddress } from '../../core/inbox-api/session.ts';
import type { Config } from '../config.ts';
import type { LeadStore } from '../storage/types.ts';
import { audit } from '../storage/audit-log.ts';
import { listUsers, removeUser, setRole, userByEmail } from '../storage/sign-in-data.ts';
import { mailerFor } from '../outbox/mailer.ts';
import { createInboxMailer } from './mail.ts';
import { invite, newSignInLink } from './invite.ts';
import { inboxWords } from './inbox-words.ts';

const CLI_ACTOR = 'command line';

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

export async function usersCommand(store: LeadStore, config: Config, args: string[], roleOption: string): Promise<void> {
  try {
    await run(store, config, args, roleOption);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

async function run(store: LeadStore, config: Config, [action, emailValue, roleValue]: string[], roleOption: string): Promise<void> {
  const record = (action: string) => store.transact(() => audit({ actor_email: CLI_ACTOR, action, detail: '', ip: '' }));
  if (action === 'list') {
    for (const u of await store.read(() => listUsers()))
      console.log([u.email, u.role, `${u.passkeys} passkey(s)`, new Date(u.created_at).toISOString()].join('  '));
    return;
  }
  const email = emailAddress.safeParse(emailValue ?? '');
  if (!email.success) fail(`Give an e-mail address: npm run leads -- users ${action ?? 'add'} EMAIL`);
  if (action === 'add') {
    const role = z.enum(userRoles).safeParse(roleOption);
    if (!role.success) fail('--role must be owner or staff');
    const existing = await store.read(() => userByEmail(email.data));
    if (existing) {
      // Someone locked out (lost phone, no passkey): a new link, their role unchanged.
      const link = await newSignInLink(store, config.PUBLIC_ORIGIN, existing);
      console.log(`${existing.email} can already sign in (${existing.role}). A new one-time sign-in link (24 hours, works once):\n${link}`);
      return;
    }
    const smtp = mailerFor(config);
    const mailer = smtp && createInboxMailer(smtp, config.LEAD_NOTIFY_FROM);
    // Closed once sent: its pooled connections would keep the command from ending.
    const added = await invite(store, { email: email.data, role: role.data, publicOrigin: config.PUBLIC_ORIGIN, mailer }).finally(() => smtp?.close());
    if (!added) fail(`${email.data} can already sign in`);
    await record(inboxWords.audit.userAdded(added.user.email, added.user.role));
    console.log(
      `Added ${added.user.email} as ${added.user.role}. One-time sign-in link (24 hours, works once)${added.mailed ? ', also e-mailed to them' : ''}:\n${added.link}`,
    );
    return;
  }
  const user = await store.read(() => userByEmail(email.data));
  if (!user) fail(`Nobody with the address ${email.data} can sign in`);
  if (action === 'remove') {
    const removed = await store.transact(() => removeUser(user.id));
    if (!removed.ok) fail(inboxWords.errors.lastOwner);
    await record(inboxWords.audit.userRemoved(user.email));
    console.log(`Removed ${user.email}; their sessions and preview share links have ended`);
  } else if (action === 'role') {
    const role = z.enum(userRoles).safeParse(roleValue);
    if (!role.success) fail('Usage: npm run leads -- users role EMAIL owner|staff');
    const changed = await store.transact(() => setRole(user.id, role.data));
    if (!changed.ok) fail(inboxWords.errors.lastOwner);
    await record(inboxWords.audit.roleChanged(user.email, role.data));
    console.log(`${user.email} is now ${role.data}`);
  } else fail('Usage: npm run leads -- users add EMAIL [--role owner|staff] | users list | users remove EMAIL | users role EMAIL owner|staff');
}
