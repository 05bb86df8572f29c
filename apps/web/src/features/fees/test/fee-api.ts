import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

/** A student and their fee terms as the API answers them, for the fee screens' tests. */
export const student = {
  userName: "asha@example.in",
  name: "ASHA R",
  admissionNo: "ADM-UG-2026-0001",
  degree: "B.SC. COMPUTER SCIENCE",
  course: "UG",
  currentYear: 1,
  status: "Active",
};

/** Year 1 Term 1 paid, Year 1 Term 2 and Year 2 Term 1 due, nothing for Year 3. */
export const terms = [
  { id: 11, academicYear: 1, termNo: 1, termAmount: 25000, feeCode: "BSCCS-Y1T1", status: "Paid", paidAt: "2026-06-10T05:30:00.000Z", receiptNo: "FEE-2026-000001", mode: "Online" },
  { id: 12, academicYear: 1, termNo: 2, termAmount: 15000.5, feeCode: "BSCCS-Y1T2", status: "Due", paidAt: null, receiptNo: null, mode: null },
  { id: 21, academicYear: 2, termNo: 1, termAmount: 30000, feeCode: "BSCCS-Y2T1", status: "Due", paidAt: null, receiptNo: null, mode: null },
];

export const feeStatus = { student, terms, refunds: [], cancelledReceipts: [] };

/** Picks an option of an Ant Design select by the select's label and the option's text. */
export async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole("combobox", { name: label }));
  const matches = await screen.findAllByTitle(option);
  await userEvent.click(matches.find((element) => element.classList.contains("ant-select-item-option"))!);
}
