import { messages, notices } from "@admissions/shared";
import builtPart from "virtual:catalogue/en-first";

/**
 * English's first part of the catalogue, whole: the built part, which leaves out the sections whose
 * texts are the shared package's messages (build/catalogue-parts.ts, englishSectionsOfSharedMessages),
 * with those sections laid back from the package, which the first download holds anyway.
 */
export const englishFirstPart: Record<string, unknown> = { ...builtPart, validation: { ...messages }, notices: { ...notices } };
