/**
 * No tap lost before hydration.
 *
 * The page is drawn from the server's HTML and comes alive only once its scripts have arrived and React has
 * hydrated it (see hydrate-after-paint.ts): up to 1.5 s later on a slow phone. `EARLY_INPUT_SCRIPT`, inline in
 * the head, catches what a customer does in that gap:
 * - a click on any button (Add to Basket, a menu's toggle, a form's submit button) and a form's submit
 *   without a click, in the capture phase, before anything else sees it. It cancels the event, marks the
 *   button `aria-busy="true"` and `data-early-busy` at once (the CSS in app.css draws a spinner), and queues
 *   it; a second tap on the same form or button is dropped. A submit button's click is queued as its form's
 *   submit: left to the browser, it would first check the form's required fields, and in the frames after
 *   hydration when React has emptied them (below) the check fails, the field is focused and no submit
 *   follows, so the tap was lost (a trade account opened by a manager, in CI).
 * - typed, chosen and autofilled values need no catching: they stay in the fields.
 *
 * When the app has hydrated, the root layout calls `window.__earlyInput.live()` (`releaseEarlyInput`). It
 * notes at once every field whose value differs from the one the server drew (React keeps the server's value
 * in its state, and resets a controlled field to that state whenever its form re-renders), then tells React
 * about each, one per frame, putting the noted value back first (a form's handler builds on the state the
 * previous field's change left), and, for a field the customer has left, that it was left (a blur before
 * hydration was not seen: a quantity below the minimum must still snap up); what the customer types
 * meanwhile updates the noted value. Until every
 * field has been told, taps are still caught and queued: a submit handled now would read empty state (the
 * first-tap script saw a contact message refused as blank this way, 35 ms after hydration). A frame after the
 * last field, the script lets every event through and replays each queued action exactly once:
 * a tapped button is clicked again (its own handler runs, then the browser submits its form), a submit
 * that came without a tap is sent again with `requestSubmit`.
 * Links need nothing: they work without scripts. A link whose address the page writes from what was typed
 * (the configurator's "Design online") carries `data-early`: followed before hydration, it left with the
 * server's default size.
 *
 * The script also scrolls a `data-drag-scroll` strip (the reviews) dragged with a mouse on a screen 500 px
 * wide or less, from the first paint on and after hydration alike: one native listener, nothing to replay. As
 * a React handler, a drag begun before hydration was lost (its pointerdown went nowhere, and the moves after
 * it had nothing to move).
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  var queue = [], live = false;
  function mark(el) {
    if (!el) return;
    el.setAttribute("data-early-busy", "");
    el.setAttribute("aria-busy", "true");
  }
  function queued(target) {
    for (var i = 0; i < queue.length; i++) if (queue[i].target === target) return true;
    return false;
  }
  function submitButton(form) {
    return form.querySelector('button[type="submit"], button:not([type]), input[type="submit"]');
  }
  document.addEventListener("submit", function (event) {
    if (live) return;
    var form = event.target;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (queued(form)) return;
    var submitter = event.submitter || null;
    mark(submitter || submitButton(form));
    queue.push({ target: form, submitter: submitter });
  }, true);
  document.addEventListener("click", function (event) {
    if (live || !event.target || !event.target.closest) return;
    var button = event.target.closest("button, input[type=submit], [data-early]");
    if (!button || button.disabled) return;
    var form = button.form && button.type === "submit" ? button.form : null;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (queued(form || button)) return;
    mark(button);
    queue.push(form ? { target: form, submitter: button, tapped: true } : { target: button });
  }, true);
  function early(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked ? { el: el, checked: el.checked } : null;
    if (el.type === "file" || el.type === "hidden") return null;
    var changed = el.tagName === "SELECT"
      ? Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; })
      : el.value !== el.defaultValue;
    return changed ? { el: el, value: el.value } : null;
  }
  function put(el, field, value) {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), field).set.call(el, value);
  }
  function tell(field) {
    var el = field.el, tracker = el._valueTracker;
    if (!el.isConnected) return;
    if ("checked" in field && field.value === undefined) {
      if (tracker) tracker.setValue(String(!field.checked));
      put(el, "checked", !field.checked);
      if (el.type === "radio") put(el, "checked", true);
      return el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    }
    put(el, "value", field.value);
    if (tracker) tracker.setValue("\\u0000");
    el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    if (document.activeElement !== el) el.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  }
  function replay() {
    var actions = queue;
    queue = [];
    for (var i = 0; i < actions.length; i++) {
      var action = actions[i], target = action.target;
      var busy = action.submitter || (target.tagName === "FORM" ? submitButton(target) : target);
      if (busy) { busy.removeAttribute("data-early-busy"); busy.removeAttribute("aria-busy"); }
      if (!target.isConnected) continue;
      if (target.tagName !== "FORM") { target.click(); continue; }
      var by = action.submitter && action.submitter.isConnected && action.submitter.form === target ? action.submitter : undefined;
      if (by && action.tapped) by.click();
      else target.requestSubmit(by);
    }
  }
  var drag = null;
  document.addEventListener("pointerdown", function (event) {
    var strip = event.pointerType === "mouse" && window.innerWidth <= 500 && event.target.closest ? event.target.closest("[data-drag-scroll]") : null;
    drag = strip ? { strip: strip, x: event.clientX, scroll: strip.scrollLeft } : null;
  });
  document.addEventListener("pointermove", function (event) {
    if (drag) drag.strip.scrollLeft = drag.scroll - (event.clientX - drag.x);
  });
  function undrag() { drag = null; }
  document.addEventListener("pointerup", undrag);
  document.addEventListener("pointercancel", undrag);
  var releasing = false;
  window.__earlyInput = {
    live: function () {
      if (releasing) return;
      releasing = true;
      var all = document.querySelectorAll("input, textarea, select"), fields = [], i = 0;
      for (var j = 0; j < all.length; j++) { var field = early(all[j]); if (field) fields.push(field); }
      function typed(event) {
        if (!event.isTrusted) return;
        for (var k = i; k < fields.length; k++) if (fields[k].el === event.target && "value" in fields[k]) fields[k].value = event.target.value;
      }
      document.addEventListener("input", typed, true);
      function later(then) { requestAnimationFrame(function () { setTimeout(then, 0); }); }
      function next() {
        if (i >= fields.length) return later(function () { document.removeEventListener("input", typed, true); live = true; replay(); });
        tell(fields[i++]);
        later(next);
      }
      later(next);
    },
  };
})();`.replace(/\n\s*/g, ""); // one line: every statement above ends in ";" or "}"

declare global {
  interface Window {
    __earlyInput?: { live: () => void };
  }
}

/** Called once the app has hydrated: lets events through and replays what was caught before. */
export function releaseEarlyInput() {
  window.__earlyInput?.live();
}
