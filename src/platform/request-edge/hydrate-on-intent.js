// Plain JS (with JSDoc types): the page cache handler, which Next loads unbundled, applies it to every page it stores.

/**
 * Reader pages stored in Next's cache load the framework's scripts when the reader first shows intent (a
 * pointer or touch, a key, a focus, a scroll), not with the document. Everything a reader reads is in the
 * HTML (static markup, lists whole in their HTML, links and GET forms that work without script); the scripts
 * only add the controls' behaviour. A reader who only reads, a crawler, a link preview or a slow phone still
 * loading the page pays no framework CPU (docs/reader-cache.md, "Scripts on intent").
 *
 * The chunks' `<script src>` tags become inert (`type="riesgos/deferred"`, each attribute kept as
 * `data-deferred-<name>`, so that the document stays valid HTML: `async` and `integrity` need a `src`);
 * the inline scripts stay (they only queue the page's RSC payload and chunk list), and the loader below, an
 * inline script in the head (its hash joins the page's CSP like every other), puts the chunks back on intent.
 */

import { CARRIED_TOAST_KEY, HYDRATED_EVENT, KNOWN_SESSION_KEY } from "./intent-keys.js";

const DEFERRED_TYPE = "riesgos/deferred";
/** Next's preload of a chunk: a reader who only reads would download it for nothing. */
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")[^>]*>/gi;
const EXTERNAL_SCRIPT = /<script\b([^>]*)(?<![\w-])src=("[^"]*"|'[^']*')([^>]*)>\s*<\/script\s*>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;
const PREFIX = "data-deferred-";

/**
 * Runs in the browser, inlined as its source text: it closes over nothing of this module.
 * @param {{ prefix: string, carriedToastKey: string, knownSessionKey: string, hydratedEvent: string }} c
 */
function loader(c) {
  const d = document;
  const w = window;
  let started = false;
  let hydrated = false;
  const INTENT = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"];
  /** The control a reader pressed before the page could answer it, replayed once it can. */
  let pressed = null;
  /** A form submitted before the page could handle it, and the button that submitted it. */
  let held = null;
  /** Forms sent again once after hydration because their part of the page had not hydrated yet. */
  const resent = new WeakSet();
  /** What the reader typed, chose or ticked before hydration: the hydrated controls start from their own state. */
  const entered = new Map();

  /**
   * A pointer that has not moved is no intent: a cursor resting where the page appears is reported as a move
   * without movement (headful Chromium as the page loads under it, the headless shell at its origin). A reader's
   * first real move may also report none; the next one, a few milliseconds later, starts the scripts.
   */
  function intent(e) {
    if (e.type === "pointermove" && e.movementX === 0 && e.movementY === 0) return;
    start();
  }

  function start() {
    if (started) return;
    started = true;
    for (const type of INTENT) w.removeEventListener(type, intent, true);
    // Some chunks come after the body's content: put them back once the whole document is parsed.
    if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", loadChunks, { once: true });
    else loadChunks();
  }

  function loadChunks() {
    for (const inert of d.querySelectorAll("script[data-deferred-src]")) {
      const script = d.createElement("script");
      let src = "";
      for (const { name, value } of inert.attributes) {
        if (!name.startsWith(c.prefix)) continue;
        if (name === `${c.prefix}src`) src = value;
        else script.setAttribute(name.slice(c.prefix.length), value);
      }
      // The address last, once the integrity it must match is set.
      script.async = true;
      script.src = src;
      inert.replaceWith(script);
    }
  }

  function stored(storage, key) {
    try {
      return w[storage].getItem(key) !== null;
    } catch (_) {
      return false;
    }
  }

  /**
   * React listens from the moment it starts hydrating, before the page signals it has. From then on an event is
   * React's: it hydrates the part pressed and answers, or, when it cannot yet, stops the event before it
   * reaches the window (kept below for the replay). Answering it here as well would answer it twice.
   */
  const reactListens = () => Object.keys(d).some((key) => key.startsWith("_reactListening"));
  /** Forgets what React took: an event that reached the window after React had it. */
  const takenByReact = (e) => !hydrated && e.target instanceof Node && reactListens();

  w.addEventListener(
    "click",
    (e) => {
      if (hydrated || !(e.target instanceof Element)) return;
      // A link within the page (the header's #newsletter), or one whose click does more than navigate (the
      // language toggle remembers the choice), is followed once hydrated, or as a plain link if the scripts
      // have not come within a few seconds.
      const link = e.target.closest('a[href^="#"], a[data-hydrate-first]');
      if (
        link &&
        !reactListens() &&
        !e.defaultPrevented &&
        e.button === 0 &&
        !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      ) {
        e.preventDefault();
        pressed = link;
        setTimeout(() => {
          if (!hydrated && pressed === link) location.assign(link.href);
        }, 4000);
        start();
        return;
      }
      const control = e.target.closest("button, [role=button]");
      // Links, disclosures and a form's own buttons work without script (a submit is held below).
      if (!control || control.closest("a[href], summary")) return;
      if (control.form && control.type !== "button") return;
      pressed = control;
      start();
    },
    true,
  );
  w.addEventListener(
    "click",
    (e) => {
      if (pressed && takenByReact(e) && pressed.contains(e.target)) pressed = null;
    },
    false,
  );
  w.addEventListener("submit", start, true);
  // Last in the submit's path: a form with an action of its own works without script (search, the filters' GET
  // form) and goes; one without exists for its script (the newsletter's, the contact form). If its script has
  // not taken the submit (it would have prevented the native one), it waits for it, and is never sent natively.
  w.addEventListener(
    "submit",
    (e) => {
      const form = e.target;
      if (e.defaultPrevented || !(form instanceof HTMLFormElement) || form.hasAttribute("action")) return;
      e.preventDefault();
      const submitter = e.submitter || null;
      if (!hydrated) held = { form, submitter };
      // Hydrated, but not yet the part of the page the form is in: once more, a moment later.
      else if (!resent.has(form)) {
        resent.add(form);
        setTimeout(() => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : undefined), 100);
      }
    },
    false,
  );
  const note = (e) => {
    const el = e.target;
    if (hydrated || !(el instanceof Element) || !el.matches("input, textarea, select")) return;
    entered.set(el, { value: el.value, checked: el.checked });
    start();
  };
  const taken = (e) => {
    if (takenByReact(e)) entered.delete(e.target);
  };
  for (const type of ["input", "change"]) {
    w.addEventListener(type, note, true);
    w.addEventListener(type, taken, false);
  }

  /** Hands React what the reader entered: set so that React's value tracker sees a change, then the event it listens to. */
  function replayEntry(el, entry) {
    const proto = Object.getPrototypeOf(el);
    if (el.type === "checkbox" || el.type === "radio") {
      el.checked = !entry.checked;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked").set.call(el, entry.checked);
      el.dispatchEvent(new Event("click", { bubbles: true }));
    } else if (el.tagName === "SELECT") {
      el.value = entry.value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      el.value = entry.value === "" ? " " : "";
      Object.getOwnPropertyDescriptor(proto, "value").set.call(el, entry.value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  w.addEventListener(c.hydratedEvent, () => {
    if (hydrated) return;
    hydrated = true;
    entered.forEach((entry, el) => {
      if (el.isConnected) replayEntry(el, entry);
    });
    entered.clear();
    if (pressed?.isConnected) pressed.click();
    if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : undefined);
    pressed = held = null;
  });

  // A toast carried from the page before, or a reader the browser knows to be signed in: shown without waiting.
  // Anyone else is taken for a guest until the session is asked: the header shows its signed-out controls.
  const signedIn = stored("localStorage", c.knownSessionKey);
  if (!signedIn) d.documentElement.setAttribute("data-guest", "");
  if (signedIn || stored("sessionStorage", c.carriedToastKey)) start();
  else for (const type of INTENT) w.addEventListener(type, intent, { capture: true, passive: true });

  // The page's view is counted when it is shown, hydrated or not (the layout names the beacon's address).
  function view() {
    const beacon = d.body?.getAttribute("data-view-beacon");
    if (!beacon) return;
    const path = location.pathname + location.search;
    const hit = JSON.stringify({ p: path, r: d.referrer });
    d.documentElement.setAttribute("data-view-sent", path);
    if (!navigator.sendBeacon?.(beacon, new Blob([hit], { type: "text/plain" })))
      fetch(beacon, { method: "POST", body: hit, keepalive: true, headers: { "content-type": "text/plain" } }).catch(
        () => {},
      );
  }
  const shown = () => (d.prerendering ? d.addEventListener("prerenderingchange", view, { once: true }) : view());
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", shown, { once: true });
  else shown();
}

/** The loader's source without its comments and indentation (in every page's HTML); lines kept, for ASI. */
const compact = (source) =>
  source
    .replace(/^\s*\/\*\*[\s\S]*?\*\/\s*$/gm, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\n\s+/g, "\n")
    .replace(/\n+/g, "\n");

const LOADER = `<script>(${compact(loader.toString())})(${JSON.stringify({
  prefix: PREFIX,
  carriedToastKey: CARRIED_TOAST_KEY,
  knownSessionKey: KNOWN_SESSION_KEY,
  hydratedEvent: HYDRATED_EVENT,
})})</script>`;

/**
 * The page with its chunks loaded on intent: each external, module-capable `<script src>` made inert, their
 * preloads dropped (the loader fetches them when they are wanted) and the loader added at the end of the head. A page without external scripts, or already deferred, is returned as is.
 * @param {string} html
 */
export function hydrateOnIntent(html) {
  if (html.includes(`type="${DEFERRED_TYPE}"`)) return html;
  let deferred = 0;
  const out = html.replace(EXTERNAL_SCRIPT, (tag, before, src, after) => {
    // The legacy bundle for browsers without modules never runs in a browser this loader runs in.
    if (/\bnomodule\b/i.test(before + after) || /\btype\s*=/i.test(before + after)) return tag;
    deferred++;
    const kept = [...`${before} src=${src} ${after}`.matchAll(ATTRIBUTE)].map(([, name, value]) =>
      value === undefined ? `${PREFIX}${name.toLowerCase()}=""` : `${PREFIX}${name.toLowerCase()}=${value}`,
    );
    return `<script type="${DEFERRED_TYPE}" ${kept.join(" ")}></script>`;
  });
  if (deferred === 0) return html;
  const head = out.indexOf("</head>");
  if (head === -1) return html;
  return `${out.slice(0, head)}${LOADER}${out.slice(head)}`.replace(SCRIPT_PRELOAD, "");
}
