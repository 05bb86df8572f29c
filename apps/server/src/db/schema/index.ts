export * from "./users.js";
export * from "./mail-outbox.js";
export * from "./activity-log.js";
export * from "./masters.js";
export * from "./applications.js";
export * from "./payments.js";
export * from "./students.js";
