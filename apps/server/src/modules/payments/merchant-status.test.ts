import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { sampleAdmission } from "@admissions/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, degrees, paymentOrders } from "../../db/schema/index.js";
import { seedDemo } from "../../db/seed-demo.js";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { fixtures, signInAs, uploadAs } from "../../test/factories.js";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";

/** A merchant account's credentials: the app talks to the gateway at CCAVENUE_STATUS_URL, not to its sandbox. */
const merchant = { merchantId: "123456", accessCode: "AVAB00AA00AA00AAAA", workingKey: "0123456789ABCDEF0123456789ABCDEF" };

/**
 * How the stand-in gateway answers an order: its state as CCAvenue words it (or outside the
 * Order_Status_Result it comes in, or about another order), an error about the order, any other
 * decrypted answer, a refusal of the call, or a dropped connection.
 */
type Scripted =
  | { orderStatus: "Initiated" | "Awaited" | "Successful"; referenceNo?: string; unwrapped?: true; aboutOrder?: string }
  | { error: string }
  | { decrypted: unknown }
  | "refused"
  | "dropped";

/**
 * CCAvenue's order status API on a local port, the one part of a real payment outside our control:
 * it reads the merchant's encrypted request, holds each answer a moment as a call over the internet
 * would take, and counts how many calls it holds at once.
 */
class StatusApiStandIn {
  readonly asked: string[] = [];
  /** What the stand-in found wrong in a request: it drops that connection and the test fails on it. */
  readonly refused: unknown[] = [];
  mostAtOnce = 0;
  private inFlight = 0;
  private readonly server: Server;

  constructor(private readonly script: Map<string, Scripted>) {
    this.server = createServer((request, response) => {
      void this.answer(request).then(
        (body) => (body === undefined ? request.socket.destroy() : response.end(body)),
        (error: unknown) => {
          this.refused.push(error);
          request.socket.destroy();
        },
      );
    });
  }

  async start(): Promise<string> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/apis/servlet/DoWebTrans`;
  }

  async stop() {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, "close");
  }

  private async answer(request: IncomingMessage): Promise<string | undefined> {
    this.inFlight += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.inFlight);
    try {
      let text = "";
      for await (const chunk of request) text += chunk;
      const form = new URLSearchParams(text);
      expect(form.get("access_code")).toBe(merchant.accessCode);
      expect(form.get("command")).toBe("orderStatusTracker");
      const orderNo = (JSON.parse(decryptFromGateway(form.get("enc_request")!, merchant.workingKey)) as { order_no: string }).order_no;
      this.asked.push(orderNo);
      await sleep(100);
      const scripted = this.script.get(orderNo);
      if (scripted === "dropped") return undefined;
      if (scripted === "refused") return "status=1&enc_response=Access code: Invalid Parameter";
      const answerFor = (decrypted: unknown) => `status=0&enc_response=${encryptForGateway(JSON.stringify(decrypted), merchant.workingKey)}`;
      if (scripted && "decrypted" in scripted) return answerFor(scripted.decrypted);
      if (!scripted || "error" in scripted) return answerFor({ Order_Status_Result: { status: 1, error_desc: scripted?.error ?? "No record", error_code: "" } });
      const about = scripted.aboutOrder ?? orderNo;
      const order =
        scripted.orderStatus === "Successful"
          ? { status: 0, order_no: about, reference_no: scripted.referenceNo ?? "310099", order_status: "Successful", order_amt: 300, order_currncy: "INR", order_bank_ref_no: "BANK99", order_option_type: "OPTCRDC", order_status_date_time: "2026-11-25 10:00:00.0" }
          : { status: 0, order_no: about, order_status: scripted.orderStatus };
      // Without the wrapper (some integrations read the answer either way), its status a string.
      return answerFor(scripted.unwrapped ? { ...order, status: "0" } : { Order_Status_Result: order });
    } finally {
      this.inFlight -= 1;
    }
  }
}

const script = new Map<string, Scripted>();
const statusApi = new StatusApiStandIn(script);
let test: TestApp;
let degreeId: number;
beforeAll(async () => {
  const statusUrl = await statusApi.start();
  test = await buildTestApp({
    env: {
      CCAVENUE_MERCHANT_ID: merchant.merchantId,
      CCAVENUE_ACCESS_CODE: merchant.accessCode,
      CCAVENUE_WORKING_KEY: merchant.workingKey,
      CCAVENUE_STATUS_URL: statusUrl,
    },
  });
  await seedDemo(test.db);
  degreeId = (await test.db.select().from(degrees).where(eq(degrees.name, "B.SC. COMPUTER SCIENCE")))[0]!.id;
});
afterAll(async () => {
  try {
    await test?.close();
  } finally {
    await statusApi.stop();
  }
});

/**
 * An applicant who pressed Confirm & Pay (the paid order) after earlier attempts the browser never
 * came back from, `minutesOld` theirs (`paidMinutesOld` the paid one's, 0 when made now).
 */
async function applicantWithEarlierOrders(minutesOld: number[], paidMinutesOld = 0) {
  const { cookie, user } = await signInAs(test);
  const documents = {
    photoUrl: await uploadAs(test, cookie, fixtures.photo),
    marksheetCertificateUrl: await uploadAs(test, cookie, fixtures.marksheet),
    aadharImageUrl: await uploadAs(test, cookie, fixtures.aadhar),
  };
  const saved = await test.app.inject({ method: "POST", url: "/booking/admission", headers: { cookie }, payload: sampleAdmission({ courseSubjectId: degreeId, ...documents }) });
  expect(saved.statusCode).toBe(200);
  const paid = saved.json().data as { orderId: string; applicationNo: string };
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  if (paidMinutesOld) await test.db.update(paymentOrders).set({ createdAt: minutesAgo(paidMinutesOld) }).where(eq(paymentOrders.orderId, paid.orderId));
  const [application] = await test.db.select().from(applications).where(eq(applications.applicationNo, paid.applicationNo));
  const earlier = minutesOld.map((_, index) => `${paid.orderId}E${index + 1}`);
  await test.db.insert(paymentOrders).values(
    earlier.map((orderId, index) => ({
      orderId,
      purpose: "application",
      applicationId: application!.id,
      userId: user.id,
      amountPaise: 30_000,
      createdAt: minutesAgo(minutesOld[index]!),
    })),
  );
  return { cookie, paid, earlier };
}

const statusesOf = async (orderIds: string[]) =>
  Object.fromEntries((await test.db.select().from(paymentOrders).where(inArray(paymentOrders.orderId, orderIds))).map((order) => [order.orderId, order.status]));

describe("Verify and Pay with a merchant account", () => {
  it("asks the gateway about an applicant's orders four at a time, and settles each answer however the others went", async () => {
    // Five earlier attempts, minutes older than the paid one.
    const { cookie, paid, earlier } = await applicantWithEarlierOrders([1, 2, 3, 4, 5]);
    script.set(paid.orderId, { orderStatus: "Successful" });
    for (const orderId of earlier.slice(0, 4)) script.set(orderId, { orderStatus: "Initiated" });
    script.set(earlier[4]!, "dropped");

    const verified = await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } });

    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success", paymentRefNo: "310099" });
    expect(statusApi.refused).toEqual([]);
    expect(statusApi.asked.toSorted()).toEqual([paid.orderId, ...earlier].toSorted());
    expect(statusApi.mostAtOnce).toBe(4);
    expect(await statusesOf([paid.orderId, ...earlier])).toEqual({ [paid.orderId]: "Success", ...Object.fromEntries(earlier.map((orderId) => [orderId, "Awaiting"])) });
  });

  it("settles a day-old order the gateway found paid, and closes a day-old one only on an answer that it is not paid", async () => {
    // Each earlier order is answered as its name says; each is older than a day.
    const answers = {
      notPaid: { orderStatus: "Initiated" },
      notPaidUnwrapped: { orderStatus: "Initiated", unwrapped: true },
      awaited: { orderStatus: "Awaited" },
      noRecord: { error: "No records found" },
      aList: { decrypted: [{ order_status: "Initiated" }] },
      nothing: { decrypted: null },
      refused: "refused",
      dropped: "dropped",
    } satisfies Record<string, Scripted>;
    const names = Object.keys(answers) as (keyof typeof answers)[];
    // Two more whose answers name an order id, so they are scripted once the ids are known.
    const allNames = [...names, "notPaidNoStatus", "aboutAnother"] as const;
    const dayAndAnHour = 25 * 60;
    const { cookie, paid, earlier } = await applicantWithEarlierOrders(allNames.map((_, index) => dayAndAnHour + index + 1), dayAndAnHour);
    const order = Object.fromEntries(allNames.map((name, index) => [name, earlier[index]!])) as Record<(typeof allNames)[number], string>;
    script.set(paid.orderId, { orderStatus: "Successful", referenceNo: "310100" });
    for (const name of names) script.set(order[name], answers[name]);
    // No status of its own, as an unwrapped answer may come: the order is named and its word read.
    script.set(order.notPaidNoStatus, { decrypted: { Order_Status_Result: { order_no: order.notPaidNoStatus, order_status: "Initiated" } } });
    script.set(order.aboutAnother, { orderStatus: "Initiated", aboutOrder: order.notPaid });

    const verified = await test.app.inject({ method: "POST", url: "/booking/payments/verify", headers: { cookie } });

    expect(verified.json().data).toMatchObject({ applicationStatus: "Submitted", paymentStatus: "Success", paymentRefNo: "310100" });
    expect(statusApi.refused).toEqual([]);
    const closed = new Set(["notPaid", "notPaidUnwrapped", "notPaidNoStatus"]);
    expect(await statusesOf([paid.orderId, ...earlier])).toEqual({
      [paid.orderId]: "Success",
      ...Object.fromEntries(Object.entries(order).map(([name, orderId]) => [orderId, closed.has(name) ? "Aborted" : "Awaiting"])),
    });
  });
});
