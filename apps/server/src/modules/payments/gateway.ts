import type { Settings } from "../../env.js";

/** The built-in sandbox's credentials: public on purpose, they protect nothing (README). */
export const SANDBOX_CREDENTIALS = { merchantId: "SANDBOX", accessCode: "AVSANDBOX2026", workingKey: "SandboxWorkingKey2026" } as const;

export const CCAVENUE_TRANSACTION_URL = "https://secure.ccavenue.com/transaction/transaction.do?command=initiateTransaction";
export const CCAVENUE_STATUS_URL = "https://api.ccavenue.com/apis/servlet/DoWebTrans";

export interface Gateway {
  merchantId: string;
  accessCode: string;
  workingKey: string;
  transactionUrl: string;
  statusUrl: string;
  sandbox: boolean;
}

const gatewaysOfSettings = new WeakMap<Settings, Gateway>();

/**
 * The merchant account from the settings, or the sandbox served by this app when none is set. Made
 * once for the settings: every applicant's save asks for it twice.
 */
export function gatewayOf(settings: Settings): Gateway {
  let gateway = gatewaysOfSettings.get(settings);
  if (!gateway) {
    gateway = gatewayFrom(settings);
    gatewaysOfSettings.set(settings, gateway);
  }
  return gateway;
}

function gatewayFrom(settings: Settings): Gateway {
  const { merchantId, accessCode, workingKey, transactionUrl, statusUrl } = settings.gateway;
  if (merchantId && accessCode && workingKey) {
    return {
      merchantId,
      accessCode,
      workingKey,
      transactionUrl: transactionUrl ?? CCAVENUE_TRANSACTION_URL,
      statusUrl: statusUrl ?? CCAVENUE_STATUS_URL,
      sandbox: false,
    };
  }
  return {
    ...SANDBOX_CREDENTIALS,
    transactionUrl: `${settings.publicUrl}/sandbox-gateway/transaction`,
    statusUrl: `${settings.publicUrl}/sandbox-gateway/api`,
    sandbox: true,
  };
}

/** Rupees in the gateway's notation: paise 30000 is "300.00". */
export function formatAmount(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** Where the gateway sends the browser back; absolute, from PUBLIC_URL. */
export function returnUrls(settings: Settings) {
  return {
    redirectUrl: `${settings.publicUrl}/booking/payments/ccavenue/return`,
    cancelUrl: `${settings.publicUrl}/booking/payments/ccavenue/cancel`,
  };
}
