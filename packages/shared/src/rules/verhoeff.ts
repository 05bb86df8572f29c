// The Verhoeff check digit (dihedral group D5), which UIDAI puts at the end of every Aadhaar number.
const multiplication = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const permutation = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const inverse = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function checksum(digits: string, appended: boolean): number {
  let check = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((digit, index) => {
    check = multiplication[check]![permutation[(index + (appended ? 0 : 1)) % 8]![Number(digit)]!]!;
  });
  return check;
}

/** True when the last digit is the Verhoeff check digit of the others. */
export function hasValidVerhoeffDigit(digits: string): boolean {
  return /^\d+$/.test(digits) && checksum(digits, true) === 0;
}

/** The check digit to append to a number (used to make valid test and demo Aadhaar numbers). */
export function verhoeffDigit(digits: string): string {
  return String(inverse[checksum(digits, false)]);
}

/** An Aadhaar number: 12 digits, not starting with 0 or 1 (UIDAI), ending in its Verhoeff check digit. */
export function isValidAadhar(value: string): boolean {
  return /^[2-9]\d{11}$/.test(value) && hasValidVerhoeffDigit(value);
}
