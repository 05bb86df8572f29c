import { createCipheriv, createDecipheriv, createHash } from "node:crypto";

/** CCAvenue's fixed initialisation vector: the bytes 0x00 to 0x0f. */
const IV = Buffer.from(Array.from({ length: 16 }, (_, index) => index));

/** The AES-128 keys CCAvenue derives from working keys (the 16 raw bytes of their MD5), by working key. */
const derivedKeys = new Map<string, Buffer>();

/**
 * The key of a working key from the settings, derived once: a save asks the gateway about each earlier
 * order, and each call encrypts once and decrypts once.
 */
function keyOf(workingKey: string): Buffer {
  let key = derivedKeys.get(workingKey);
  if (!key) {
    key = createHash("md5").update(workingKey).digest();
    derivedKeys.set(workingKey, key);
  }
  return key;
}

/** encRequest: AES-128-CBC with PKCS#7 padding, as lower-case hex (DESIGN.md, CCAvenue non-seamless). */
export function encryptForGateway(plainText: string, workingKey: string): string {
  const cipher = createCipheriv("aes-128-cbc", keyOf(workingKey), IV);
  return Buffer.concat([cipher.update(plainText, "utf8"), cipher.final()]).toString("hex");
}

/** encResp back to text; throws on anything that is not hex ciphertext made with this key. */
export function decryptFromGateway(hexText: string, workingKey: string): string {
  if (!/^(?:[0-9a-fA-F]{32})+$/.test(hexText)) throw new Error("not a gateway cipher text");
  const decipher = createDecipheriv("aes-128-cbc", keyOf(workingKey), IV);
  return Buffer.concat([decipher.update(Buffer.from(hexText, "hex")), decipher.final()]).toString("utf8");
}
