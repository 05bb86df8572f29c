import { verhoeffDigit } from "../rules/verhoeff.js";
import type { AdmissionInput } from "../schemas/admission.js";

/**
 * A valid Aadhaar number of its own for each `n` below 80 billion, for the applicants of tests, seeds
 * and demos: applications sharing one number are flagged to the office as the same person's.
 */
export function sampleAadhaarNumber(n: number): string {
  const body = String(20_000_000_000 + n);
  return body + verhoeffDigit(body);
}

/**
 * A complete, valid UG application in DESIGN.md's wire shape, for tests, benchmarks and demos.
 * The Aadhar number carries a correct Verhoeff check digit. It names no account (`userName`): an
 * applicant's save of it is their own, and staff name the walk-in applicant it is for.
 */
export function sampleAdmission(overrides: Partial<AdmissionInput> = {}): AdmissionInput {
  return {
    isOffline: false,
    course: "UG",
    courseSubject: "B.SC. COMPUTER SCIENCE",
    courseSubjectId: 4,
    name: "Priya S",
    nameInTamil: "பிரியா",
    gender: "female",
    dob: "2008-03-14",
    bloodGroup: "B+ve",
    community: "BC",
    caste: "Vanniyar",
    nationality: "Indian",
    religion: "Hindu",
    motherTongue: "Tamil",
    aadharNo: "234123412346",
    fatherName: "Selvam K",
    motherName: "Lakshmi S",
    occupation: "Farmer",
    annualIncome: "120000",
    physicalChallengeDetails: "no",
    physicalChallenge: "",
    exServiceMan: "no",
    tnOriginAndaman: "no",
    distinctionInSportsDetails: "no",
    distinctionInSports: "",
    hostelRequired: "yes",
    transportMode: "College Bus",
    referralName: "",
    emisNo: "",
    whatsappNo: "9876543210",
    fatherNo: "9876500001",
    motherNo: "",
    email: "priya@example.in",
    addressDetails: {
      doorNo: "12",
      streetName: "Gandhi Street",
      village: "Tiruvallur",
      post: "Tiruvallur",
      taluk: "Tiruvallur",
      state: "Tamil Nadu",
      district: "Tiruvallur",
      pincode: "602001",
    },
    examDetails: {
      applicantNo: "",
      examPassed: "HSC (+2)",
      boardOfStudy: "State Board",
      mediumOfStudy: "English",
      schoolName: "Govt Hr Sec School",
      schoolPlace: "Tiruvallur",
      maxMarkInTweleve: 600,
      isPassedEleventh: "yes",
      tweleveStatus: "PASSED",
      govtSchool: "yes",
    },
    marksDetails: [
      { subject: "Tamil", markSecured: 91, maxMark: 100, passingYear: "2026", registerNo: "2611001234", noOfAttempts: 1, applicantNo: "" },
      { subject: "English", markSecured: 88, maxMark: 100, passingYear: "", registerNo: "", noOfAttempts: 1, applicantNo: "" },
      { subject: "Mathematics", markSecured: 95, maxMark: 100, passingYear: "", registerNo: "", noOfAttempts: 1, applicantNo: "" },
      { subject: "Physics", markSecured: 90, maxMark: 100, passingYear: "", registerNo: "", noOfAttempts: 1, applicantNo: "" },
      { subject: "Chemistry", markSecured: 87, maxMark: 100, passingYear: "", registerNo: "", noOfAttempts: 1, applicantNo: "" },
      { subject: "Computer Science", markSecured: 89, maxMark: 100, passingYear: "", registerNo: "", noOfAttempts: 1, applicantNo: "" },
    ],
    photoUrl: "photo.jpg",
    marksheetCertificateUrl: "marksheet.pdf",
    transferCertificateUrl: "",
    communityCertificateUrl: "",
    conductCertificateUrl: "",
    specialCertificateUrl: "",
    aadharImageUrl: "aadhar.png",
    declaration: true,
    ...overrides,
  };
}
