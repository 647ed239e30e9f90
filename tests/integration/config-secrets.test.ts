import { describe, expect, it } from "vitest";
import { makeWorkDir, runBuilt } from "../support/server";

// A mistyped configuration value stops the start with a message naming the variable
// (foundation.test.ts); when that message shows the value, the password or key written
// into it is masked, so it never reaches the console or a log collector.

/** Runs build/server.js with one variable set; its exit code and everything it printed. */
async function startWith(name: string, value: string): Promise<{ code: number | null; output: string }> {
  const child = runBuilt("server", [], { cwd: makeWorkDir(), env: { [name]: value, PORT: "0" } });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

describe("a configuration error", () => {
  it.each([
    ["SMTP_URL", "smtp//user:s3cretpass@mail.example.com", "s3cretpass", '"smtp//user:***@mail.example.com"'],
    ["SMTP_URL", "smtps:/user:s3cretpass@mail.example.com:465", "s3cretpass", '"smtps:/user:***@mail.example.com:465"'],
    ["SMTP_URL", "user:s3cretpass@mail.example.com", "s3cretpass", '"user:***@mail.example.com"'],
    ["SMTP_URL", "http://user:s3cret@pass@mail.example.com", "s3cret@pass", '"http://user:***@mail.example.com"'],
    ["SMTP_URL", "smtp://apikey:SG.abc/def@mail.example.com:587", "SG.abc", '"smtp://apikey:***@mail.example.com:587"'],
    ["SMTP_URL", "smtp:/SG.onlytoken@mail.example.com", "SG.onlytoken", '"smtp:/***@mail.example.com"'],
    ["S3_ENDPOINT", "s3//AKIAKEY:wJalrSecretKey@s3.example.com", "wJalrSecretKey", '"s3//AKIAKEY:***@s3.example.com"'],
    ["GEOCODER_URL", "htps://geo.example.com/search?key=g30secret&format=json", "g30secret", '"htps://geo.example.com/search?key=[redacted]&format=json"'],
  ])("%s=%s stops the start, names the variable and shows the value masked", async (name, value, secret, masked) => {
    const { code, output } = await startWith(name, value);
    expect(code).toBe(1);
    expect(output).toContain(`Invalid configuration: ${name} `);
    expect(output).toContain(masked);
    expect(output).not.toContain(secret);
  });
});
