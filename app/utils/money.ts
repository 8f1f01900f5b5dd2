/**
 * Money is integer pence; rates and percentages are integer hundredths (20.00% = 2000).
 * Nothing here uses floating point for an amount that is stored or summed.
 */

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** 1250 → "£12.50" */
export function formatMoney(pence: number): string {
  return gbp.format(pence / 100);
}

/** 1250 → "12.50"; -5 → "-0.05". The JSON form of money and rates. */
export function toDecimalString(hundredths: number): string {
  const sign = hundredths < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(hundredths));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 2000 → "20%", 1250 → "12.5%" */
export function formatPercent(hundredths: number): string {
  return `${Number(toDecimalString(hundredths))}%`;
}

const DECIMAL = /^\s*(-)?(\d{0,12})(?:\.(\d{0,2})\d*)?\s*$/;

/**
 * "12.5" → 1250, "£1,234.56" → 123456. Extra decimals are cut, not rounded, because a typed price of
 * 1.999 is a typo rather than a request for 2.00. Returns null when the text is not a number.
 */
export function parseDecimalToHundredths(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = typeof input === "number" ? String(input) : input.replace(/[£,\s]/g, "");
  if (text === "" || text === "-" || text === ".") return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, minus, whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  const value = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return minus ? -value : value;
}

/** Divides and rounds half away from zero, in integers: the UK "round half up" for money. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator) || 1;
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** VAT on a net amount at a rate in hundredths, rounded half-up to the penny. */
export function vatOn(netPence: number, rateHundredths: number): number {
  return divideRoundHalfUp(netPence * rateHundredths, 10000);
}

/** A net price with VAT added, as shown to customers: 1000 at 2000 → 1200. */
export function withVat(netPence: number, rateHundredths: number): number {
  return netPence + vatOn(netPence, rateHundredths);
}

/** Applies a percentage discount (hundredths) to an amount, rounding half-up to the penny. */
export function applyPercentOff(pence: number, percentHundredths: number): number {
  return divideRoundHalfUp(pence * (10000 - percentHundredths), 10000);
}
