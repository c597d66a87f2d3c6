/**
 * A passkey authenticator in software, for tests that must send what no real browser would: an
 * answer that says it was made in another site's frame, or a challenge from the other ceremony.
 * Node's crypto makes the P-256 key and signs; the WebAuthn library's own CBOR encoder builds the
 * attestation, so the server's checks meet the same bytes a phone would send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  /** The answer to adding a passkey, as @simplewebauthn/browser would post it. */
  register(challenge: string, options?: { crossOrigin?: boolean }): Record<string, unknown>;
  /** The answer to signing in. */
  assert(challenge: string, options?: { crossOrigin?: boolean }): Record<string, unknown>;
}

export function softPasskey(origin: string): SoftPasskey {
  const rpIdHash = sha256(new URL(origin).hostname);
  const id = randomBytes(16);
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as { publicKey: KeyObject; privateKey: KeyObject };
  const jwk = publicKey.export({ format: 'jwk' });
  let counter = 0;

  const clientData = (type: string, challenge: string, crossOrigin: boolean) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin }));
  const authData = (flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, extra]);
  };

  return {
    register(challenge, { crossOrigin = false } = {}) {
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2], // EC2
        [3, -7], // ES256
        [-1, 1], // P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      // User present and verified, attested credential data included.
      const data = authData(0x01 | 0x04 | 0x40, Buffer.concat([Buffer.alloc(16), length, id, isoCBOR.encode(coseKey)]));
      const attestation = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]) as never,
      );
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(clientData('webauthn.create', challenge, crossOrigin)), attestationObject: b64(attestation), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    assert(challenge, { crossOrigin = false } = {}) {
      const data = authData(0x01 | 0x04);
      const client = clientData('webauthn.get', challenge, crossOrigin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
