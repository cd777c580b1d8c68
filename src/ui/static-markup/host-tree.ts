import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode, use } from "react";

const CLIENT_REFERENCE = Symbol.for("react.client.reference");

function isThenable(value: unknown): value is PromiseLike<ReactNode> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/**
 * A server element tree rendered down to HTML elements and text, inside the render of the server component that
 * calls it: server components are called in place (their `use` reads suspend and resume that component, as a
 * hook's would), async ones are read with `use`. A client component has no place in it: its HTML would never be
 * hydrated, so it throws instead of rendering a control that looks right and does nothing.
 */
export function hostTree(node: ReactNode): ReactNode {
  if (node === null || node === undefined || typeof node !== "object") return node;
  if (Array.isArray(node)) return node.map(hostTree);
  if (isThenable(node)) return hostTree(use(node));
  if (!isValidElement(node)) throw new Error("static markup holds elements and text only");
  const element = node as ReactElement<{ children?: ReactNode }>;
  const { type, props } = element;
  if (typeof type === "string") {
    if (props.children === undefined) return element;
    return createElement(type, { ...props, key: element.key }, hostTree(props.children));
  }
  if (type === Fragment) return hostTree(props.children);
  if (typeof type === "function") {
    if ((type as { $$typeof?: symbol }).$$typeof === CLIENT_REFERENCE) {
      const name = type.name || (type as { $$id?: string }).$$id || "anonymous";
      throw new Error(`static markup cannot hold a client component (${name})`);
    }
    return hostTree((type as (p: typeof props) => ReactNode)(props));
  }
  throw new Error("static markup holds HTML elements, fragments and server components only");
}
