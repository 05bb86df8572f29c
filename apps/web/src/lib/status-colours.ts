/**
 * Solid badge colours per application status, whose white text keeps a 4.5:1 contrast (Ant Design's
 * orange and gold presets do not). Staff screens share them so a status looks the same everywhere.
 */
export const statusColours: Record<string, string> = {
  Submitted: "#1d4ed8",
  Approved: "#15803d",
  Transferred: "#0e7490",
  Rejected: "#b91c1c",
  Cancelled: "#4b5563",
  "Payment Failure": "#b45309",
  Pending: "#92400e",
  Draft: "#4b5563",
};

export const statusColour = (status: string) => statusColours[status] ?? "#4b5563";
