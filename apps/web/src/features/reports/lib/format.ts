/** Counts and rupees with Indian digit grouping (1,23,456), as the office reads them, whatever the language. */
const counts = new Intl.NumberFormat("en-IN");
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const formatCount = (count: number) => counts.format(count);
export const formatRupees = (amount: number) => rupees.format(amount);
