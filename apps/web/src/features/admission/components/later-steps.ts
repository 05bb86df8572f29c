/**
 * The admission form's steps after the first, one chunk that AdmissionPage loads once the applicant
 * starts on the form rather than with the screen: about a fifth of /admission's first download.
 */
export { AddressStep } from "./AddressStep";
export { MarksStep } from "./MarksStep";
export { DeclarationField, DocumentField, UploadStep } from "./UploadStep";
export { ReplaceOwnApplicationDialog } from "./ReplaceOwnApplicationDialog";
