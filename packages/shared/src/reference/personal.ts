/**
 * SPEC.md section 3, "Admission": the fixed choices of the personal details step. The values are stored as they are
 * written here, so they must not be reworded: saved applications and the staff review screen compare against them.
 */

/** Written the way Indian certificates print them ("+ve", "-ve"), which is what applicants copy. */
export const bloodGroups = ["A+ve", "A-ve", "B+ve", "B-ve", "O+ve", "O-ve", "AB+ve", "AB-ve"] as const;
export type BloodGroup = (typeof bloodGroups)[number];

/** The Tamil Nadu reservation categories, in the order of the community certificate and the admission form. */
export const communities = ["OC", "BC", "BCM", "MBC", "SC", "SCA", "ST"] as const;
export type Community = (typeof communities)[number];

/** The codes are what is stored; these full names are for labels and help text, so an applicant can find their own. */
export const communityNames = {
  OC: "Open Competition",
  BC: "Backward Class",
  BCM: "Backward Class Muslim",
  MBC: "Most Backward Class / Denotified Communities",
  SC: "Scheduled Caste",
  SCA: "Scheduled Caste Arunthathiyar",
  ST: "Scheduled Tribe",
} as const satisfies Record<Community, string>;

/** As SPEC lists them, including its mixed naming ("Sikhism" beside "Hindu"): stored values, not display polish. */
export const religions = ["Hindu", "Muslim", "Christian", "Sikhism", "Buddhism", "Jainism", "Others"] as const;
export type Religion = (typeof religions)[number];

/** Lower case because that is how the form stores them; hostel eligibility (girls only) reads `female`. */
export const genders = ["male", "female", "transgender"] as const;
export type Gender = (typeof genders)[number];

/** The answer stored by every yes/no question of the form (differently-abled, ex-serviceman, hostel and the rest). */
export const yesNo = ["yes", "no"] as const;
export type YesNo = (typeof yesNo)[number];

export const transportModes = ["College Bus", "Own/Others"] as const;
export type TransportMode = (typeof transportModes)[number];
