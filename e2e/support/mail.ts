import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { mailFolder } from "./environment";

/** The newest mail the SMTP sink received for an address, waiting for it to arrive. */
export async function waitForMailTo(address: string, after = 0): Promise<string> {
  let body = "";
  await expect
    .poll(
      () => {
        const files = readdirSync(mailFolder)
          .filter((file) => Number(file.split("-")[0]) >= after)
          .sort();
        for (const file of files.reverse()) {
          const mail = JSON.parse(readFileSync(path.join(mailFolder, file), "utf8")) as { to: string[]; raw: string };
          if (mail.to.includes(address.toLowerCase())) {
            body = mail.raw;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a mail to ${address}` },
    )
    .toBe(true);
  return body;
}

export function resetCodeIn(rawMail: string): string {
  const code = /code is (\d{6})/.exec(rawMail)?.[1];
  if (!code) throw new Error(`no code in the mail:\n${rawMail}`);
  return code;
}
