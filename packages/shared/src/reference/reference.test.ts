import { describe, expect, it } from "vitest";
import {
  bloodGroups,
  boardsOfStudy,
  communities,
  communityNames,
  districtsOf,
  examPassedOptions,
  genders,
  higherSecondarySubjects,
  indianStates,
  languageOneSubjects,
  languageTwoSubjects,
  maxMarkInTweleveOptions,
  mediumsOfStudy,
  religions,
  stateNames,
  transportModes,
  tweleveStatuses,
  yesNo,
} from "./index.js";

const byName = (a: string, b: string) => a.localeCompare(b, "en");
/** Names that differ only by case, spaces or punctuation ("Microbiology", "Micro-Biology") are one subject. */
const subjectKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

function expectUnique(list: readonly (string | number)[]) {
  expect(new Set(list).size).toBe(list.length);
}

describe("lists fixed by SPEC.md section 3", () => {
  it.each([
    ["bloodGroups", bloodGroups, ["A+ve", "A-ve", "B+ve", "B-ve", "O+ve", "O-ve", "AB+ve", "AB-ve"]],
    ["communities", communities, ["OC", "BC", "BCM", "MBC", "SC", "SCA", "ST"]],
    ["religions", religions, ["Hindu", "Muslim", "Christian", "Sikhism", "Buddhism", "Jainism", "Others"]],
    ["genders", genders, ["male", "female", "transgender"]],
    ["yesNo", yesNo, ["yes", "no"]],
    ["transportModes", transportModes, ["College Bus", "Own/Others"]],
    ["examPassedOptions", examPassedOptions, ["HSC (+2)", "CBSC", "Private", "Others"]],
    ["boardsOfStudy", boardsOfStudy, ["State Board", "CBSC", "Others"]],
    ["mediumsOfStudy", mediumsOfStudy, ["Tamil", "English", "Others"]],
    ["maxMarkInTweleveOptions", maxMarkInTweleveOptions, [600, 1200]],
    ["tweleveStatuses", tweleveStatuses, ["PASSED", "APPEARED"]],
    [
      "languageOneSubjects",
      languageOneSubjects,
      ["Tamil", "Telugu", "Malayalam", "Kannada", "Urdu", "Hindi", "Sanskrit", "Arabic", "French", "German", "Other"],
    ],
    ["languageTwoSubjects", languageTwoSubjects, ["English", "Other"]],
  ] as const)("%s is exactly SPEC's list, in order", (_name, list, expected) => {
    expect([...list]).toEqual(expected);
    expectUnique(list);
  });

  it("names every community in full", () => {
    expect(Object.keys(communityNames)).toEqual([...communities]);
    expect(communityNames).toEqual({
      OC: "Open Competition",
      BC: "Backward Class",
      BCM: "Backward Class Muslim",
      MBC: "Most Backward Class / Denotified Communities",
      SC: "Scheduled Caste",
      SCA: "Scheduled Caste Arunthathiyar",
      ST: "Scheduled Tribe",
    });
  });
});

describe("higherSecondarySubjects", () => {
  const listed = higherSecondarySubjects.slice(0, -1);

  it('ends with "Other", after the subjects in alphabetical order', () => {
    expect(higherSecondarySubjects.at(-1)).toBe("Other");
    expect(listed).not.toContain("Other");
    expect(listed).toEqual([...listed].sort(byName));
  });

  it("holds each subject once, ignoring case, spaces and punctuation", () => {
    expect(new Set(higherSecondarySubjects.map(subjectKey)).size).toBe(higherSecondarySubjects.length);
  });

  it("has no stray spaces or empty names", () => {
    for (const subject of higherSecondarySubjects) expect(subject).toMatch(/^\S+( \S+)*$/);
  });

  it.each([
    "Physics", "Chemistry", "Mathematics", "Biology", "Botany", "Zoology", "Computer Science", "Computer Applications",
    "Computer Technology", "Commerce", "Accountancy", "Economics", "Business Mathematics and Statistics", "History",
    "Geography", "Political Science", "Statistics", "Ethics and Indian Culture", "Home Science", "Micro-Biology",
    "Nutrition and Dietetics", "Nursing", "Bio-Chemistry", "Advanced Language (Tamil)", "Communicative English",
    "Textile and Dress Designing", "Food Service Management", "Agricultural Science",
    "Office Management and Secretaryship", "Basic Electrical Engineering", "Basic Electronics Engineering",
    "Basic Civil Engineering", "Basic Automobile Engineering", "Basic Mechanical Engineering", "Textile Technology",
    "Accounting", "Auditing", "Typewriting and Computer Applications",
  ])("offers the State Board subject %s", (subject) => {
    expect(higherSecondarySubjects).toContain(subject);
  });

  it.each([
    "Applied Mathematics", "Informatics Practices", "Psychology", "Sociology", "Physical Education", "Biotechnology",
    "Engineering Graphics", "Entrepreneurship", "Legal Studies", "Fine Arts", "Music", "Business Studies",
  ])("offers the CBSE subject %s", (subject) => {
    expect(higherSecondarySubjects).toContain(subject);
  });

  it("leaves the Part I and Part II languages to their own lists", () => {
    for (const language of ["Tamil", "English", "Hindi", "French"]) {
      expect(higherSecondarySubjects).not.toContain(language);
    }
  });
});

describe("indianStates", () => {
  it("has the 28 states and 8 union territories", () => {
    expect(indianStates).toHaveLength(36);
    expect(indianStates.filter((state) => state.kind === "state")).toHaveLength(28);
    expect(indianStates.filter((state) => state.kind === "union territory").map((state) => state.name)).toEqual([
      "Andaman and Nicobar Islands",
      "Chandigarh",
      "Dadra and Nagar Haveli and Daman and Diu",
      "Delhi",
      "Jammu and Kashmir",
      "Ladakh",
      "Lakshadweep",
      "Puducherry",
    ]);
  });

  it("lists the states in alphabetical order, each once", () => {
    expect([...stateNames]).toEqual(indianStates.map((state) => state.name));
    expect([...stateNames]).toEqual([...stateNames].sort(byName));
    expectUnique(stateNames);
  });

  it.each(indianStates.map((state) => [state.name, state.districts] as const))(
    "%s has districts, each once, in alphabetical order",
    (_name, districts) => {
      expect(districts.length).toBeGreaterThan(0);
      expectUnique(districts.map((district) => district.toLowerCase()));
      expect([...districts]).toEqual([...districts].sort(byName));
      for (const district of districts) expect(district).toMatch(/^\S+( \S+)*$/);
    },
  );

  it("comes to about the official count of districts", () => {
    const total = indianStates.reduce((sum, state) => sum + state.districts.length, 0);
    expect(total).toBeGreaterThanOrEqual(770);
    expect(total).toBeLessThanOrEqual(800);
  });

  it("gives Tamil Nadu all 38 districts, with the official spellings", () => {
    const tamilNadu = districtsOf("Tamil Nadu");
    expect(tamilNadu).toHaveLength(38);
    for (const district of [
      "Chengalpattu", "Kallakurichi", "Ranipet", "Tenkasi", "Tirupathur", "Mayiladuthurai",
      "Tiruvallur", "Thoothukudi", "Kanniyakumari", "The Nilgiris", "Viluppuram", "Tiruchirappalli", "Kancheepuram",
    ]) {
      expect(tamilNadu).toContain(district);
    }
  });
});

describe("districtsOf", () => {
  it("returns a state's districts", () => {
    expect(districtsOf("Tamil Nadu")).toBe(indianStates.find((state) => state.name === "Tamil Nadu")?.districts);
    expect(districtsOf("Puducherry")).toEqual(["Karaikal", "Mahe", "Puducherry", "Yanam"]);
  });

  it.each(["TAMIL NADU", "tamil nadu", "  Tamil  Nadu "])("finds %j, as an upper-cased address holds it", (state) => {
    expect(districtsOf(state)).toHaveLength(38);
  });

  it.each(["Nowhere", "", "Tamil", "Madras"])("returns an empty list for %j", (state) => {
    expect(districtsOf(state)).toEqual([]);
  });
});
