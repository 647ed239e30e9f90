import { useLoaderData, useRouteError, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { DatabaseFaultPage, NotFoundPage, isDatabaseFaultAnswer } from "~/components/error-pages";
import { ApplyLink } from "~/components/property/apply-link";
import { AskAboutLink } from "~/components/property/ask-about-link";
import { SaveToggle } from "~/components/property/save-toggle";
import { VisitLink } from "~/components/property/visit-link";
import { listingIn, localizedListing } from "~/models/listing";
import { DETAILS_IMAGE_SIZES } from "~/components/property/listing-carousel";
import { PropertyDetails } from "~/components/property/property-details";
import { publicListingPage } from "~/models/listings.server";
import { propertyHead } from "./head.server";
import { useT } from "~/i18n/use-t";
import { imagePreload, pageMeta, rootText } from "~/document/meta";
import { parseId } from "~/http/params";
import { Icon } from "~/components/ui/icon";

/** A home's own page: shareable, and what a visitor without JavaScript opens from a card. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const page = id === null ? undefined : publicListingPage(id);
  if (!page) throw new Response("Not Found", { status: 404 });
  const head = await propertyHead(request, page);
  // In the page's language only: the page never shows the other one.
  return data({ listing: listingIn(page.listing, head.language), head });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: rootText(matches, "notfound.meta_title", "Page Not Found") }, { name: "robots", content: "noindex" }];
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  const summary = localizedListing(data.listing, data.head.language);
  const title = `${data.listing.name} | ${summary.price} | ${site}`;
  const description = `${data.listing.location}. ${summary.description}`.slice(0, 300);
  return [...pageMeta({ title, description, siteName: site, head: data.head }), ...imagePreload(data.listing.photos[0], DETAILS_IMAGE_SIZES)];
};

export default function PropertyPage() {
  const { listing } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <article aria-labelledby="listing-title" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <a href="/#properties" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <Icon name="chevron-left" className="h-4 w-4" />
        {t("properties.back_to_homes", "Back to all homes")}
      </a>
      <h1 id="listing-title" className="page-title mt-4">{listing.name}</h1>
      <div className="mt-6">
        <PropertyDetails listing={listing} eager headingLevel={2} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
        <SaveToggle id={listing.id} name={listing.name} />
        <AskAboutLink propertyId={listing.id} />
        <VisitLink propertyId={listing.id} />
        {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} /> : null}
        <a href="/#properties" className="inline-flex h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100">
          {t("properties.close", "Close")}
        </a>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isDatabaseFaultAnswer(error) ? <DatabaseFaultPage error={error} /> : <NotFoundPage />;
}
