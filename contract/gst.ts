/**
 * India's GST as the marketplace applies it (design 12.7, decision 038): the rates in force, the states and union
 * territories with their GST state codes, and the GSTIN's check character. Shared by the server and the forms.
 */

/**
 * GST rates in force (percent of the taxable value), as notified after the GST Council's 56th meeting (schedules of
 * notification 9/2025-Central Tax (Rate), in force from 22 September 2025): nil, 0.25 (rough precious stones), 1.5
 * (cut diamonds), 3 (gold, silver), 5 and 18 (the two general slabs), 40 (the demerit slab), and 28, kept for the
 * tobacco goods that stay on it until the compensation cess ends. 12 % was folded into 5 % and 18 %.
 */
export const GST_RATES = ['0', '0.25', '1.5', '3', '5', '18', '28', '40'] as const;
export type GstRate = (typeof GST_RATES)[number];

/** Indian Standard Time, UTC+05:30: the clock of the documents' dates, the financial year and a return's month. */
export const IST_OFFSET_MS = 330 * 60_000;

/** An HSN code as invoices print it: 4, 6 or 8 digits (rule 46 asks for at least 4 at our turnover). */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** States and union territories with their GST state codes (the first two digits of a GSTIN). */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type StateCode = (typeof INDIAN_STATES)[number]['code'];

/** The state or union territory of a name as a buyer types it (any case, spaces squeezed); null when none. */
export function stateByName(name: string) {
  const wanted = name.trim().replace(/\s+/g, ' ').toLowerCase().replace(/&/g, 'and');
  return INDIAN_STATES.find((state) => state.name.toLowerCase() === wanted) ?? null;
}

export function stateByCode(code: string) {
  return INDIAN_STATES.find((state) => state.code === code) ?? null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z' by default, check character. */
const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: the GSTN's mod-36 scheme (Luhn's algorithm over base 36,
 * weights 1, 2, 1, 2, ... from the left, the digits of each product in base 36 added).
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid, or null when it is: its shape, its state code and its check character. */
export function gstinProblem(value: string): string | null {
  const gstin = value.trim().toUpperCase();
  const shape = GSTIN_SHAPE.exec(gstin);
  if (!shape) return 'A GSTIN has 15 characters: state code, PAN, entity number, Z and a check character';
  if (!stateByCode(shape[1]!) && shape[1] !== '97') return 'The GSTIN does not start with a state code';
  if (gstinCheckCharacter(gstin) !== gstin[14]) return 'The GSTIN check character does not match';
  return null;
}

export const isValidGstin = (value: string) => gstinProblem(value) === null;
