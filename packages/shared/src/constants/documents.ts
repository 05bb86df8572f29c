/** The seven documents of the upload step, by their field names on the wire. */
export const documentFieldNames = [
  "photoUrl",
  "marksheetCertificateUrl",
  "transferCertificateUrl",
  "communityCertificateUrl",
  "conductCertificateUrl",
  "specialCertificateUrl",
  "aadharImageUrl",
] as const;
