import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hydrate, launchBrowser } from "./browser.ts";

/**
 * WCAG 2.5.3 (label in name; pa11y F96): every control of /noticias's filter bar has an accessible name that
 * contains the text it shows. The hydrated type select was named "Tipo" while it read "Tipo: Todos los tipos".
 * Checked in the server's HTML (scripts off: the browser's own selects and checkboxes) and once hydrated.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Control = { probe: string; tag: string; shown: string; text: string };

/**
 * Each control of the filter bar with its visible label: `shown` is the text a sighted reader sees on it (or
 * in its <label>, for the browser's own selects and checkboxes), `text` the same with visually hidden text
 * included; glyphs hidden from assistive technology (▾) are not labels and are left out of both.
 */
async function controls(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const squash = (s: string) => s.replace(/\s+/g, " ").trim();
    const seen = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    function textOf(root: Element, visibleOnly: boolean): string {
      let out = "";
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("[aria-hidden='true']") || parent.closest("select, input")) continue;
        if (!visibleOnly || seen(parent)) out += node.textContent;
      }
      return squash(out);
    }
    const bar = document.querySelector("[data-testid='filter-bar']");
    if (!bar) throw new Error("no filter bar");
    // Radix's hidden native select (for forms) is aria-hidden and off screen: no one meets it.
    const found = [...bar.querySelectorAll("button, select, input:not([type='hidden']), a, [role='combobox']")].filter(
      (el) => !el.closest("[aria-hidden='true']") && (seen(el) || el.closest("label")),
    );
    return found.map((el, i) => {
      el.setAttribute("data-name-probe", String(i));
      // A form control's label is its <label> (a select's chosen option is its value, not its label).
      const label = el instanceof HTMLSelectElement || el instanceof HTMLInputElement ? el.closest("label") : null;
      const shown = label ? textOf(label, true) : textOf(el, true);
      const text = label ? textOf(label, false) : textOf(el, false);
      return { probe: String(i), tag: `${el.tagName.toLowerCase()}[${el.getAttribute("role") ?? ""}]`, shown, text };
    });
  });
}

/** The accessible name Chromium computes for each probed control. */
async function accessibleNames(page: Page, probes: string[]): Promise<Map<string, string>> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = (await cdp.send("DOM.getDocument", { depth: 0 })) as { root: { nodeId: number } };
  const names = new Map<string, string>();
  for (const probe of probes) {
    const { nodeId } = (await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: `[data-name-probe='${probe}']`,
    })) as { nodeId: number };
    const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })) as {
      nodes: { name?: { value?: string } }[];
    };
    names.set(probe, String(nodes[0]?.name?.value ?? ""));
  }
  await cdp.detach();
  return names;
}

async function labelInNameFailures(javaScriptEnabled: boolean): Promise<{ checked: number; failures: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/noticias`);
  if (javaScriptEnabled) {
    await hydrate(page);
    await page.getByTestId("type-filter").waitFor();
  }
  const list = await controls(page);
  const names = await accessibleNames(
    page,
    list.map((c) => c.probe),
  );
  const lower = (s: string) => s.toLocaleLowerCase("es");
  const failures = list
    .filter((c) => {
      const name = lower(names.get(c.probe) ?? "");
      return !name.includes(lower(c.shown)) || !name.includes(lower(c.text));
    })
    .map((c) => `${c.tag} shows "${c.text}" (seen: "${c.shown}") but is named "${names.get(c.probe)}"`);
  await context.close();
  return { checked: list.length, failures };
}

describe("the news filter bar's controls: the accessible name contains the visible label", () => {
  it("in the server's HTML (no scripts)", async () => {
    const { checked, failures } = await labelInNameFailures(false);
    expect(checked).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it("hydrated", async () => {
    const { checked, failures } = await labelInNameFailures(true);
    expect(checked).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });
});
