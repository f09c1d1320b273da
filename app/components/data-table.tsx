import type { ReactNode } from "react";

type DataTableProps = {
  /** The header row's cells (`<th scope="col">` …). */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
  /** Names the table for screen readers; shown as a heading above it only with `showCaption`. */
  caption?: string;
  showCaption?: boolean;
  /** The box's margins, `relative`, responsive visibility (`hidden sm:block`), a max height … */
  className?: string;
  /** The table's own extras: a min width (`min-w-[40rem]`), `tabular-nums` … */
  tableClassName?: string;
  /** Right-aligns the cells by default (tables of figures); a cell can still say `text-left`. */
  alignRight?: boolean;
  /** Keeps the header row in view while the box scrolls (with a max height in `className`). */
  stickyHead?: boolean;
  /**
   * Below 640 px each row is a card of its cells, one under another, instead of a row that scrolls sideways
   * (`.table-stack` in app.css). A cell's `data-label` is shown before it there, as its column heading is not.
   */
  stackOnPhone?: boolean;
};

const classes = (...names: (string | false)[]) => names.filter(Boolean).join(" ");

/** A table of records in a white box that scrolls sideways on a narrow screen: the staff lists, the account's orders and statements. */
export function DataTable({ head, children, caption, showCaption = false, className = "", tableClassName = "", alignRight = false, stickyHead = false, stackOnPhone = false }: DataTableProps) {
  return (
    <div className={classes("overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200", className)}>
      <table className={classes("w-full text-sm", alignRight ? "text-right" : "text-left", stackOnPhone && "table-stack", tableClassName)}>
        {caption ? <caption className={showCaption ? "px-4 pt-4 text-left text-lg font-bold" : "sr-only"}>{caption}</caption> : null}
        <thead className={classes("border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600", stickyHead && "sticky top-0")}>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
