/**
 * SMTP must use TLS (issue 13): to a mail server on another host that does not offer STARTTLS,
 * nothing is sent in plaintext and the attempt fails with the reason; loopback, smtps: and a relay
 * trusted with SMTP_ALLOW_PLAINTEXT are the exceptions. The peer is a real SMTP server on this
 * machine's own network address (not loopback), so the client sees it as a remote host.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { createEmailSender, requiresStartTls } from '../../server/notify/email.ts';
import { loadConfig } from '../../server/config.ts';
import { parseLead } from '../../src/lib/lead.ts';
import type { StoredLead } from '../../server/storage/types.ts';
import { startSmtp, type SmtpPeer } from '../support/peers.ts';

/** This machine's first IPv4 address that is not loopback. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) throw new Error('this test needs a non-loopback IPv4 interface to stand in for a remote mail server');
  return address;
}

const lead: StoredLead = {
  ...parseLead({ contact_name: 'Mere Tane', work_email: 'mere@kaicafe.co.nz' }).lead!,
  id: '00000000-0000-4000-8000-000000000013',
  created_at: new Date().toISOString(),
  spam: false,
  spam_reason: '',
};

function sender(url: string, allowPlaintext?: boolean) {
  return createEmailSender({ smtpUrl: url, to: 'quotes@example.nz', from: 'website@example.nz', messageIdDomain: 'example.nz', allowPlaintext });
}

describe('SMTP TLS requirement', () => {
  let peer: SmtpPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('refuses to send to a remote server that offers no STARTTLS, and sends nothing', async () => {
    peer = await startSmtp(0, networkAddress());
    await expect(sender(peer.url)(lead)).rejects.toThrow(/STARTTLS/i);
    expect(peer.messages).toHaveLength(0);
  });

  it('sends to the same server when SMTP_ALLOW_PLAINTEXT trusts it', async () => {
    peer = await startSmtp(0, networkAddress());
    await sender(peer.url, true)(lead);
    expect(peer.messages).toHaveLength(1);
  });

  it('sends to a loopback server without TLS', async () => {
    peer = await startSmtp();
    await sender(peer.url)(lead);
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
