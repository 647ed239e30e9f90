import { onDemand } from "~/components/on-demand";
import type { DialogProps } from "./dialog";

const LoadedDialog = onDemand<DialogProps>(() => import("./dialog").then((module) => module.Dialog));

/**
 * The modal dialog of ./dialog.tsx, its code (and the library that hides the page behind
 * it) fetched the first time one opens: a closed dialog draws nothing.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <LoadedDialog {...props} /> : null;
}
