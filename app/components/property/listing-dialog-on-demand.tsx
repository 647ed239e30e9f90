import { onDemand } from "~/components/on-demand";
import type { ListingDialogProps } from "./listing-dialog";

const LoadedListingDialog = onDemand<ListingDialogProps>(() => import("./listing-dialog").then((module) => module.ListingDialog));

/**
 * A home's details over a list of cards (./listing-dialog.tsx), its code fetched the first
 * time one opens: a page of cards needs none of it until a visitor asks for a home.
 */
export function ListingDialog(props: ListingDialogProps) {
  return props.listing ? <LoadedListingDialog {...props} /> : null;
}
