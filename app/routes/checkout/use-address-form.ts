// The address step's state and rules (spec sections 4, 5 and 8): who the customer is, where to bill and
// deliver, prefilled for a signed-in customer and saved back only when changed; a guest's account is made
// at submit.
import { useEffect, useRef, useState } from "react";
import { ACCOUNT_MESSAGES } from "../../../domain/account";
import {
  ADDRESS_MESSAGES,
  billingAddressSchema,
  deliversToBilling,
  deliveryAddressSchema,
  EMPTY_ADDRESS,
  guestContactSchema,
  sameAddress,
  type SavedAddress,
} from "../../../domain/address";
import type { AddressValues } from "../../components/address-fields";
import { purchaseOrderSchema } from "../../../domain/checkout";
import { fetchAddresses, login, saveAddresses, signup } from "../../lib/account-api";
import { ApiResponseError } from "../../lib/api-client";
import { storeSession, userIdStore } from "../../lib/auth";

export type BlindShippingRequest = { senderName: string; returnAddress: SavedAddress };
export const BLIND_SENDER_REQUIRED = "Sender name is required";
const BLIND_KEY = "checkoutBlindShipping";
const TERMS_KEY = "checkoutTermsAccepted";
const PO_KEY = "checkoutPoNumber";

/**
 * The address step hands the unbranded-shipping choice to the payment step (this tab only), and keeps
 * it with the terms tick for a customer who cancels the payment page and comes back to change something.
 */
function rememberStep(blind: BlindShippingRequest | null, poNumber: string | null): void {
  try {
    if (blind) window.sessionStorage.setItem(BLIND_KEY, JSON.stringify(blind));
    else window.sessionStorage.removeItem(BLIND_KEY);
    if (poNumber) window.sessionStorage.setItem(PO_KEY, poNumber);
    else window.sessionStorage.removeItem(PO_KEY);
    window.sessionStorage.setItem(TERMS_KEY, "1");
  } catch {
    // storage blocked: the order ships branded
  }
}

function recalledTerms(): boolean {
  try {
    return window.sessionStorage.getItem(TERMS_KEY) === "1";
  } catch {
    return false;
  }
}

/** The purchase-order number given on the address step (this tab only), or null. */
export function recalledPoNumber(): string | null {
  try {
    return window.sessionStorage.getItem(PO_KEY) || null;
  } catch {
    return null;
  }
}

export function recalledBlindShipping(): BlindShippingRequest | null {
  try {
    const raw = window.sessionStorage.getItem(BLIND_KEY);
    return raw ? (JSON.parse(raw) as BlindShippingRequest) : null;
  } catch {
    return null;
  }
}

export type ContactValues = { title: string; firstname: string; lastname: string; email: string; telephone: string; password: string; confirmPassword: string };

const EMPTY_CONTACT: ContactValues = { title: "", firstname: "", lastname: "", email: "", telephone: "", password: "", confirmPassword: "" };

const toValues = (address: SavedAddress | null): AddressValues =>
  Object.fromEntries(Object.entries({ ...EMPTY_ADDRESS, ...(address ?? {}) }).map(([k, v]) => [k, String(v ?? "")])) as AddressValues;

function collect(prefix: string, result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, into: Record<string, string>) {
  if (result.success || !result.error) return;
  for (const issue of result.error.issues) {
    const key = `${prefix}.${issue.path.map(String).join(".")}`;
    into[key] ??= issue.message;
  }
}

export type SubmitOutcome = { ok: true } | { ok: false; message: string | null };

export function useAddressForm({ guest, hydrated }: { guest: boolean; hydrated: boolean }) {
  const [contact, setContact] = useState<ContactValues>(EMPTY_CONTACT);
  const [billing, setBilling] = useState<AddressValues>(toValues(null));
  const [delivery, setDelivery] = useState<AddressValues>(toValues(null));
  const [sameAsBilling, setSameAsBilling] = useState(true);
  const [terms, setTerms] = useState(false);
  // Trade resellers: parcels go out unbranded, with the reseller's own sender name and return address.
  const [shipUnbranded, setShipUnbranded] = useState(false);
  const [senderName, setSenderName] = useState("");
  const [returnAddress, setReturnAddress] = useState<AddressValues>(toValues(null));
  // A business buyer's purchase-order number, printed on the invoice and the packing slip.
  const [poNumber, setPoNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<{ billing: SavedAddress | null; delivery: SavedAddress | null; names: { first: string; last: string } } | null>(null);
  const [loading, setLoading] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  // Back from the payment page in this tab: the unbranded-shipping choice and the terms tick as they were.
  useEffect(() => {
    if (!hydrated) return;
    const blind = recalledBlindShipping();
    if (blind) {
      setShipUnbranded(true);
      setSenderName(blind.senderName);
      setReturnAddress(toValues(blind.returnAddress));
    }
    if (recalledTerms()) setTerms(true);
    setPoNumber(recalledPoNumber() ?? "");
  }, [hydrated]);

  // A signed-in customer's saved addresses prefill the form.
  useEffect(() => {
    if (!hydrated || guest) return;
    const userId = userIdStore.get();
    if (!userId) return;
    const controller = new AbortController();
    setLoading(true);
    fetchAddresses(userId, controller.signal)
      .then((answer) => {
        setSaved({ billing: answer.billing, delivery: answer.delivery, names: { first: answer.contact.firstname, last: answer.contact.lastname } });
        if (answer.billing) setBilling(toValues(answer.billing));
        if (answer.delivery) {
          setDelivery(toValues(answer.delivery));
          setSameAsBilling(deliversToBilling(answer.billing, answer.delivery, { first: answer.contact.firstname, last: answer.contact.lastname }));
        } else {
          setDelivery(toValues({ ...EMPTY_ADDRESS, first_name: answer.contact.firstname, last_name: answer.contact.lastname }));
        }
      })
      .catch(() => {})
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [hydrated, guest]);

  /** Every problem at once, keyed `contact.x`, `billing.x`, `delivery.x` or `terms`. */
  function validate(): { errors: Record<string, string>; billing?: SavedAddress; delivery?: SavedAddress; blind: BlindShippingRequest | null; poNumber: string | null } {
    const found: Record<string, string> = {};
    if (guest) collect("contact", guestContactSchema.safeParse(contact), found);
    const billingResult = billingAddressSchema.safeParse(billing);
    collect("billing", billingResult, found);
    let deliveryAddress: SavedAddress | undefined;
    if (sameAsBilling) {
      if (billingResult.success) {
        const first = billingResult.data.first_name || (guest ? contact.firstname : saved?.names.first) || "";
        const last = billingResult.data.last_name || (guest ? contact.lastname : saved?.names.last) || "";
        deliveryAddress = { ...billingResult.data, first_name: first.trim(), last_name: last.trim(), instructions: delivery.instructions ?? "" };
      }
    } else {
      const deliveryResult = deliveryAddressSchema.safeParse(delivery);
      collect("delivery", deliveryResult, found);
      if (deliveryResult.success) deliveryAddress = deliveryResult.data;
    }
    if (!terms) found.terms = ADDRESS_MESSAGES.termsRequired;
    let blind: BlindShippingRequest | null = null;
    if (shipUnbranded) {
      if (senderName.trim() === "") found["blind.senderName"] = BLIND_SENDER_REQUIRED;
      const returnResult = billingAddressSchema.safeParse(returnAddress);
      collect("return", returnResult, found);
      if (returnResult.success && senderName.trim() !== "") blind = { senderName: senderName.trim(), returnAddress: returnResult.data };
    }
    const po = purchaseOrderSchema.safeParse(poNumber);
    if (!po.success) found.poNumber = po.error.issues[0]?.message ?? "Check the purchase-order number";
    return { errors: found, billing: billingResult.success ? billingResult.data : undefined, delivery: deliveryAddress, blind, poNumber: po.success ? po.data : null };
  }

  async function createGuestAccount(): Promise<SubmitOutcome> {
    const parsed = guestContactSchema.parse(contact);
    let session;
    try {
      session = await signup({
        title: parsed.title,
        firstname: parsed.firstname,
        lastname: parsed.lastname,
        email: parsed.email,
        telephone: parsed.telephone,
        password: parsed.password,
        site: "printwise",
      });
    } catch (error) {
      if (error instanceof ApiResponseError) {
        if (error.status === 409 || (error.serverMessage ?? "").includes("already exists")) {
          setErrors({ "contact.email": ADDRESS_MESSAGES.duplicateEmail });
          return { ok: false, message: ADDRESS_MESSAGES.duplicateEmail };
        }
        // Refused by a limit: say so and when to try again, not "Signup failed".
        if (error.status === 429) return { ok: false, message: error.message };
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [`contact.${k}`, v])));
        return { ok: false, message: ADDRESS_MESSAGES.signupFailed };
      }
      return { ok: false, message: ADDRESS_MESSAGES.networkError };
    }
    if (!session.token) {
      try {
        session = await login(parsed.email, parsed.password);
      } catch {
        return { ok: false, message: ACCOUNT_MESSAGES.loginFailedAfterSignup };
      }
    }
    storeSession(session);
    return { ok: true };
  }

  // Once the customer has tried to submit, each field's message follows what they type. The server's
  // "already registered" stays beside the email until the email is changed.
  const lastEmail = useRef("");
  useEffect(() => {
    if (!submitted) return;
    setErrors((current) => {
      const fresh = validate().errors;
      const duplicate = current["contact.email"] === ADDRESS_MESSAGES.duplicateEmail && contact.email === lastEmail.current;
      return duplicate ? { ...fresh, "contact.email": ADDRESS_MESSAGES.duplicateEmail } : fresh;
    });
    // validate reads exactly these values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitted, contact, billing, delivery, sameAsBilling, terms, shipUnbranded, senderName, returnAddress, poNumber]);

  async function submit(): Promise<SubmitOutcome> {
    setSubmitted(true);
    lastEmail.current = contact.email;
    const checked = validate();
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0 || !checked.billing || !checked.delivery) return { ok: false, message: null };

    if (guest) {
      const made = await createGuestAccount();
      if (!made.ok) return made;
    }
    const userId = userIdStore.get();
    if (!userId || !/^\d+$/.test(userId)) return { ok: false, message: ADDRESS_MESSAGES.accountProblem };

    // Spec section 7: the address call is sent only for an address that changed.
    const changes: { billing?: SavedAddress; delivery?: SavedAddress } = {};
    if (!sameAddress(checked.billing, saved?.billing)) changes.billing = checked.billing;
    if (!sameAddress(checked.delivery, saved?.delivery)) changes.delivery = checked.delivery;
    if (changes.billing || changes.delivery) {
      try {
        await saveAddresses(userId, changes);
      } catch (error) {
        if (error instanceof ApiResponseError) {
          if (error.status === 401 || error.status === 404) return { ok: false, message: ADDRESS_MESSAGES.accountProblem };
          setErrors(error.errors);
          return { ok: false, message: error.message };
        }
        return { ok: false, message: ADDRESS_MESSAGES.networkError };
      }
    }
    rememberStep(checked.blind, checked.poNumber);
    return { ok: true };
  }

  return {
    poNumber,
    setPoNumber,
    shipUnbranded,
    setShipUnbranded,
    senderName,
    setSenderName,
    returnAddress,
    setReturnAddress,
    contact,
    setContact,
    billing,
    setBilling,
    delivery,
    setDelivery,
    sameAsBilling,
    setSameAsBilling,
    terms,
    setTerms,
    errors,
    setErrors,
    loading,
    submit,
  };
}
