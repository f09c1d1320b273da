// The configurator's option groups: dropdowns, radio rows and turnaround cards with their delivery dates.
import { useEffect, useState } from "react";
import type { AttributeView } from "../../../domain/catalogue";
import { optionWorkingDays, type AttributeGroup } from "../../../domain/configuration";
import { deliveryDate, deliveryDateAfterDispatch } from "../../../domain/delivery";
import { formatDeliveryDate, formatPence } from "../../../domain/format";

function costLabel(option: AttributeView): string {
  const { cost } = option;
  if (cost.unit === "fixed") return cost.pence === 0 ? "" : ` (+${formatPence(cost.pence)})`;
  if (cost.unit === "sqm") return cost.pence === 0 ? "" : ` (+${formatPence(cost.pence)} per m²)`;
  return cost.basisPoints === 0 ? "" : ` (+${cost.basisPoints / 100}%)`;
}

export function AttributeGroupControl({
  group,
  idPrefix,
  openingDispatchIsoDate,
  selectedId,
  onSelect,
}: {
  group: AttributeGroup;
  idPrefix: string;
  /** The dispatch day the server's page counts from (until the browser reads its own clock). */
  openingDispatchIsoDate: string;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const id = `${idPrefix}-${group.group.replace(/\W+/g, "-")}`;
  if (group.displayType === "Dropdown") {
    return (
      <div>
        <label htmlFor={id} className="field-label">{group.group}</label>
        <select id={id} value={selectedId ?? ""} onChange={(e) => onSelect(Number(e.target.value))} className="field-input">
          {group.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {costLabel(option)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const turnaround = group.displayType === "Turnaround";
  return (
    <fieldset>
      <legend className="field-label">{group.group}</legend>
      <div className={turnaround ? "grid gap-2 sm:grid-cols-2" : "flex flex-wrap gap-x-4 gap-y-2"}>
        {group.options.map((option) => {
          const checked = selectedId === option.id;
          return (
            <label
              key={option.id}
              className={
                turnaround
                  ? `flex cursor-pointer flex-col rounded-md border p-3 text-sm ${checked ? "border-brand-600 bg-brand-50" : "border-slate-300"}`
                  : "flex cursor-pointer items-center gap-2 text-sm"
              }
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={id}
                  value={option.id}
                  checked={checked}
                  onChange={() => onSelect(option.id)}
                  className="h-4 w-4 accent-brand-600"
                />
                <span className="font-medium">{option.name}</span>
              </span>
              {turnaround ? (
                <TurnaroundNote option={option} openingDispatchIsoDate={openingDispatchIsoDate} />
              ) : costLabel(option) ? (
                <span className="text-slate-500">{costLabel(option).trim()}</span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function TurnaroundNote({ option, openingDispatchIsoDate }: { option: AttributeView; openingDispatchIsoDate: string }) {
  const days = optionWorkingDays(option);
  // The server's date first (the same in the page and at hydration), then the browser's own clock.
  const [date, setDate] = useState(() => formatDeliveryDate(deliveryDateAfterDispatch(openingDispatchIsoDate, days)));
  useEffect(() => setDate(formatDeliveryDate(deliveryDate(new Date(), days))), [days]);
  return (
    <span className="mt-1 pl-6 text-xs text-slate-600">
      {costLabel(option) ? <span className="block">{costLabel(option).trim()}</span> : null}
      <span>Delivery by {date}</span>
    </span>
  );
}

