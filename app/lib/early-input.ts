/**
 * No tap lost before hydration.
 *
 * The page is drawn from the server's HTML and comes alive only once its scripts have arrived and React has
 * hydrated it (see hydrate-after-paint.ts): up to 1.5 s later on a slow phone. `EARLY_INPUT_SCRIPT`, inline in
 * the head, catches what a customer does in that gap:
 * - a form's submit (which the browser would otherwise send itself) and a click on a button that is not a
 *   form's submit button (Add to Basket, a menu's toggle), in the capture phase, before anything else sees
 *   it. It cancels the event, marks the button `aria-busy="true"` and `data-early-busy` at once (the CSS in
 *   app.css draws a spinner), and queues it; a second tap on the same form or button is dropped.
 * - typed, chosen and autofilled values need no catching: they stay in the fields.
 *
 * When the app has hydrated, the root route calls `window.__earlyInput.live()` (`releaseEarlyInput`). From
 * then on the script lets every event through. It first tells React about every field whose value differs
 * from the one the server drew (React keeps the server's value in its state otherwise), one field per frame, once
 * the updates React made while hydrating are drawn, as a form's handler may build on the state the
 * previous field's change left; then, a frame later, it replays each queued action exactly once: `requestSubmit` with the same submitter, or `click()`.
 * Links need nothing: they work without scripts.
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
    var button = event.target.closest("button, [data-early]");
    if (!button || button.disabled) return;
    if (button.form && (button.type === "submit" || button.type === "")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (queued(button)) return;
    mark(button);
    queue.push({ target: button });
  }, true);
  function tell(el) {
    var tracker = el._valueTracker;
    if (el.type === "checkbox" || el.type === "radio") {
      if (el.checked === el.defaultChecked) return;
      if (tracker) tracker.setValue(String(!el.checked));
      if (el.type === "checkbox") {
        var box = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked");
        box.set.call(el, !el.checked);
      }
      el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return true;
    }
    if (el.type === "file" || el.type === "hidden") return;
    var changed = el.tagName === "SELECT"
      ? Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; })
      : el.value !== el.defaultValue;
    if (!changed) return;
    if (tracker) tracker.setValue("\\u0000");
    el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    return true;
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
      target.requestSubmit(by);
    }
  }
  window.__earlyInput = {
    live: function () {
      if (live) return;
      live = true;
      var fields = document.querySelectorAll("input, textarea, select"), i = 0;
      function later(then) { requestAnimationFrame(function () { setTimeout(then, 0); }); }
      function next() {
        if (i >= fields.length) return later(replay);
        if (tell(fields[i++])) return later(next);
        next();
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
