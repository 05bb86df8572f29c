export * from "./messages.js";
export * from "./constants/roles.js";
export * from "./constants/limits.js";
export * from "./schemas/envelope.js";
export * from "./schemas/auth.js";
export * from "./rules/navigation.js";
