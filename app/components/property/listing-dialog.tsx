import { useT } from "~/i18n/use-t";
import { Dialog } from "~/components/ui/dialog";
import { ApplyLink } from "./apply-link";
import { AskAboutLink } from "./ask-about-link";
import type { Listing } from "~/models/listing";
import { PropertyDetails } from "./property-details";

/**
 * A home's details over a list of cards (JavaScript only: without it the cards link to
 * the home's own page), with Close, 'Ask about this home' and Apply Here.
 */
export function ListingDialog({ listing, onClose, closeHref }: { listing: Listing | null; onClose: () => void; closeHref: string }) {
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
          <>
            <button
              type="button"
              onClick={onClose}
              className="inline-flex h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100"
            >
              {t("properties.close", "Close")}
            </button>
            <AskAboutLink propertyId={listing.id} onClick={onClose} />
            {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} /> : null}
          </>
        ) : null
      }
    >
      {listing ? <PropertyDetails listing={listing} /> : null}
    </Dialog>
  );
}
