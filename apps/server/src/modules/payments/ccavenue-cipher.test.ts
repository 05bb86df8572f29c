import { describe, expect, it } from "vitest";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";

/**
 * Known answers made with the openssl command line, not with our code:
 *   KEYHEX=$(printf '%s' SandboxWorkingKey2026 | md5sum | cut -d' ' -f1)   # 1be949bd014bb84be84687eb491c3d07
 *   printf '%s' "$PLAIN" | openssl enc -aes-128-cbc -K "$KEYHEX" -iv 000102030405060708090a0b0c0d0e0f | xxd -p | tr -d '\n'
 */
const workingKey = "SandboxWorkingKey2026";
const vectors = [
  {
    plain:
      "merchant_id=123456&order_id=APP-UG-2026-000001-1&currency=INR&amount=300.00&redirect_url=http://localhost:3000/booking/payments/return&cancel_url=http://localhost:3000/booking/payments/cancel&language=EN",
    hex: "4eb107ad9971053bf5c1ef12ba2a5d2034984b1d303c971838d538ff886013b2eb4aee2ee614588ea72264ef89489fcc638f764b4b56d832c3b565c20a6b52517c76bf6401f799a2620bb27596da806adf2c45f719eac4fc8e5321a23f9b8b6b2e2a7e8896392e99ab84055df4745ee14f0aaaf0da5f6743089af49b32158251d5442de6ecac2b2e9773c2b3bea2d856eddf08951e6fccacc5c7e8d9af53aca85c850ef028a175b5c4a89bc5d2c57d0ab36f8f2e60f342e7d50939654c7d44060e2a34a97e2c944018817324c20dda10",
  },
  {
    plain: "order_id=APP-UG-2026-000001-1&tracking_id=313009876543&bank_ref_no=BR123&order_status=Success&payment_mode=Net Banking&amount=300.00&currency=INR",
    hex: "d8b06cfe52216fb558e182908739300f5dcf2e169f0ea11903b8d85fe9243ae49d54e480439fe7e9acefc7433fac43e45b3e46a741211ba7ff3b5de64f3d8535a99eba19d1a95a51561a747ee975af472d33387195ac6ca57d60d22f2cb57066af9577f10cbea7caf7249303cd9f6d18586e88596e96d305e64602469da17e43296fe15b7805898f4147a246fd1a91d891edfda211b5ff18bfe37614a8861273",
  },
];

describe("the CCAvenue cipher", () => {
  it.each(vectors)("encrypts as openssl does", ({ plain, hex }) => {
    expect(encryptForGateway(plain, workingKey)).toBe(hex);
  });

  it.each(vectors)("decrypts openssl's output", ({ plain, hex }) => {
    expect(decryptFromGateway(hex, workingKey)).toBe(plain);
    expect(decryptFromGateway(hex.toUpperCase(), workingKey)).toBe(plain);
  });

  it("refuses text that is not its cipher text, and cipher text made with another key", () => {
    expect(() => decryptFromGateway("not hex at all", workingKey)).toThrow();
    expect(() => decryptFromGateway(vectors[0]!.hex.slice(0, 40), workingKey)).toThrow();
    expect(() => decryptFromGateway(vectors[1]!.hex, "another working key")).toThrow();
  });
});
