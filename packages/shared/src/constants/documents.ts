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

/** Whether a stored upload is a picture: its name ends with the extension its content showed (the server's uploads). */
export const isStoredPicture = (fileName: string) => /\.(jpe?g|png)$/i.test(fileName);
