/**
 * SPEC.md section 3, "Admission" (UG exam details) and "Reference lists": the fixed choices of the exam step and the
 * subject lists of the marks table. Stored values are kept exactly as SPEC writes them, misspellings included
 * ("CBSC", "tweleve"), because saved applications and the rest of the product already use them.
 */

export const examPassedOptions = ["HSC (+2)", "CBSC", "Private", "Others"] as const;
export type ExamPassed = (typeof examPassedOptions)[number];

export const boardsOfStudy = ["State Board", "CBSC", "Others"] as const;
export type BoardOfStudy = (typeof boardsOfStudy)[number];

export const mediumsOfStudy = ["Tamil", "English", "Others"] as const;
export type MediumOfStudy = (typeof mediumsOfStudy)[number];

/** Numbers, not text: the choice sets each mark row's maximum (200 for 1200, 100 for 600; SPEC.md section 4). */
export const maxMarkInTweleveOptions = [600, 1200] as const;
export type MaxMarkInTweleve = (typeof maxMarkInTweleveOptions)[number];

/** APPEARED means results are awaited: the marks table is hidden and the marksheet is optional (SPEC.md section 4). */
export const tweleveStatuses = ["PASSED", "APPEARED"] as const;
export type TweleveStatus = (typeof tweleveStatuses)[number];

/** Part I of the Higher Secondary marksheet, in SPEC's order (Tamil first, as most applicants take it). */
export const languageOneSubjects = [
  "Tamil", "Telugu", "Malayalam", "Kannada", "Urdu", "Hindi", "Sanskrit", "Arabic", "French", "German", "Other",
] as const;
export type LanguageOneSubject = (typeof languageOneSubjects)[number];

/** Part II of the marksheet. */
export const languageTwoSubjects = ["English", "Other"] as const;
export type LanguageTwoSubject = (typeof languageTwoSubjects)[number];

/**
 * The remaining (Part III) subjects of a Class 12 marksheet: those of the Tamil Nadu State Board's Higher Secondary
 * course, academic and vocational streams, and the common CBSE Class 12 subjects, each once. Names follow the State
 * Board's marksheets (hence "Micro-Biology", "Bio-Chemistry"); a subject the two boards share appears once, under
 * the State Board's name. Alphabetical so the long list can be scanned, with "Other" last as the way out for any
 * subject not listed (an older vocational paper, another board's elective).
 */
export const higherSecondarySubjects = [
  "Accountancy", "Accounting", "Advanced Language (Tamil)", "Agricultural Science", "Applied Mathematics",
  "Artificial Intelligence", "Auditing", "Basic Automobile Engineering", "Basic Civil Engineering",
  "Basic Electrical Engineering", "Basic Electronics Engineering", "Basic Mechanical Engineering", "Bio-Chemistry",
  "Biology", "Biotechnology", "Botany", "Business Mathematics and Statistics", "Business Studies", "Chemistry",
  "Commerce", "Communicative English", "Computer Applications", "Computer Science", "Computer Technology", "Dance",
  "Economics", "Engineering Graphics", "Entrepreneurship", "Ethics and Indian Culture", "Fashion Studies",
  "Fine Arts", "Food Service Management", "Geography", "History", "Home Science", "Informatics Practices",
  "Information Technology", "Knowledge Traditions and Practices of India", "Legal Studies", "Mass Media Studies",
  "Mathematics", "Micro-Biology", "Music", "Nursing", "Nutrition and Dietetics",
  "Office Management and Secretaryship", "Painting", "Physical Education", "Physics", "Political Science",
  "Psychology", "Sociology", "Statistics", "Textile and Dress Designing", "Textile Technology",
  "Typewriting and Computer Applications", "Web Application", "Zoology", "Other",
] as const;
export type HigherSecondarySubject = (typeof higherSecondarySubjects)[number];
