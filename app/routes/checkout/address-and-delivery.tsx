import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { TITLES } from "../../../domain/account";
import { ADDRESS_MESSAGES } from "../../../domain/address";
import { CHECKOUT_MESSAGES, PO_NUMBER_MAX } from "../../../domain/checkout";
import { formatPence } from "../../../domain/format";
import { AddressFields } from "../../components/address-fields";
import { CheckoutSteps } from "../../components/checkout-steps";
import { FormStatus, SelectField, TextField } from "../../components/form-field";
import { OrderSummary } from "../../components/order-summary";
import { useIsLoggedIn } from "../../lib/auth";
import { useBasket } from "../../lib/basket";
import { basketTotals } from "../../lib/checkout";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/address-and-delivery";
import { useAddressForm, type ContactValues } from "./use-address-form";
import { NeedsJavaScript, WHILE_SCRIPTS_LOAD } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Address & Delivery | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

const FORM_ID = "address-form";

export default function AddressAndDeliveryPage() {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const basket = useBasket();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const cancelledPayment = searchParams.get("payment") === "cancelled";
  // Decided once: a guest who signs up at submit stays on the guest path until the page is left.
  const [guest, setGuest] = useState<boolean | null>(null);
  useEffect(() => {
    if (hydrated && guest === null) setGuest(!loggedIn);
  }, [hydrated, loggedIn, guest]);
  const form = useAddressForm({ guest: guest ?? false, hydrated: hydrated && guest !== null });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (hydrated && basket.items.length === 0) navigate("/basket", { replace: true });
  }, [hydrated, basket.items.length, navigate]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setBusy(true);
    try {
      const outcome = await form.submit();
      if (outcome.ok) {
        navigate("/checkout/payment");
        return;
      }
      if (outcome.message === null) {
        // Spec section 5: the fields at fault are highlighted and the customer is told.
        window.alert(ADDRESS_MESSAGES.fillRequired);
        setStatus({ ok: false, text: ADDRESS_MESSAGES.fillRequired });
        requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${FORM_ID} [aria-invalid="true"]`)?.focus());
      } else {
        setStatus({ ok: false, text: outcome.message });
      }
    } finally {
      setBusy(false);
    }
  };

  const totals = basketTotals(basket);
  const contactField = (key: keyof ContactValues) => ({
    name: `contact.${key}`,
    value: form.contact[key],
    error: form.errors[`contact.${key}`],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => form.setContact({ ...form.contact, [key]: event.target.value }),
  });

  if (!hydrated || guest === null) {
    return (
      <div className="container-page py-10">
        <CheckoutSteps current={1} />
        <NeedsJavaScript>Checking out needs JavaScript. Please turn it on to pay for your order.</NeedsJavaScript>
        <p className={`text-slate-600 ${WHILE_SCRIPTS_LOAD}`}>Loading...</p>
      </div>
    );
  }

  return (
    <div className="container-page py-8">
      <CheckoutSteps current={1} />
      <h1 className="text-3xl font-bold">Address &amp; Delivery</h1>
      {cancelledPayment ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {CHECKOUT_MESSAGES.paymentCancelled}
        </p>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form method="post" id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Address and delivery" aria-busy={form.loading} className="space-y-6">
          {guest ? (
            <fieldset className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <legend className="px-1 text-lg font-bold">Contact details</legend>
              <p className="mb-4 text-sm text-slate-600">
                We create your account with these details, so you can upload artwork and follow your order. Already have one?{" "}
                <Link to="/checkout/signup" className="font-semibold text-brand-700 hover:underline">
                  Sign in
                </Link>
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField label="Title" className="sm:col-span-2 sm:max-w-40" options={[{ value: "", label: "Choose…" }, ...TITLES.map((t) => ({ value: t, label: t }))]} {...contactField("title")} />
                <TextField label="First name" autoComplete="given-name" required {...contactField("firstname")} />
                <TextField label="Last name" autoComplete="family-name" required {...contactField("lastname")} />
                <TextField label="Email" type="email" autoComplete="email" required {...contactField("email")} />
                <TextField label="Telephone" type="tel" autoComplete="tel" required hint="A UK mobile, e.g. 07700 900123" {...contactField("telephone")} />
                <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 6 characters" {...contactField("password")} />
                <TextField label="Confirm password" type="password" autoComplete="new-password" required {...contactField("confirmPassword")} />
              </div>
            </fieldset>
          ) : null}

          <fieldset className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">Billing address</legend>
            <AddressFields prefix="billing" values={form.billing} errors={form.errors} onChange={form.setBilling} />
          </fieldset>

          <fieldset className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">Delivery address</legend>
            <label className="mb-4 flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={form.sameAsBilling} onChange={(e) => form.setSameAsBilling(e.target.checked)} />
              Same as billing address
            </label>
            {form.sameAsBilling ? (
              <TextField
                label="Delivery instructions"
                hint="e.g. Goods in at the rear, open 8am–4pm"
                name="delivery.instructions"
                value={form.delivery.instructions}
                onChange={(e) => form.setDelivery({ ...form.delivery, instructions: e.target.value })}
              />
            ) : (
              <AddressFields prefix="delivery" values={form.delivery} errors={form.errors} onChange={form.setDelivery} withInstructions namesRequired />
            )}
          </fieldset>

          <fieldset className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">Trade and white-label</legend>
            <TextField
              label="Purchase-order number (optional)"
              name="poNumber"
              hint="Printed on your VAT invoice and packing slip"
              autoComplete="off"
              maxLength={PO_NUMBER_MAX}
              value={form.poNumber}
              error={form.errors.poNumber}
              onChange={(e) => form.setPoNumber(e.target.value)}
              className="mb-4 max-w-sm"
            />
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={form.shipUnbranded} onChange={(e) => form.setShipUnbranded(e.target.checked)} />
              Ship unbranded
            </label>
            <p className="mt-1 text-sm text-slate-600">Plain packaging and a packing slip with your business as the sender: nothing in or on the parcel mentions us.</p>
            {form.shipUnbranded ? (
              <div className="mt-4 space-y-4">
                <TextField
                  label="Sender name"
                  name="blind.senderName"
                  required
                  hint="As your customer should see it, e.g. your business name"
                  value={form.senderName}
                  error={form.errors["blind.senderName"]}
                  onChange={(e) => form.setSenderName(e.target.value)}
                />
                <p className="text-sm font-semibold">Return address</p>
                <AddressFields prefix="return" values={form.returnAddress} errors={form.errors} onChange={form.setReturnAddress} />
              </div>
            ) : null}
          </fieldset>

          <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="terms"
                className="mt-0.5 h-5 w-5 accent-brand-700"
                checked={form.terms}
                aria-invalid={form.errors.terms ? true : undefined}
                aria-describedby={form.errors.terms ? "terms-error" : undefined}
                onChange={(e) => form.setTerms(e.target.checked)}
              />
              <span>
                I accept the{" "}
                <Link to="/terms" target="_blank" className="font-semibold text-brand-700 underline">
                  terms and conditions
                </Link>
                .
              </span>
            </label>
            {form.errors.terms ? (
              <p id="terms-error" className="mt-1 text-sm text-red-700">
                {form.errors.terms}
              </p>
            ) : null}
          </div>

          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className="btn-primary px-6 py-3 text-lg" disabled={busy}>
              {busy ? "Saving…" : "Proceed to Payment"}
            </button>
            <FormStatus status={status?.text === ADDRESS_MESSAGES.fillRequired && Object.keys(form.errors).length === 0 ? null : status} />
          </div>
        </form>

        <aside className="flex flex-col gap-4">
          <OrderSummary totals={totals}>
            <ul className="mt-3 space-y-1 border-b border-slate-200 pb-3 text-sm">
              {basket.items.map((item) => (
                <li key={item.lineId} className="flex justify-between gap-3">
                  <span>
                    {item.quantity} × {item.productName}
                  </span>
                  <span>{formatPence(item.pricePence)}</span>
                </li>
              ))}
            </ul>
          </OrderSummary>
          <Link to="/basket" className="text-sm font-semibold text-brand-700 hover:underline">
            Change basket
          </Link>
        </aside>
      </div>
    </div>
  );
}
