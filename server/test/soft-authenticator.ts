import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for API tests: ES256 keys from node:crypto, attestation `none`, and the bytes WebAuthn
 * specifies (authenticator data, COSE key, client data). It does what a browser and an authenticator would, and
 * lets a test do what an attacker would: another origin or rp id, a replay, a broken signature, an old counter.
 */

interface Credential {
  id: string;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
  rpId: string;
}

export interface CeremonyOverrides {
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The rp id the authenticator data is hashed with (default: the options'). */
  rpId?: string;
}

export interface AssertionOverrides extends CeremonyOverrides {
  /** Which credential to use (default: the first this authenticator holds for the rp id). */
  credentialId?: string;
  /** The signature counter to report (default: the next one; synced passkeys keep 0). */
  counter?: number;
  /** Flip a byte of the signature. */
  badSignature?: boolean;
  /** Report the user as verified (default true). */
  userVerified?: boolean;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  /**
   * `synced`: a passkey backed up by a password manager (backup flags set, counter always 0); otherwise a
   * device-bound key whose counter moves with each use.
   */
  constructor(
    readonly origin: string,
    readonly options: { synced?: boolean } = {},
  ) {}

  private flags(userVerified: boolean, attested: boolean): number {
    let flags = FLAG_UP | (userVerified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
    if (this.options.synced) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const counter = Buffer.alloc(4);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(true, true)]),
      counter,
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = isoBase64URL.fromBuffer(new Uint8Array(credentialId));
    this.credentials.push({ id, privateKey, counter: 0, userHandle: options.user.id, rpId });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData(
          'webauthn.create',
          options.challenge,
          overrides.origin ?? this.origin,
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: AssertionOverrides = {},
  ): AuthenticationResponseJSON {
    const rpId = overrides.rpId ?? options.rpId!;
    const credential = overrides.credentialId
      ? this.credentials.find((c) => c.id === overrides.credentialId)
      : this.credentials.find((c) => c.rpId === options.rpId);
    if (!credential) throw new Error('this authenticator holds no credential for that rp id');
    const counter = overrides.counter ?? (this.options.synced ? 0 : credential.counter + 1);
    if (overrides.counter === undefined) credential.counter = counter;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(overrides.userVerified ?? true, false)]),
      counterBytes,
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientDataJSON))]),
      credential.privateKey,
    );
    if (overrides.badSignature)
      signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
