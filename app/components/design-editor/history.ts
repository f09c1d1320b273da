// The editor's document with undo and redo. A drag changes the document many times a second: those
// changes replace the present (`preview`) and the drag's end records one step (`commit`).
import { useCallback, useReducer } from "react";
import type { Design } from "../../../domain/design/schema";

export type History = { past: Design[]; present: Design; future: Design[]; /** The present before a drag began. */ pending: Design | null };
export type Action =
  | { type: "change"; next: Design }
  | { type: "preview"; next: Design }
  | { type: "commit" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "reset"; next: Design };

const LIMIT = 100;

/** The history's rule, pure (tested on its own). */
export function reduce(state: History, action: Action): History {
  switch (action.type) {
    case "change":
      if (action.next === state.present) return state;
      return { past: [...state.past, state.pending ?? state.present].slice(-LIMIT), present: action.next, future: [], pending: null };
    case "preview":
      return { ...state, present: action.next, pending: state.pending ?? state.present };
    case "commit":
      if (!state.pending) return state;
      if (state.pending === state.present) return { ...state, pending: null };
      return { past: [...state.past, state.pending].slice(-LIMIT), present: state.present, future: [], pending: null };
    case "undo": {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], pending: null };
    }
    case "redo": {
      const next = state.future[0];
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: state.future.slice(1), pending: null };
    }
    case "reset":
      return { past: [], present: action.next, future: [], pending: null };
  }
}

export function useDesignHistory(initial: Design) {
  const [state, dispatch] = useReducer(reduce, { past: [], present: initial, future: [], pending: null });
  return {
    design: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    change: useCallback((next: Design) => dispatch({ type: "change", next }), []),
    preview: useCallback((next: Design) => dispatch({ type: "preview", next }), []),
    commit: useCallback(() => dispatch({ type: "commit" }), []),
    undo: useCallback(() => dispatch({ type: "undo" }), []),
    redo: useCallback(() => dispatch({ type: "redo" }), []),
    reset: useCallback((next: Design) => dispatch({ type: "reset", next }), []),
  };
}
