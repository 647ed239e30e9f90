import { useT } from "~/i18n/use-t";
import { Dialog } from "~/components/ui/dialog";
import { ApplyLink } from "./apply-link";
import { AskAboutLink } from "./ask-about-link";
import { VisitLink } from "./visit-link";
import type { Listing } from "~/models/listing";
import { PropertyDetails } from "./property-details";

/**
 * A home's details over a list of cards (JavaScript only: without it the cards link to
 * the home's own page), with Close, 'Ask about this home' and Apply Here.
 */
export function ListingDialog({
  listing,
  onClose,
  onLeave = onClose,
  closeHref,
}: {
  listing: Listing | null;
  onClose: () => void;
  /** Closed by a link to another page ('Ask about this home'). */
  onLeave?: () => void;
  closeHref: string;
}) {
  const { t } = useT();
  return (
    <Dialog
      open={listing !== null}
      title={listing?.name ?? ""}
      onClose={onClose}
      closeHref={closeHref}
      size="lg"
      footer={
        listing ? (
          // One row on a phone: the actions share it, and Close is the dialog's own X above
          // (a third button would wrap the row into three and take a quarter of the screen).
          <div className="flex w-full gap-2 sm:w-auto sm:gap-3">
            <button
              type="button"
              onClick={onClose}
              className="hidden h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100 sm:inline-flex"
            >
              {t("properties.close", "Close")}
            </button>
            <AskAboutLink propertyId={listing.id} onClick={onLeave} className="flex-1 px-2 text-sm leading-tight sm:flex-none sm:px-4 sm:text-base" />
            <VisitLink propertyId={listing.id} onClick={onLeave} className="flex-1 px-2 text-sm leading-tight sm:flex-none sm:px-4 sm:text-base" />
            {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} className="flex-1 px-2 text-sm sm:flex-none sm:px-4 sm:text-base" /> : null}
          </div>
        ) : null
      }
    >
      {listing ? <PropertyDetails listing={listing} /> : null}
    </Dialog>
  );
}
