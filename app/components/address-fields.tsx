import { useEffect, useId, useRef, useState } from "react";
import { COUNTRIES, type SavedAddress } from "../../domain/address";
import type { ApiAnswer } from "../../server/api/contract";
import { api, errorMessage } from "../lib/api-client";
import { SelectField, TextField } from "./form-field";

export type AddressValues = Record<keyof SavedAddress, string>;

type Props = {
  /** "billing" or "delivery": prefixes the field names and error keys. */
  prefix: "billing" | "delivery" | "return";
  values: AddressValues;
  errors: Record<string, string>;
  onChange: (next: AddressValues) => void;
  /** Delivery asks for names and instructions; billing has names as optional. */
  withInstructions?: boolean;
  namesRequired?: boolean;
};

/** One address, labelled, with the finder above it; errors sit beside their fields. */
export function AddressFields({ prefix, values, errors, onChange, withInstructions = false, namesRequired = false }: Props) {
  const set = (key: keyof SavedAddress) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...values, [key]: event.target.value });
  const field = (key: keyof SavedAddress) => ({ name: `${prefix}.${key}`, value: values[key] ?? "", onChange: set(key), error: errors[`${prefix}.${key}`] });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AddressFinder
        label={prefix === "billing" ? "Find your billing address" : prefix === "delivery" ? "Find your delivery address" : "Find your return address"}
        onPick={(found) => onChange({ ...values, ...found })}
      />
      <TextField label="First name" autoComplete={`${prefix} given-name`} required={namesRequired} {...field("first_name")} />
      <TextField label="Last name" autoComplete={`${prefix} family-name`} required={namesRequired} {...field("last_name")} />
      <TextField label="Company" autoComplete={`${prefix} organization`} className="sm:col-span-2" {...field("company")} />
      <TextField label="Address 1" autoComplete={`${prefix} address-line1`} required className="sm:col-span-2" {...field("address1")} />
      <TextField label="Address 2" autoComplete={`${prefix} address-line2`} className="sm:col-span-2" {...field("address2")} />
      <TextField label="Town" autoComplete={`${prefix} address-level2`} required {...field("town")} />
      <TextField label="County" autoComplete={`${prefix} address-level1`} required={prefix === "delivery"} {...field("county")} />
      <TextField label="Postcode" autoComplete={`${prefix} postal-code`} required {...field("postcode")} />
      <SelectField label="Country" required options={COUNTRIES} {...field("country")} />
      {withInstructions ? (
        <TextField label="Delivery instructions" className="sm:col-span-2" hint="e.g. Goods in at the rear, open 8am–4pm" {...field("instructions")} />
      ) : null}
    </div>
  );
}

type Suggestion = ApiAnswer<"POST /api/address/suggest">["suggestions"][number];
type Found = ApiAnswer<"POST /api/address/resolve">["address"];

/**
 * Address autocomplete (spec section 2): suggestions after more than 2 typed characters, through the
 * shop's own API (the provider's key stays on the server). A keyboard-usable combobox.
 */
function AddressFinder({ label, onPick }: { label: string; onPick: (address: Found) => void }) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<"idle" | "searching" | "done" | "error">("idle");
  const [message, setMessage] = useState("");
  const latest = useRef(0);

  useEffect(() => {
    const text = query.trim();
    if (text.length <= 2) {
      setSuggestions([]);
      setState("idle");
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      setState("searching");
      api("POST /api/address/suggest", { body: { query: text }, auth: true })
        .then((answer) => {
          if (ticket !== latest.current) return;
          setSuggestions(answer.suggestions);
          setActive(answer.suggestions.length > 0 ? 0 : -1);
          setState("done");
          setMessage(answer.suggestions.length === 0 ? "No addresses found. Please type your address below." : "");
        })
        .catch((error: unknown) => {
          if (ticket !== latest.current) return;
          setSuggestions([]);
          setState("error");
          setMessage(errorMessage(error, "Address lookup is unavailable right now. Please type your address."));
        });
    }, 250);
    return () => clearTimeout(timer);
  }, [query]);

  const pick = async (suggestion: Suggestion) => {
    setOpen(false);
    setQuery(suggestion.text);
    try {
      const answer = await api("POST /api/address/resolve", { body: { id: suggestion.id }, auth: true });
      onPick(answer.address);
      setMessage("Address filled in below: please check it.");
    } catch (error) {
      setMessage(errorMessage(error, "Address lookup is unavailable right now. Please type your address."));
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, suggestions.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === "Enter" && open && suggestions[active]) {
      event.preventDefault();
      void pick(suggestions[active]!);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  const showList = open && suggestions.length > 0;
  return (
    <div className="relative sm:col-span-2">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-describedby={`${id}-help`}
        placeholder="Start typing a postcode or street"
        className="field-input"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-help`} aria-live="polite" className="mt-1 text-xs text-slate-500">
        {state === "searching" ? "Searching…" : message || "Type 3 or more characters, or enter the address yourself below."}
      </p>
      {showList ? (
        <ul id={listId} role="listbox" aria-label="Address suggestions" className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-brand-800" : "text-ink"}`}
              onMouseDown={(event) => {
                event.preventDefault();
                void pick(suggestion);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {suggestion.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
