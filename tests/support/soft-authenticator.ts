/**
 * A software WebAuthn authenticator for the integration tests of the passkey calls: it
 * answers the server's creation and request options (as the JSON the server sent) with the
 * registration and assertion responses a browser would post back, so the tests can drive
 * passkey sign-up and sign-in over plain HTTP, without a browser. The browser tests use
 * Chromium's virtual authenticator instead.
 *
 * It acts as a platform authenticator holding resident ES256 (P-256) keys, attests with
 * format "none", and reports the user present and verified. A `Tweak` changes what goes
 * into the signed data (origin, RP ID, challenge, flags, counter, type), so a test can send
 * what a phishing page, a replayed response or a careless authenticator would.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

export type SoftAuthenticatorOptions = { rpId: string; origin: string };

export type Tweak = {
  /** The origin in clientDataJSON; default: the authenticator's origin. */
  origin?: string;
  /** The RP ID whose SHA-256 leads authenticatorData; default: the options' RP ID, else the authenticator's. */
  rpId?: string;
  /** The challenge in clientDataJSON (base64url); default: the options' challenge as given. */
  challenge?: string;
  /** Sets the UV flag; default true. UP is always set. */
  userVerified?: boolean;
  /** The signCount in authenticatorData; default: the stored counter + 1 (registration: 0). */
  counter?: number;
  /** The clientDataJSON type; default "webauthn.create" or "webauthn.get". */
  type?: string;
  /** Registration: the user handle (base64url) the authenticator keeps and answers with; default the options' user.id. */
  userHandle?: string;
};

type Credential = { id: Buffer; privateKey: KeyObject; publicKey: KeyObject; userHandle: string; counter: number };

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
const ES256 = -7;

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

export class SoftAuthenticator {
  private readonly rpId: string;
  private readonly origin: string;
  private readonly stored: Credential[] = [];

  constructor(options: SoftAuthenticatorOptions) {
    this.rpId = options.rpId;
    this.origin = options.origin;
  }

  /**
   * A registration response (fmt "none", ES256 P-256 key, resident, UP+UV flags set) for
   * creation options as the server sent them (JSON). Remembers the credential, with the
   * counter it reported. Throws, as a browser would, when the options allow no ES256 key.
   */
  register(options: PublicKeyCredentialCreationOptionsJSON, tweak: Tweak = {}): RegistrationResponseJSON {
    const params = options.pubKeyCredParams ?? [];
    if (params.length > 0 && !params.some((param) => param.alg === ES256)) {
      throw new Error(`SoftAuthenticator: the creation options allow no ES256 key (${params.map((p) => p.alg).join(", ")})`);
    }
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const id = randomBytes(16);
    const counter = tweak.counter ?? 0;

    const jwk = publicKey.export({ format: "jwk" });
    const coseKey = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2], // kty: EC2
        [3, ES256], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attestedCredentialData = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);

    const rpId = tweak.rpId ?? options.rp.id ?? this.rpId;
    const authData = authenticatorData(rpId, flags(tweak, FLAG_AT), counter, attestedCredentialData);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = this.clientData(tweak, "webauthn.create", options.challenge);

    this.stored.push({ id, privateKey, publicKey, userHandle: tweak.userHandle ?? options.user.id, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ["internal"],
        publicKeyAlgorithm: ES256,
        publicKey: b64url(publicKey.export({ format: "der", type: "spki" })),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * An assertion for request options as the server sent them, signed by a remembered
   * credential: the first remembered one that options.allowCredentials lists (`credentialId`
   * if it is among them); when the list names none of ours, `credentialId`; else the first
   * remembered. The credential's stored counter goes up by 1 and is what the assertion
   * reports, unless tweak.counter is given: then that is reported and the stored counter
   * stays as it was.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    tweak: Tweak & { credentialId?: string } = {},
  ): AuthenticationResponseJSON {
    const credential = this.pick(options, tweak.credentialId);
    let counter: number;
    if (tweak.counter === undefined) {
      credential.counter += 1;
      counter = credential.counter;
    } else {
      counter = tweak.counter;
    }

    const rpId = tweak.rpId ?? options.rpId ?? this.rpId;
    const authData = authenticatorData(rpId, flags(tweak, 0), counter);
    const clientDataJSON = this.clientData(tweak, "webauthn.get", options.challenge);
    // ECDSA over authenticatorData || SHA-256(clientDataJSON); node gives DER for EC keys.
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);

    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The remembered credentials: base64url id, its userHandle (the creation options' user.id), counter. */
  credentials(): { id: string; userHandle: string; counter: number }[] {
    return this.stored.map((credential) => ({
      id: b64url(credential.id),
      userHandle: credential.userHandle,
      counter: credential.counter,
    }));
  }

  private pick(options: PublicKeyCredentialRequestOptionsJSON, credentialId: string | undefined): Credential {
    const byId = (id: string) => this.stored.find((credential) => b64url(credential.id) === id);
    const allowed = (options.allowCredentials ?? []).map((descriptor) => byId(descriptor.id)).filter((c) => c !== undefined);
    if (allowed.length > 0) {
      return allowed.find((credential) => b64url(credential.id) === credentialId) ?? allowed[0];
    }
    if (credentialId !== undefined) {
      const named = byId(credentialId);
      if (!named) throw new Error(`SoftAuthenticator: no credential ${credentialId}`);
      return named;
    }
    if (this.stored.length === 0) throw new Error("SoftAuthenticator: no credential registered yet");
    return this.stored[0];
  }

  private clientData(tweak: Tweak, type: string, challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: tweak.type ?? type,
        challenge: tweak.challenge ?? challenge,
        origin: tweak.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}

function flags(tweak: Tweak, extra: number): number {
  return FLAG_UP | (tweak.userVerified === false ? 0 : FLAG_UV) | extra;
}

/** sha256(rpId) | flags | signCount (uint32 BE) | attested credential data, if any. */
function authenticatorData(rpId: string, flagBits: number, counter: number, attested?: Buffer): Buffer {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head.writeUInt8(flagBits, 32);
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}
