import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { SoftAuthenticator, type Tweak } from "../support/soft-authenticator";

/** The tests' software authenticator, checked against the same library the server verifies with. */
const rpID = "localhost";
const origin = "http://localhost:3000";

async function registered() {
  const soft = new SoftAuthenticator({ rpId: rpID, origin });
  const options = await generateRegistrationOptions({
    rpName: "Test site",
    rpID,
    userName: "ana@example.com",
    userID: new Uint8Array([1, 2, 3, 4]),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const response = soft.register(options);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  });
  expect(verification.verified).toBe(true);
  const { credential } = verification.registrationInfo!;
  const stored: WebAuthnCredential = {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports,
  };
  return { soft, options, response, verification, stored };
}

async function signIn(soft: SoftAuthenticator, stored: WebAuthnCredential, tweak?: Tweak & { credentialId?: string }) {
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: [{ id: stored.id, transports: stored.transports }],
    userVerification: "required",
  });
  return verifyAuthenticationResponse({
    response: soft.authenticate(options, tweak),
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: stored,
    requireUserVerification: true,
  });
}

describe("SoftAuthenticator", () => {
  it("registers a passkey the server verifies, and remembers it with the user's handle", async () => {
    const { soft, options, response, verification, stored } = await registered();
    const info = verification.registrationInfo!;
    expect(info.fmt).toBe("none");
    expect(info.userVerified).toBe(true);
    expect(info.credentialDeviceType).toBe("singleDevice");
    expect(stored.id).toBe(response.id);
    expect(stored.counter).toBe(0);
    expect(stored.transports).toEqual(["internal"]);
    expect(soft.credentials()).toEqual([{ id: response.id, userHandle: options.user.id, counter: 0 }]);
  });

  it("signs in with the remembered passkey; the counter goes 1, 2", async () => {
    const { soft, stored } = await registered();
    const first = await signIn(soft, stored);
    expect(first.verified).toBe(true);
    expect(first.authenticationInfo.newCounter).toBe(1);
    expect(first.authenticationInfo.userVerified).toBe(true);
    expect(first.authenticationInfo.credentialID).toBe(stored.id);

    stored.counter = first.authenticationInfo.newCounter;
    const second = await signIn(soft, stored);
    expect(second.verified).toBe(true);
    expect(second.authenticationInfo.newCounter).toBe(2);
    expect(soft.credentials()[0].counter).toBe(2);
  });

  it("answers a discoverable-credential request (no allowCredentials) with the user's handle", async () => {
    const { soft, options: creation, stored } = await registered();
    const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
    const response = soft.authenticate(options);
    expect(response.id).toBe(stored.id);
    expect(response.response.userHandle).toBe(creation.user.id);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: stored,
    });
    expect(verification.verified).toBe(true);
  });

  it("signs with the credential the request allows, else the one named", async () => {
    const soft = new SoftAuthenticator({ rpId: rpID, origin });
    const creation = (name: string) => generateRegistrationOptions({ rpName: "Test site", rpID, userName: name });
    const a = soft.register(await creation("a@example.com"));
    const b = soft.register(await creation("b@example.com"));
    const request = await generateAuthenticationOptions({ rpID, allowCredentials: [{ id: b.id }] });
    expect(soft.authenticate(request).id).toBe(b.id);
    expect(soft.authenticate(request, { credentialId: a.id }).id).toBe(b.id);
    const open = await generateAuthenticationOptions({ rpID });
    expect(soft.authenticate(open).id).toBe(a.id);
    expect(soft.authenticate(open, { credentialId: b.id }).id).toBe(b.id);
    expect(() => soft.authenticate(open, { credentialId: "bm9uZQ" })).toThrow(/no credential/);
  });

  describe("registration refused", () => {
    const cases: [string, Tweak, RegExp][] = [
      ["another origin", { origin: "https://evil.example" }, /origin/i],
      ["another RP ID", { rpId: "evil.example" }, /RP ID/i],
      ["no user verification", { userVerified: false }, /verif/i],
      ["another challenge", { challenge: "d3JvbmctY2hhbGxlbmdl" }, /challenge/i],
      ["the wrong type", { type: "webauthn.get" }, /type/i],
    ];
    it.each(cases)("%s", async (_name, tweak, message) => {
      const soft = new SoftAuthenticator({ rpId: rpID, origin });
      const options = await generateRegistrationOptions({ rpName: "Test site", rpID, userName: "ana@example.com" });
      await expect(
        verifyRegistrationResponse({
          response: soft.register(options, tweak),
          expectedChallenge: options.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        }),
      ).rejects.toThrow(message);
    });
  });

  describe("sign-in refused", () => {
    const cases: [string, Tweak, RegExp][] = [
      ["another origin", { origin: "https://evil.example" }, /origin/i],
      ["another RP ID", { rpId: "evil.example" }, /RP ID/i],
      ["no user verification", { userVerified: false }, /verif/i],
      ["another challenge", { challenge: "d3JvbmctY2hhbGxlbmdl" }, /challenge/i],
      ["the wrong type", { type: "webauthn.create" }, /type/i],
    ];
    it.each(cases)("%s", async (_name, tweak, message) => {
      const { soft, stored } = await registered();
      await expect(signIn(soft, stored, tweak)).rejects.toThrow(message);
    });

    it("a counter that does not go up (a cloned or replayed authenticator)", async () => {
      const { soft, stored } = await registered();
      const first = await signIn(soft, stored);
      stored.counter = first.authenticationInfo.newCounter;
      await expect(signIn(soft, stored, { counter: 0 })).rejects.toThrow(/counter/i);
      await expect(signIn(soft, stored, { counter: 1 })).rejects.toThrow(/counter/i);
      // A tweaked counter leaves the remembered one alone: the next honest sign-in says 2.
      const next = await signIn(soft, stored);
      expect(next.authenticationInfo.newCounter).toBe(2);
    });

    it("a signature from a credential the server has a different key for", async () => {
      const { soft, stored } = await registered();
      const other = await registered();
      await expect(signIn(soft, { ...stored, publicKey: other.stored.publicKey })).resolves.toMatchObject({ verified: false });
    });
  });
});
