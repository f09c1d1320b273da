import { data, Form, redirect, useNavigation } from "react-router";
import { cardFormSchema, formatCardNumber, TEST_CARDS } from "../../../domain/card";
import { formatPence } from "../../../domain/format";
import { TextField } from "../../components/form-field";
import { fieldErrors } from "../../lib/field-errors";
import type { Route } from "./+types/test-payment";

export const meta: Route.MetaFunction = () => [{ title: "Test payment | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

// The built-in test card processor's hosted page (DECISIONS rule 11). It stands where Stripe Checkout
// would: the session id in the address is the only key to it, and it works without JavaScript. Whoever
// holds the link sees what is paid for and how much, never who is paying (no email); the request log
// writes the path without the session id (server/logging.ts).

export async function loader({ params, context }: Route.LoaderArgs) {
  const provider = context.services.testPayments;
  const view = provider ? await provider.view(params.sessionId) : null;
  if (!view) throw data("Payment page not found", { status: 404 });
  return { view };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = context.services.testPayments;
  const view = provider ? await provider.view(params.sessionId) : null;
  if (!provider || !view) throw data("Payment page not found", { status: 404 });
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = cardFormSchema(() => new Date()).safeParse(form);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error.issues), values: { cardNumber: form.cardNumber ?? "", expiry: form.expiry ?? "", nameOnCard: form.nameOnCard ?? "" } }, { status: 400 });
  }
  const result = await provider.pay(params.sessionId, { digits: parsed.data.cardNumber });
  if (result.outcome === "paid") {
    // What a processor's webhook does: the order is made now, and again-safe when the customer returns.
    await context.services.checkout.fulfilSession(params.sessionId).catch(() => {});
  }
  return redirect(result.redirectTo);
}

export default function TestPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle";
  const errors = actionData?.errors ?? {};
  const open = view.status === "open";

  return (
    <div className="container-page max-w-lg py-8">
      <div role="note" className="mb-6 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-950">
        <p className="font-bold uppercase tracking-wide">Test payment – no real card is charged</p>
        <p className="mt-1 text-sm">
          This is the shop&apos;s built-in test checkout. Pay with <strong>4242 4242 4242 4242</strong>; use <strong>4000 0000 0000 0002</strong> to see a
          declined card. Any future expiry date, any 3-digit CVC.
        </p>
      </div>
      <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold">Pay Printwise Trade Print</h1>
        <ul className="mt-4 space-y-1 border-b border-slate-200 pb-3 text-sm">
          {view.lineItems.map((item, index) => (
            <li key={index} className="flex justify-between gap-3">
              <span>
                {item.name}
                {item.description ? <span className="block text-xs text-slate-500">{item.description}</span> : null}
              </span>
              <span className="whitespace-nowrap">{formatPence(item.amountPence * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between text-lg font-bold">
          <span>Total</span>
          <span data-testid="amount">{formatPence(view.amountTotalPence)}</span>
        </p>

        {open ? (
          <Form method="post" noValidate className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Card details">
            <TextField
              label="Card number"
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              required
              className="sm:col-span-2"
              defaultValue={actionData?.values.cardNumber ?? ""}
              // Left uncontrolled: what is typed before the page's script has loaded is kept.
              onChange={(e) => {
                const formatted = formatCardNumber(e.target.value);
                if (formatted !== e.target.value) e.target.value = formatted;
              }}
              placeholder={formatCardNumber(TEST_CARDS.success)}
              error={errors.cardNumber}
            />
            <TextField label="Expiry" name="expiry" autoComplete="cc-exp" required placeholder="MM/YY" defaultValue={actionData?.values.expiry} error={errors.expiry} />
            <TextField label="CVC" name="cvc" inputMode="numeric" autoComplete="cc-csc" required maxLength={4} error={errors.cvc} />
            <TextField label="Name on card" name="nameOnCard" autoComplete="cc-name" required className="sm:col-span-2" defaultValue={actionData?.values.nameOnCard} error={errors.nameOnCard} />
            <button type="submit" className="btn-primary py-3 text-lg sm:col-span-2" disabled={paying}>
              {paying ? "Paying…" : `Pay ${formatPence(view.amountTotalPence)}`}
            </button>
            <a href={view.cancelUrl} className="text-center text-sm font-semibold text-slate-600 hover:underline sm:col-span-2">
              Cancel and go back
            </a>
          </Form>
        ) : (
          <div className="mt-6">
            <p role="alert" className="font-semibold text-red-700">
              {view.status === "complete" ? "This payment has already been made." : "This payment page has expired."}
            </p>
            <a href={view.cancelUrl} className="btn-outline mt-4">
              Back to the shop
            </a>
          </div>
        )}
      </section>
      <p className="mt-4 text-center text-xs text-slate-500">Card details are checked here and never stored; only the last four digits are kept.</p>
    </div>
  );
}
