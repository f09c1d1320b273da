// The editor's keyboard: nudges (Shift for 10 mm), delete, undo and redo.
import { useEffect } from "react";
import { round2 } from "../../../domain/design/geometry";
import type { DesignElement } from "../../../domain/design/schema";
import type { useDesignHistory } from "./history";

export function useEditorKeys({
  history,
  selected,
  update,
  remove,
  setSelectedId,
}: {
  history: ReturnType<typeof useDesignHistory>;
  selected: DesignElement | null;
  update: (element: DesignElement) => void;
  remove: (id: string) => void;
  setSelectedId: (id: string | null) => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName));
      if (typing) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === "z") {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
        return;
      }
      if (mod && event.key.toLowerCase() === "y") {
        event.preventDefault();
        history.redo();
        return;
      }
      if (!selected || selected.locked) return;
      const step = event.shiftKey ? 10 : 1;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      const by = moves[event.key];
      if (by) {
        event.preventDefault();
        const flip = (anchor: string) => (anchor === "end" ? -1 : 1);
        update({ ...selected, x: { ...selected.x, offsetMm: round2(selected.x.offsetMm + by[0] * flip(selected.x.anchor)) }, y: { ...selected.y, offsetMm: round2(selected.y.offsetMm + by[1] * flip(selected.y.anchor)) } });
      } else if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        remove(selected.id);
      } else if (event.key === "Escape") {
        setSelectedId(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [history, selected, update, remove, setSelectedId]);
}
