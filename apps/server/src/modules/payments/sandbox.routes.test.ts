import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-app.js";
import { decryptFromGateway, encryptForGateway } from "./ccavenue-cipher.js";
import { SANDBOX_CREDENTIALS } from "./gateway.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});

const requestFor = (orderId: string) =>
  new URLSearchParams({
    merchant_id: SANDBOX_CREDENTIALS.merchantId,
    order_id: orderId,
    currency: "INR",
    amount: "300.00",
    redirect_url: "http://localhost:3000/booking/payments/ccavenue/return",
    cancel_url: "http://localhost:3000/booking/payments/ccavenue/cancel",
    billing_name: "PRIYA <S>",
  }).toString();
const request = requestFor("UG2026000001P1");
const encRequest = encryptForGateway(request, SANDBOX_CREDENTIALS.workingKey);

/** The order status call's answer about an order, decrypted: what CCAvenue wraps in Order_Status_Result. */
async function orderStatusResult(orderId: string) {
  const status = await test.app.inject({
    method: "POST",
    url: "/sandbox-gateway/api",
    ...form({
      command: "orderStatusTracker",
      access_code: SANDBOX_CREDENTIALS.accessCode,
      request_type: "JSON",
      enc_request: encryptForGateway(JSON.stringify({ order_no: orderId }), SANDBOX_CREDENTIALS.workingKey),
    }),
  });
  const answer = new URLSearchParams(status.body);
  expect(answer.get("status")).toBe("0");
  return (JSON.parse(decryptFromGateway(answer.get("enc_response")!, SANDBOX_CREDENTIALS.workingKey)) as { Order_Status_Result: Record<string, unknown> }).Order_Status_Result;
}

describe("the sandbox gateway", () => {
  it("shows the merchant, order and amount, escaped, with the three outcomes", async () => {
    const page = await test.app.inject({ method: "POST", url: "/sandbox-gateway/transaction", ...form({ encRequest, access_code: SANDBOX_CREDENTIALS.accessCode }) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("UG2026000001P1");
    expect(page.body).toContain("INR 300.00");
    expect(page.body).toContain("PRIYA &lt;S&gt;");
    for (const outcome of ["Success", "Failure", "Aborted"]) expect(page.body).toContain(`value="${outcome}"`);
  });

  it("refuses a wrong access code or a request made with another key", async () => {
    const wrongCode = await test.app.inject({ method: "POST", url: "/sandbox-gateway/transaction", ...form({ encRequest, access_code: "OTHER" }) });
    expect(wrongCode.statusCode).toBe(400);
    const wrongKey = encryptForGateway(request, "another key");
    const refused = await test.app.inject({ method: "POST", url: "/sandbox-gateway/transaction", ...form({ encRequest: wrongKey, access_code: SANDBOX_CREDENTIALS.accessCode }) });
    expect(refused.statusCode).toBe(400);
  });

  it("posts an encResp back to the return URL, or to the cancel URL on Abort, and answers the order status call", async () => {
    const decided = await test.app.inject({ method: "POST", url: "/sandbox-gateway/decide", ...form({ encRequest, access_code: SANDBOX_CREDENTIALS.accessCode, outcome: "Success" }) });
    expect(decided.body).toContain('action="http://localhost:3000/booking/payments/ccavenue/return"');
    const encResp = /name="encResp" value="([0-9a-f]+)"/.exec(decided.body)![1]!;
    expect(new URLSearchParams(decryptFromGateway(encResp, SANDBOX_CREDENTIALS.workingKey)).get("order_status")).toBe("Success");

    const aborted = await test.app.inject({ method: "POST", url: "/sandbox-gateway/decide", ...form({ encRequest, access_code: SANDBOX_CREDENTIALS.accessCode, outcome: "Aborted" }) });
    expect(aborted.body).toContain('action="http://localhost:3000/booking/payments/ccavenue/cancel"');

    expect(await orderStatusResult("UG2026000001P1")).toMatchObject({ status: 0, order_no: "UG2026000001P1", order_status: "Aborted" });
  });

  it("answers the order status call with no record of an order before its payer reaches the page, Initiated from then, then the choice", async () => {
    const orderId = "UG2026000002P1";
    const fields = form({ encRequest: encryptForGateway(requestFor(orderId), SANDBOX_CREDENTIALS.workingKey), access_code: SANDBOX_CREDENTIALS.accessCode });
    expect(await orderStatusResult(orderId)).toEqual({ status: 1, error_desc: `The sandbox has no record of order ${orderId}`, error_code: "" });

    expect((await test.app.inject({ method: "POST", url: "/sandbox-gateway/transaction", ...fields })).statusCode).toBe(200);
    const initiated = await orderStatusResult(orderId);
    expect(initiated).toMatchObject({ status: 0, order_no: orderId, order_status: "Initiated", order_amt: 300, order_currncy: "INR", reference_no: expect.stringMatching(/^\d{12}$/) });

    const decided = await test.app.inject({ method: "POST", url: "/sandbox-gateway/decide", ...fields, payload: `${fields.payload}&outcome=Success` });
    expect(decided.statusCode).toBe(200);
    const encResp = /name="encResp" value="([0-9a-f]+)"/.exec(decided.body)![1]!;
    // The order keeps the reference it was given when it reached the gateway.
    expect(new URLSearchParams(decryptFromGateway(encResp, SANDBOX_CREDENTIALS.workingKey)).get("tracking_id")).toBe(initiated.reference_no);
    // Seeing the page again, with the browser's Back, does not undo the choice.
    expect((await test.app.inject({ method: "POST", url: "/sandbox-gateway/transaction", ...fields })).statusCode).toBe(200);
    expect(await orderStatusResult(orderId)).toMatchObject({
      status: 0,
      order_no: orderId,
      order_status: "Successful",
      reference_no: initiated.reference_no,
      order_bank_ref_no: expect.stringMatching(/^SBX/),
    });
  });
});
