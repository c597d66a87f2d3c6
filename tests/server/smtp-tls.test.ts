/**
 * SMTP must use TLS: to a mail server on another host that does not offer STARTTLS,
 * nothing is sent in plaintext and the attempt fails with the reason; loopback, smtps: and a relay
 * trusted with SMTP_ALLOW_PLAINTEXT are the exceptions. The decision per URL is checked on its own;
 * what it leads to is checked against a real SMTP peer that offers no STARTTLS. That peer listens on
 * loopback (tests send nothing beyond this machine), so the tests of a "remote" server hand the sender
 * the decision made for a remote URL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEmailSender } from '../../server/outbox/email.ts';
import { createMailer, requiresStartTls } from '../../server/outbox/mailer.ts';
import { loadConfig } from '../../server/config.ts';
import { parseLead } from '../../core/lead/schema.ts';
import type { StoredLead } from '../../server/storage/types.ts';
import { startSmtp, type SmtpPeer } from '../support/peers.ts';

const lead: StoredLead = {
  ...parseLead({ contact_name: 'Mere Tane', work_email: 'mere@kaicafe.co.nz' }).lead!,
  id: '00000000-0000-4000-8000-000000000013',
  created_at: new Date().toISOString(),
  spam: false,
  spam_reason: '',
  urgent: false,
};

const REMOTE = 'smtp://mail.example.co.nz:587';

/** A sender to the peer at `url`, deciding on TLS as it would for `decideAs` (a remote URL by default). */
function sender(url: string, { allowPlaintext = false, decideAs = REMOTE } = {}) {
  return createEmailSender({
    mailer: createMailer({ smtpUrl: url, allowPlaintext, requireTls: requiresStartTls(decideAs, allowPlaintext) }),
    to: 'quotes@example.nz',
    from: 'website@example.nz',
    messageIdDomain: 'example.nz',
  });
}

describe('SMTP TLS requirement', () => {
  let peer: SmtpPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('refuses to send to a remote server that offers no STARTTLS, and sends nothing', async () => {
    peer = await startSmtp();
    await expect(sender(peer.url)(lead)).rejects.toThrow(/STARTTLS/i);
    expect(peer.messages).toHaveLength(0);
  });

  it('sends to the same server when SMTP_ALLOW_PLAINTEXT trusts it', async () => {
    peer = await startSmtp();
    await sender(peer.url, { allowPlaintext: true })(lead);
    expect(peer.messages).toHaveLength(1);
  });

  it('sends to a loopback server without TLS', async () => {
    peer = await startSmtp();
    await sender(peer.url, { decideAs: peer.url })(lead);
    expect(peer.messages).toHaveLength(1);
  });

  it('decides per URL', () => {
    expect(requiresStartTls('smtp://mail.example.co.nz:587')).toBe(true);
    expect(requiresStartTls('smtp://mail.example.co.nz:587', true)).toBe(false);
    expect(requiresStartTls('smtps://mail.example.co.nz:465')).toBe(false);
    expect(requiresStartTls('smtp://127.0.0.1:25')).toBe(false);
    expect(requiresStartTls('smtp://localhost:1025')).toBe(false);
  });

  it('the settings: SMTP_ALLOW_PLAINTEXT off by default, no TLS options hidden in SMTP_URL', () => {
    expect(loadConfig({}).SMTP_ALLOW_PLAINTEXT).toBe(false);
    expect(loadConfig({ SMTP_ALLOW_PLAINTEXT: 'true' }).SMTP_ALLOW_PLAINTEXT).toBe(true);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.co.nz:587?ignoreTLS=true' })).toThrow(/SMTP_URL must not carry TLS options/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.co.nz:587?requireTLS=false' })).toThrow(/SMTP_URL/);
  });
});
