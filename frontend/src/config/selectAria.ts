/*
 * Ant's Select (rc-select 14) writes the aria attributes a Form.Item hands it on two elements: on
 * its combobox input, where a screen reader announces them, and on its outer div as well. ARIA does
 * not allow aria-required on a div without a role (axe aria-allowed-attr, critical), and no prop
 * keeps it off the div alone. This removes the div's copy once the input inside carries it, so
 * "required" is still announced on the field a user is in. One observer for the whole app: no screen
 * has to know about it.
 */

const SELECT = ".ant-select[aria-required]";
const INPUT = "input[role='combobox'][aria-required]";

function tidy(select: Element) {
  if (select.querySelector(INPUT)) select.removeAttribute("aria-required");
}

function tidyWithin(node: Node) {
  if (!(node instanceof Element)) return;
  if (node.matches(SELECT)) tidy(node);
  node.querySelectorAll(SELECT).forEach(tidy);
}

/** Keeps Selects' aria-required on their input alone, in `root` now and as it changes (body: modals and drawers render outside the app's root). */
export function keepSelectAriaRequiredOnInput(root: HTMLElement) {
  tidyWithin(root);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === "attributes") {
        const select = mutation.target instanceof Element ? mutation.target.closest(".ant-select") : null;
        if (select) tidyWithin(select);
      } else mutation.addedNodes.forEach(tidyWithin);
    }
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-required"] });
}
