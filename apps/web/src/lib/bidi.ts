/**
 * Text of either direction inside a sentence of the other (a degree's name, a date, remarks): set
 * apart with Unicode's first-strong isolate, so that in Arabic "B.COM." keeps its dot at its end and
 * a date its order. For a string that goes where an element cannot (a translation's value).
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
