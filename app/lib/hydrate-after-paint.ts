/**
 * First paint before hydration.
 *
 * The framework's `<Scripts>` preloads every module the page hydrates with (about 110 KiB on a phone) from
 * the head, and starts them from an inline module script. The browser fetches those at high priority and
 * runs them as soon as they arrive, ahead of the page's own first paint on a slow phone, though none of it
 * is needed to draw the page: it is server-rendered and its stylesheet is inline.
 *
 * So the document is sent with both parked: the preload links as `rel="x-modulepreload"` and the boot
 * script as `type="x-module"`. `HYDRATE_AFTER_PAINT_SCRIPT`, in the head, turns them back on once the
 * browser reports the first contentful paint (a `paint` PerformanceObserver, which reports it after the frame
 * is on screen) and the first screen's `fetchpriority="high"` images have loaded, one frame later. Waiting
 * for the frame alone (`requestAnimationFrame`, then a task) was not enough: that task can run before the
 * frame reaches the screen, and in 3 of about 70 Lighthouse audits the scripts' requests were counted in
 * the first paint (FCP 1.3–1.5 s, LCP 1.9–2.2 s); none in 41 audits since this change. In a hidden tab, which
 * draws no frames, they start at once; without paint timing, after the images and a frame; and whatever
 * happens, after 3 s (`FIRST_PAINT_FALLBACK_MS`).
 *
 * The preloads are turned on a few at a time, each batch in its own task of about 4 ms, and the boot
 * script in the task after: a preload is processed as its rel changes, and all eleven of a page's took
 * 2–20 ms in one task on a fast machine, a long task of up to 80 ms at a phone's pace. Hydration then goes
 * on exactly as the framework wrote it; only its start moves after the first paint.
 */
/** The latest hydration starts, from DOMContentLoaded, whether or not a first paint was reported. */
export const FIRST_PAINT_FALLBACK_MS = 3000;
const PRELOAD = '<link rel="modulepreload"';
const PARKED_PRELOAD = '<link rel="x-modulepreload"';
const BOOT_SCRIPT = /(<script\b[^>]*?) type="module" async="">/;
const PARKED_BOOT = '$1 type="x-module">';

/** The document with the framework's preloads and boot script parked; unchanged if it has no boot script. */
export function parkHydration(html: string): string {
  if (!BOOT_SCRIPT.test(html)) return html;
  return html.replace(BOOT_SCRIPT, PARKED_BOOT).replaceAll(PRELOAD, PARKED_PRELOAD);
}

/** Runs in the head, before the body is parsed. Needs the page's CSP nonce on its own tag. */
export const HYDRATE_AFTER_PAINT_SCRIPT = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[rel="x-modulepreload"]'), i = 0;
    (function preload() {
      var began = performance.now();
      while (i < links.length) {
        links[i++].rel = "modulepreload";
        if (performance.now() - began > 4) return setTimeout(preload, 0);
      }
      setTimeout(boot, 0);
    })();
  }
  function boot() {
    var parked = document.querySelector('script[type="x-module"]');
    if (!parked) return;
    var s = document.createElement("script");
    s.type = "module";
    s.nonce = parked.nonce;
    s.textContent = parked.textContent;
    document.head.appendChild(s);
  }
  function afterNextFrame() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  function whenHeroImagesSettle(then) {
    var images = document.querySelectorAll('img[fetchpriority="high"]'), pending = 1;
    function settle() { if (--pending === 0) then(); }
    for (var j = 0; j < images.length; j++) {
      if (images[j].complete) continue;
      pending++;
      images[j].addEventListener("load", settle);
      images[j].addEventListener("error", settle);
    }
    settle();
  }
  function afterPaint() {
    if (document.hidden) return start();
    document.addEventListener("visibilitychange", function () { if (document.hidden) start(); });
    setTimeout(start, ${FIRST_PAINT_FALLBACK_MS});
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf("paint") < 0) return whenHeroImagesSettle(afterNextFrame);
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      whenHeroImagesSettle(afterNextFrame);
    }).observe({ type: "paint", buffered: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
})();`.replace(/\n\s*/g, ""); // one line: every statement above ends in ";" or "}"
