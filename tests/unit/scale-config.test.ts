/** The settings that keep several instances correct are checked at start. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('outbox settings', () => {
  it('refuses a lease that leaves a send no time to renew it', () => {
    expect(() => loadConfig({ OUTBOX_LEASE: '10s', OUTBOX_SEND_TIMEOUT: '10s' })).toThrow(/OUTBOX_LEASE must be at least 125% of OUTBOX_SEND_TIMEOUT/);
    expect(() => loadConfig({ OUTBOX_LEASE: '10s', OUTBOX_SEND_TIMEOUT: '9s' })).toThrow(/OUTBOX_LEASE/);
    expect(loadConfig({ OUTBOX_LEASE: '10s', OUTBOX_SEND_TIMEOUT: '8s' }).OUTBOX_SEND_TIMEOUT).toBe(8_000);
  });

  it('derives the send timeout from a short lease when none is given', () => {
    expect(loadConfig({}).OUTBOX_SEND_TIMEOUT).toBe(30_000);
    expect(loadConfig({ OUTBOX_LEASE: '1s', OUTBOX_SEND_TIMEOUT: '' }).OUTBOX_SEND_TIMEOUT).toBe(500);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true with a line saying what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must not be true .*1 for one nginx or Caddy/);
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1, 10.0.0.0/8,::1/128', ['127.0.0.1', '10.0.0.0/8', '::1/128']],
  ])('reads %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1,proxy.local', '11'])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
