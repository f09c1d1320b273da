// UK postcode rules, shared by the browser's form validation and the server. The formats and the
// letters allowed in each position follow Royal Mail's published rules; the list of postcode areas
// catches typos such as "ZZ1 1AA" that the letter rules alone let through. BFPO is out of scope.

export const POSTCODE_MESSAGE = "Enter a valid UK postcode, e.g. SW1A 1AA";

const DIGIT = "0123456789";
/** Letters allowed in each position (Q, V, X never start a postcode; I, J, Z are never second; ...). */
const FIRST_LETTER = "ABCDEFGHIJKLMNOPRSTUWYZ";
const SECOND_LETTER = "ABCDEFGHKLMNOPQRSTUVWXY";
const A9A_LETTER = "ABCDEFGHJKPSTUW";
const AA9A_LETTER = "ABEHMNPRVWXY";
const INWARD_LETTER = "ABDEFGHJLNPQRSTUWXYZ";

/** The outward code formats, one character class per position: A9, A99, AA9, AA99, A9A, AA9A. */
const OUTWARD_FORMATS: readonly (readonly string[])[] = [
  [FIRST_LETTER, DIGIT],
  [FIRST_LETTER, DIGIT, DIGIT],
  [FIRST_LETTER, SECOND_LETTER, DIGIT],
  [FIRST_LETTER, SECOND_LETTER, DIGIT, DIGIT],
  [FIRST_LETTER, DIGIT, A9A_LETTER],
  [FIRST_LETTER, SECOND_LETTER, DIGIT, AA9A_LETTER],
];
const INWARD_FORMAT: readonly string[] = [DIGIT, INWARD_LETTER, INWARD_LETTER];

/** The geographic postcode areas of the UK, the Channel Islands and the Isle of Man, plus BX (non-geographic). */
const AREAS = new Set(
  (
    "AB AL B BA BB BD BH BL BN BR BS BT BX CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY " +
    "E EC EH EN EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY " +
    "L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR " +
    "RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW " +
    "UB W WA WC WD WF WN WR WS WV YO ZE"
  ).split(" "),
);
/** Districts ending in a letter (W1A, EC1A, SW1P, ...) exist only in central London. */
const LETTER_DISTRICT_AREAS = new Set(["E", "EC", "N", "NW", "SE", "SW", "W", "WC"]);

const GIR = "GIR0AA";

/** "sw1a 1aa" → "SW1A1AA": the form postcodes are compared in. */
export function compactPostcode(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

function fits(text: string, classes: readonly string[]): boolean {
  if (text.length > classes.length) return false;
  for (let i = 0; i < text.length; i += 1) if (!classes[i]!.includes(text[i]!)) return false;
  return true;
}

/** Whether `text` (compact, upper case) starts a postcode written in `format`: the area must be a real one. */
function startsPostcodeIn(text: string, format: readonly string[]): boolean {
  if (!fits(text, [...format, ...INWARD_FORMAT])) return false;
  const area = /^[A-Z]+/.exec(text)?.[0] ?? "";
  const areaLength = format[1] === DIGIT ? 1 : 2;
  if (text.length > areaLength && !AREAS.has(area)) return false;
  const hasLetterDistrict = format.at(-1) !== DIGIT;
  if (hasLetterDistrict && text.length >= format.length && !LETTER_DISTRICT_AREAS.has(area)) return false;
  return true;
}

function isOutwardCode(text: string): boolean {
  return OUTWARD_FORMATS.some((format) => text.length === format.length && startsPostcodeIn(text, format));
}

/** " sw1a  1aa " → "SW1A 1AA"; null when it is not a valid UK postcode. */
export function normaliseUkPostcode(raw: string): string | null {
  if (typeof raw !== "string") return null;
  const compact = compactPostcode(raw);
  if (compact === GIR) return "GIR 0AA";
  if (compact.length < 5 || compact.length > 7) return null;
  const outward = compact.slice(0, -3);
  const inward = compact.slice(-3);
  if (!isOutwardCode(outward) || !(inward.length === 3 && fits(inward, INWARD_FORMAT))) return null;
  return `${outward} ${inward}`;
}

export function isUkPostcode(raw: string): boolean {
  return normaliseUkPostcode(raw) !== null;
}

/**
 * True when the text is the start of a postcode that has got as far as a digit ("SW1", "E15 2",
 * "e152", a whole postcode), so a search box can treat it as a postcode search. A space may only
 * sit between the outward and the inward code.
 */
export function looksLikePostcodeStart(text: string): boolean {
  if (typeof text !== "string") return false;
  const spaced = text.trim().toUpperCase().replace(/\s+/g, " ");
  if (!/\d/.test(spaced)) return false;
  const parts = spaced.split(" ");
  if (parts.length > 2) return false;
  if (parts.length === 2) {
    const [outward = "", inward = ""] = parts;
    if (outward === "GIR") return GIR.startsWith(outward + inward);
    return isOutwardCode(outward) && fits(inward, INWARD_FORMAT);
  }
  return GIR.startsWith(spaced) || OUTWARD_FORMATS.some((format) => startsPostcodeIn(spaced, format));
}
