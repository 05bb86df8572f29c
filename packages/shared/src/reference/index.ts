export * from "./personal.js";
export * from "./exam.js";
export * from "./india.js";
