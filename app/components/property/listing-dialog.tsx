import { useT } from "~/i18n/use-t";
import { Dialog } from "~/components/ui/dialog";
import { ApplyLink } from "./apply-link";
import { AskAboutLink } from "./ask-about-link";
import { SaveToggle } from "./save-toggle";
import { VisitLink } from "./visit-link";
import type { Listing } from "~/models/listing";
import { PropertyDetails } from "./property-details";
import { useListingCosts } from "~/hooks/use-listing-costs";

/**
 * A home's details over a list of cards (JavaScript only: without it the cards link to
 * the home's own page), with Close, Save, 'Ask about this home', 'Schedule a visit' and Apply Here.
 */
export type ListingDialogProps = {
  listing: Listing | null;
  onClose: () => void;
  /** Closed by a link to another page ('Ask about this home'). */
  onLeave?: () => void;
  closeHref: string;
};

export function ListingDialog({ listing, onClose, onLeave = onClose, closeHref }: ListingDialogProps) {
  const { t, language } = useT();
  const costs = useListingCosts(listing?.id ?? null, language);
  return (
    <Dialog
      open={listing !== null}
      title={listing?.name ?? ""}
      onClose={onClose}
      closeHref={closeHref}
      size="lg"
      footer={
        listing ? (
          // Two rows at most on a phone: Save (an icon), 'Ask about this home' and Apply Here
          // share the first, 'Schedule a visit' takes the second whole; Close is the dialog's
          // own X above. From sm up, Close too, in as few rows as the width allows.
          <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:justify-end sm:gap-3">
            <button
              type="button"
              onClick={onClose}
              className="hidden h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100 sm:inline-flex"
            >
              {t("properties.close", "Close")}
            </button>
            <SaveToggle id={listing.id} name={listing.name} compact className="shrink-0" />
            <AskAboutLink propertyId={listing.id} onClick={onLeave} className="flex-1 px-2 text-sm leading-tight sm:flex-none sm:px-4 sm:text-base" />
            {listing.status === "pending" ? null : <VisitLink propertyId={listing.id} onClick={onLeave} className="order-last basis-full px-2 text-sm leading-tight sm:order-none sm:basis-auto sm:px-4 sm:text-base" />}
            {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} className="flex-1 px-2 text-sm sm:flex-none sm:px-4 sm:text-base" /> : null}
          </div>
        ) : null
      }
    >
      {listing ? <PropertyDetails listing={listing} costs={costs} /> : null}
    </Dialog>
  );
}
